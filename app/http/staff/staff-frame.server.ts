/**
 * The root loader's data on a back-office page: the CSRF token and flashed notices, and nothing of
 * a customer (docs/decisions/0039). A customer's session is not read here, so signed in or not she
 * changes nothing in `/staff`; no tag manager, no consent banner, no cart.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Shopper } from "~/domain/customer/shopper";
import { latestNotices } from "~/domain/notification/notice";
import { csrfToken } from "~/platform/csrf.server";
import { clearNotices, noticesToTell, readFlash } from "~/platform/flash.server";
import { translator } from "~/platform/i18n.server";

export const STAFF_AREA = "/staff";

export function isStaffArea(pathname: string): boolean {
  return pathname === STAFF_AREA || pathname.startsWith(`${STAFF_AREA}/`);
}

export async function loadStaffFrame(
  request: Request,
  context: AppLoadContext,
): Promise<{ data: Shopper; headers: Headers }> {
  const { env } = context;
  const [token, flash, t] = await Promise.all([csrfToken(request, env), readFlash(request, env), translator("staff")]);
  const headers = new Headers();
  if (token.setCookie) headers.append("Set-Cookie", token.setCookie);
  const notices = noticesToTell(flash, context.pageData);
  if (flash.notices.length)
    for (const cookie of await clearNotices(env, flash.names)) headers.append("Set-Cookie", cookie);
  return {
    data: {
      customer: null,
      csrf: token.token,
      wishlist: "",
      cart: null,
      template: "",
      shares: null,
      tracking: [],
      notices: latestNotices(notices, (n) => n.topic ?? n.key).map((n) => ({
        id: n.id,
        type: n.type ?? "info",
        text: t(n.key, n.values),
      })),
    },
    headers,
  };
}
