/**
 * The locations GraphQL endpoint `/graphql` (issue 34, docs/decisions/0050-locations-graphql.md),
 * served by GraphQL Yoga on the API's door: no cookie reaches it, the API's CORS rules and body
 * limit apply. GraphQL Armor bounds every operation before it runs (depth, cost, aliases,
 * directives, tokens), introspection included. Every answer is JSON with `data` or `errors`, each
 * error's message German (spec section 8: a client throws the first one).
 */
import { blockFieldSuggestionsPlugin } from "@escape.tech/graphql-armor-block-field-suggestions";
import { costLimitPlugin } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesPlugin } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthPlugin } from "@escape.tech/graphql-armor-max-depth";
import { maxDirectivesPlugin } from "@escape.tech/graphql-armor-max-directives";
import { GraphQLError, parse } from "graphql";
import { createYoga, maskError, type Plugin } from "graphql-yoga";
import { NEAREST_MAX } from "~/domain/store/locations";
import { localLocations } from "~/domain/store/locations.server";
import type { Env } from "~/platform/context";
import { RETRY_AFTER_SECONDS } from "~/platform/database-outage.server";
import { isDatabaseUnavailable } from "~/platform/db.server";
import { translator } from "~/platform/i18n.server";
import { BODY_LIMIT_BYTES, discardBody, readLimited } from "~/platform/request-guard.server";
import { corsHeaders, preflight } from "../cors.server";
import { type ErrorTexts, germanErrors } from "./errors.server";
import { type GraphqlContext, locationsSchema } from "./schema.server";

export const GRAPHQL_PATH = "/graphql";

export function isGraphqlPath(pathname: string): boolean {
  return pathname === GRAPHQL_PATH;
}

/**
 * The limits. The deepest real question (nearestStores → store → specialDays → opening → from)
 * is 5 levels; a whole store with every field costs about 100 by Armor's count (a list counts
 * once, whatever its length), so five whole-store lists fit in one query. The full introspection
 * query of GraphQL tools nests `ofType` far deeper and is refused: the schema is published in
 * app/api/graphql/schema.server.ts and docs/decisions/0050.
 */
export const LIMITS = { depth: 6, cost: 500, aliases: 15, directives: 10, tokens: 1000 } as const;

type Text = GraphqlContext["text"];

/**
 * GraphQL Armor's rules, each refusing with the service's own German text. The token limit is
 * graphql-js's own (`parse` with `maxTokens`): Armor's token plugin imports graphql's CommonJS
 * parser, a second copy of graphql whose syntax errors Yoga would not recognise as its own.
 */
function limits(text: Text): Plugin[] {
  return [
    maxDepthPlugin({
      n: LIMITS.depth,
      ignoreIntrospection: false,
      flattenFragments: true,
      exposeLimits: false,
      errorMessage: text("graphql.tooDeep", { count: LIMITS.depth }),
    }),
    costLimitPlugin({
      maxCost: LIMITS.cost,
      ignoreIntrospection: false,
      exposeLimits: false,
      errorMessage: text("graphql.tooCostly"),
    }),
    maxAliasesPlugin({
      n: LIMITS.aliases,
      exposeLimits: false,
      errorMessage: text("graphql.tooManyAliases", { count: LIMITS.aliases }),
    }),
    maxDirectivesPlugin({
      n: LIMITS.directives,
      exposeLimits: false,
      errorMessage: text("graphql.tooManyDirectives", { count: LIMITS.directives }),
    }),
    // "Did you mean …?" is English, and tells the schema to whoever guesses
    blockFieldSuggestionsPlugin(),
    {
      onParse({ setParseFn }) {
        setParseFn((source, options) => parse(source, { ...options, maxTokens: LIMITS.tokens }));
      },
    },
  ];
}

let server: { yoga: ReturnType<typeof makeYoga>; texts: ErrorTexts } | undefined;

