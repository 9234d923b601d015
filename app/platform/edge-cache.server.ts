/**
 * Anonymous public pages come from the edge cache (docs/architecture.md "Requests"). A page varies only
 * by the dark-mode cookie, so that is part of the cache key; any request carrying a session (or a
 * notice to show) is personal and never cached (a signed-in shopper's pages: personal-page.server.ts).
 * On a hit the CSP nonce is renewed, so no two responses share one. A page stays stored a day past
 * its freshness: while D1 fails, that copy stands in for the page that cannot be rendered
 * (docs/decisions/0036-database-outage.md).
 */
import type { HeadersFunction } from "@remix-run/cloudflare";
import { readDarkMode } from "./theme.server";
import { consentVariant, readConsent } from "./consent";
import { contentSecurityPolicy, type PolicySources } from "./security.server";
import { FLASH_COOKIE_NAME } from "./flash.server";
import { SESSION_COOKIE } from "./session.server";
import { encoder, indexOfBytes } from "./bytes";
import { SERVER_TIMING } from "./server-timing.server";

import type { Env } from "./context";

/** 0 switches the edge cache off (handy while editing texts locally). */
export function edgeCacheSeconds(env: Env): number {
  const seconds = Number(env.EDGE_CACHE_SECONDS ?? "0");
  return Number.isInteger(seconds) && seconds > 0 ? seconds : 0;
}

/** Headers of an anonymous public page: browsers revalidate, the edge keeps it a while. */
export function publicPageHeaders(env: Env): HeadersInit {
  const seconds = edgeCacheSeconds(env);
  return {
    "Cache-Control": seconds
      ? `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds * 12}`
      : "public, max-age=0, must-revalidate",
    Vary: "Cookie",
  };
}

/**
 * A public page never fresh at the edge (s-maxage=0): every request renders it anew, and the stored
 * copy only stands in while D1 fails (decision 0036). For pages whose facts change at any moment
 * (docs/decisions/0045-store-management.md).
 */
export function liveFactsHeaders(): HeadersInit {
  return { "Cache-Control": "public, max-age=0, s-maxage=0, must-revalidate", Vary: "Cookie" };
}

export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * The `headers` export of every page whose loader answers `private, no-store`: Remix passes a
 * loader's headers on only through its route's `headers` export (or a parent's), so without one the
 * page went out with no Cache-Control at all (a visitor's `/consent`, issue 31). Its cookies Remix
 * passes on by itself.
 */
export const privatePageHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

/** A session or a notice waiting to be shown makes every answer personal. */
export function isPersonal(request: Request): boolean {
  const cookies = request.headers.get("Cookie") ?? "";
  return new RegExp(`(?:^|;\\s*)(?:${SESSION_COOKIE}|${FLASH_COOKIE_NAME})=`).test(cookies);
}

export function isAnonymousGet(request: Request): boolean {
  return request.method === "GET" && !isPersonal(request);
}

/**
 * Per URL, dark-mode variant, consent variant and build: a deployment never serves pages of the
 * previous build, and a page with the consent banner or the tag manager never reaches a visitor
 * whose choice asks for another (docs/decisions/0027). `shopper` names the signed-in shape of a
 * page and its customer group (personal-page.server.ts); a visitor's page has none. The variants
 * stand in fixed path segments before the page's own path, so no URL a browser asks for can name
 * another variant's key.
 */
export function cacheKey(request: Request, buildVersion: string, shopper: string | null = null): Request {
  const url = new URL(request.url);
  const cookies = request.headers.get("Cookie");
  const variant = [
    buildVersion,
    readDarkMode(cookies) === "1" ? "dark" : "light",
    consentVariant(readConsent(cookies)),
    shopper === null ? "visitor" : `shopper-${shopper}`,
  ].map(encodeURIComponent);
  url.pathname = `/__edge/${variant.join("/")}${url.pathname}`;
  return new Request(url.toString(), { method: "GET" });
}

export function isStorable(response: Response): boolean {
  const cc = response.headers.get("Cache-Control") ?? "";
  return (
    response.status === 200 &&
    /s-maxage=\d+/.test(cc) &&
    !/private|no-store/.test(cc) &&
    !response.headers.has("Set-Cookie")
  );
}

/** Where a stored page's nonce stands, as byte offsets: found once when stored, not on every hit. */
const NONCE_OFFSETS = "X-Nonce-Offsets";
/** Until when (epoch milliseconds) a stored page is fresh; after that it only stands in for an outage. */
const FRESH_UNTIL = "X-Fresh-Until";
/** The page's own Cache-Control: the stored copy's says how long the cache keeps it. */
const PAGE_CACHE_CONTROL = "X-Page-Cache-Control";
/** How long a stored page stays past its freshness, to stand in while D1 fails (decision 0036). */
export const STALE_IF_ERROR_SECONDS = 86_400;

/**
 * The stored copy is kept its freshness and a day more (the Cache API drops an entry when its
 * s-maxage runs out and knows no stale-if-error); when it was fresh until is said in a header.
 */
function keptPastFreshness(headers: Headers, now: number): void {
  const own = headers.get("Cache-Control") ?? "";
  const seconds = Number(/s-maxage=(\d+)/.exec(own)?.[1] ?? 0);
  headers.set(FRESH_UNTIL, String(now + seconds * 1000));
  headers.set(PAGE_CACHE_CONTROL, own);
  headers.set("Cache-Control", `public, s-maxage=${seconds + STALE_IF_ERROR_SECONDS}`);
}

/** Whether a stored page may be served as it is; a stale one is rendered anew (or stands in for an outage). */
export function isFresh(cached: Response, now = Date.now()): boolean {
  const until = cached.headers.get(FRESH_UNTIL);
  return until === null || now < Number(until);
}
/** The placeholders' mark of a stored signed-in shape (personal-page.server.ts). */
export const PLACEHOLDER_MARK_HEADER = "X-Placeholder-Mark";

/**
 * Stores a page rendered with `nonce`, with the offsets of every place the nonce stands (every
 * script and preload carries it; a nonce is random, so its bytes stand nowhere else).
 */
export async function storePage(
  cache: Cache,
  key: Request,
  page: Response,
  nonce: string,
  mark: string | null = null,
): Promise<void> {
  const headers = new Headers(page.headers);
  // The timing of the render that made this copy would describe another answer than a hit's
  // (docs/decisions/0053): a hit gets its own.
  headers.delete(SERVER_TIMING);
  keptPastFreshness(headers, Date.now());
  if (mark) headers.set(PLACEHOLDER_MARK_HEADER, mark);
  if (!(headers.get("Content-Type") ?? "").includes("text/html"))
    return cache.put(key, new Response(page.body, { status: page.status, headers }));
  const bytes = new Uint8Array(await page.arrayBuffer());
  const rendered = encoder.encode(nonce);
  const offsets: number[] = [];
  for (let at = indexOfBytes(bytes, rendered); at >= 0; at = indexOfBytes(bytes, rendered, at + rendered.length))
    offsets.push(at);
  headers.set(NONCE_OFFSETS, offsets.join(","));
  headers.delete("Content-Length");
  await cache.put(key, new Response(bytes, { status: page.status, headers }));
}

/**
 * The headers of a cached answer going out again: its own Cache-Control, its CSP with this answer's
 * nonce, marked as a hit (or as a stale copy standing in while D1 fails).
 */
export function hitHeaders(
  cached: Response,
  nonce: string,
  dev: boolean,
  sources: PolicySources,
  state: "HIT" | "STALE" = "HIT",
): Headers {
  const headers = new Headers(cached.headers);
  if (headers.has("Content-Security-Policy"))
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, dev, sources));
  const own = headers.get(PAGE_CACHE_CONTROL);
  if (own !== null) headers.set("Cache-Control", own);
  headers.set("X-Edge-Cache", state);
  for (const name of STORAGE_ONLY_HEADERS) headers.delete(name);
  return headers;
}

