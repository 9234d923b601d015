import { data } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { publicPageHeaders } from "./edge-cache.server";

/** Loader data of an anonymous public page, cacheable at the edge. */
export function publicPage<T>(context: AppLoadContext, value: T) {
  return data(value, { headers: publicPageHeaders(context.env) });
}

export function notFound(): Response {
  return new Response("Not Found", { status: 404 });
}
