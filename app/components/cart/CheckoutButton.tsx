import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { MINIMUM_ORDER_CENTS } from "~/domain/cart/totals";
import type { CheckoutBlocker } from "~/domain/cart/validity";
import { formatEuro } from "~/domain/money/format";

/**
 * "Zur Kasse": a link while the cart is valid; otherwise a disabled button with the
 * reason, so nobody is sent to a checkout that would only turn them back.
 */
export function CheckoutButton({ blocker }: { blocker: CheckoutBlocker | null }) {
  const { t } = useTranslation("cart");
  if (!blocker)
    return (
      <Link to="/checkout" className="button button-primary checkout-button">
        {t("checkout.button")}
      </Link>
    );
  return (
    <div className="checkout-blocked">
      <button
        type="button"
        className="button button-primary checkout-button"
        disabled
        aria-describedby="checkout-blocker"
      >
        {t("checkout.button")}
      </button>
      <p id="checkout-blocker" className="cart-line-meta">
        {t(`checkout.${blocker}`, { amount: formatEuro(MINIMUM_ORDER_CENTS) })}
      </p>
    </div>
  );
}
