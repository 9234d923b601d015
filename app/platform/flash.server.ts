/**
 * Notifications flashed by actions (spec 4 "Notifications"): they survive the redirect in a short
 * cookie, so they show without JavaScript too. The root loader reads them once and clears them.
 * Texts are stored as locale keys and translated when shown.
 */
import { createCookie, redirect } from "@remix-run/cloudflare";
import { isProduction, type Env } from "./context";
import { secret } from "./secrets.server";

export const FLASH_COOKIE = "__flash";

export type NoticeType = "info" | "success" | "warning" | "error";

export interface Notice {
  /** Spec 4: info unless said otherwise. */
  type?: NoticeType;
  /** A key of the common namespace. */
  key: string;
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
  if (!header || !header.includes(`${FLASH_COOKIE}=`)) return [];
  const value: unknown = await flashCookie(env).parse(header);
  return Array.isArray(value) ? (value as Notice[]) : [];
}

/** Set-Cookie value that adds notices to whatever the browser still has to show. */
export async function flashNotice(request: Request, env: Env, notice: Notice | Notice[]): Promise<string> {
  const added = Array.isArray(notice) ? notice : [notice];
  const pending = await readNotices(request, env);
  return flashCookie(env).serialize([...pending.filter((n) => !added.some((a) => a.key === n.key)), ...added]);
}

export function clearNotices(env: Env): Promise<string> {
  return flashCookie(env).serialize([], { maxAge: 0 });
}

/** Post/redirect/get with a notice; extra Set-Cookie values (session, theme) ride along. */
export async function redirectWithNotice(request: Request, env: Env, to: string, notice: Notice | Notice[], cookies: string[] = []): Promise<Response> {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await flashNotice(request, env, notice));
  return redirect(to, { headers });
}
