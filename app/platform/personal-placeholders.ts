/**
 * The placeholders of a signed-in page's cached shape (docs/decisions/0030): the page is rendered
 * once with these instead of a shopper's data, and personal-page.server.ts fills them in for each
 * request. Each is `~fkp~`, a name (and a sku) and `~`: letters, digits, dashes and tildes, which no
 * escaping on the way into the page changes and which a sku never contains, so a tilde ends each.
 * Components see them only while that shape is rendered.
 */
/** What every placeholder starts with. */
export const PLACEHOLDER_MARK = "~fkp~";

export const PLACEHOLDER = {
  firstname: "~fkp~Firstname~",
  csrf: "~fkp~Csrf~",
  wishlist: "~fkp~Wishlist~",
  cartItems: "~fkp~CartItems~",
  cartTotal: "~fkp~CartTotal~",
} as const;

/** A heart in the cached shape: its state is filled in per shopper, by sku. */
export function heartPlaceholders(sku: string) {
  return {
    /** `aria-pressed`: "true" or "false". */
    pressed: `~fkp~WishPressed${sku}~`,
    /** Appended to the class list: " is-wished" or nothing. */
    wished: `~fkp~WishClass${sku}~`,
    /** The form's intent: "remove" or "add". */
    intent: `~fkp~WishIntent${sku}~`,
  };
}
