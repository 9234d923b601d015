/**
 * Notifications flashed by actions: they survive the redirect in a short
 * cookie, so they show without JavaScript too. The root loader reads them once and clears them.
 * Texts are stored as locale keys and translated when shown.
 */
import { createCookie, redirect } from "@remix-run/cloudflare";
import { isProduction, type Env } from "./context";
import { secret } from "./secrets.server";

export const FLASH_COOKIE = "__flash";

export type NoticeType = "info" | "success" | "warning" | "error";

export interface Notice {
  /** Info unless said otherwise. */
  type?: NoticeType;
  /** A key of the common namespace. */
  key: string;
  /** What the notice is about, when several keys speak of one thing (e.g. "coupon"); else the key. */
  topic?: string;
  values?: Record<string, string | number>;
}

export function flashCookie(env: Env) {
  return createCookie(FLASH_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction(env),
    path: "/",
    maxAge: 60,
    secrets: [secret(env, "SESSION_SECRET")],
  });
}

export async function readNotices(request: Request, env: Env): Promise<Notice[]> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${FLASH_COOKIE}=`)) return [];
  const value: unknown = await flashCookie(env).parse(header);
  return Array.isArray(value) ? (value as Notice[]) : [];
}

/**
 * Set-Cookie value with the notices of this action. They replace whatever an earlier action left
 * unshown: a notice belongs to the last action, not to the next page.
 */
export async function flashNotice(env: Env, notice: Notice | Notice[]): Promise<string> {
  return flashCookie(env).serialize(Array.isArray(notice) ? notice : [notice]);
}

export function clearNotices(env: Env): Promise<string> {
  return flashCookie(env).serialize([], { maxAge: 0 });
}

/** Post/redirect/get with a notice; extra Set-Cookie values (session, theme) ride along. */
export async function redirectWithNotice(
  env: Env,
  to: string,
  notice: Notice | Notice[],
  cookies: string[] = [],
): Promise<Response> {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await flashNotice(env, notice));
  return redirect(to, { headers });
}
