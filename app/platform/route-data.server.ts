import { data } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Env } from "./context";
import { publicPageHeaders } from "./edge-cache.server";

/** Loader data of an anonymous public page, cacheable at the edge. */
export function publicPage<T>(context: AppLoadContext, value: T) {
  return data(value, { headers: publicPageHeaders(context.env) });
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
