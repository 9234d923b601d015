/**
 * The Workers entry: every request the static assets did not answer comes here. It refuses
 * requests it cannot read (request-guard.server.ts) and cross-site writes, answers anonymous
 * pages from the edge cache, runs Remix, and puts the security headers on whatever goes out.
 */
import { createRequestHandler, logDevReady } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import type { Env } from "~/platform/context";
import { applySecurityHeaders, createNonce, isCrossSiteWrite } from "~/platform/security.server";
import {
  PRIVATE_CACHE_CONTROL, cacheKey, edgeCacheSeconds, isAnonymousGet, isPersonal, isStorable, withFreshNonce,
} from "~/platform/edge-cache.server";
import { resolveSession, type SessionState } from "~/platform/session.server";
import { guardRequest } from "~/platform/request-guard.server";

const dev = process.env.NODE_ENV === "development";
if (dev) logDevReady(build);

const handleRemixRequest = createRequestHandler(build, process.env.NODE_ENV);

export default {
  async fetch(incoming: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const { request, refusal, settle } = await guardRequest(incoming, env);
    const production = env.ENVIRONMENT === "production";
    const nonce = createNonce();
    const finish = (response: Response) => {
      const out = settle(new Response(response.body, response));
      const type = out.headers.get("Content-Type") ?? "";
      // A page or page data for a signed-in customer (or carrying a notice) is theirs alone.
      if (isPersonal(request) && /text\/html|text\/x-script/.test(type)) out.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
      applySecurityHeaders(out.headers, {
        nonce: type.includes("text/html") ? nonce : undefined,
        production,
        dev,
      });
      return out;
    };

    if (isCrossSiteWrite(request)) return finish(new Response("Forbidden", { status: 403 }));

    const cache = !refusal && isAnonymousGet(request) && edgeCacheSeconds(env) > 0 ? await caches.open("pages") : null;
    const key = cache ? cacheKey(request, build.assets.version) : null;
    if (cache && key) {
      const hit = await cache.match(key);
      if (hit) return withFreshNonce(hit, nonce, dev);
    }

    let session: Promise<SessionState> | undefined;
    const loadContext = { env, ctx, cspNonce: nonce, refusal, session: () => (session ??= resolveSession(request, env, ctx)) };
    const response = finish(await handleRemixRequest(request, loadContext));
    if (cache && key && isStorable(response)) ctx.waitUntil(cache.put(key, response.clone()));
    return response;
  },
} satisfies ExportedHandler<Env>;
