/**
 * The Workers entry: every request the static assets did not answer comes here. It refuses to
 * serve a deployment that lacks its own configuration, refuses requests it cannot read
 * (request-guard.server.ts) and cross-site writes, answers anonymous pages from the edge cache,
 * runs Remix, and puts the security headers on whatever goes out. While D1 fails, pages answer 503
 * with Retry-After, and a page in the edge cache stands in (docs/decisions/0036). Mails a request
 * wrote go to the mail queue after its answer, and the worker is that queue's consumer (decision
 * 0051). The Cron Trigger sweeps the outbox into the queue (or, without one, delivers it), takes
 * open card applications a step further with the card provider, and, only where development
 * stand-ins run, admits signed membership declarations in the cooperative's stead. Every page says
 * in its Server-Timing header how long it waited for D1, D1's own time, and how long Remix took
 * beyond that (docs/decisions/0053).
 */
import { createRequestHandler, logDevReady, type AppLoadContext } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import type { Env, MailMessage } from "~/platform/context";
import { applySecurityHeaders, createNonce, isCrossSiteWrite, withoutOriginIfExempt } from "~/platform/security.server";
import {
  PRIVATE_CACHE_CONTROL,
  cacheKey,
  edgeCacheSeconds,
  hitHeaders,
  isAnonymousGet,
  isFresh,
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
import {
  REQUEST_HAND_OVER,
  deliverOutbox,
  deliverQueuedMails,
  handOverOutbox,
  sweepSize,
} from "~/platform/mail-delivery.server";
import { paymentProvider } from "~/platform/payment.server";
import { discardBody, guardRequest } from "~/platform/request-guard.server";
import { catalogueVersion } from "~/platform/catalogue-version.server";
import { handleApiRequest, isApiPath } from "~/api/router.server";
import { handleGraphqlRequest, isGraphqlPath } from "~/api/graphql/handler.server";
import { tileOrigin } from "~/platform/map-tiles.server";
import { readConsent } from "~/platform/consent";
import { bookmarkCookie, readBookmark, sessionDatabase, type SessionDatabase } from "~/platform/d1-session.server";
import { tagManagerFor } from "~/platform/tag-manager.server";
import type { PolicySources } from "~/platform/security.server";
import {
  answeringOutages,
  metDatabaseOutage,
  outagePage,
  RETRY_AFTER_SECONDS,
} from "~/platform/database-outage.server";
import { isDatabaseUnavailable } from "~/platform/db.server";
import { checkDueApplications } from "~/domain/card/application.server";
import { reviewDuePurchases } from "~/domain/share/purchase.server";
import { reconcilePayments } from "~/domain/order/reconcile-payments.server";
import { shopOrigin } from "~/platform/mail-transport.server";
import { archiveOrders } from "~/domain/order/archive.server";
import { pruneExpired } from "~/platform/prune.server";
import { RequestTiming } from "~/platform/server-timing.server";

const dev = process.env.NODE_ENV === "development";
if (dev) logDevReady(build);

/**
 * Hands the outbox's waiting mails to the mail queue: after a request, those it (or another just
 * now) wrote; the Cron Trigger's sweep, any left. A failure is logged; the sweep retries it.
 */
function handOver(env: Env, sweep: Date | null): Promise<void> {
  const handing = sweep
    ? handOverOutbox(env, sweep, { limit: sweepSize(env) })
    : handOverOutbox(env, new Date(), REQUEST_HAND_OVER);
  return handing.then(
    (handed) => {
      if (sweep && handed > 0) console.log(`mail queue: ${handed} mail(s) handed over by the sweep`);
    },
    (error: unknown) => console.error("handing the outbox to the mail queue failed; the sweep retries", error),
  );
}

// Every loader and action answers a database outage with 503 (platform/database-outage.server.ts).
const handleRemixRequest = createRequestHandler(answeringOutages(build), process.env.NODE_ENV);
/** The build this worker serves: the edge cache's key and `/builds/latest` (docs/decisions/0025) name it. */
const buildVersion = build.assets.version;

/**
 * The edge cache of pages, kept once opened. The opening itself is each request's own: a request
 * awaiting another request's pending work hangs when that request is cancelled (the category tree,
 * domain/catalog/category.server.ts).
 */
let pagesCache: Cache | undefined;
const openPagesCache = async () => (pagesCache ??= await caches.open("pages"));

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

/** A page rendered anew that failed because D1 did: a stored copy past its freshness stands in. */
function failedOnDatabase(page: Response, context: AppLoadContext): boolean {
  return page.status === 503 && metDatabaseOutage(context);
}

/**
 * A signed-in shopper's home, category, product or search page: the page's signed-in shape from the
 * edge cache (rendered and stored on a miss or when stale), filled in with this shopper's name,
 * token and hearts (docs/decisions/0030); a stale shape stands in while D1 fails (decision 0036).
 * `catalogueVersion` came with her session's read: the key costs no round trip of its own.
 */
async function personalPage(
  request: Request,
  context: AppLoadContext,
  sources: PolicySources,
  group: string,
  parts: PersonalParts,
  catalogueVersion: string,
  timing: RequestTiming,
): Promise<Response> {
  const cache = await openPagesCache();
  const key = personalCacheKey(request, pageVersionOf(catalogueVersion), group);
  const hit = await cache.match(key);
  const nonce = context.cspNonce;
  const stored = hit ? storedMark(hit) : null;
  const fromCache = (state: "HIT" | "STALE") =>
    hit && stored
      ? personalise(hit, parts, stored, { headers: hitHeaders(hit, nonce, dev, sources, state), nonce })
      : null;
  if (hit && isFresh(hit)) {
    const answer = fromCache("HIT");
    if (answer) return answer;
  }
  const mark = newPlaceholderMark();
  const shapeContext: AppLoadContext = { ...context, shopperTemplate: { mark } };
  const page = await timing.render(() => handleRemixRequest(withoutOriginIfExempt(request), shapeContext));
  const standIn = failedOnDatabase(page, shapeContext) ? await fromCache("STALE") : null;
  if (standIn) return standIn;
  if (isStorable(page)) context.ctx.waitUntil(storePage(cache, key, page.clone(), nonce, mark));
  return personalise(page, parts, mark);
}

/**
 * What a cached page's key names besides its URL and variants: the build, and the range's version,
 * which every change in the back office's range moves on, so the shop's pages show it at once
 * (docs/decisions/0046).
 */
async function pageVersion(db: D1Database): Promise<string> {
  return pageVersionOf(await catalogueVersion(db));
}

/** The page version for a range version already read (a signed-in hit reads it with her session). */
function pageVersionOf(rangeVersion: string): string {
  return `${buildVersion}.${rangeVersion}`;
}

/** Whether the request goes to the JSON API or the GraphQL endpoint rather than to Remix. */
function apiPaths(incoming: Request) {
  const { pathname } = new URL(incoming.url);
  const graphql = isGraphqlPath(pathname);
  return { graphql, api: graphql || isApiPath(pathname) };
}

interface RequestDatabase {
  d1: SessionDatabase;
  /** The shopper's bookmark the session started from. */
  bookmark: string | null;
}

/** One D1 session per request, from the shopper's last bookmark (docs/decisions/0028). */
function requestDatabase(incoming: Request, bindings: Env, timing: RequestTiming): RequestDatabase {
  // The JSON API (and the locations GraphQL endpoint beside it) reads no cookie, so no bookmark
  // either: its calls read from the primary.
  const { api } = apiPaths(incoming);
  const bookmark = api ? null : readBookmark(incoming.headers.get("Cookie"));
  const writes = api || !["GET", "HEAD"].includes(incoming.method);
  return { d1: sessionDatabase(bindings.DB, bookmark, writes, timing), bookmark };
}

async function serve(
  incoming: Request,
  bindings: Env,
  ctx: ExecutionContext,
  { d1, bookmark }: RequestDatabase,
  timing: RequestTiming,
): Promise<Response> {
  const { graphql, api } = apiPaths(incoming);
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
    const stripped = new Request(incoming, { headers });
    const answer = graphql
      ? await handleGraphqlRequest(stripped, env)
      : await handleApiRequest(stripped, env, ctx, buildVersion);
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
    // A 503 (D1 failing, decision 0036) says when to ask again, and no cache keeps it.
    if (out.status === 503) {
      if (!out.headers.has("Retry-After")) out.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
      if (!/no-store/.test(out.headers.get("Cache-Control") ?? "")) out.headers.set("Cache-Control", "no-store");
    }
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
  const key = cache ? cacheKey(request, await pageVersion(env.DB)) : null;
  /** The stored copy past its freshness: rendered anew, unless D1 fails (decision 0036). */
  let stale: Response | null = null;
  if (cache && key) {
    const hit = await cache.match(key);
    if (hit && isFresh(hit)) return await withFreshNonce(hit, nonce, dev, sources);
    stale = hit ?? null;
  }

  let session: Promise<SessionState> | undefined;
  const loadContext: AppLoadContext = {
    env,
    ctx,
    cspNonce: nonce,
    buildVersion,
    refusal,
    pageData: new URL(request.url).pathname.endsWith(".data"),
    session: () => (session ??= resolveSession(request, env, ctx)),
  };
  if (cacheable && isPersonalisableRequest(request)) {
    const shopper = await cachedPageShopper(request, env, ctx).catch((error: unknown) => {
      // D1 fails: Remix reads the session once more and answers the outage (decision 0036).
      if (isDatabaseUnavailable(error)) return null;
      throw error;
    });
    // Whatever comes next reads this session, never a second time.
    if (shopper) session = Promise.resolve(shopper.state);
    if (shopper?.state.kind === "customer" && shopper.parts && shopper.catalogueVersion) {
      const page = await personalPage(
        request,
        loadContext,
        sources,
        shopper.state.customer.group,
        shopper.parts,
        shopper.catalogueVersion,
        timing,
      );
      const out = finish(page);
      if (shopper.setCookie) out.headers.append("Set-Cookie", shopper.setCookie);
      return out;
    }
  }
  const rendered = await timing.render(() => handleRemixRequest(withoutOriginIfExempt(request), loadContext));
  if (stale && failedOnDatabase(rendered, loadContext))
    return await withFreshNonce(stale, nonce, dev, sources, "STALE");
  const response = finish(rendered);
  if (cache && key && isStorable(response)) ctx.waitUntil(storePage(cache, key, response.clone(), nonce));
  return response;
}

export default {
  async fetch(incoming: Request, bindings: Env, ctx: ExecutionContext): Promise<Response> {
    const timing = new RequestTiming();
    const database = requestDatabase(incoming, bindings, timing);
    const { d1 } = database;
    try {
      const answer = await serve(incoming, bindings, ctx, database, timing);
      // Pages only: the JSON API and GraphQL answer their clients by their own contract
      // (docs/decisions/0034), which names no timing header.
      return apiPaths(incoming).api ? answer : timing.stamp(answer);
    } catch (error) {
      // Remix answers what its loaders and actions meet; this is D1 failing in the worker's own reads.
      if (!isDatabaseUnavailable(error)) throw error;
      console.error("database unavailable before Remix", error);
      const page = outagePage();
      const production = !deploymentEnv(bindings, new URL(incoming.url)).standIns;
      applySecurityHeaders(page.headers, { production, dev });
      return page;
    } finally {
      // The request wrote mails: their batch has committed (or failed, then there is nothing to
      // hand over), so they go to the mail queue now, after the answer (decision 0051).
      if (d1.wroteMail())
        ctx.waitUntil(handOver(deploymentEnv({ ...bindings, DB: d1.db }, new URL(incoming.url)), null));
    }
  },

  /** The mail queue's consumer (docs/decisions/0051-mail-queue.md). */
  async queue(batch: MessageBatch<MailMessage>, bindings: Env): Promise<void> {
    const env = deploymentEnv(bindings, null);
    // A misconfigured deployment sends nothing; the rows stay, and the sweep hands them over again.
    if (refuseIfMisconfigured(env)) {
      batch.ackAll();
      return;
    }
    const report = await deliverQueuedMails(env, batch);
    if (report.sent + report.retrying + report.parked > 0) console.log(`mail queue: ${JSON.stringify(report)}`);
  },

  async scheduled(controller: ScheduledController, bindings: Env, ctx: ExecutionContext): Promise<void> {
    const env = deploymentEnv(bindings, null);
    if (refuseIfMisconfigured(env)) return;
    const now = new Date(controller.scheduledTime);
    // With the mail queue: the sweep hands over what no request did (decision 0051); without it
    // the Cron Trigger sends the outbox itself, as many mails a minute as one run sends.
    ctx.waitUntil(
      env.MAIL
        ? handOver(env, now)
        : deliverOutbox(env, now).then((report) => {
            if (report.sent + report.retrying + report.parked > 0) console.log(`outbox: ${JSON.stringify(report)}`);
          }),
    );
    ctx.waitUntil(
      checkDueApplications(env, now).then((report) => {
        if (report.looked > 0) console.log(`card applications: ${JSON.stringify(report)}`);
      }),
    );
    ctx.waitUntil(
      reconcilePayments(env.DB, paymentProvider(env), now, shopOrigin(env)).then((report) => {
        if (report.unopened + report.answered + report.open > 0) console.log(`payments: ${JSON.stringify(report)}`);
      }),
    );
    // Orders past their open period to the archive, and the rows no longer used pruned
    // (docs/decisions/0052-order-archive-and-pruning.md).
    ctx.waitUntil(
      archiveOrders(env.DB, env.ARCHIVE, now).then((report) => {
        if (report.archived + report.skipped + report.failed > 0) console.log(`archive: ${JSON.stringify(report)}`);
      }),
    );
    ctx.waitUntil(
      pruneExpired(env.DB, now).then((report) => {
        if (report.sessions + report.tokens + report.outbox + report.rateLimits > 0)
          console.log(`pruned: ${JSON.stringify(report)}`);
      }),
    );
    // Admission is the cooperative's decision (§ 15 GenG), made in the back office; the timer that
    // admits every signed declaration is a development stand-in only (docs/decisions/0021).
    if (env.standIns)
      ctx.waitUntil(
        reviewDuePurchases(env.DB, now).then((admitted) => {
          if (admitted > 0) console.log(`share declarations admitted by the stand-in: ${admitted}`);
        }),
      );
  },
} satisfies ExportedHandler<Env, MailMessage>;
