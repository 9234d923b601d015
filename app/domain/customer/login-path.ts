import { safeRedirectPath } from "~/domain/content/redirect";

/** The sign-in page, remembering where the customer wanted to go. */
export function loginHref(redirectTo: string): string {
  return `/login?redirectTo=${encodeURIComponent(redirectTo)}`;
}

/** Where a successful sign-in leads: a path of this shop, but never back to a sign-in form. */
export function afterLoginPath(target: unknown): string {
  const path = safeRedirectPath(target);
  return /^\/(login|register|password\/)/.test(path) ? "/" : path;
}
