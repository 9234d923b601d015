import { safeRedirect } from "remix-utils/safe-redirect";

/** Routing rules for paths no route answers (spec 2: locale prefix, per-path lookup). */
export const LOCALE_PREFIXES = ["de"] as const;

/** "/de/catalog/x?y" -> "/catalog/x?y"; null when the path has no locale prefix. */
export function withoutLocalePrefix(pathname: string, search: string): string | null {
  const match = /^\/(de)(\/.*)?$/i.exec(pathname);
  if (!match) return null;
  return (match[2] || "/") + search;
}

/** Lookup key: no trailing slash, lower case. */
export function redirectKey(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return trimmed.toLowerCase();
}

export function isExternal(target: string): boolean {
  return /^https?:\/\//i.test(target);
}

// Browsers drop tabs and line breaks from a URL and read "\\" as "/": "/\t/evil.example" or
// "/\\evil.example" would leave the shop. Such a target is never one of the shop's own links.
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
