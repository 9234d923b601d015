/**
 * The shopper for the root loader and the cookies that go with it: an expired session is sent to
 * /login here, so every page notices it; shown notices and a dead session cookie are cleared.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { expiredSessionRedirect } from "~/platform/auth.server";
import { csrfToken } from "~/platform/csrf.server";
import { clearNotices, noticesToTell, readFlash } from "~/platform/flash.server";
import { translator } from "~/platform/i18n.server";
import { clearSessionCookie, resolveSessionWith, type SessionState } from "~/platform/session.server";
import type { PersonalParts } from "~/platform/personal-page.server";
import { placeholders } from "~/platform/personal-placeholders";
import type { Env } from "~/platform/context";
import { latestNotices } from "~/domain/notification/notice";
import { loginHref } from "~/platform/redirect";
import type { Shopper } from "~/domain/customer/shopper";
import { wishlistSkusQuery } from "~/domain/customer/wishlist.server";
import { openPurchaseQuery, type OpenPurchase } from "~/domain/share/purchase.server";
import { cartSummaryQuery, toCartSummary, type CartSummary } from "~/domain/cart/cart.server";
import { batch } from "~/platform/db.server";
import { formatEuro } from "~/domain/money/format";
import { catalogueVersionQuery, readCatalogueVersion } from "~/platform/catalogue-version.server";

export async function loadShopper(
  request: Request,
  context: AppLoadContext,
): Promise<{ data: Shopper; headers: Headers }> {
  const { env } = context;
  const url = new URL(request.url);
  const [session, flash, t] = await Promise.all([context.session(), readFlash(request, env), translator("common")]);
  const { tracking } = flash;
  const notices = noticesToTell(flash, context.pageData);
  const headers = new Headers();
  if (session.kind === "expired") {
    if (url.pathname !== "/login") throw await expiredSessionRedirect(context, loginHref(url.pathname + url.search));
    headers.append("Set-Cookie", await clearSessionCookie(env));
  }
  for (const cookie of await clearNotices(env, flash.names)) headers.append("Set-Cookie", cookie);
  const data: Shopper = {
    customer: null,
    csrf: null,
    wishlist: "",
    cart: null,
    template: "",
    shares: null,
    tracking,
    notices: latestNotices(notices, (n) => n.topic ?? n.key).map((n) => ({
      id: n.id,
      type: n.type ?? "info",
      text: t(n.key, n.values),
    })),
  };
  if (session.kind === "customer" && context.shopperTemplate) {
    // The page's signed-in shape for the edge cache: placeholders, no cookie (docs/decisions/0030).
    const placeholder = placeholders(context.shopperTemplate.mark);
    Object.assign(data, {
      customer: { firstname: placeholder.firstname, group: session.customer.group },
      csrf: placeholder.csrf,
      wishlist: placeholder.wishlist,
      cart: { items: placeholder.cartItems, total: placeholder.cartTotal },
      template: placeholder.template,
    });
  } else if (session.kind === "customer") {
    const id = session.customer.id;
    // One round trip, the same reads as an edge-cached page's (cachedPageShopper below).
    const [token, [wishlist, [purchase], [cart]]] = await Promise.all([
      csrfToken(request, env),
      batch(env.DB, [wishlistSkusQuery(id), openPurchaseQuery(id), cartSummaryQuery(id)] as const),
    ]);
    if (token.setCookie) headers.append("Set-Cookie", token.setCookie);
    Object.assign(data, {
      customer: { firstname: session.customer.firstname, group: session.customer.group },
      csrf: token.token,
      wishlist: wishlist.map((r) => r.sku).join(" "),
      cart: cartFigures(toCartSummary(cart)),
      shares: sharesState(purchase ?? null),
    });
  }
  return { data, headers };
}

/**
 * A signed-in shopper of an edge-cached page (platform/personal-page.server.ts): the session, and
 * in its round trip what the page fills in, with the CSRF cookie when the browser gets a new token.
 * `parts` is null when the page must say more than the cached one can (the waiting modal of a
 * declaration under review, admitted shares to put in the cart) or when there is no live session.
 */
export async function cachedPageShopper(
  request: Request,
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
): Promise<{
  state: SessionState;
  parts: PersonalParts | null;
  setCookie: string | null;
  /** The range's version for the page's cache key, read in the session's round trip. */
  catalogueVersion?: string;
}> {
  const [{ state, rows }, token] = await Promise.all([
    resolveSessionWith(request, env, ctx, (customer) => ({
      wishlist: wishlistSkusQuery(customer),
      purchases: openPurchaseQuery(customer),
      cart: cartSummaryQuery(customer),
      // the cache key's range version, in the same round trip
      version: catalogueVersionQuery(),
    })),
    csrfToken(request, env),
  ]);
  if (state.kind !== "customer" || !rows) return { state, parts: null, setCookie: null };
  const {
    wishlist,
    purchases: [purchase],
    cart: [cart],
    version,
  } = rows;
  const figures = cartFigures(toCartSummary(cart));
  if (sharesState(purchase ?? null) !== null) return { state, parts: null, setCookie: null };
  return {
    state,
    parts: {
      firstname: state.customer.firstname,
      csrf: token.token,
      wishlist: wishlist.map((r) => r.sku),
      cartItems: figures.items,
      cartTotal: figures.total,
    },
    setCookie: token.setCookie,
    catalogueVersion: readCatalogueVersion(version),
  };
}

function cartFigures(cart: CartSummary): NonNullable<Shopper["cart"]> {
  return { items: String(cart.items), total: formatEuro(cart.subtotalCents) };
}

function sharesState(purchase: OpenPurchase | null): Shopper["shares"] {
  if (purchase?.status === "in_review") return { state: "blocked" };
  if (purchase?.status === "approved") return { state: "ready", quantity: purchase.quantity };
  return null;
}
