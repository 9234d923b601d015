import { useTranslation } from "~/i18n/texts";
import type { CartShares } from "~/domain/cart/cart";
import { formatEuro } from "~/domain/money/format";
import { Icon } from "~/components/ui/Icon";
import { CartForm } from "./CartForm";

export const SHARES_LINE_KEY = "shares";

/**
 * The cooperative's shares in the cart (docs/decisions/0021 "Shares in the cart and checkout"):
 * their quantity is the declaration's and cannot be changed here, so instead of a stepper the line
 * offers "Kauf abbrechen", a plain form post that works without JavaScript.
 */
export function SharesLine({ shares }: { shares: CartShares }) {
  const { t } = useTranslation("cart");
  const noteId = "cart-shares-note";
  return (
    <li className="cart-line cart-line-shares">
      <span className="cart-line-mark" aria-hidden="true">
        <Icon name="store" />
      </span>
      <div className="cart-line-info">
        <p className="cart-line-name">{t("shares.line", { count: shares.quantity })}</p>
        <p className="cart-line-meta">{t("shares.unitPrice", { amount: formatEuro(shares.unitPriceCents) })}</p>
        <p className="cart-line-meta" id={noteId}>
          {t("shares.note")}
        </p>
      </div>
      <p className="cart-line-total">{formatEuro(shares.totalCents)}</p>
      <CartForm intent="cancelShares" fields={{ purchaseId: shares.purchaseId }} className="cart-remove">
        <button type="submit" className="button button-link" aria-describedby={noteId}>
          {t("shares.cancel")}
        </button>
      </CartForm>
    </li>
  );
}
