import { formatGermanDate } from "~/domain/content/date";
import { formatBalanceAmount } from "~/domain/balance/history";
import { formatEuro } from "~/domain/money/format";
import type { SupportAccount } from "~/domain/support/account";
import { useTranslation } from "~/i18n/texts";

type Account = SupportAccount;

/** A definition list of the personal data; the hashes and tokens are not in the data at all. */
export function PersonalData({ customer, sessionCount }: Pick<Account, "customer" | "sessionCount">) {
  const { t } = useTranslation("staffCustomers");
  const none = t("account.none");
  const rows: [string, string][] = [
    [t("account.number"), String(customer.id)],
    [t("account.email"), customer.email],
    [t("account.name"), `${customer.firstname} ${customer.lastname}`.trim() || none],
    [t("account.gender"), t(`account.genders.${customer.gender}`)],
    [t("account.dob"), customer.dob ? formatGermanDate(customer.dob) : none],
    [t("account.telephone"), customer.telephone || none],
    [t("account.group"), customer.group],
    [t("account.status"), t(`status.${customer.erasedAt ? "erased" : customer.status}`)],
    [t("account.created"), formatGermanDate(customer.createdAt)],
    [t("account.sessions"), String(sessionCount)],
  ];
  return (
    <section aria-labelledby="customer-personal" className="staff-card">
      <h2 id="customer-personal">{t("account.personal")}</h2>
      <dl className="staff-facts">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {customer.erasedAt ? <p>{t("account.erasedAt", { date: formatGermanDate(customer.erasedAt) })}</p> : null}
    </section>
  );
}

export function Addresses({ addresses }: Pick<Account, "addresses">) {
  const { t } = useTranslation("staffCustomers");
  return (
    <section aria-labelledby="customer-addresses" className="staff-card">
      <h2 id="customer-addresses">{t("account.addresses")}</h2>
      {addresses.length === 0 ? (
        <p>{t("account.noAddresses")}</p>
      ) : (
        <ul className="staff-plain-list">
          {addresses.map((a) => (
            <li key={a.id}>
              {a.street} {a.houseNumber}
              {a.addressAddition ? `, ${a.addressAddition}` : ""}, {a.zip} {a.city} ({a.country})
              {a.defaultShipping ? ` · ${t("account.defaultShipping")}` : ""}
              {a.defaultBilling ? ` · ${t("account.defaultBilling")}` : ""}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A small table of her account; scrolls sideways on a phone like the back office's lists. */
function SmallTable({ caption, heads, rows }: { caption: string; heads: string[]; rows: (string | JSX.Element)[][] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls, so it must take the focus to scroll by keyboard
    <section className="table-scroll" tabIndex={0} aria-label={caption}>
      <table className="staff-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {heads.map((head) => (
              <th key={head} scope="col">
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a fixed read, never reordered
            <tr key={i}>
              {cells.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function Orders({ orders }: Pick<Account, "orders">) {
  const { t } = useTranslation("staffCustomers");
  return (
    <section aria-labelledby="customer-orders" className="staff-card">
      <h2 id="customer-orders">{t("account.orders")}</h2>
      {orders.length === 0 ? (
        <p>{t("account.noOrders")}</p>
      ) : (
        <SmallTable
          caption={t("account.orders")}
          heads={[
            t("account.orderNumber"),
            t("account.orderDate"),
            t("account.orderStatus"),
            t("account.orderTotal"),
            t("account.orderActions"),
          ]}
          rows={orders.map((o) => [
            String(o.incrementId),
            formatGermanDate(o.createdAt),
            t(`account.orderStatuses.${o.status}`),
            formatEuro(o.grandTotalCents),
            // support may cancel an order still in the shop's hands (its page says when it no longer is)
            o.status === "processing" || o.status === "ready_for_pickup" ? (
              <a key="cancel" href={`/staff/orders/${o.incrementId}/cancel`}>
                {t("account.cancelOrder", { number: o.incrementId })}
              </a>
            ) : (
              ""
            ),
          ])}
        />
      )}
    </section>
  );
}

export function Balance({ balance }: Pick<Account, "balance">) {
  const { t } = useTranslation("staffCustomers");
  const { t: tb } = useTranslation("balance");
  return (
    <section aria-labelledby="customer-balance" className="staff-card">
      <h2 id="customer-balance">{t("account.balance")}</h2>
      <p>{t("account.balanceNow", { amount: formatEuro(balance.balanceCents) })}</p>
      {balance.entries.length === 0 ? (
        <p>{t("account.noBalance")}</p>
      ) : (
        <SmallTable
          caption={t("account.balance")}
          heads={[t("account.entryDate"), t("account.entryType"), t("account.entryNote"), t("account.entryAmount")]}
          rows={balance.entries.map((e) => [
            formatGermanDate(e.createdAt),
            tb(`type.${e.type}`),
            [e.note, e.orderNumber ? tb("order", { number: e.orderNumber }) : ""].filter(Boolean).join(" · "),
            formatBalanceAmount(e.amountCents),
          ])}
        />
      )}
    </section>
  );
}

export function Cards({ cards }: Pick<Account, "cards">) {
  const { t } = useTranslation("staffCustomers");
  return (
    <section aria-labelledby="customer-cards" className="staff-card">
      <h2 id="customer-cards">{t("account.cards")}</h2>
      {cards.length === 0 ? (
        <p>{t("account.noCards")}</p>
      ) : (
        <SmallTable
          caption={t("account.cards")}
          heads={[t("account.cardNumber"), t("account.cardType"), t("account.cardStatus"), t("account.cardPin")]}
          rows={cards.map((c) => [
            c.alias ? `${c.number} (${c.alias})` : c.number,
            t(`account.cardTypes.${c.type}`),
            t(`account.cardStatuses.${c.status}`),
            c.hasPin ? t("account.pinSet") : t("account.pinNone"),
          ])}
        />
      )}
    </section>
  );
}

export function Shares({ shares }: Pick<Account, "shares">) {
  const { t } = useTranslation("staffCustomers");
  const holding = shares;
  return (
    <section aria-labelledby="customer-shares" className="staff-card">
      <h2 id="customer-shares">{t("account.shares")}</h2>
      <p>
        {holding.kind === "member"
          ? t("account.sharesMember", {
              number: holding.memberNumber,
              count: holding.held,
              value: formatEuro(holding.valueCents),
            })
          : holding.kind === "former"
            ? t("account.sharesFormer", { number: holding.memberNumber })
            : t("account.sharesNone")}
      </p>
    </section>
  );
}
