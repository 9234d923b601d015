import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { cartCashbackCents } from "~/domain/cart/cart";
import type { Totals } from "~/domain/cart/totals";
import { formatEuro } from "~/domain/money/format";
import { formatPermille } from "~/domain/share/share";

/**
 * What the cart earns a member (decision 0020): "Deine Rückvergütung (2,9 %)" with the amount,
 * credited once the order is paid. A customer who is no member reads how much shares would save.
 */
export function CashbackNote({
  totals,
  permille,
}: {
  totals: Pick<Totals, "subtotalCents" | "sharesCents">;
  permille: number;
}) {
  const { t } = useTranslation("cart");
  if (permille <= 0)
    return (
      <p className="cart-benefit">
        <Link to="/content/shares">{t("shares.benefit")}</Link>
      </p>
    );
  return (
    <div className="cart-cashback">
      <dl className="totals">
        <dt>{t("shares.cashback", { rate: formatPermille(permille) })}</dt>
        <dd>{formatEuro(cartCashbackCents(totals, permille))}</dd>
      </dl>
      <p className="cart-line-meta">{t(totals.sharesCents ? "shares.cashbackNoteShares" : "shares.cashbackNote")}</p>
    </div>
  );
}
