/**
 * The API's contract (docs/decisions/0034): the OpenAPI document the worker serves against what
 * the worker answers, in both directions.
 *
 * - Every operation of the document has examples (examples.ts); each example's answer has the
 *   expected status, and that status and its JSON body are what the document says (JSON Schema
 *   2020-12 through ajv, `$ref`s resolved against the document).
 * - Every operation that needs a token answers 401 without one, as documented; every operation
 *   with a body answers an unknown field, malformed JSON, another content type and an oversized
 *   body as documented.
 * - The router answers nothing the document lacks: every other method on a documented path is a
 *   405 whose `Allow` names exactly the documented methods, and the operations the router is built
 *   from (`OPERATIONS`) are exactly the documented ones.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATIONS } from "~/api/operations.server";
import { prepareTestCard } from "../../fixtures/card";
import { prepareTestCustomer } from "../../fixtures/customer";
import { DEMO } from "../browser";
import { startShop, type TestShop } from "../worker";
import { EXAMPLES, type Example, type ExampleContext } from "./examples";
import { ACCOUNT_LINKS, prepareAccountLinks } from "./examples-account";
import {
  checkApiHeaders,
  checkErrorBody,
  Contract,
  type DocOperation,
  fillPath,
  HTTP_METHODS,
  type OpenApiDocument,
} from "./openapi";

const DOC_PATH = "/rest/V1/openapi.json";
const TOKEN_PATH = "/rest/V1/integration/customer/token";

let shop: TestShop;
let contract: Contract;
const context: ExampleContext = {
  customer: { id: 9201, email: "vertrag-eins@example.org", password: DEMO.password },
  other: { id: 9202, email: "vertrag-zwei@example.org" },
  demoOrderNumber: "",
  links: ACCOUNT_LINKS,
  cards: { plain: 920_101, lockable: 920_102, pinned: 920_103, spare: 920_104, blocked: 920_105, other: 920_201 },
};

beforeAll(async () => {
  shop = await startShop();
  await prepareTestCustomer(shop.db, {
    id: context.customer.id,
    email: context.customer.email,
    firstname: "Vera",
    lastname: "Eins",
    gender: "w",
  }).run();
  await prepareTestCustomer(shop.db, {
    id: context.other.id,
    email: context.other.email,
    firstname: "Otto",
    lastname: "Zwei",
    gender: "m",
  }).run();
  await prepareAccountLinks(shop.db, context.links);
  const { cards } = context;
  await shop.db.batch([
    prepareTestCard(shop.db, { id: cards.plain, customerId: context.customer.id }),
    prepareTestCard(shop.db, { id: cards.lockable, customerId: context.customer.id }),
    prepareTestCard(shop.db, { id: cards.pinned, customerId: context.customer.id, pin: true }),
    prepareTestCard(shop.db, { id: cards.spare, customerId: context.customer.id, pin: true }),
    prepareTestCard(shop.db, {
      id: cards.blocked,
      customerId: context.customer.id,
      status: "blocked_permanently",
      pin: true,
    }),
    prepareTestCard(shop.db, { id: cards.other, customerId: context.other.id, pin: true }),
  ]);
  const order = await shop.db
    .prepare(
      "SELECT o.increment_id FROM customer_order o JOIN customer c ON c.id = o.customer_id WHERE c.email = ? LIMIT 1",
    )
    .bind(DEMO.active)
    .first<{ increment_id: number | string }>();
  context.demoOrderNumber = String(order?.increment_id);
  const res = await shop.fetch(DOC_PATH);
  expect(res.status).toBe(200);
  contract = new Contract((await res.json()) as OpenApiDocument);
});
afterAll(async () => {
  await shop?.dispose();
});

async function freshToken(asDemo = false): Promise<string> {
  const username = asDemo ? DEMO.active : context.customer.email;
  const res = await shop.fetch(TOKEN_PATH, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password: asDemo ? DEMO.password : context.customer.password }),
  });
  expect(res.status, "the token call for the test customer").toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

function operation(key: string): DocOperation {
  const op = contract.operations.find((o) => o.key === key);
  if (!op) throw new Error(`${key} is in examples.ts but not in the OpenAPI document`);
  return op;
}

const value = <T>(x: T | ((c: ExampleContext) => T)): T =>
  typeof x === "function" ? (x as (c: ExampleContext) => T)(context) : x;

/** An example's request, as a client following the document would send it. */
async function call(op: DocOperation, example: Example): Promise<Response> {
  for (const { sql, params } of example.statements?.(context) ?? [])
    await shop.db
      .prepare(sql)
      .bind(...params)
      .run();
  await example.prepare?.(shop, context);
  const params = value(example.params ?? {});
  const query = new URLSearchParams(example.query ?? {}).toString();
  const headers: Record<string, string> = { ...example.headers };
  if (example.token) headers.Authorization = `Bearer ${await freshToken(example.asDemo)}`;
  const body = example.body === undefined ? undefined : JSON.stringify(value(example.body));
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return shop.fetch(`${fillPath(op.path, params)}${query ? `?${query}` : ""}`, { method: op.method, headers, body });
}

