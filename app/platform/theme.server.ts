/**
 * Dark mode preference as a plain cookie "dark_mode=1|0" (max age 32,000,000 s, path /).
 * Plain rather than signed: it is a harmless preference, and the worker reads it synchronously to
 * pick the right edge-cache variant of a page.
 */
export type DarkMode = "1" | "0";
const NAME = "dark_mode";
export const DARK_MODE_MAX_AGE = 32_000_000;

export function readDarkMode(cookieHeader: string | null): DarkMode {
  return new RegExp(`(?:^|;\\s*)${NAME}=1(?:;|$)`).test(cookieHeader ?? "") ? "1" : "0";
}

export function darkModeCookie(value: DarkMode, secure: boolean): string {
  return `${NAME}=${value}; Max-Age=${DARK_MODE_MAX_AGE}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}
