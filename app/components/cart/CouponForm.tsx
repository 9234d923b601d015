import { useTranslation } from "~/i18n/texts";
import type { AppliedCoupon } from "~/domain/cart/cart";
import { CartForm } from "./CartForm";

/** The voucher field, or the stored code to remove; a code waiting for its minimum says so. */
export function CouponForm({ coupon, applied, redirectTo }: { coupon: AppliedCoupon | null; applied: boolean; redirectTo?: string }) {
  const { t } = useTranslation("cart");
  return (
    <section className="cart-coupon" aria-labelledby="coupon-title">
      <h2 id="coupon-title">{t("coupon")}</h2>
      {coupon ? (
        <CartForm intent="removeCoupon" className="button-row" redirectTo={redirectTo}>
          <span className="mark">{coupon.code}</span>
          {applied ? null : <span className="cart-line-meta">{t("couponWaitingShort")}</span>}
          <button type="submit" className="button button-link">{t("couponRemove")}</button>
        </CartForm>
      ) : (
        <CartForm intent="applyCoupon" className="inline-field" redirectTo={redirectTo}>
          <label htmlFor="coupon-code">{t("couponCode")}</label>
          <input id="coupon-code" name="code" autoComplete="off" maxLength={40} required />
          <button type="submit" className="button button-secondary">{t("couponApply")}</button>
        </CartForm>
      )}
    </section>
  );
}
