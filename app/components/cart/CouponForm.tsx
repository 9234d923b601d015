import { useTranslation } from "react-i18next";
import type { AppliedCoupon } from "~/domain/cart/cart";
import { CartForm } from "./CartForm";

export function CouponForm({ coupon }: { coupon: AppliedCoupon | null }) {
  const { t } = useTranslation("cart");
  return (
    <section className="cart-coupon" aria-labelledby="coupon-title">
      <h2 id="coupon-title">{t("coupon")}</h2>
      {coupon ? (
        <CartForm intent="removeCoupon" className="button-row">
          <span className="mark">{coupon.code}</span>
          <button type="submit" className="button button-link">{t("couponRemove")}</button>
        </CartForm>
      ) : (
        <CartForm intent="applyCoupon" className="inline-field">
          <label htmlFor="coupon-code">{t("couponCode")}</label>
          <input id="coupon-code" name="code" autoComplete="off" maxLength={40} required />
          <button type="submit" className="button button-secondary">{t("couponApply")}</button>
        </CartForm>
      )}
    </section>
  );
}
