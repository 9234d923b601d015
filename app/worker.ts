/**
 * The Workers entry: every request the static assets did not answer comes here. It refuses to
 * serve a deployment that lacks its own configuration, refuses requests it cannot read
 * (request-guard.server.ts) and cross-site writes, answers anonymous pages from the edge cache,
 * runs Remix, and puts the security headers on whatever goes out. The Cron Trigger delivers the
 * outbox, takes open card applications a step further with the card provider, and lets the
 * cooperative check signed membership declarations.
 */
import { createRequestHandler, logDevReady, type AppLoadContext } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import type { Env } from "~/platform/context";
import { applySecurityHeaders, createNonce, isCrossSiteWrite, withoutOriginIfExempt } from "~/platform/security.server";
import {
  PRIVATE_CACHE_CONTROL,
  cacheKey,
  edgeCacheSeconds,
  hitHeaders,
  isAnonymousGet,
  isPersonal,
  isStorable,
  storePage,
  withFreshNonce,
} from "~/platform/edge-cache.server";
import {
  isPersonalisableRequest,
  newPlaceholderMark,
  personalCacheKey,
  personalise,
  storedMark,
  type PersonalParts,
} from "~/platform/personal-page.server";
import { cachedPageShopper } from "~/http/customer/shopper.server";
import { hasSession, resolveSession, startsSession, type SessionState } from "~/platform/session.server";
import { configurationProblems, deploymentEnv, refusal as notConfigured } from "~/platform/deployment.server";
import { deliverOutbox } from "~/platform/mail-delivery.server";
import { paymentProvider } from "~/platform/payment.server";
import { discardBody, guardRequest } from "~/platform/request-guard.server";
import { handleApiRequest, isApiPath } from "~/api/router.server";
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

/** The edge cache of pages, opened once per isolate. */
let pagesCache: Promise<Cache> | undefined;
const openPagesCache = () => (pagesCache ??= caches.open("pages"));

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

/**
 * A signed-in shopper's home, category, product or search page: the page's signed-in shape from the
 * edge cache (rendered and stored on a miss), filled in with this shopper's name, token and hearts
 * (docs/decisions/0030).
 */
async function personalPage(
  request: Request,
  context: AppLoadContext,
  sources: PolicySources,
  group: string,
  parts: PersonalParts,
): Promise<Response> {
  const cache = await openPagesCache();
  const key = personalCacheKey(request, buildVersion, group);
  const hit = await cache.match(key);
  const nonce = context.cspNonce;
  const stored = hit ? storedMark(hit) : null;
  if (hit && stored) return personalise(hit, parts, stored, { headers: hitHeaders(hit, nonce, dev, sources), nonce });
  const mark = newPlaceholderMark();
  const page = await handleRemixRequest(withoutOriginIfExempt(request), { ...context, shopperTemplate: { mark } });
  if (isStorable(page)) context.ctx.waitUntil(storePage(cache, key, page.clone(), nonce, mark));
  return personalise(page, parts, mark);
}

export default {
  async fetch(incoming: Request, bindings: Env, ctx: ExecutionContext): Promise<Response> {
    // The JSON API reads no cookie, so no bookmark either: its calls read from the primary.
    const api = isApiPath(new URL(incoming.url).pathname);
    // One D1 session per request, from the shopper's last bookmark (docs/decisions/0028).
    const bookmark = api ? null : readBookmark(incoming.headers.get("Cookie"));
    const writes = api || !["GET", "HEAD"].includes(incoming.method);
    const d1 = sessionDatabase(bindings.DB, bookmark, writes);
    const env = deploymentEnv({ ...bindings, DB: d1.db }, new URL(incoming.url));
    const production = !env.standIns;
    const nonce = createNonce();
    // Before anything reads a cookie: reading one needs the deployment's own secrets.
    const misconfigured = refuseIfMisconfigured(env);
    if (misconfigured) {
      await discardBody(incoming);
      applySecurityHeaders(misconfigured.headers, { nonce, production, dev });
      return misconfigured;
    }
    if (api) {
      // The API's door (docs/decisions/0034): bearer tokens only; the cookies never reach it.
      const headers = new Headers(incoming.headers);
      headers.delete("Cookie");
      const answer = await handleApiRequest(new Request(incoming, { headers }), env, ctx, buildVersion);
      applySecurityHeaders(answer.headers, { production, dev });
      return answer;
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

    const cacheable = !refusal && edgeCacheSeconds(env) > 0;
    const cache = cacheable && isAnonymousGet(request) ? await openPagesCache() : null;
    const key = cache ? cacheKey(request, buildVersion) : null;
    if (cache && key) {
      const hit = await cache.match(key);
      if (hit) return await withFreshNonce(hit, nonce, dev, sources);
    }

    let session: Promise<SessionState> | undefined;
    const loadContext: AppLoadContext = {
      env,
      ctx,
      cspNonce: nonce,
      buildVersion,
      refusal,
      session: () => (session ??= resolveSession(request, env, ctx)),
    };
    if (cacheable && isPersonalisableRequest(request)) {
      const shopper = await cachedPageShopper(request, env, ctx);
      // Whatever comes next reads this session, never a second time.
      session = Promise.resolve(shopper.state);
      if (shopper.state.kind === "customer" && shopper.parts) {
        const page = await personalPage(request, loadContext, sources, shopper.state.customer.group, shopper.parts);
        const out = finish(page);
        if (shopper.setCookie) out.headers.append("Set-Cookie", shopper.setCookie);
        return out;
      }
    }
    const response = finish(await handleRemixRequest(withoutOriginIfExempt(request), loadContext));
    if (cache && key && isStorable(response)) ctx.waitUntil(storePage(cache, key, response.clone(), nonce));
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
