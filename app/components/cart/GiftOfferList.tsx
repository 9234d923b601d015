import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { GiftForm } from "~/domain/cart/schema";
import { NetQuantity } from "~/components/product/NetQuantity";
import { useImageResizing } from "~/components/product/useImageResizing";
import type { GiftOffer } from "~/domain/cart/gifts";
import { productImageUrl } from "~/platform/images";

const NONE_LEFT_ID = "gifts-none-left";

/**
 * The products the reached step offers, each with "Auswählen" (a plain post to the gift modal's
 * route, so it works without JavaScript). Chosen gifts are marked; with none left every button is
 * disabled and says why.
 */
export function GiftOfferList({ offer }: { offer: GiftOffer }) {
  const { t } = useTranslation("cart");
  const resizing = useImageResizing();
  // One choice at a time: a second click while the first is on its way would only be refused.
  const busy = useNavigation().state !== "idle";
  if (!offer.step) return null;
  return (
    <>
      {offer.left > 0 ? (
        <p>{t("gifts.left", { count: offer.left })}</p>
      ) : (
        <p id={NONE_LEFT_ID} className="notice-box">
          {t("gifts.noneLeft")}
        </p>
      )}
      <ul className="gift-options" aria-label={t("gifts.list")}>
        {offer.products.map((product) => {
          const chosen = offer.chosenSkus.includes(product.sku);
          return (
            <li key={product.sku} className={chosen ? "gift-option is-chosen" : "gift-option"}>
              <img src={productImageUrl(product, 270, resizing)} width="64" height="64" alt="" />
              <div className="gift-option-info">
                <p className="gift-option-name">{product.name}</p>
                <p className="cart-line-meta">
                  {product.brand} · <NetQuantity quantity={product} />
                </p>
              </div>
              {chosen ? (
                <p className="mark">{t("gifts.selected")}</p>
              ) : (
                <Form method="post" preventScrollReset className="gift-option-form">
                  <AuthenticityTokenInput />
                  <input type="hidden" name="sku" value={product.sku} />
                  {product.inStock ? null : <p className="cart-line-meta">{t("gifts.soldOutMark")}</p>}
                  <button
                    type="submit"
                    name="intent"
                    value={"choose" satisfies GiftForm["intent"]}
                    className="button button-primary"
                    aria-label={t("gifts.selectNamed", { name: product.name })}
                    aria-describedby={offer.left > 0 ? undefined : NONE_LEFT_ID}
                    disabled={offer.left <= 0 || !product.inStock || busy}
                  >
                    {t("gifts.select")}
                  </button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
