/**
 * Notifications flashed by actions: they survive the redirect in a short
 * cookie, so they show without JavaScript too. The root loader reads them once and clears them.
 * Texts are stored as locale keys and translated when shown.
 *
 * Each action's notices get a cookie of their own (`__flash_<random>`), and a loader clears
 * only the cookies it read. With one cookie for all, an answer to a request sent before an action
 * (a revalidation still under way when the customer pressed the next button) cleared the notice
 * that action had just flashed: its "clear" reached the browser after the action's answer, and the
 * next page never heard of the notice (the cart's "„…“ wurde aus dem Warenkorb entfernt." got lost).
 *
 * Which notices a page tells: `noticesToTell`.
 */
import { redirect } from "@remix-run/cloudflare";
import { createCookie } from "./cookie.server";
import { isProduction, type Env } from "./context";
import { secret } from "./secrets.server";

/** The name of every flash cookie, alone (the one cookie of earlier versions) or with its stamp. */
export const FLASH_COOKIE = "__flash";
/** A flash cookie's name, for a regular expression: `__flash` or `__flash_<stamp>`. */
export const FLASH_COOKIE_NAME = `${FLASH_COOKIE}(?:_[a-z0-9]+)?`;

export function isFlashCookie(name: string): boolean {
  return new RegExp(`^${FLASH_COOKIE_NAME}$`).test(name);
}

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

export function flashCookie(env: Env, name = FLASH_COOKIE) {
  return createCookie(name, {
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

/**
 * A notice as read, with an id that names its cookie and place in it: two requests that both read
 * the cookie (one still under way when the other was sent) hand the page the same notice, not a
 * second one that would be announced again.
 */
export type ReadNotice = Notice & { id: string };

export interface Flash {
  /** Every action's notices, in the order the actions were answered. */
  notices: ReadNotice[];
  /** The notices of the action answered last. */
  lastAction: ReadNotice[];
  tracking: FlashedEvent[];
  /** The flash cookies read, to clear (clearNotices) once their notices are on the page. */
  names: string[];
}

/**
 * The names of the flash cookies the request carries, in the order the browser sends them: by when
 * it received them (RFC 6265 5.4; all have the path "/"), the last action's last.
 */
function flashNames(header: string): string[] {
  const names = header.split(";").map((pair) => pair.split("=")[0].trim());
  return [...new Set(names.filter(isFlashCookie))];
}

/**
 * The notices and tracking events of every flash cookie, in the order the actions were answered.
 * Which of them the page shows (a later one on the same topic replaces an earlier one, at most
 * three) is `latestNotices`' to say.
 */
export async function readFlash(request: Request, env: Env): Promise<Flash> {
  const header = request.headers.get("Cookie");
  const names = header?.includes(`${FLASH_COOKIE}`) ? flashNames(header) : [];
  const flash: Flash = { notices: [], lastAction: [], tracking: [], names };
  for (const name of names) {
    const value: unknown = await flashCookie(env, name).parse(header);
    const read: { notices?: Notice[]; tracking?: FlashedEvent[] } | null = Array.isArray(value)
      ? { notices: value as Notice[] }
      : (value as { notices?: Notice[]; tracking?: FlashedEvent[] } | null);
    if (Array.isArray(read?.notices)) {
      flash.lastAction = read.notices.map((n, i) => ({ ...n, id: `${name}.${i}` }));
      flash.notices.push(...flash.lastAction);
    }
    if (Array.isArray(read?.tracking)) flash.tracking.push(...read.tracking);
  }
  return flash;
}

/**
 * The notices a page tells. The data of a page in the browser's app tells every action's: that page
 * stays, and two actions answered close together (a quantity still on its way when "Entfernen" was
 * pressed) are both read there when the browser dropped the read between them (an older
 * revalidation, once a newer one landed); both happened, and the page tells each once, by its id.
 * A document tells the action answered last's: without JavaScript each action leads to a page of
 * its own, which tells that action's outcome (two posts at once from one browser: the "gesperrt"
 * on one page, the "inzwischen geändert" on the other).
 */
export function noticesToTell(flash: Flash, pageData: boolean): ReadNotice[] {
  return pageData ? flash.notices : flash.lastAction;
}

/** Set-Cookie value with the notices of this action, in a cookie of its own. */
export async function flashNotice(env: Env, notice: Notice | Notice[], tracking: FlashedEvent[] = []): Promise<string> {
  const notices = Array.isArray(notice) ? notice : [notice];
  return flashCookie(env, newFlashName()).serialize(tracking.length ? { notices, tracking } : notices);
}

/** `__flash_` and a random stamp: a name no other action's cookie has. */
function newFlashName(): string {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return `${FLASH_COOKIE}_${high.toString(36)}${low.toString(36)}`;
}

/** Set-Cookie values that clear the flash cookies read (and no other: a newer one stays). */
export function clearNotices(env: Env, names: string[]): Promise<string[]> {
  return Promise.all(names.map((name) => flashCookie(env, name).serialize([], { maxAge: 0 })));
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
