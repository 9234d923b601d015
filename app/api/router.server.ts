/**
 * The JSON API's door (docs/decisions/0034): every request under /rest/ and /v1/ comes here instead
 * of to Remix. It finds the operation, checks the bearer token, reads and checks the JSON body and
 * the query against the operation's zod schemas, runs it and answers JSON. Every refusal is a 4xx
 * with `{ message, parameters }`; D1 failing is a 503 of the same shape with Retry-After
 * (docs/decisions/0036), any other fault a 500. Nothing here reads a cookie or sets one. A refusal
 * may come before the body was read (an unknown path or query parameter, no token, a Content-Length
 * over the limit): whatever the answer, a body left unread is let go of before it goes out.
 */
import { BODY_LIMIT_BYTES, discardBody, readLimited } from "~/platform/request-guard.server";
import { bearerToken, tokenCustomer } from "~/platform/api-token.server";
import { RETRY_AFTER_SECONDS } from "~/platform/database-outage.server";
import { isDatabaseUnavailable } from "~/platform/db.server";
import type { Env } from "~/platform/context";
import type { SignedInCustomer } from "~/platform/session.server";
import { failureResponse, invalidInput } from "./errors.server";
import { apiJson } from "./money.server";
import { ApiFailure, type Method, type Operation } from "./operation.server";
import { OPERATIONS } from "./operations.server";
import { corsHeaders, preflight } from "./cors.server";

/** The paths the API owns; the pages have none of them. */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith("/rest/") || pathname.startsWith("/v1/");
}

interface Route {
  op: Operation;
  pattern: RegExp;
  names: string[];
}

const ROUTES: Route[] = OPERATIONS.map((op) => {
  const names: string[] = [];
  const source = op.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { op, pattern: new RegExp(`^${source}$`), names };
});

function decodeParam(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function findRoute(method: string, pathname: string): { route: Route; params: Record<string, string> } | Method[] {
  const allowed: Method[] = [];
  for (const route of ROUTES) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    if (route.op.method !== method) {
      allowed.push(route.op.method);
      continue;
    }
    const params = Object.fromEntries(route.names.map((name, i) => [name, decodeParam(match[i + 1])]));
    // A path parameter that is no valid percent-encoding names nothing there is.
    if (Object.values(params).includes(null)) continue;
    return { route, params: params as Record<string, string> };
  }
  return allowed;
}

async function readJson(request: Request): Promise<unknown> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  const body = await readLimited(request, BODY_LIMIT_BYTES);
  if (body === null) throw new ApiFailure(413, "api:tooLarge");
  if (body.byteLength === 0) return {};
  if (type !== "application/json") throw new ApiFailure(415, "api:unsupportedMediaType");
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    throw new ApiFailure(400, "api:malformedJson");
  }
}

async function dispatch(request: Request, env: Env, ctx: ExecutionContext, buildVersion: string): Promise<Response> {
  const url = new URL(request.url);
  const found = findRoute(request.method === "HEAD" ? "GET" : request.method, url.pathname);
  if (Array.isArray(found)) {
    if (found.length === 0) throw new ApiFailure(404, "api:notFound", [url.pathname]);
    return failureResponse(new ApiFailure(405, "api:methodNotAllowed", [request.method]), {
      Allow: [...new Set(found)].join(", "),
    });
  }
  const { route, params } = found;
  const { op } = route;

  let customer: SignedInCustomer | null = null;
  let tokenHash = "";
  if (op.auth) {
    const token = bearerToken(request);
    const owner = token ? await tokenCustomer(env.DB, token) : null;
    if (!owner) throw new ApiFailure(401, "api:unauthorized");
    customer = owner.customer;
    tokenHash = owner.hash;
  }

  const query = op.query
    ? op.query.safeParse(Object.fromEntries(url.searchParams))
    : url.searchParams.size
      ? null
      : { success: true as const, data: {} };
  if (query === null)
    throw new ApiFailure(
      400,
      "api:invalidInput",
      [...url.searchParams.keys()].map((k) => `query.${k}`),
    );
  if (!query.success) throw await invalidInput(query.error, "query");

  let body: unknown = {};
  if (op.body) {
    const parsed = op.body.safeParse(await readJson(request));
    if (!parsed.success) throw await invalidInput(parsed.error, "body");
    body = parsed.data;
  } else if (request.body) {
    // An operation without a body still reads (and limits) what came, so nothing is left unread.
    if ((await readLimited(request, BODY_LIMIT_BYTES)) === null) throw new ApiFailure(413, "api:tooLarge");
  }

  const result = await op.run(
    { body, query: query.data },
    { request, env, ctx, params, customer, customerId: customer?.id ?? 0, tokenHash, buildVersion },
  );
  const status = op.status ?? 200;
  if (status === 204) return new Response(null, { status });
  return new Response(apiJson(result), { status, headers: { "Content-Type": "application/json" } });
}

/** The answer to an API request, with CORS headers for the configured origins only. */
export async function handleApiRequest(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  buildVersion: string,
): Promise<Response> {
  if (request.method === "OPTIONS") {
    // no-store like every other answer of the API (it had no Cache-Control at all)
    const answer = preflight(request, env);
    await discardBody(request);
    answer.headers.set("Cache-Control", "no-store");
    return answer;
  }
  let response: Response;
  try {
    response = await dispatch(request, env, ctx, buildVersion);
  } catch (error) {
    if (!(error instanceof ApiFailure)) console.error("api call failed", error);
    response = await failureResponse(
      error instanceof ApiFailure
        ? error
        : isDatabaseUnavailable(error)
          ? new ApiFailure(503, "api:databaseUnavailable")
          : new ApiFailure(500, "global.processingError"),
    );
  }
  await discardBody(request);
  response.headers.set("Cache-Control", "no-store");
  if (response.status === 503 && !response.headers.has("Retry-After"))
    response.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  if (response.status === 401) response.headers.set("WWW-Authenticate", 'Bearer realm="frischkorb"');
  for (const [name, value] of corsHeaders(request, env)) response.headers.set(name, value);
  return response;
}
