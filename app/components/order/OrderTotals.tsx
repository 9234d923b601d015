import { useTranslation } from "~/i18n/texts";
import type { TaxDetail } from "~/domain/money/tax";
import { formatEuro } from "~/domain/money/format";

export interface OrderAmounts {
  subtotalCents: number;
  discountCents: number;
  depositCents: number;
  shippingCents: number;
  creditCents: number;
  grandTotalCents: number;
  taxDetails: TaxDetail[];
}

/** The totals of an order or a checkout: every cost on its own line, then tax per rate. */
export function OrderTotals({ amounts, shippingLabel }: { amounts: OrderAmounts; shippingLabel?: string }) {
  const { t } = useTranslation("orders");
  const row = (label: string, cents: number, className?: string) => (
    <>
      <dt className={className}>{label}</dt>
      <dd className={className}>{formatEuro(cents)}</dd>
    </>
  );
  return (
    <>
      <dl className="totals">
        {row(t("subtotal"), amounts.subtotalCents)}
        {amounts.discountCents ? row(t("discount"), -amounts.discountCents) : null}
        {amounts.depositCents ? row(t("deposit"), amounts.depositCents) : null}
        {row(shippingLabel ? `${t("shipping")} (${shippingLabel})` : t("shipping"), amounts.shippingCents)}
        {amounts.creditCents ? row(t("credit"), -amounts.creditCents) : null}
        {row(t("grandTotal"), amounts.grandTotalCents, "grand-total")}
      </dl>
      <p className="tax-title">{t("taxTitle")}</p>
      <dl className="totals totals-tax">
        {amounts.taxDetails.map((d) => (
          <div key={d.rate}>
            <dt>{t("taxLine", { rate: d.rate })}</dt>
            <dd>{formatEuro(d.taxCents)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
