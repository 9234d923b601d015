/**
 * The Workers entry: every request the static assets did not answer comes here. It refuses to
 * serve a deployment that lacks its own configuration, refuses requests it cannot read
 * (request-guard.server.ts) and cross-site writes, answers anonymous pages from the edge cache,
 * runs Remix, and puts the security headers on whatever goes out. The Cron Trigger delivers the
 * outbox, takes open card applications a step further with the card provider, and lets the
 * cooperative check signed membership declarations.
 */
import { createRequestHandler, logDevReady } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import type { Env } from "~/platform/context";
import { applySecurityHeaders, createNonce, isCrossSiteWrite, withoutOriginIfExempt } from "~/platform/security.server";
import {
  PRIVATE_CACHE_CONTROL,
  cacheKey,
  edgeCacheSeconds,
  isAnonymousGet,
  isPersonal,
  isStorable,
  withFreshNonce,
} from "~/platform/edge-cache.server";
import { hasSession, resolveSession, startsSession, type SessionState } from "~/platform/session.server";
import { configurationProblems, deploymentEnv, refusal as notConfigured } from "~/platform/deployment.server";
import { deliverOutbox } from "~/platform/mail-delivery.server";
import { paymentProvider } from "~/platform/payment.server";
import { guardRequest } from "~/platform/request-guard.server";
import { tileOrigin } from "~/platform/map-tiles.server";
import { readConsent } from "~/platform/consent";
import { bookmarkCookie, readBookmark, sessionDatabase } from "~/platform/d1-session.server";
import { tagManagerFor } from "~/platform/tag-manager.server";
import type { PolicySources } from "~/platform/security.server";
import { checkDueApplications } from "~/domain/card/application.server";
import { reviewDuePurchases } from "~/domain/share/purchase.server";

const dev = process.env.NODE_ENV === "development";
if (dev) logDevReady(build);

const handleRemixRequest = createRequestHandler(build, process.env.NODE_ENV);
/** The build this worker serves: the edge cache's key and `/builds/latest` (docs/decisions/0025) name it. */
const buildVersion = build.assets.version;

/** Logged once per isolate, not on every request of a misconfigured deployment. */
let refusalLogged = false;

function refuseIfMisconfigured(env: Env): Response | null {
  const problems = configurationProblems(env);
  if (problems.length === 0) return null;
  if (!refusalLogged) console.error(`Frischkorb refuses to serve until configured: ${problems.join("; ")}`);
  refusalLogged = true;
  return notConfigured();
}

/** What this request's pages may reach beyond the shop (the CSP of platform/security.server.ts). */
function policySources(env: Env, request: Request): PolicySources {
  // The checkout form is redirected to the provider's hosted page: CSP form-action allows it.
  const pageOrigin = paymentProvider(env).pageOrigin;
  // The store map's tiles come from the configured tile server.
  const tiles = tileOrigin(env);
  // The tag manager, only for a visitor who allowed statistics, on the production host.
  const tags = tagManagerFor(env, new URL(request.url), readConsent(request.headers.get("Cookie")));
  return {
    formTargets: pageOrigin ? [pageOrigin] : [],
    imageSources: tiles ? [tiles] : [],
    tagManager: tags?.origins ?? [],
  };
}

export default {
  async fetch(incoming: Request, bindings: Env, ctx: ExecutionContext): Promise<Response> {
    // One D1 session per request, from the shopper's last bookmark (docs/decisions/0028).
    const bookmark = readBookmark(incoming.headers.get("Cookie"));
    const writes = !["GET", "HEAD"].includes(incoming.method);
    const d1 = sessionDatabase(bindings.DB, bookmark, writes);
    const env = deploymentEnv({ ...bindings, DB: d1.db }, new URL(incoming.url));
    const production = !env.standIns;
    const nonce = createNonce();
    // Before anything reads a cookie: reading one needs the deployment's own secrets.
    const misconfigured = refuseIfMisconfigured(env);
    if (misconfigured) {
      applySecurityHeaders(misconfigured.headers, { nonce, production, dev });
      return misconfigured;
    }
    const { request, refusal, settle } = await guardRequest(incoming, env);
    const sources = policySources(env, request);
    const finish = (response: Response) => {
      const out = settle(new Response(response.body, response));
      const type = out.headers.get("Content-Type") ?? "";
      // A page or page data for a signed-in customer (or carrying a notice) is theirs alone.
      if (isPersonal(request) && /text\/html|text\/x-script/.test(type))
        out.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
      // A signed-in shopper's next request reads at least what this one wrote or read, and so does
      // the first request after signing in (its session row). Never on a visitor's cacheable answer.
      const latest = d1.bookmark();
      if (latest && latest !== bookmark && (hasSession(request) || startsSession(out)))
        out.headers.append("Set-Cookie", bookmarkCookie(latest, production));
      applySecurityHeaders(out.headers, {
        nonce: type.includes("text/html") ? nonce : undefined,
        production,
        dev,
        sources,
      });
      return out;
    };

    if (isCrossSiteWrite(request)) return finish(new Response("Forbidden", { status: 403 }));

    const cache = !refusal && isAnonymousGet(request) && edgeCacheSeconds(env) > 0 ? await caches.open("pages") : null;
    const key = cache ? cacheKey(request, buildVersion) : null;
    if (cache && key) {
      const hit = await cache.match(key);
      if (hit) return withFreshNonce(hit, nonce, dev, sources);
    }

    let session: Promise<SessionState> | undefined;
    const loadContext = {
      env,
      ctx,
      cspNonce: nonce,
      buildVersion,
      refusal,
      session: () => (session ??= resolveSession(request, env, ctx)),
    };
    const response = finish(await handleRemixRequest(withoutOriginIfExempt(request), loadContext));
    if (cache && key && isStorable(response)) ctx.waitUntil(cache.put(key, response.clone()));
    return response;
  },

  async scheduled(controller: ScheduledController, bindings: Env, ctx: ExecutionContext): Promise<void> {
    const env = deploymentEnv(bindings, null);
    if (refuseIfMisconfigured(env)) return;
    const now = new Date(controller.scheduledTime);
    ctx.waitUntil(
      deliverOutbox(env, now).then((report) => {
        if (report.sent + report.retrying + report.parked > 0) console.log(`outbox: ${JSON.stringify(report)}`);
      }),
    );
    ctx.waitUntil(
      checkDueApplications(env, now).then((report) => {
        if (report.looked > 0) console.log(`card applications: ${JSON.stringify(report)}`);
      }),
    );
    ctx.waitUntil(
      reviewDuePurchases(env.DB, now).then((admitted) => {
        if (admitted > 0) console.log(`share declarations admitted: ${admitted}`);
      }),
    );
  },
} satisfies ExportedHandler<Env>;
