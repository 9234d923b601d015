/**
 * The API fuzz test's requests (fuzz.test.ts), made by fast-check arbitraries from the OpenAPI
 * document alone: for every documented operation, right and wrong methods, path variants inside
 * the API's door, query strings, Authorization and Content-Type headers, and bodies (random JSON,
 * deep nesting, huge strings, bodies from the operation's schema with one field mutated, missing
 * or extra, malformed JSON, bytes that are no UTF-8, bodies over the 64 KiB limit).
 *
 * `predict` says what the document lets a client expect of a request: refused (a 4xx, nothing
 * changes) or accepted (it may run). The fuzz test sorts the requests into its rounds by it.
 */
import fc from "fast-check";
import type { Contract, DocOperation, JsonSchema } from "./openapi";

/** What the request sends as Authorization; "valid" is the first customer's live token, filled in when sent. */
export type Auth = "none" | "valid" | "lowercase" | "unknown" | "ended" | "garbage" | "other-scheme" | "trailing";

export interface FuzzRequest {
  /** The operation it was made for (it may not reach it: another method or path). */
  target: string;
  label: string;
  method: string;
  /** Path and query as sent. */
  url: string;
  auth: Auth;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
}

/** Values the generator mixes into strings: the customers' own and hostile ones. */
export interface Pools {
  strings: string[];
  /** The signed-in customer's own values (her e-mail address): favoured, so that bodies the shop accepts come up. */
  own: string[];
}

export const BODY_LIMIT = 64 * 1024;
/**
 * Query strings and paths are cut to this many characters (encoded): Cloudflare's edge refuses a
 * URL over 16 KB before any worker runs, and workerd here answers a far longer one 431, as text.
 */
const URL_LIMIT = 12_000;

/** Cuts a piece without leaving half an escape at its end. */
const cut = (text: string, length: number) => text.slice(0, Math.max(0, length)).replace(/%[0-9A-Fa-f]?$/, "");

/** Path and query together within URL_LIMIT (path parameters of long unicode encode to far more). */
function withinUrlLimit(path: string, query: string): string {
  const p = cut(path, URL_LIMIT);
  return p + cut(query, URL_LIMIT - p.length);
}

const HOSTILE = [
  "",
  " ",
  "0",
  "-1",
  "1e309",
  "NaN",
  "true",
  "null",
  "[]",
  "{}",
  "' OR 1=1--",
  '"; DROP TABLE customer;--',
  "../../etc/passwd",
  "%00",
  "\u0000",
  "\r\n",
  "\uFFFF",
  "😀🥦",
  "Ä Ö Ü ß",
  "<script>x</script>",
  "__proto__",
  "constructor",
  "x".repeat(300),
];

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "PROPFIND"];
const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/json-patch+json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  ";;;",
];

/** Printable ASCII only: header values must be bytes. */
const asciiString = (max: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map(String.fromCharCode), maxLength: max });

/** Any string: the pools, unicode (graphemes, lone surrogates), huge ones. */
function anyString(pools: Pools): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...pools.strings, ...HOSTILE) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 51, max: 20_000 }), fc.constantFrom("x", "ä", "😀", " "))
        .map(([n, c]) => c.repeat(n)),
    },
  );
}

/** A value the schema accepts (as far as the document says; the shop may check more). */
export function schemaValue(schema: JsonSchema, contract: Contract, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === "string") return schemaValue(contract.schemaAt(schema.$ref), contract, pools, depth);
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ["anyOf", "oneOf"] as const)
    if (Array.isArray(schema[key]))
      return fc.oneof(...(schema[key] as JsonSchema[]).map((s) => schemaValue(s, contract, pools, depth + 1)));
  if (Array.isArray(schema.allOf))
    return schemaValue(Object.assign({}, ...(schema.allOf as JsonSchema[])), contract, pools, depth);
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : schema.type
      ? [schema.type as string]
      : ["object"];
  return fc.oneof(...types.map((type) => schemaValueType(type, schema, contract, pools, depth)));
}