/** Everything wrong with an answer of a documented operation (status aside). */
async function problemsOf(op: DocOperation, res: Response): Promise<string[]> {
  const text = await res.text();
  const problems = [
    ...checkApiHeaders(res),
    ...contract.checkResponse(op, res.status, text, res.headers.get("Content-Type")),
  ];
  if (res.status >= 400) problems.push(...checkErrorBody(text));
  return problems;
}

describe("the document", () => {
  it("is OpenAPI 3.1 and describes itself; every schema in it compiles with its $refs resolved", async () => {
    expect(contract.doc.openapi).toBe("3.1.0");
    expect(contract.operations.length).toBeGreaterThan(0);
    const self = operation(`GET ${DOC_PATH}`);
    const res = await shop.fetch(DOC_PATH);
    expect(res.status).toBe(200);
    expect(await problemsOf(self, res)).toEqual([]);
    // every request body and every documented answer: ajv throws on a $ref that does not resolve
    for (const op of contract.operations) {
      if (op.body) expect(() => contract.acceptsBody(op, {}), op.key).not.toThrow();
      for (const status of op.statuses)
        expect(() => contract.checkResponse(op, status, "{}", "application/json"), `${op.key} ${status}`).not.toThrow();
    }
  });

  it("resolves $refs into components (the validator, on a document that uses them)", () => {
    const withRefs = new Contract({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      components: {
        schemas: {
          Money: { type: "integer", minimum: 0 },
          Line: {
            type: "object",
            properties: { sku: { type: "string" }, price: { $ref: "#/components/schemas/Money" } },
            required: ["sku", "price"],
          },
        },
      },
      paths: {
        "/x/{id}": {
          get: {
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/Line" } } },
                },
              },
            },
          },
        },
      },
    });
    const op = withRefs.operations[0];
    expect(withRefs.checkResponse(op, 200, JSON.stringify([{ sku: "a", price: 5 }]), "application/json")).toEqual([]);
    expect(withRefs.checkResponse(op, 200, JSON.stringify([{ sku: "a", price: -5 }]), "application/json")).not.toEqual(
      [],
    );
    expect(withRefs.checkResponse(op, 404, "{}", "application/json")).toEqual([
      "status 404 is not documented for GET /x/{id}",
    ]);
  });

  it("has examples for exactly its operations (examples.ts)", () => {
    const documented = contract.operations.map((op) => op.key).sort();
    expect(Object.keys(EXAMPLES).sort(), "examples.ts against the document").toEqual(documented);
    for (const [key, examples] of Object.entries(EXAMPLES)) {
      expect(examples.length, key).toBeGreaterThan(0);
      expect(examples[0].status, `${key}: the first example is a success`).toBeLessThan(300);
    }
  });

  it("lists exactly the operations the router is built from (OPERATIONS)", () => {
    expect(OPERATIONS.map((op) => `${op.method} ${op.path}`).sort()).toEqual(
      contract.operations.map((op) => op.key).sort(),
    );
  });
});

describe.each(Object.entries(EXAMPLES))("%s", (key, examples) => {
  it.each(examples.map((e) => [e.name, e] as const))("%s: the documented status and body", async (_name, example) => {
    const op = operation(key);
    const res = await call(op, example);
    expect(res.status, `${key} ${example.name}`).toBe(example.status);
    expect(await problemsOf(op, res)).toEqual([]);
  });
});

