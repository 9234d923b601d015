import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { formatGermanDate } from "~/domain/content/date";
import { formatEuro } from "~/domain/money/format";
import { formatPermille, type PendingSale } from "~/domain/share/share";

export interface MemberShares {
  memberNumber: string;
  held: number;
  sellable: number;
  valueCents: number;
  permille: number;
  cashbackEarnedCents: number;
  pendingSales: PendingSale[];
}

/** A member's shares: number, value, cashback, what is marked for sale and what may be sold. */
export function MemberSharesView({ member }: { member: MemberShares }) {
  const { t } = useTranslation("shares");
  return (
    <div className="member-shares">
      <section className="account-section" aria-labelledby="shares-facts-title">
        <h2 id="shares-facts-title">{t("factsTitle")}</h2>
        <dl className="application-facts share-facts">
          <div>
            <dt>{t("memberNumber")}</dt>
            <dd>{member.memberNumber}</dd>
          </div>
          <div>
            <dt>{t("held")}</dt>
            <dd>{member.held}</dd>
          </div>
          <div>
            <dt>{t("value")}</dt>
            <dd>{formatEuro(member.valueCents)}</dd>
          </div>
          <div>
            <dt>{t("cashback")}</dt>
            <dd>{formatPermille(member.permille)}</dd>
          </div>
          <div>
            <dt>{t("cashbackEarned")}</dt>
            <dd>{formatEuro(member.cashbackEarnedCents)}</dd>
          </div>
          <div>
            <dt>{t("sellable")}</dt>
            <dd>{member.sellable}</dd>
          </div>
        </dl>
        {member.sellable > 0 ? null : <p className="empty-note">{t("nothingSellable")}</p>}
        <div className="button-row">
          {member.sellable > 0 ? (
            <Link to="/account/shareholder/sell" className="button button-primary" preventScrollReset>
              {t("sellLink")}
            </Link>
          ) : null}
          <Link to="/content/shares" className="button button-secondary">
            {t("buyMore")}
          </Link>
        </div>
      </section>
      {member.pendingSales.length > 0 ? (
        <section className="account-section" aria-labelledby="shares-pending-title">
          <h2 id="shares-pending-title">{t("pendingTitle")}</h2>
          <ul className="share-pending">
            {member.pendingSales.map((sale, i) => (
              // sales have no id of their own here; their order never changes between renders
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is rendered once per load
              <li key={i}>
                {t("pending", {
                  count: sale.quantity,
                  date: formatGermanDate(sale.effectiveAt),
                  payout: formatGermanDate(sale.payoutAt),
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export function FormerMemberView() {
  const { t } = useTranslation("shares");
  return (
    <section className="account-section">
      <p>{t("former.text")}</p>
      <Link to="/account/shareholder/listing">{t("former.link")}</Link>
    </section>
  );
}

export function InvitationView() {
  const { t } = useTranslation("shares");
  return (
    <section className="account-section" aria-labelledby="shares-invitation-title">
      <h2 id="shares-invitation-title">{t("invitation.title")}</h2>
      <p>{t("invitation.text")}</p>
      <Link to="/content/shares" className="button button-primary">
        {t("invitation.link")}
      </Link>
    </section>
  );
}