function schemaValueType(
  type: string,
  schema: JsonSchema,
  contract: Contract,
  pools: Pools,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
    case "number": {
      const min = (schema.minimum as number | undefined) ?? -1_000_000;
      const max = (schema.maximum as number | undefined) ?? 1_000_000;
      return type === "integer"
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.double({ min, max, noNaN: true });
    }
    case "string": {
      const minLength = (schema.minLength as number | undefined) ?? 0;
      const maxLength = (schema.maxLength as number | undefined) ?? 200;
      const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
      if (schema.format === "email")
        return fc.oneof(
          fc.emailAddress(),
          fc.constantFrom(...[...pools.own, ...pools.strings].filter((s) => s.includes("@"))),
        );
      if (typeof schema.pattern === "string") return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
      const fallback = "x".repeat(Math.max(minLength, 1));
      return fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...pools.own, fallback).filter(fits) },
        {
          weight: 2,
          arbitrary: fc.constantFrom(...[...pools.strings, ...HOSTILE].filter(fits), fallback).filter(fits),
        },
        {
          weight: 3,
          arbitrary: fc.string({ unit: "grapheme", minLength, maxLength: Math.min(maxLength, 60) }).filter(fits),
        },
      );
    }
    case "array": {
      const items = (schema.items as JsonSchema | undefined) ?? {};
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxItems as number | undefined) ?? 3, depth > 3 ? minLength : 3);
      return fc.array(schemaValue(items, contract, pools, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, maxLength),
      });
    }
    default: {
      const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, sub] of Object.entries(properties)) record[name] = schemaValue(sub, contract, pools, depth + 1);
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in properties) });
    }
  }
}

/** Every place in a JSON value (a path of keys), the root first. */
function places(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) places(v, [...at, i], out);
  } else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) places(v, [...at, k], out);
  return out;
}

