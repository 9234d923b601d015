/**
 * The placeholders of a signed-in page's cached shape (docs/decisions/0030): the page is rendered
 * once with these instead of a shopper's data, and personal-page.server.ts fills them in for each
 * request. Each is the rendering's mark (`~fk`, random hex digits, `~`), a name (and a sku) and
 * `~`: letters, digits, dashes and tildes, which no escaping on the way into the page changes and
 * which a sku never contains, so a tilde ends each. The mark is new for every rendering, so text a
 * URL puts on the page (a search term) can never pass for a placeholder. Components see them only
 * while that shape is rendered.
 */

/** The root data's `template` field in the cached shape: a placeholder itself, filled in as "". */
const TEMPLATE = "Template~";

export function placeholders(mark: string) {
  return {
    template: `${mark}${TEMPLATE}`,
    firstname: `${mark}Firstname~`,
    csrf: `${mark}Csrf~`,
    wishlist: `${mark}Wishlist~`,
    cartItems: `${mark}CartItems~`,
    cartTotal: `${mark}CartTotal~`,
  };
}

/** The mark of the shape being rendered, from the root data's `template`; null on every real page. */
export function markOf(template: string): string | null {
  return template.endsWith(TEMPLATE) ? template.slice(0, -TEMPLATE.length) : null;
}

/** A heart in the cached shape: its state is filled in per shopper, by sku. */
export function heartPlaceholders(mark: string, sku: string) {
  return {
    /** `aria-pressed`: "true" or "false". */
    pressed: `${mark}WishPressed${sku}~`,
    /** Appended to the class list: " is-wished" or nothing. */
    wished: `${mark}WishClass${sku}~`,
    /** The form's intent: "remove" or "add". */
    intent: `${mark}WishIntent${sku}~`,
  };
}