describe("refusals as documented, for every operation of the document", () => {
  it("answers 401 without a token, with a malformed one and with an unknown one where a token is needed", async () => {
    const problems: string[] = [];
    for (const op of contract.operations.filter((o) => o.auth)) {
      const example = EXAMPLES[op.key]?.[0];
      if (!example) continue; // reported by "has examples for exactly its operations"
      for (const authorization of [undefined, "Bearer", `Bearer ${"A".repeat(43)}`, "Basic dm9uOmJpcw=="]) {
        const headers: Record<string, string> = authorization ? { Authorization: authorization } : {};
        const body = example.body === undefined ? undefined : JSON.stringify(value(example.body));
        if (body !== undefined) headers["Content-Type"] = "application/json";
        const res = await shop.fetch(fillPath(op.path, value(example.params ?? {})), {
          method: op.method,
          headers,
          body,
        });
        const where = `${op.key} with ${authorization ?? "no Authorization"}`;
        if (res.status !== 401) problems.push(`${where}: ${res.status} instead of 401`);
        problems.push(...(await problemsOf(op, res)).map((p) => `${where}: ${p}`));
      }
    }
    expect(problems).toEqual([]);
  });

  it("answers an unknown field 400, malformed JSON 400, another content type 415 and an oversized body 413", async () => {
    const problems: string[] = [];
    for (const op of contract.operations.filter((o) => o.body)) {
      const example = EXAMPLES[op.key]?.[0];
      if (!example) continue;
      const valid = value(example.body);
      const cases: [string, string, string, number][] = [
        [
          "an unknown field",
          "application/json",
          JSON.stringify(
            valid && typeof valid === "object" && !Array.isArray(valid)
              ? { ...valid, gibtEsNicht: 1 }
              : { gibtEsNicht: 1 },
          ),
          400,
        ],
        ["malformed JSON", "application/json", "{", 400],
        ["another type", "text/plain", JSON.stringify(valid), 415],
        ["an oversized body", "application/json", JSON.stringify({ x: "x".repeat(70_000) }), 413],
      ];
      for (const [name, contentType, body, status] of cases) {
        const headers: Record<string, string> = { "Content-Type": contentType };
        if (example.token) headers.Authorization = `Bearer ${await freshToken(example.asDemo)}`;
        const res = await shop.fetch(fillPath(op.path, value(example.params ?? {})), {
          method: op.method,
          headers,
          body,
        });
        if (res.status !== status) problems.push(`${op.key} ${name}: ${res.status} instead of ${status}`);
        problems.push(...(await problemsOf(op, res)).map((p) => `${op.key} ${name}: ${p}`));
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("the router answers nothing the document lacks", () => {
  it("answers every other method on a documented path 405, with Allow naming exactly the documented methods", async () => {
    const problems: string[] = [];
    const paths = new Map<string, string>();
    for (const key of Object.keys(EXAMPLES)) {
      const template = key.slice(key.indexOf(" ") + 1);
      paths.set(template, fillPath(template, value(EXAMPLES[key][0].params ?? {})));
    }
    for (const [template, concrete] of paths) {
      const documented = contract.methodsOf(template);
      for (const method of [...HTTP_METHODS, "PROPFIND"].filter((m) => !documented.includes(m))) {
        const res = await shop.fetch(concrete, { method });
        const text = await res.text();
        const where = `${method} ${template}`;
        if (res.status !== 405) problems.push(`${where}: ${res.status} instead of 405`);
        const allow = (res.headers.get("Allow") ?? "")
          .split(",")
          .map((m) => m.trim())
          .filter(Boolean)
          .sort();
        if (allow.join(", ") !== documented.join(", "))
          problems.push(`${where}: Allow "${allow.join(", ")}" but documented "${documented.join(", ")}"`);
        problems.push(
          ...checkApiHeaders(res).map((p) => `${where}: ${p}`),
          ...checkErrorBody(text).map((p) => `${where}: ${p}`),
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it("reaches an operation for every method and path of OPERATIONS, each a documented one", async () => {
    const problems: string[] = [];
    for (const op of OPERATIONS) {
      const key = `${op.method} ${op.path}`;
      if (!contract.operations.some((o) => o.key === key)) problems.push(`${key} is answered but not documented`);
      // A request that reaches the operation gets past routing: no 405, and no 404 of the router's
      // own (which names the path); an operation may still answer 404 for an id it does not know.
      const pathname = op.path.replace(/\{\w+\}/g, "1");
      const res = await shop.fetch(pathname, { method: op.method });
      const text = await res.text();
      const routerNotFound =
        res.status === 404 && (JSON.parse(text) as { parameters?: string[] }).parameters?.[0] === pathname;
      if (res.status === 405 || routerNotFound) problems.push(`${key}: ${res.status}, the router does not reach it`);
    }
    expect(problems).toEqual([]);
  });

  it("answers paths the document lacks 404 under both prefixes", async () => {
    for (const pathname of ["/rest/V1/gibt-es-nicht", "/rest/V2/customer/me", "/v1/nichts", `${DOC_PATH}/mehr`]) {
      const res = await shop.fetch(pathname);
      expect(res.status, pathname).toBe(404);
      expect([...checkApiHeaders(res), ...checkErrorBody(await res.text())], pathname).toEqual([]);
    }
  });
});
