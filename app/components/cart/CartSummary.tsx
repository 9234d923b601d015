import { useTranslation } from "~/i18n/texts";
import { TaxDetails } from "~/components/ui/TaxDetails";
import type { Cart } from "~/domain/cart/cart";
import { FREE_SHIPPING_FROM_CENTS, MINIMUM_ORDER_CENTS, type Totals } from "~/domain/cart/totals";
import { formatEuro } from "~/domain/money/format";
import { CashbackNote } from "./CashbackNote";

/**
 * Subtotal, coupon, deposit, shipping, the shares, tax per rate and the total, then the member's
 * cashback (or what shares would save). A cart with shares only has no goods' rows: no subtotal,
 * no shipping, no minimum order value. `totals` replaces the cart's while quantity changes are on
 * their way (optimistic view).
 */
export function CartSummary({ cart, totals = cart.totals }: { cart: Cart; totals?: Totals }) {
  const { t } = useTranslation("cart");
  const goods = totals.itemCount > 0 || !cart.shares;
  return (
    <section className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title">{t("summary")}</h2>
      <dl className="totals">
        {goods ? (
          <>
            <dt>{t("subtotal", { count: totals.itemCount })}</dt>
            <dd>{formatEuro(totals.subtotalCents)}</dd>
          </>
        ) : null}
        {totals.discountCents ? (
          <>
            <dt>{t("discount", { label: cart.coupon?.label ?? "" })}</dt>
            <dd>{formatEuro(-totals.discountCents)}</dd>
          </>
        ) : null}
        {totals.depositCents ? (
          <>
            <dt>{t("deposit")}</dt>
            <dd>{formatEuro(totals.depositCents)}</dd>
          </>
        ) : null}
        {goods ? (
          <>
            <dt>{t("shipping")}</dt>
            <dd>{totals.shippingCents ? formatEuro(totals.shippingCents) : t("shippingFree")}</dd>
          </>
        ) : null}
        {cart.shares ? (
          <>
            <dt>{t("shares.summary", { count: cart.shares.quantity })}</dt>
            <dd>{formatEuro(totals.sharesCents)}</dd>
          </>
        ) : null}
        <dt className="grand-total">{t("grandTotal")}</dt>
        <dd className="grand-total">{formatEuro(totals.grandTotalCents)}</dd>
      </dl>
      <TaxDetails details={totals.taxDetails} title={t("taxTitle")} lineLabel={(rate) => t("taxLine", { rate })} />
      {/* a cart of shares alone has no price with VAT in it: it says only what is true of them */}
      <p className="cart-line-meta">{t(!cart.shares ? "vatNote" : goods ? "vatNoteShares" : "vatNoteSharesOnly")}</p>
      {goods && totals.shippingCents ? (
        <p>{t("freeShippingHint", { amount: formatEuro(FREE_SHIPPING_FROM_CENTS - totals.subtotalCents) })}</p>
      ) : null}
      {goods ? (
        <p className={totals.minimumReached ? "form-message form-message-info" : "form-message form-message-error"}>
          {totals.minimumReached
            ? t("minimumReached", { amount: formatEuro(MINIMUM_ORDER_CENTS) })
            : t("minimumMissing", {
                amount: formatEuro(MINIMUM_ORDER_CENTS),
                missing: formatEuro(MINIMUM_ORDER_CENTS - totals.subtotalCents),
              })}
        </p>
      ) : null}
      <CashbackNote totals={totals} permille={cart.cashbackPermille} />
    </section>
  );
}
