/**
 * A database outage is an outage, not a bug (docs/decisions/0036-database-outage.md). Every route's
 * loader and action runs inside `answeringOutages`: an error that `isDatabaseUnavailable`
 * (db.server.ts) recognises becomes a thrown 503 answer whose data says so, which Remix renders as
 * the root's error page (the same with and without JavaScript) and the worker sends with
 * Retry-After. The answer to a form post carries what was sent, without passwords and PINs, so the
 * page can send it again. Every other error stays what it was: a bug, a 500.
 */
import type { ActionFunction, AppLoadContext, LoaderFunction, ServerBuild } from "@remix-run/cloudflare";
import { isDatabaseUnavailable } from "./db.server";
import { DATABASE_UNAVAILABLE, isSecretField, type OutageData, type Resend } from "./database-outage";
import { safeRedirectPath } from "./redirect";
import { unavailablePage } from "./unavailable-page.server";
import common from "../../locales/de/common.json";

/** How long a client should wait before asking again: D1's resets and retries take seconds. */
export const RETRY_AFTER_SECONDS = 30;

/** The requests (by their load context) whose loader or action met an outage. */
const outages = new WeakSet<AppLoadContext>();

/** Whether a loader or action of this request met a database outage. */
export function metDatabaseOutage(context: AppLoadContext): boolean {
  return outages.has(context);
}

const FORM_TYPES = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/** The form that was posted, to send again; null for anything that is no form (a webhook's JSON). */
async function resendOf(request: Request): Promise<Resend | null> {
  if (!FORM_TYPES.test(request.headers.get("Content-Type") ?? "")) return null;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  const fields: [string, string][] = [];
  let secretsLeftOut = false;
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") continue;
    if (isSecretField(name)) secretsLeftOut = true;
    else fields.push([name, value]);
  }
  const url = new URL(request.url);
  // Back to the same path of this shop, never to a "//host" a path could name.
  const action = safeRedirectPath(url.pathname + url.search, "");
  return action ? { action, fields, secretsLeftOut } : null;
}

function outageAnswer(resend: Resend | null): Response {
  const data: OutageData = { reason: DATABASE_UNAVAILABLE, resend };
  return Response.json(data, { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } });
}

/**
 * The form each request posted, kept aside for the outage page until needed: for an action's own
 * outage, or for a loader's after the action, when a document post re-renders its page (a refused
 * form; a write that went through redirects, docs/architecture.md "Requests").
 */
const posted = new WeakMap<AppLoadContext, { request: Request; resend?: Promise<Resend | null> }>();

function resendFor(context: AppLoadContext): Promise<Resend | null> {
  const form = posted.get(context);
  if (!form) return Promise.resolve(null);
  form.resend ??= resendOf(form.request);
  return form.resend;
}

type RouteFunction = LoaderFunction | ActionFunction;

/** `run`, with an outage turned into the 503 answer; an action keeps a copy of its form for it. */
function answering<F extends RouteFunction>(run: F, isAction: boolean): F {
  const guarded = async (args: Parameters<F>[0]) => {
    // Remix's Request type is the DOM's; it is the worker's own at run time.
    if (isAction) posted.set(args.context, { request: args.request.clone() as unknown as Request });
    try {
      return await run(args as never);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      console.error(`database unavailable: ${new URL(args.request.url).pathname}`, error);
      outages.add(args.context);
      throw outageAnswer(await resendFor(args.context));
    }
  };
  return guarded as F;
}

/** The build with every loader and action answering a database outage with 503. */
export function answeringOutages(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const { loader, action } = route.module;
      const module = {
        ...route.module,
        ...(loader ? { loader: answering(loader, false) } : {}),
        ...(action ? { action: answering(action, true) } : {}),
      };
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes };
}

/** The static page for an outage met outside Remix (the worker's own reads). */
export function outagePage(): Response {
  const { headline, text } = common.pages.error.status["503"];
  return unavailablePage({ title: headline, text }, RETRY_AFTER_SECONDS);
}
