/**
 * Notifications flashed by actions: they survive the redirect in a short
 * cookie, so they show without JavaScript too. The root loader reads them once and clears them.
 * Texts are stored as locale keys and translated when shown.
 */
import { redirect } from "@remix-run/cloudflare";
import { createCookie } from "./cookie.server";
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

/**
 * Tracking events of the action (docs/decisions/0027), only where the visitor allowed statistics:
 * they ride along with the notices to the next page, where the tracker sends them once by their id.
 * Platform does not know their shape.
 */
export type FlashedEvent = { event: string; id?: string } & Record<string, unknown>;

export interface Flash {
  notices: Notice[];
  tracking: FlashedEvent[];
}

export async function readFlash(request: Request, env: Env): Promise<Flash> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${FLASH_COOKIE}=`)) return { notices: [], tracking: [] };
  const value: unknown = await flashCookie(env).parse(header);
  if (Array.isArray(value)) return { notices: value as Notice[], tracking: [] };
  const flash = value as Partial<Flash> | null;
  return {
    notices: Array.isArray(flash?.notices) ? flash.notices : [],
    tracking: Array.isArray(flash?.tracking) ? flash.tracking : [],
  };
}

/**
 * Set-Cookie value with the notices of this action. They replace whatever an earlier action left
 * unshown: a notice belongs to the last action, not to the next page.
 */
export async function flashNotice(env: Env, notice: Notice | Notice[], tracking: FlashedEvent[] = []): Promise<string> {
  const notices = Array.isArray(notice) ? notice : [notice];
  return flashCookie(env).serialize(tracking.length ? { notices, tracking } : notices);
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
  tracking: FlashedEvent[] = [],
): Promise<Response> {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await flashNotice(env, notice, tracking));
  return redirect(to, { headers });
}