/** What the stored copy carries for the cache alone, never sent on (the length changes with the nonce). */
const STORAGE_ONLY_HEADERS = [
  "Content-Length",
  NONCE_OFFSETS,
  PLACEHOLDER_MARK_HEADER,
  FRESH_UNTIL,
  PAGE_CACHE_CONTROL,
];

const NONCE_ATTRIBUTE = encoder.encode('nonce="');
const QUOTE = 0x22;

/** Where the page's nonce stands, searched: for a stored page that came without its offsets. */
function nonceOffsets(page: Uint8Array): number[] {
  const attribute = indexOfBytes(page, NONCE_ATTRIBUTE);
  if (attribute < 0) return [];
  const start = attribute + NONCE_ATTRIBUTE.length;
  const rendered = page.slice(start, page.indexOf(QUOTE, start));
  const offsets: number[] = [];
  for (let at = start; at >= 0; at = indexOfBytes(page, rendered, at + rendered.length)) offsets.push(at);
  return offsets;
}

/**
 * The page with this answer's nonce where the stored one stood, in place (both are 24 characters).
 * The offsets come with the stored page: a hit writes a few bytes instead of reading the page.
 */
export function renewNonce(page: Uint8Array, cached: Response, nonce: string): void {
  const fresh = encoder.encode(nonce);
  const stored = cached.headers.get(NONCE_OFFSETS);
  const offsets = stored === null ? nonceOffsets(page) : stored.split(",").filter(Boolean).map(Number);
  for (const at of offsets) {
    if (!Number.isInteger(at) || at < 0 || at + fresh.length > page.length)
      throw new Error(`a stored page's nonce offset is wrong: ${at}`);
    page.set(fresh, at);
  }
}

/** A cached answer with a fresh nonce in its scripts and its CSP header. */
export async function withFreshNonce(
  cached: Response,
  nonce: string,
  dev: boolean,
  sources: PolicySources,
  state: "HIT" | "STALE" = "HIT",
): Promise<Response> {
  const headers = hitHeaders(cached, nonce, dev, sources, state);
  if (!(headers.get("Content-Type") ?? "").includes("text/html"))
    return new Response(cached.body, { status: cached.status, headers });
  const page = new Uint8Array(await cached.arrayBuffer());
  renewNonce(page, cached, nonce);
  return new Response(page, { status: cached.status, headers });
}
