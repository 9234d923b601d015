/**
 * The Workers entry: every request the static assets did not answer comes here. It refuses
 * cross-site writes, answers anonymous pages from the edge cache, runs Remix, and puts the
 * security headers on whatever goes out.
 */
import { createRequestHandler, logDevReady } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import type { Env } from "~/platform/context";
import { applySecurityHeaders, createNonce, isCrossSiteWrite } from "~/platform/security.server";
import { cacheKey, edgeCacheSeconds, isAnonymousGet, isStorable, withFreshNonce } from "~/platform/edge-cache.server";

const dev = process.env.NODE_ENV === "development";
if (dev) logDevReady(build);

const handleRemixRequest = createRequestHandler(build, process.env.NODE_ENV);

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const production = env.ENVIRONMENT === "production";
    const nonce = createNonce();
    const finish = (response: Response) => {
      const out = new Response(response.body, response);
      applySecurityHeaders(out.headers, {
        nonce: (out.headers.get("Content-Type") ?? "").includes("text/html") ? nonce : undefined,
        production,
        dev,
      });
      return out;
    };

    if (isCrossSiteWrite(request)) return finish(new Response("Forbidden", { status: 403 }));

    const cache = isAnonymousGet(request) && edgeCacheSeconds(env) > 0 ? await caches.open("pages") : null;
    const key = cache ? cacheKey(request, build.assets.version) : null;
    if (cache && key) {
      const hit = await cache.match(key);
      if (hit) return withFreshNonce(hit, nonce, dev);
    }

    const response = finish(await handleRemixRequest(request, { env, ctx, cspNonce: nonce }));
    if (cache && key && isStorable(response)) ctx.waitUntil(cache.put(key, response.clone()));
    return response;
  },
} satisfies ExportedHandler<Env>;
