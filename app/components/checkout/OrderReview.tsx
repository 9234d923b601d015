import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { Trans } from "~/i18n/Trans";
import { OrderTotals } from "~/components/order/OrderTotals";
import { CashbackNote } from "~/components/cart/CashbackNote";
import type { Cart } from "~/domain/cart/cart";
import type { CarrierCode } from "~/domain/checkout/carriers";
import { keepUnitsWithNumbers } from "~/domain/catalog/quantity";
import { formatEuro } from "~/domain/money/format";

/**
 * Directly above the order button (§ 312j BGB): the items (the shares too), every cost and the
 * total, the member's cashback, the links to AGB and Widerrufsbelehrung, and the button's legally
 * required wording. `carrier` is null when nothing is shipped (shares only).
 */
export function OrderReview({
  cart,
  carrier,
  busy,
  hasCredit,
  formId,
}: {
  cart: Cart;
  carrier: CarrierCode | null;
  busy: boolean;
  hasCredit: boolean;
  /** The checkout form the order button submits (the voucher form stands between them). */
  formId: string;
}) {
  const { t } = useTranslation("checkout");
  const { totals } = cart;
  return (
    <section className="checkout-step checkout-review" aria-labelledby="review-title">
      <h2 id="review-title">{carrier ? t("review.title") : t("sharesOnly.reviewTitle")}</h2>
      <ul className="review-lines" aria-label={t("review.items")}>
        {cart.lines.map((l) => (
          <li key={`${l.product.sku}-${l.isGift}`}>
            <span>
              {l.qty} × {keepUnitsWithNumbers(l.product.name)}
              {l.isGift ? ` (${t("review.gift")})` : ""}
            </span>
            <span>{l.isGift ? t("review.free") : formatEuro(l.rowTotalCents)}</span>
          </li>
        ))}
        {cart.shares ? (
          <li>
            <span>{t("review.shares", { count: cart.shares.quantity })}</span>
            <span>{formatEuro(cart.shares.totalCents)}</span>
          </li>
        ) : null}
      </ul>
      <OrderTotals
        shippingLabel={carrier ? t(`carrier.${carrier}`) : undefined}
        amounts={{ ...totals, creditCents: 0 }}
        ships={carrier !== null}
      />
      <CashbackNote totals={totals} permille={cart.cashbackPermille} />
      {hasCredit ? <p className="field-hint">{t("review.creditNote")}</p> : null}
      <p className="legal-consent">
        <Trans
          t={t}
          i18nKey="review.legal"
          components={{ 1: <Link to="/pages/legal/agb" />, 3: <Link to="/pages/legal/widerrufsbelehrung" /> }}
        />
      </p>
      <button type="submit" form={formId} className="button button-primary button-order" disabled={busy}>
        {t("review.submit")}
      </button>
    </section>
  );
}
