import { useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Icon } from "~/components/ui/Icon";
import { useShopper } from "~/components/account/useShopper";
import { heartPlaceholders } from "~/platform/personal-placeholders";
import { submitInPlace } from "~/components/ui/submitInPlace";
import type { WishlistForm } from "~/domain/customer/wishlist";

export const WISHLIST_ACTION = "/account/wishlist";

/**
 * The heart of a signed-in customer: a plain form post without JavaScript (back to this page);
 * with JavaScript a fetcher, shown as done at once. A toggle button: its name stays, `aria-pressed`
 * says whether the product is on the list.
 */
export function WishButton({ sku, name, wished }: { sku: string; name: string; wished: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: `wish-${sku}` });
  const location = useLocation();
  const pending = fetcher.formData?.get("intent");
  const isWished = pending ? pending === "add" : wished;
  const intent: WishlistForm["intent"] = isWished ? "remove" : "add";
  // In a page's cached signed-in shape the state is a placeholder each request fills in.
  const { template } = useShopper();
  const state = template
    ? heartPlaceholders(template, sku)
    : { pressed: isWished, wished: isWished ? " is-wished" : "", intent };
  return (
    <fetcher.Form
      method="post"
      action={WISHLIST_ACTION}
      className="wish-form"
      onSubmit={submitInPlace(fetcher, WISHLIST_ACTION)}
    >
      <AuthenticityTokenInput />
      <input type="hidden" name="sku" value={sku} />
      <input type="hidden" name="intent" value={state.intent} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className={`button button-icon wish${state.wished}`}
        aria-pressed={state.pressed as boolean}
        aria-label={t("wishlist.toggle", { name })}
      >
        <Icon name="heart" />
      </button>
    </fetcher.Form>
  );
}
