/**
 * The page contexts of tracking (decision 0027): every page view names one. Read from the
 * path alone, so the server knows it for the first page view and the browser for every later one
 * without the route's code (docs/decisions/0027-consent-and-tracking.md).
 */
import { MIN_SEARCH_LENGTH } from "../catalog/search";

export const PAGE_CONTEXTS = ["start", "search", "results", "category", "cart", "success", "content"] as const;
export type PageContext = (typeof PAGE_CONTEXTS)[number];

/**
 * - the home page is "start";
 * - the search page is "results" with a searchable query, else "search";
 * - category and product pages are the assortment, "category";
 * - the cart, the gift choice and the checkout steps before the order are "cart";
 * - the order's success page is "success";
 * - every other page (content, legal, stores, account, sign-in) is "content".
 */
export function pageContext(pathname: string, search = ""): PageContext {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/") return "start";
  if (path === "/search/find") {
    const query = new URLSearchParams(search).get("q")?.trim() ?? "";
    return query.length >= MIN_SEARCH_LENGTH ? "results" : "search";
  }
  if (/^\/catalog\/(?:category|product)(?:\/|$)/.test(path)) return "category";
  if (path === "/checkout/success") return "success";
  if (/^\/(?:cart|checkout)(?:\/|$)/.test(path)) return "cart";
  return "content";
}
