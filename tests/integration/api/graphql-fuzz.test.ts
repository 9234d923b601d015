/**
 * The locations GraphQL endpoint under fuzzing (issue 34, docs/decisions/0050): seeded requests
 * made by fast-check, sent to the built worker eight at a time: valid questions with random
 * selections and arguments, the same mutated character by character, deep nesting (introspection
 * too), many aliases, directives and fragments, huge lists of fields, bad variables, random bodies,
 * GET and POST and other methods, wrong content types and Accept headers, bodies over 64 KiB.
 *
 * Asserted for every answer: no 5xx; `Cache-Control: no-store`; JSON with `data` or a non-empty
 * `errors` list whose messages are German texts, never graphql-js's or Yoga's English ones (HEAD
 * and a preflight answer no body).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type TestShop } from "../worker";

const SEED = 20261128;
const REQUESTS = 3_200;
const IN_FLIGHT = 8;
const BODY_LIMIT = 64 * 1024;

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

/** A small seeded generator (mulberry32): fast-check picks the seed, this builds the text. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)];
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Rand = ReturnType<typeof prng>;

type Tree = { [field: string]: Tree | null };
const RANGE: Tree = { from: null, to: null };
const DAY: Tree = { weekday: null, ranges: RANGE };
const STORE: Tree = {
  id: null,
  name: null,
  phone: null,
  __typename: null,
  address: { street: null, houseNumber: null, zip: null, city: null, country: null },
  coordinates: { lat: null, lng: null },
  services: { clickAndCollect: null, cardEntry: null },
  openingHours: DAY,
  staffedHours: DAY,
  specialDays: { date: null, reason: null, opening: RANGE, staffed: RANGE },
};
const NEAR: Tree = { distanceKm: null, store: STORE };
const NAMES = ["id", "name", "preis", "store", "stores", "address", "ofType", "__schema", "x", "fields", "type"];

/** A selection of a tree's fields, sometimes wrong (an unknown field, a leaf with subfields, an object without). */
function selection(r: Rand, tree: Tree): string {
  const fields = Object.keys(tree).filter(() => r.chance(0.5));
  if (fields.length === 0) fields.push(Object.keys(tree)[0]);
  if (r.chance(0.05)) fields.push(r.pick(NAMES));
  return fields
    .map((f) => {
      const sub = tree[f];
      if (sub === undefined) return r.chance(0.5) ? `${f} { id }` : f;
      if (sub === null) return r.chance(0.03) ? `${f} { id }` : f;
      return r.chance(0.03) ? f : `${f} { ${selection(r, sub)} }`;
    })
    .join(" ");
}

const POSTCODES = ['"04109"', '"01067"', '"00123"', '"abc"', '""', "4109", "null", '"99999"', '"8000"'];
const LIMITS = ["1", "5", "50", "51", "0", "-3", "99999999999", "1.5", '"10"', "null"];
const IDS = ['"leipzig-gohlis"', '"gibt-es-nicht"', `"${"x".repeat(300)}"`, "42", '""', "null", "true"];
const numberText = (r: Rand) =>
  r.pick(["51.3", "-91", "181", "0", "1e308", "-1e308", '"a"', "null", String(r.next() * 360 - 180)]);
const box = (r: Rand) =>
  r.chance(0.7)
    ? `{ south: ${47 + r.next() * 4}, west: ${6 + r.next() * 4}, north: ${51 + r.next() * 4}, east: ${10 + r.next() * 5} }`
    : `{ south: ${numberText(r)}, west: ${numberText(r)}, north: ${numberText(r)}, east: ${numberText(r)} }`;
const flags = (r: Rand) =>
  [
    r.chance(0.3) ? `clickAndCollect: ${r.pick(["true", "false", "null", '"ja"'])}` : "",
    r.chance(0.3) ? `cardEntry: ${r.pick(["true", "false", "1"])}` : "",
  ]
    .filter(Boolean)
    .join(", ");
const args = (...parts: string[]) => {
  const list = parts.filter(Boolean);
  return list.length ? `(${list.join(", ")})` : "";
};

/** One root field with its arguments and a selection. */
function rootField(r: Rand): string {
  switch (r.int(0, 6)) {
    case 0:
      return `store${args(`id: ${r.pick(IDS)}`)} { ${selection(r, STORE)} }`;
    case 1:
      return `stores${args(flags(r))} { ${selection(r, STORE)} }`;
    case 2:
      return `storesInBox${args(`box: ${box(r)}`, flags(r))} { ${selection(r, STORE)} }`;
    case 3:
      return `nearestStores${args(`postcode: ${r.pick(POSTCODES)}`, r.chance(0.5) ? `limit: ${r.pick(LIMITS)}` : "", flags(r))} { ${selection(r, NEAR)} }`;
    case 4:
      return `__type(name: "${r.pick(["Store", "Query", "Nope", "BoundingBox"])}") { name fields { name type { name kind } } }`;
    case 5:
      return "__typename";
    default:
      return `${r.pick(NAMES)} { id }`;
  }
}

