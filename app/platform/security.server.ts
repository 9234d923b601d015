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

/**
 * The one path exempt from the Origin check: the newsletter's unsubscribe link, which mail clients
 * post to from their own servers or pages (one-click unsubscribe, "List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click"), with no or a foreign Origin and without the shop's token. The unguessable link is
 * its own authority, and all it can do is switch one newsletter off (docs/decisions/0026).
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = /^\/newsletter\/unsubscribe\/[^/]+\/[^/]+$/;

const isOneClickUnsubscribe = (request: Request) =>
  request.method === "POST" && ONE_CLICK_UNSUBSCRIBE_PATH.test(new URL(request.url).pathname);

/**
 * Remix itself answers a post whose Origin names another host with a 500 before any action runs.
 * The unsubscribe link is exempt from the Origin check, so its post reaches Remix without one.
 */
export function withoutOriginIfExempt(request: Request): Request {
  if (!isOneClickUnsubscribe(request) || !request.headers.has("Origin")) return request;
  const headers = new Headers(request.headers);
  headers.delete("Origin");
  return new Request(request, { headers });
}

/** Cross-site form posts are refused before any action runs (the CSRF token comes on top). */
export function isCrossSiteWrite(request: Request): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return false;
  if (isOneClickUnsubscribe(request)) return false;
  const origin = request.headers.get("Origin");
  if (origin === null) return request.headers.get("Sec-Fetch-Site") === "cross-site";
  return origin !== new URL(request.url).origin;
}
