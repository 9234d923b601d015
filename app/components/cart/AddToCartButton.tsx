import { useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Icon } from "~/components/ui/Icon";
import { submitInPlace } from "~/components/ui/submitInPlace";
import type { CartIntent } from "~/domain/cart/schema";

const CART_ACTION = "/cart";

/**
 * "In den Warenkorb" for a signed-in customer: a plain post without JavaScript (back to this
 * page, with a notice); with JavaScript a fetcher, so the page stays put.
 */
export function AddToCartButton({ sku, name, compact }: { sku: string; name: string; compact: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: `cart-add-${sku}` });
  const location = useLocation();
  return (
    <fetcher.Form
      method="post"
      action={CART_ACTION}
      className="add-to-cart-form"
      onSubmit={(event) => {
        // One add at a time; the button stays enabled so that it keeps the keyboard focus.
        if (fetcher.state === "idle") submitInPlace(fetcher, CART_ACTION)(event);
        else event.preventDefault();
      }}
    >
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={"add" satisfies CartIntent} />
      <input type="hidden" name="sku" value={sku} />
      <input type="hidden" name="qty" value="1" />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className="button button-primary add-to-cart"
        aria-label={compact ? t("product.addToCartNamed", { name }) : undefined}
        aria-disabled={fetcher.state !== "idle" || undefined}
      >
        <Icon name="cart" />
        <span className={compact ? "visually-hidden-mobile" : undefined}>{t("product.addToCart")}</span>
      </button>
    </fetcher.Form>
  );
}