function makeYoga(text: Text) {
  return createYoga<GraphqlContext>({
    schema: locationsSchema,
    graphqlEndpoint: GRAPHQL_PATH,
    landingPage: false,
    graphiql: false,
    // the API's CORS rules apply (cors.server.ts), not Yoga's open default
    cors: false,
    multipart: false,
    batching: false,
    maskedErrors: {
      isDev: false,
      // D1 failing is an outage, not a fault (docs/decisions/0036): 503 with Retry-After, as the API
      maskError(error, message, isDev) {
        const original = error instanceof GraphQLError ? error.originalError : error;
        if (!isDatabaseUnavailable(original)) return maskError(error, message, isDev);
        console.error("database unavailable: /graphql", original);
        const http = { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } };
        return new GraphQLError(text("databaseUnavailable"), { extensions: { http } });
      },
    },
    logging: "error",
    plugins: limits(text),
  });
}

/** The service's own refusals: German already, kept as they are (errors.server.ts). */
function ownMessages(text: Text): Set<string> {
  return new Set([
    text("graphql.tooDeep", { count: LIMITS.depth }),
    text("graphql.tooCostly"),
    text("graphql.tooManyAliases", { count: LIMITS.aliases }),
    text("graphql.tooManyDirectives", { count: LIMITS.directives }),
    text("graphql.tooManyTokens", { count: LIMITS.tokens }),
    text("graphql.invalidBox"),
    text("graphql.nearestLimit", { count: NEAREST_MAX }),
    text("unknownPostcode"),
    text("databaseUnavailable"),
  ]);
}

async function yogaServer() {
  if (!server) {
    const [api, common] = (await Promise.all([translator("api"), translator("common")])) as [Text, Text];
    const text: Text = (key, values) => api(key, values);
    const processing = common("global.processingError");
    server = { yoga: makeYoga(text), texts: { text, own: ownMessages(text), processing } };
  }
  return server;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function errorAnswer(status: number, message: string, headers: HeadersInit = {}): Response {
  return Response.json({ errors: [{ message }] }, { status, headers });
}

async function answer(request: Request, env: Env): Promise<Response> {
  const { yoga, texts } = await yogaServer();
  const { text } = texts;
  if (request.method !== "GET" && request.method !== "POST")
    return errorAnswer(405, text("graphql.methodNotAllowed"), { Allow: "GET, POST" });
  // variables that are no JSON are the client's mistake (Yoga would log them as its own error)
  const params = new URL(request.url).searchParams;
  for (const name of ["variables", "extensions"]) {
    const value = params.get(name);
    if (value !== null && !isJson(value)) return errorAnswer(400, text("graphql.variables"));
  }
  // The answer is JSON whatever else the client accepts: no event stream, no incremental delivery.
  const headers = new Headers(request.headers);
  const wantsGraphqlJson = /application\/graphql-response\+json/i.test(headers.get("Accept") ?? "");
  headers.set("Accept", wantsGraphqlJson ? "application/graphql-response+json, application/json" : "application/json");
  let body: ArrayBuffer | null = null;
  if (request.method === "POST") {
    body = await readLimited(request, BODY_LIMIT_BYTES);
    if (body === null) return errorAnswer(413, text("tooLarge"));
  }
  const forwarded = new Request(request.url, { method: request.method, headers, body });
  const context: GraphqlContext = { locations: localLocations(env.DB), text };
  return germanErrors(await yoga.fetch(forwarded, context), texts);
}

/** The answer to a request for /graphql, with the API's CORS headers; never stored by a cache. */
export async function handleGraphqlRequest(request: Request, env: Env): Promise<Response> {
  let response: Response;
  if (request.method === "OPTIONS") response = preflight(request, env);
  else {
    try {
      response = await answer(request, env);
    } catch (error) {
      console.error("graphql call failed", error);
      const common = (await translator("common")) as Text;
      response = errorAnswer(500, common("global.processingError"));
    }
  }
  // a body left unread (a refusal before reading it) is let go of before the answer goes out
  await discardBody(request);
  // the back office changes hours at any time, and the pages show them live (decision 0045)
  response.headers.set("Cache-Control", "no-store");
  for (const [name, value] of corsHeaders(request, env)) response.headers.set(name, value);
  return response;
}
