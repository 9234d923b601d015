/** Security headers on every response the worker makes (docs/architecture.md "Sessions and security"). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** What a page may reach beyond the shop itself. */
export interface PolicySources {
  /** Where forms may post besides the shop (the payment provider's hosted page). */
  formTargets?: string[];
  /** Where images may come from (the tile server). */
  imageSources?: string[];
  /**
   * The tag manager's origins, only on a page whose visitor allowed statistics
   * (platform/tag-manager.server.ts): its script, and where its tags send.
   */
  tagManager?: string[];
}

export function contentSecurityPolicy(nonce: string, dev: boolean, sources: PolicySources = {}): string {
  const tags = sources.tagManager ?? [];
  return [
    "default-src 'self'",
    [`script-src 'self' 'nonce-${nonce}'`, ...tags].join(" "),
    "style-src 'self'",
    ["img-src 'self' data:", ...(sources.imageSources ?? []), ...tags].join(" "),
    "font-src 'self'",
    [`connect-src 'self'${dev ? " ws://localhost:* ws://127.0.0.1:*" : ""}`, ...tags].join(" "),
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...(sources.formTargets ?? [])].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

export function applySecurityHeaders(
  headers: Headers,
  opts: { nonce?: string; production: boolean; dev: boolean; sources?: PolicySources },
) {
  if (opts.nonce) headers.set("Content-Security-Policy", contentSecurityPolicy(opts.nonce, opts.dev, opts.sources));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), payment=(), geolocation=(self)");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (opts.production) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
}

/** Cross-site form posts are refused before any action runs (the CSRF token comes on top). */
export function isCrossSiteWrite(request: Request): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return false;
  const origin = request.headers.get("Origin");
  if (origin === null) return request.headers.get("Sec-Fetch-Site") === "cross-site";
  return origin !== new URL(request.url).origin;
}