/** The value with one place changed: removed, retyped, emptied, huge, a number as a string, an extra field. */
function mutated(pools: Pools): (value: unknown) => fc.Arbitrary<unknown> {
  return (value) => {
    const all = places(value);
    return fc
      .tuple(fc.constantFrom(...all), fc.integer({ min: 0, max: 8 }), fc.jsonValue({ maxDepth: 2 }), anyString(pools))
      .map(([place, how, json, text]) => {
        const copy = structuredClone(value);
        const replace = (next: (old: unknown) => unknown, remove = false): unknown => {
          if (place.length === 0) return next(copy);
          let parent = copy as Record<string | number, unknown>;
          for (const key of place.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
          const last = place[place.length - 1];
          if (remove && !Array.isArray(parent)) delete parent[last];
          else parent[last] = next(parent[last]);
          return copy;
        };
        switch (how) {
          case 0:
            return replace(() => undefined, true);
          case 1:
            return replace(() => json);
          case 2:
            return replace(() => null);
          case 3:
            return replace((old) =>
              typeof old === "number" ? String(old) : typeof old === "string" ? Number(old) || 7 : [old],
            );
          case 4:
            return replace(() => text);
          case 5:
            return replace((old) =>
              old && typeof old === "object" && !Array.isArray(old) ? { ...old, [text || "extra"]: json } : old,
            );
          case 6:
            return replace((old) => (Array.isArray(old) ? [...old, ...old, json] : [old]));
          case 7:
            return replace(() => "x".repeat(5_000));
          default:
            return replace(() => ({}));
        }
      });
  };
}

const utf8 = new TextEncoder();

/** encodeURIComponent, lone surrogates (which it refuses) replaced first. */
const encode = (s: string) =>
  encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"));

/** A body for an operation: JSON text or raw bytes, of every sort the test names. */
function bodyOf(
  op: DocOperation,
  contract: Contract,
  pools: Pools,
): fc.Arbitrary<{ kind: string; body: string | Uint8Array }> {
  const schema = op.body ? contract.schemaAt(op.body.pointer) : { type: "object" };
  const valid = schemaValue(schema, contract, pools);
  const text = (kind: string, arb: fc.Arbitrary<string | Uint8Array>) => arb.map((body) => ({ kind, body }));
  return fc.oneof(
    {
      weight: 6,
      arbitrary: text(
        "valid",
        valid.map((v) => JSON.stringify(v)),
      ),
    },
    {
      weight: 6,
      arbitrary: text(
        "mutated",
        valid.chain(mutated(pools)).map((v) => JSON.stringify(v) ?? ""),
      ),
    },
    {
      weight: 2,
      arbitrary: text(
        "json",
        fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      ),
    },
    { weight: 1, arbitrary: text("null", fc.constantFrom("null", "[]", "0", '""', "true", '"{}"')) },
    {
      weight: 1,
      arbitrary: text(
        "array",
        valid.map((v) => JSON.stringify([v])),
      ),
    },
    {
      weight: 1,
      arbitrary: text(
        "deep",
        fc
          .tuple(fc.integer({ min: 50, max: 5_000 }), fc.boolean())
          .map(([d, obj]) => (obj ? `${'{"a":'.repeat(d)}1${"}".repeat(d)}` : `${"[".repeat(d)}${"]".repeat(d)}`)),
      ),
    },
    {
      weight: 1,
      arbitrary: text(
        "huge-string",
        fc.integer({ min: 1_000, max: 60_000 }).map((n) => JSON.stringify({ x: "ß".repeat(n / 2) })),
      ),
    },
    {
      weight: 2,
      arbitrary: text(
        "malformed",
        fc
          .tuple(
            valid.map((v) => JSON.stringify(v)),
            fc.nat(),
            fc.constantFrom("", "}", ",", "'", "NaN", "/*x*/", "\u0000"),
          )
          .map(([json, cut, tail]) => json.slice(0, cut % Math.max(json.length, 1)) + tail),
      ),
    },
    {
      weight: 1,
      arbitrary: text(
        "not-utf8",
        fc
          .tuple(
            valid.map((v) => JSON.stringify(v)),
            fc.constantFrom([0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xfe, 0xff]),
          )
          .map(([json, bad]) => {
            const bytes = utf8.encode(json);
            const at = Math.max(1, Math.floor(bytes.length / 2));
            return new Uint8Array([...bytes.slice(0, at), ...bad, ...bytes.slice(at)]);
          }),
      ),
    },
    {
      weight: 1,
      arbitrary: text(
        "bom",
        valid.map((v) => new Uint8Array([0xef, 0xbb, 0xbf, ...utf8.encode(JSON.stringify(v))])),
      ),
    },
    {
      weight: 1,
      arbitrary: text(
        "oversized",
        fc
          .tuple(
            valid.map((v) => JSON.stringify(v)),
            fc.integer({ min: BODY_LIMIT + 1, max: BODY_LIMIT + 30_000 }),
          )
          .map(([json, size]) => json + " ".repeat(Math.max(0, size - json.length))),
      ),
    },
    { weight: 1, arbitrary: text("empty", fc.constant("")) },
  );
}

/** A path inside the API's door: the operation's own, another's, or a variant of it. */
function pathOf(op: DocOperation, all: DocOperation[], pools: Pools): fc.Arbitrary<{ kind: string; path: string }> {
  const fill = (template: string) =>
    fc.array(anyString(pools), { minLength: 8, maxLength: 8 }).map((values) => {
      let i = 0;
      return template.replace(/\{\w+\}/g, () => encode(values[i++ % values.length]));
    });
  const own = fill(op.path);
  return fc.oneof(
    { weight: 12, arbitrary: own.map((path) => ({ kind: "own", path })) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...all)
        .chain((o) => fill(o.path))
        .map((path) => ({ kind: "other", path })),
    },
    {
      weight: 3,
      arbitrary: fc.tuple(own, fc.integer({ min: 0, max: 8 }), anyString(pools)).map(([path, how, text]) => {
        const variants = [
          `${path}/`,
          path.replace(/\/(?=[^/]*$)/, "//"),
          path.replace("/V1/", "/v1/"),
          // upper case after the door's prefix (/rest/ or /v1/), which stays as it is
          path.toUpperCase().replace(/^\/(REST|V1)\//, (prefix) => prefix.toLowerCase()),
          `${path}/${encode(text)}`,
          // a letter percent-encoded, after the door's prefix (the router compares undecoded paths)
          path.slice(0, 9) + path.slice(9).replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`),
          path.replace(/\/rest\/V1\//, "/v1/"),
          path.replace(/\/([^/]+)$/, "/./$1"),
          path.replace(/\/[^/]+$/, "/%E0%A4%A"),
        ];
        return { kind: `variant-${how}`, path: variants[how].slice(0, URL_LIMIT) };
      }),
    },
  );
}

/** A query string: none, the documented parameters, random keys, huge and unicode values, repeated keys, broken escapes. */
function queryOf(op: DocOperation, pools: Pools): fc.Arbitrary<string> {
  const names = op.query.map((p) => p.name);
  const key = fc.oneof(
    ...(names.length ? [fc.constantFrom(...names)] : []),
    fc.constantFrom("q", "page", "limit", "id", "customer_id", "__proto__", "a[b]", ""),
    fc.string({ maxLength: 12 }),
  );
  const value = fc.oneof(
    anyString(pools).map((s) => s.slice(0, 6_000)),
    fc.constantFrom("%E0%A4%A", "%", "%%", "+", "&", "="),
  );
  const pair = fc
    .tuple(key, value, fc.boolean())
    .map(([k, v, raw]) =>
      raw && /^[\x21-\x7e]*$/.test(v) && !v.includes("#") ? `${encode(k)}=${v}` : `${encode(k)}=${encode(v)}`,
    );
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant("") },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.array(pair, { minLength: 1, maxLength: 4 }), fc.boolean())
        .map(([pairs, repeat]) => `?${(repeat ? [...pairs, ...pairs] : pairs).join("&")}`.slice(0, URL_LIMIT)),
    },
  );
}

const AUTHS: Auth[] = ["none", "valid", "lowercase", "unknown", "ended", "garbage", "other-scheme", "trailing"];

/** Every request the fuzz may send, for the document's operations. */
export function requestArbitrary(contract: Contract, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const all = contract.operations;
  return fc.constantFrom(...all).chain((op) =>
    fc
      .record({
        method: fc.oneof(
          { weight: 5, arbitrary: fc.constant(op.method) },
          { weight: 2, arbitrary: fc.constantFrom(...METHODS) },
        ),
        path: pathOf(op, all, pools),
        query: queryOf(op, pools),
        auth: fc.oneof(
          { weight: 8, arbitrary: fc.constant<Auth>("valid") },
          { weight: 8, arbitrary: fc.constantFrom(...AUTHS) },
        ),
        garbage: asciiString(60),
        contentType: fc.oneof(
          { weight: 8, arbitrary: fc.constant<string | null>("application/json") },
          { weight: 3, arbitrary: fc.constantFrom<string | null>(null, ...CONTENT_TYPES) },
        ),
        body: bodyOf(op, contract, pools),
        extra: fc.subarray([
          ["X-HTTP-Method-Override", "DELETE"],
          ["Origin", "https://evil.example"],
          ["Accept", "text/html"],
          ["Cookie", "__session=fz; csrf=fz"],
          ["Content-Encoding", "gzip"],
        ] as const),
      })
      .map(({ method, path, query, auth, garbage, contentType, body, extra }): FuzzRequest => {
        const headers: Record<string, string> = Object.fromEntries(extra);
        if (auth === "garbage") headers.Authorization = garbage;
        if (auth === "other-scheme") headers.Authorization = `Basic ${btoa(garbage)}`;
        if (contentType) headers["Content-Type"] = contentType;
        const withBody = method !== "GET" && method !== "HEAD" && (op.body !== null || body.kind !== "valid");
        return {
          target: op.key,
          label: `${op.key} ${method} path:${path.kind} auth:${auth} body:${withBody ? body.kind : "none"}`,
          method,
          url: withinUrlLimit(path.path, query),
          auth,
          headers,
          body: withBody ? body.body : null,
        };
      }),
  );
}

/**
 * Well-formed requests: each documented operation with its method, path, A's valid token and a body
 * from its schema (what a client following the document sends), so that accepted calls come up often.
 */
export function wellFormedArbitrary(contract: Contract, pools: Pools): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...contract.operations).chain((op) =>
    (op.body ? schemaValue(contract.schemaAt(op.body.pointer), contract, pools) : fc.constant(undefined)).map(
      (value): FuzzRequest => ({
        target: op.key,
        label: `${op.key} well-formed`,
        method: op.method,
        url: op.path.replace(/\{\w+\}/g, () => encode(pools.strings[0])),
        auth: "valid",
        headers: value === undefined ? {} : { "Content-Type": "application/json" },
        body: value === undefined ? null : JSON.stringify(value),
      }),
    ),
  );
}

/** The Authorization header of a request, its token filled in. */
export function authorization(auth: Auth, tokens: { valid: string; ended: string }): string | null {
  switch (auth) {
    case "valid":
      return `Bearer ${tokens.valid}`;
    case "lowercase":
      return `bearer ${tokens.valid}`;
    case "trailing":
      return `Bearer ${tokens.valid} x`;
    case "unknown":
      return `Bearer ${"Q".repeat(43)}`;
    case "ended":
      return `Bearer ${tokens.ended}`;
    default:
      return null;
  }
}

export type Prediction =
  | { kind: "refused"; op: DocOperation | null; why: string }
  | { kind: "preflight" }
  | { kind: "accepted"; op: DocOperation };

function byteLength(body: string | Uint8Array | null): number {
  if (body === null) return 0;
  return typeof body === "string" ? utf8.encode(body).length : body.length;
}

/**
 * What the document lets a client expect: refused when the path or method is not documented, a
 * token is needed and not sent, or the query or body is not one the document accepts (or over
 * the 64 KiB every answer documents as 413). The shop may refuse more (it checks more than the
 * document can say), never less.
 */
export function predict(request: FuzzRequest, contract: Contract, origin: string): Prediction {
  if (request.method === "OPTIONS") return { kind: "preflight" };
  const url = new URL(request.url, origin);
  const op = contract.match(request.method, url.pathname);
  if (!op) return { kind: "refused", op: null, why: "no such operation" };
  if (op.auth && request.auth !== "valid") return { kind: "refused", op, why: "no valid token" };
  if (!contract.acceptsQuery(op, [...url.searchParams])) return { kind: "refused", op, why: "query" };
  const size = byteLength(request.body);
  if (size > BODY_LIMIT) return { kind: "refused", op, why: "oversized" };
  if (!op.body) return { kind: "accepted", op };
  if (size === 0) return op.body.required ? { kind: "refused", op, why: "no body" } : { kind: "accepted", op };
  const type = (request.headers["Content-Type"] ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") return { kind: "refused", op, why: "content type" };
  let value: unknown;
  try {
    const bytes = typeof request.body === "string" ? utf8.encode(request.body) : (request.body as Uint8Array);
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return { kind: "refused", op, why: "not JSON" };
  }
  return contract.acceptsBody(op, value) ? { kind: "accepted", op } : { kind: "refused", op, why: "body" };
}
