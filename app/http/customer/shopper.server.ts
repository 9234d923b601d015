/**
 * The shopper for the root loader and the cookies that go with it: an expired session is sent to
 * /login here, so every page notices it; shown notices and a dead session cookie are cleared.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { expiredSessionRedirect } from "~/platform/auth.server";
import { csrfToken } from "~/platform/csrf.server";
import { clearNotices, readFlash } from "~/platform/flash.server";
import { translator } from "~/platform/i18n.server";
import { clearSessionCookie } from "~/platform/session.server";
import { randomToken } from "~/platform/tokens.server";
import { latestNotices } from "~/domain/notification/notice";
import { loginHref } from "~/platform/redirect";
import type { Shopper } from "~/domain/customer/shopper";
import { wishlistSkus } from "~/domain/customer/wishlist.server";
import { openPurchase, type OpenPurchase } from "~/domain/share/purchase.server";

export async function loadShopper(
  request: Request,
  context: AppLoadContext,
): Promise<{ data: Shopper; headers: Headers }> {
  const { env } = context;
  const url = new URL(request.url);
  const [session, flash, t] = await Promise.all([context.session(), readFlash(request, env), translator("common")]);
  const { notices, tracking } = flash;
  const headers = new Headers();
  if (session.kind === "expired") {
    if (url.pathname !== "/login") throw await expiredSessionRedirect(context, loginHref(url.pathname + url.search));
    headers.append("Set-Cookie", await clearSessionCookie(env));
  }
  if (notices.length || tracking.length) headers.append("Set-Cookie", await clearNotices(env));
  const data: Shopper = {
    customer: null,
    csrf: null,
    wishlist: [],
    shares: null,
    tracking,
    notices: latestNotices(notices, (n) => n.topic ?? n.key).map((n) => ({
      id: randomToken(9),
      type: n.type ?? "info",
      text: t(n.key, n.values),
    })),
  };
  if (session.kind === "customer") {
    const [token, wishlist, purchase] = await Promise.all([
      csrfToken(request, env),
      wishlistSkus(env.DB, session.customer.id),
      openPurchase(env.DB, session.customer.id),
    ]);
    if (token.setCookie) headers.append("Set-Cookie", token.setCookie);
    Object.assign(data, {
      customer: { firstname: session.customer.firstname, group: session.customer.group },
      csrf: token.token,
      wishlist,
      shares: sharesState(purchase),
    });
  }
  return { data, headers };
}

function sharesState(purchase: OpenPurchase | null): Shopper["shares"] {
  if (purchase?.status === "in_review") return { state: "blocked" };
  if (purchase?.status === "approved") return { state: "ready", quantity: purchase.quantity };
  return null;
}
