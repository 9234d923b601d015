/**
 * Where a visitor may be sent: the one redirect guard for every target a visitor can supply, and
 * the way to the sign-in page and back. HTTP plumbing, so it lives here rather than in the domain;
 * plain (not *.server) because links in components use it too.
 */
import { safeRedirect } from "remix-utils/safe-redirect";

// Browsers drop tabs and line breaks from a URL and read "\\" as "/": "/\t/evil.example" or
// "/\\evil.example" would leave the shop. Such a target is never one of the shop's own links.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;
const SHOP = "http://frischkorb.invalid";

/**
 * The one redirect guard for every target a visitor can supply (redirectTo, the locale prefix):
 * remix-utils' safeRedirect (a path of this shop, no "//", "/\\", "..") plus no control characters
 * or backslashes, neither as sent nor once decoded ("%2F%2F", "%09", "%5C"), and it must still
 * resolve to this shop. Anything else gives the fallback (docs/decisions/0008).
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || UNSAFE_CHARACTERS.test(target)) return fallback;
  const decoded = decodedOrNull(target);
  if (decoded === null || UNSAFE_CHARACTERS.test(decoded) || safeRedirect(decoded, "") === "") return fallback;
  const safe = safeRedirect(target, "");
  if (safe !== target || new URL(safe, SHOP).origin !== SHOP) return fallback;
  return safe;
}

function decodedOrNull(target: string): string | null {
  try {
    return decodeURIComponent(target);
  } catch {
    return null;
  }
}

/** The sign-in page, remembering where the customer wanted to go. */
export function loginHref(redirectTo: string): string {
  return `/login?redirectTo=${encodeURIComponent(redirectTo)}`;
}

/** Where a successful sign-in leads: a path of this shop, but never back to a sign-in form. */
export function afterLoginPath(target: unknown): string {
  const path = safeRedirectPath(target);
  return /^\/(login|register|password\/)/.test(path) ? "/" : path;
}