const validQuery = (r: Rand) =>
  `${r.chance(0.5) ? `query ${r.pick(["Q", "Stores", "A_1"])} ` : ""}{ ${Array.from({ length: r.int(1, 3) }, () => rootField(r)).join(" ")} }`;

const NOISE = [
  "{",
  "}",
  "(",
  ")",
  "$",
  ":",
  "!",
  "@",
  '"',
  "\\",
  " ",
  "\n",
  "...",
  "#",
  "[",
  "]",
  "query",
  "fragment",
  "\u0000",
  "ä",
];

function mutated(r: Rand): string {
  let text = validQuery(r);
  for (let i = r.int(1, 6); i > 0; i--) {
    const at = r.int(0, text.length);
    const op = r.int(0, 2);
    if (op === 0) text = text.slice(0, at) + text.slice(at + 1);
    else if (op === 1) text = text.slice(0, at) + r.pick(NOISE) + text.slice(at);
    else text = text.slice(0, at) + text.slice(at, at + r.int(1, 20)).repeat(2) + text.slice(at + 20);
  }
  return text;
}

function deep(r: Rand): string {
  const n = r.int(4, 80);
  if (r.chance(0.4)) {
    const open = Array.from({ length: n }, (_, i) => (i % 2 ? "type {" : "fields {")).join(" ");
    return `{ __schema { types { ${open} name ${"} ".repeat(n)}} } }`;
  }
  if (r.chance(0.5))
    return `{ ${Array.from({ length: n }, () => `${r.pick(NAMES)} {`).join(" ")} id ${"} ".repeat(n)}}`;
  return `{ nearestStores(postcode: "04109") { store { specialDays { opening { ${"from { ".repeat(n)} to ${"} ".repeat(n)} } } } } }`;
}

const aliases = (r: Rand) =>
  `{ ${Array.from({ length: r.int(2, 90) }, (_, i) => `a${i}: ${r.chance(0.5) ? `stores { ${selection(r, STORE)} }` : 'store(id: "leipzig-gohlis") { id name }'}`).join(" ")} }`;

const manyFields = (r: Rand) =>
  r.chance(0.5)
    ? `{ stores { ${"id ".repeat(r.int(10, 6000))} } }`
    : `{ stores { ${Array.from({ length: r.int(10, 2000) }, (_, i) => `f${i}`).join(" ")} } }`;

const directives = (r: Rand) =>
  `query ($yes: Boolean = true) { stores { id ${Array.from({ length: r.int(1, 40) }, () => r.pick(["@include(if: true)", "@skip(if: false)", "@include(if: $yes)", "@deprecated", "@nope"])).join(" ")} } }`;

const fragments = (r: Rand) =>
  r.pick([
    "{ stores { ...A } } fragment A on Store { id ...B } fragment B on Store { name ...A }",
    "{ stores { ...Missing } }",
    "{ stores { id } } fragment Unused on Store { id }",
    "{ stores { ... on Store { id ... on Store { name } } } }",
    "{ stores { ...A } } fragment A on Address { city }",
    `{ stores { ...A } } fragment A on Store { ${selection(r, STORE)} }`,
  ]);

/** A random JSON value, any type, sometimes big. */
function json(r: Rand, depth = 0): unknown {
  switch (r.int(0, depth > 3 ? 4 : 6)) {
    case 0:
      return null;
    case 1:
      return r.chance(0.5);
    case 2:
      return r.pick([0, -1, 1.5, 1e308, 51.3, 2 ** 53 + 1]);
    case 3:
      return r.pick(["", "leipzig-gohlis", "04109", "ä".repeat(r.int(1, 200)), "{", "null"]);
    case 4:
      return r.pick([[], {}, "x"]);
    case 5:
      return Array.from({ length: r.int(0, 5) }, () => json(r, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: r.int(0, 5) }, () => [
          r.pick(["id", "box", "postcode", "limit", "south", "__proto__", "constructor", "x"]),
          json(r, depth + 1),
        ]),
      );
  }
}

const TYPED =
  "query Typed($id: ID!, $box: BoundingBox!, $postcode: String!, $limit: Int) { store(id: $id) { id } storesInBox(box: $box) { id } nearestStores(postcode: $postcode, limit: $limit) { distanceKm } }";

const KINDS = [
  "valid",
  "valid",
  "mutated",
  "mutated",
  "deep",
  "aliases",
  "fields",
  "variables",
  "body",
  "directives",
  "fragments",
] as const;

