import type { NoticeView } from "~/domain/notification/notice";
import type { TrackingEvent } from "~/domain/tracking/events";

/**
 * Who is shopping, as every page knows it: the signed-in customer (or none), their CSRF token and
 * wishlist, and the notices waiting to be shown. The root loader fills it; components read it.
 */
export interface Shopper {
  /** `group` is the customer group (`group_identifer`), which tracking reports (decision 0027). */
  customer: { firstname: string; group: string } | null;
  csrf: string | null;
  /**
   * The skus on the wishlist, separated by spaces: one string, so the edge-cached page of a signed-in
   * shopper can carry a placeholder for it (docs/decisions/0030).
   */
  wishlist: string;
  /**
   * The header's cart figures for a signed-in customer, as the header shows them: pieces and the
   * goods' value, formatted (strings, so the edge-cached page can carry placeholders, decision 0030).
   */
  cart: { items: string; total: string } | null;
  notices: NoticeView[];
  /** "" on every page a shopper gets; a placeholder while the edge-cached signed-in shape is rendered (decision 0030). */
  template: string;
  /** Tracking events the last action flashed (docs/decisions/0027); the tracker sends each once. */
  tracking: TrackingEvent[];
  /**
   * The customer's share purchase where every page must know of it: "blocked" while the
   * cooperative checks the signed declaration (the waiting modal), "ready" when admitted shares
   * wait to go into the cart; null otherwise.
   */
  shares: { state: "blocked" } | { state: "ready"; quantity: number } | null;
}
