import { formatGermanDateTime } from "~/domain/content/date";
import { formatEuro } from "~/domain/money/format";
import type { RefundView } from "~/domain/refund/refund";
import { useTranslation } from "~/i18n/texts";

/**
 * Every refund of the order as the customer sees it (docs/decisions/0040-refunds.md): why, how
 * much, which way (provider, balance), the cashback kept back, and whether it is through yet.
 */
export function OrderRefunds({ refunds }: { refunds: RefundView[] }) {
  const { t } = useTranslation("orders");
  if (refunds.length === 0) return null;
  return (
    <section className="order-refunds" aria-labelledby="order-refunds-title">
      <h2 id="order-refunds-title">{t("refunds.title")}</h2>
      <p>{t("refunds.intro")}</p>
      <ul>
        {refunds.map((r) => (
          <li key={r.id}>
            <p>
              <strong>
                {t(`refunds.reason.${r.reason}`)}: {formatEuro(r.providerCents + r.balanceCents)}
              </strong>{" "}
              · <span className="mark">{t(`refunds.state.${r.state}`)}</span>
            </p>
            <ul>
              {r.providerCents ? <li>{t("refunds.provider", { amount: formatEuro(r.providerCents) })}</li> : null}
              {r.balanceCents ? <li>{t("refunds.balance", { amount: formatEuro(r.balanceCents) })}</li> : null}
              {r.cashbackCents ? <li>{t("refunds.cashback", { amount: formatEuro(r.cashbackCents) })}</li> : null}
            </ul>
            <p className="order-refund-date">
              {r.state === "settled" && r.settledAt
                ? t("refunds.settledAt", { date: formatGermanDateTime(r.settledAt) })
                : t("refunds.requestedAt", { date: formatGermanDateTime(r.requestedAt) })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
