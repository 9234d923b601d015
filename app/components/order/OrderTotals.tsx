import { useTranslation } from "~/i18n/texts";
import { TaxDetails } from "~/components/ui/TaxDetails";
import type { TaxDetail } from "~/domain/money/tax";
import { formatEuro } from "~/domain/money/format";

export interface OrderAmounts {
  subtotalCents: number;
  discountCents: number;
  depositCents: number;
  shippingCents: number;
  sharesCents: number;
  creditCents: number;
  grandTotalCents: number;
  taxDetails: TaxDetail[];
}

/**
 * The totals of an order or a checkout: every cost on its own line, then tax per rate. An order
 * that ships nothing (the cooperative's shares alone) has no subtotal of goods and no shipping;
 * the shares carry no VAT, so they appear in no tax line.
 */
export function OrderTotals({
  amounts,
  shippingLabel,
  ships = true,
}: {
  amounts: OrderAmounts;
  shippingLabel?: string;
  ships?: boolean;
}) {
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
        {ships ? row(t("subtotal"), amounts.subtotalCents) : null}
        {amounts.discountCents ? row(t("discount"), -amounts.discountCents) : null}
        {amounts.depositCents ? row(t("deposit"), amounts.depositCents) : null}
        {ships
          ? row(shippingLabel ? `${t("shipping")} (${shippingLabel})` : t("shipping"), amounts.shippingCents)
          : null}
        {amounts.sharesCents ? row(t("shares.total"), amounts.sharesCents) : null}
        {amounts.creditCents ? row(t("credit"), -amounts.creditCents) : null}
        {row(t("grandTotal"), amounts.grandTotalCents, "grand-total")}
      </dl>
      <TaxDetails details={amounts.taxDetails} title={t("taxTitle")} lineLabel={(rate) => t("taxLine", { rate })} />
      {amounts.sharesCents ? <p className="cart-line-meta">{t("shares.noVat")}</p> : null}
    </>
  );
}
