import { Suspense } from "react";
import { useTranslation } from "~/i18n/texts";
import type { AppliedCoupon, Cart } from "~/domain/cart/cart";
import { CartForm } from "./CartForm";
import { CouponCodeForm, useFieldChecks } from "./CartFieldForms";
import { withChecks } from "./withChecks";

// conform and zod come with the field's checks, after the page's own scripts (docs/decisions/0014).
const CheckedCouponCode = withChecks((checks) => checks.CheckedCouponCode, CouponCodeForm);

/**
 * The voucher field, or the stored code to remove; a code waiting for its minimum says so, and a
 * code that can no longer be had (deactivated, used up, already used) says why.
 */
export function CouponForm({
  coupon,
  applied,
  refused = null,
  redirectTo,
}: {
  coupon: AppliedCoupon | null;
  applied: boolean;
  refused?: Cart["couponRefused"];
  redirectTo?: string;
}) {
  const { t } = useTranslation("cart");
  const checked = useFieldChecks();
  return (
    <section className="cart-coupon" aria-labelledby="coupon-title">
      <h2 id="coupon-title">{t("coupon")}</h2>
      {refused ? (
        <>
          <p className="field-error" id="coupon-refused">
            {t("couponRefusedStored", { code: refused.code, reason: t(`couponRefused.${refused.reason}`) })}
          </p>
          <CartForm intent="removeCoupon" className="button-row" redirectTo={redirectTo}>
            <span className="mark">{refused.code}</span>
            <button type="submit" className="button button-link" aria-describedby="coupon-refused">
              {t("couponRemove")}
            </button>
          </CartForm>
        </>
      ) : coupon ? (
        <CartForm intent="removeCoupon" className="button-row" redirectTo={redirectTo}>
          <span className="mark">{coupon.code}</span>
          {applied ? null : <span className="cart-line-meta">{t("couponWaitingShort")}</span>}
          <button type="submit" className="button button-link">
            {t("couponRemove")}
          </button>
        </CartForm>
      ) : (
        <Suspense fallback={<CouponCodeForm redirectTo={redirectTo} />}>
          {checked ? <CheckedCouponCode redirectTo={redirectTo} /> : <CouponCodeForm redirectTo={redirectTo} />}
        </Suspense>
      )}
    </section>
  );
}
