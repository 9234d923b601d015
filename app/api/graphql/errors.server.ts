/**
 * GraphQL errors in German (spec section 8: a client throws the first error's message). The
 * service's own refusals (limits, an invalid box, an unknown postcode) are German already; the
 * messages of graphql-js and Yoga (syntax, unknown fields, wrong variables, bad JSON) are English
 * and become the texts of locales/de/api.json here, the names they quote kept. An answer that is no
 * GraphQL answer at all (a refusal before Yoga parsed anything) becomes `{ errors: [{ message }] }`.
 */

type Text = (key: string, values?: Record<string, unknown>) => string;

/** English message → text key and the names it quotes; the first that matches wins. */
const PATTERNS: [RegExp, string, (m: RegExpMatchArray) => Record<string, string>][] = [
  [/contains more th\w+ (\d+) tokens/, "graphql.tooManyTokens", (m) => ({ count: m[1] })],
  [/^Syntax Error/, "graphql.syntax", () => ({})],
  [/^Cannot query field "([^"]+)" on type "([^"]+)"/, "graphql.unknownField", (m) => ({ field: m[1], type: m[2] })],
  [/^Unknown argument "([^"]+)"/, "graphql.unknownArgument", (m) => ({ argument: m[1] })],
  [
    /^Field "([^"]+)" argument "([^"]+)" of type "[^"]+" is required/,
    "graphql.missingArgument",
    (m) => ({ field: m[1], argument: m[2] }),
  ],
  [
    /^Field "([^"]+)" of type "[^"]+" must have a selection of subfields/,
    "graphql.needsSubfields",
    (m) => ({ field: m[1] }),
  ],
  [/^Field "([^"]+)" must not have a selection/, "graphql.noSubfields", (m) => ({ field: m[1] })],
  [/^Variable "\$([^"]+)"/, "graphql.variable", (m) => ({ name: m[1] })],
  [/^Unknown type "([^"]+)"/, "graphql.unknownType", (m) => ({ type: m[1] })],
  [/[Ff]ragment/, "graphql.fragment", () => ({})],
  [/[Dd]irective/, "graphql.directive", () => ({})],
  [
    /^Unknown operation named|operation name|^Could not determine what operation|anonymous operation|only one operation named/i,
    "graphql.operation",
    () => ({}),
  ],
  [/mutation|subscription/i, "graphql.onlyQueries", () => ({})],
  [/^Must provide query string/, "graphql.noQuery", () => ({})],
  [/invalid JSON/i, "malformedJson", () => ({})],
  [
    /cannot represent|Expected value of type|Expected type|is not defined by type|was not provided|invalid value/,
    "graphql.wrongValue",
    () => ({}),
  ],
  [/"variables"/, "graphql.variables", () => ({})],
  [/param|"query"|"operationName"|"extensions"|[Rr]equest body|GraphQL Params/, "graphql.badParameters", () => ({})],
];

export interface ErrorTexts {
  text: Text;
  /** The service's own messages, German already. */
  own: ReadonlySet<string>;
  /** The shop's text for a fault of its own (Yoga masks it as "Unexpected error."). */
  processing: string;
}

export function germanMessage(message: string, texts: ErrorTexts): string {
  // GraphQL Armor puts "Syntax Error: " before the refusals it reports
  const bare = message.replace(/^Syntax Error: /, "");
  if (texts.own.has(bare)) return bare;
  if (/^Unexpected error/.test(message)) return texts.processing;
  for (const [pattern, key, values] of PATTERNS) {
    const match = message.match(pattern);
    if (match) return texts.text(key, values(match));
  }
  return texts.text("graphql.invalid");
}

/** The fallback message of an answer without a GraphQL body, by its status. */
function statusMessage(status: number, texts: ErrorTexts): string {
  if (status === 405) return texts.text("graphql.methodNotAllowed");
  if (status === 415) return texts.text("graphql.unsupportedMediaType");
  if (status >= 500) return texts.processing;
  return texts.text("graphql.invalid");
}

/** Yoga's answer with German error messages; always JSON with `data` or `errors`. */
export async function germanErrors(response: Response, texts: ErrorTexts): Promise<Response> {
  const raw = await response.text();
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  let body: { data?: unknown; errors?: unknown } | null = null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed;
  } catch {
    body = null;
  }
  if (!body || (!("data" in body) && !Array.isArray(body.errors))) {
    headers.set("Content-Type", "application/json; charset=utf-8");
    const status = Math.max(response.status, 400);
    return new Response(JSON.stringify({ errors: [{ message: statusMessage(status, texts) }] }), {
      status,
      headers,
    });
  }
  if (!Array.isArray(body.errors)) return new Response(raw, { status: response.status, headers });
  const errors = body.errors.map((error: unknown) => {
    const { message, locations, path } = (error ?? {}) as { message?: unknown; locations?: unknown; path?: unknown };
    return {
      message: germanMessage(typeof message === "string" ? message : "", texts),
      ...(locations === undefined ? {} : { locations }),
      ...(path === undefined ? {} : { path }),
    };
  });
  return new Response(JSON.stringify({ ...body, errors }), { status: response.status, headers });
}
