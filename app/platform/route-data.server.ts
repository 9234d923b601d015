import { data } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Env } from "./context";
import { liveFactsHeaders, publicPageHeaders } from "./edge-cache.server";

/** Loader data of an anonymous public page, cacheable at the edge. */
export function publicPage<T>(context: AppLoadContext, value: T) {
  return data(value, { headers: publicPageHeaders(context.env) });
}

/**
 * Loader data of a public page whose facts the back office changes at any moment (a store's hours,
 * closed days, click & collect): rendered anew for every visitor, so a change shows at once; the
 * edge still keeps the last copy to stand in while D1 fails (decision 0036).
 */
export function liveFactsPage<T>(_context: AppLoadContext, value: T) {
  return data(value, { headers: liveFactsHeaders() });
}

export function notFound(): Response {
  return new Response("Not Found", { status: 404 });
}

/**
 * Development stand-ins (mailbox, error page, sandbox provider) do not exist outside a local
 * development or test shop: everywhere else their URLs are unknown (platform/deployment.server.ts).
 */
export function requireStandIns(env: Env): void {
  if (!env.standIns) throw notFound();
}
