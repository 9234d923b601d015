/**
 * The visitor's cookie consent (docs/decisions/0027-consent-and-tracking.md), kept in the plain
 * cookie `consent` as "v{version}:{categories}", e.g. "v1:statistics" or "v1:" (all denied).
 *
 * Only the choice itself is stored, which TDDDG § 25 (2) allows without consent: it is what makes
 * "no" stick. Every category but the necessary one defaults to denied; a missing, unreadable or
 * older cookie is no choice at all, so the banner asks (again). Plain rather than signed: a visitor
 * who edits it only changes what their own browser is asked, and the worker reads it
 * synchronously to pick the edge-cache variant of a page.
 */
export const CONSENT_COOKIE = "consent";
/** Raise it when the categories or what they cover change: everyone is asked again. */
export const CONSENT_VERSION = 1;
/** About a year, like the dark-mode cookie; then the visitor is asked again. */
export const CONSENT_MAX_AGE = 32_000_000;

/** The optional categories; "necessary" is always on and never stored. */
export const CONSENT_CATEGORIES = ["statistics", "marketing"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export interface Consent {
  statistics: boolean;
  marketing: boolean;
}

export const DENIED: Consent = { statistics: false, marketing: false };

const COOKIE = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=([^;]*)`);

/** The choice in the cookie header; null when there is none of the current version. */
export function readConsent(cookieHeader: string | null): Consent | null {
  const raw = COOKIE.exec(cookieHeader ?? "")?.[1];
  if (raw === undefined) return null;
  // Only ":" and "," are ever encoded; decoding anything else could throw on a tampered cookie.
  const value = raw.replace(/%3A/gi, ":").replace(/%2C/gi, ",");
  const match = /^v(\d{1,4}):([a-z,]{0,40})$/.exec(value);
  if (!match || Number(match[1]) !== CONSENT_VERSION) return null;
  const given = match[2] === "" ? [] : match[2].split(",");
  if (!given.every((c) => (CONSENT_CATEGORIES as readonly string[]).includes(c))) return null;
  return { statistics: given.includes("statistics"), marketing: given.includes("marketing") };
}

export function consentValue(consent: Consent): string {
  return `v${CONSENT_VERSION}:${CONSENT_CATEGORIES.filter((c) => consent[c]).join(",")}`;
}

export function consentCookie(consent: Consent, secure: boolean): string {
  return `${CONSENT_COOKIE}=${encodeURIComponent(consentValue(consent))}; Max-Age=${CONSENT_MAX_AGE}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The page variant a choice needs: the banner, or which tags the page may carry. */
export function consentVariant(consent: Consent | null): string {
  if (!consent) return "ask";
  return `${consent.statistics ? "s" : "-"}${consent.marketing ? "m" : "-"}`;
}

/** The shop's own cookies, all necessary (docs/decisions/0027 lists them). */
export const NECESSARY_COOKIES = ["__session", "__flash", "__device", "csrf", "dark_mode", "__d1b", CONSENT_COOKIE];
/** The tag manager's analytics cookies; any other cookie is counted as marketing. */
const STATISTICS_COOKIE = /^_(?:ga|gid|gat)(?:_|$)/;

/**
 * The cookies the browser still holds that the choice no longer allows: on a withdrawal they are
 * expired at once rather than left until they run out.
 */
export function cookiesToForget(cookieHeader: string | null, consent: Consent): string[] {
  const names = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.split("=")[0].trim())
    // each action's notices have a flash cookie of their own, `__flash_<stamp>` (flash.server.ts)
    .filter(
      (name) =>
        /^[\w.-]{1,100}$/.test(name) && !NECESSARY_COOKIES.includes(name.replace(/^(__flash)_[a-z0-9]+$/, "$1")),
    );
  return [...new Set(names)].filter((name) =>
    STATISTICS_COOKIE.test(name) ? !consent.statistics : !consent.marketing,
  );
}

/**
 * Set-Cookie values that expire a cookie however it was set: for this host only, for the host as
 * a domain, and for its parent domain (where tag managers put theirs, e.g. ".frischkorb.example"
 * for "www.frischkorb.example").
 */
export function expiredCookies(name: string, hostname: string): string[] {
  const labels = hostname.split(".");
  const domains = [hostname, ...(labels.length > 2 ? [labels.slice(1).join(".")] : [])];
  const expire = `${name}=; Max-Age=0; Path=/`;
  return [expire, ...domains.filter((d) => !/^[\d.]+$|^\[/.test(d)).map((d) => `${expire}; Domain=${d}`)];
}