interface Fuzz {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

function fuzzRequest(seed: number, kind: (typeof KINDS)[number]): Fuzz {
  const r = prng(seed);
  let operation: Record<string, unknown>;
  switch (kind) {
    case "valid":
      operation = { query: validQuery(r) };
      break;
    case "mutated":
      operation = { query: mutated(r) };
      break;
    case "deep":
      operation = { query: deep(r) };
      break;
    case "aliases":
      operation = { query: aliases(r) };
      break;
    case "fields":
      operation = { query: manyFields(r) };
      break;
    case "directives":
      operation = { query: directives(r) };
      break;
    case "fragments":
      operation = { query: fragments(r) };
      break;
    case "variables":
      operation = {
        query: TYPED,
        variables: r.chance(0.7)
          ? {
              id: json(r),
              box: r.chance(0.5) ? { south: 50, west: 10, north: 52, east: 14 } : json(r),
              postcode: json(r),
              limit: json(r),
            }
          : json(r),
        operationName: r.pick(["Typed", "Other", null, 5, ""]),
      };
      break;
    default:
      operation = { query: json(r), variables: json(r), operationName: json(r), extensions: json(r) };
  }
  if (r.chance(0.3) && kind !== "variables") operation.operationName = r.pick(["Q", "Stores", "Nope", null, 1]);
  const accept = r.pick([
    "application/json",
    "application/graphql-response+json",
    "*/*",
    "text/html",
    "text/event-stream",
    "multipart/mixed",
    "",
  ]);
  const headers: Record<string, string> = accept ? { Accept: accept } : {};
  const method = r.chance(0.55)
    ? "POST"
    : r.chance(0.8)
      ? "GET"
      : r.pick(["HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"]);
  if (method === "GET" || method === "HEAD") {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(operation)) {
      if (value === undefined) continue;
      params.set(
        name,
        typeof value === "string" && name !== "variables"
          ? value
          : r.chance(0.1)
            ? "{nicht json"
            : JSON.stringify(value),
      );
    }
    if (r.chance(0.05)) params.append("query", "{ stores { id } }");
    return { method, url: `/graphql?${params}`, headers };
  }
  headers["Content-Type"] = r.pick([
    "application/json",
    "application/json",
    "application/json; charset=utf-8",
    "application/graphql+json",
    "application/graphql",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "",
  ]);
  if (!headers["Content-Type"]) delete headers["Content-Type"];
  let body =
    kind === "body" && r.chance(0.4)
      ? r.pick(["", "{", "[]", "null", "[{}]", '"query"', "\u0000", "{}".repeat(50)])
      : JSON.stringify(operation);
  if (headers["Content-Type"] === "application/graphql" && typeof operation.query === "string") body = operation.query;
  if (r.chance(0.01)) body = JSON.stringify({ query: `{ stores { id } } #${"x".repeat(BODY_LIMIT + r.int(1, 4096))}` });
  return { method, url: "/graphql", headers, body };
}

/** English messages of graphql-js, Yoga or GraphQL Armor that must never reach a client. */
const ENGLISH =
  /^(Syntax Error|Cannot|Unknown|Expected|Variable "|Field "|Must |POST body|Unexpected|Query|Token limit|Aliases|Directives|Invalid|Request|There can|Fragment|Argument|The |Int |Float |String |Boolean |ID |Enum )/;

describe("GraphQL fuzz", () => {
  it(`answers ${REQUESTS} seeded requests without a 5xx, each JSON with data or German errors`, async () => {
    const samples = fc.sample(fc.record({ seed: fc.integer(), kind: fc.constantFrom(...KINDS) }), {
      seed: SEED,
      numRuns: REQUESTS,
    });
    const problems: string[] = [];
    const tally = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < samples.length) {
        const { seed, kind } = samples[next++];
        const request = fuzzRequest(seed, kind);
        const res = await shop.fetch(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body,
        });
        tally.set(res.status, (tally.get(res.status) ?? 0) + 1);
        const text = await res.text();
        const where = `${kind} ${seed} ${request.method} ${request.url.slice(0, 120)} ${(request.body ?? "").slice(0, 160)}`;
        if (res.status >= 500) problems.push(`${res.status}: ${where} → ${text.slice(0, 200)}`);
        if (res.headers.get("Cache-Control") !== "no-store") problems.push(`no no-store: ${where}`);
        if (request.method === "HEAD" || request.method === "OPTIONS") continue;
        let answer: { data?: unknown; errors?: { message?: unknown }[] };
        try {
          answer = JSON.parse(text);
        } catch {
          problems.push(`not JSON (${res.status}): ${where} → ${text.slice(0, 200)}`);
          continue;
        }
        const hasErrors = Array.isArray(answer.errors) && answer.errors.length > 0;
        if (!hasErrors && !("data" in answer)) problems.push(`neither data nor errors: ${where}`);
        for (const error of answer.errors ?? []) {
          const message = error?.message;
          if (typeof message !== "string" || message === "") problems.push(`an error without message: ${where}`);
          else if (ENGLISH.test(message)) problems.push(`English "${message}": ${where}`);
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    console.log(
      `graphql fuzz: ${REQUESTS} requests, statuses ${JSON.stringify(Object.fromEntries([...tally].sort()))}`,
    );
    expect(problems.slice(0, 20)).toEqual([]);
    expect([...tally.keys()].filter((s) => s >= 500)).toEqual([]);
  }, 120_000);
});
