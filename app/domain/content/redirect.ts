/** Routing rules for paths no route answers (locale prefix, per-path lookup). */

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
