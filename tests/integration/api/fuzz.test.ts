/**
 * The API fuzz test (docs/decisions/0034): seeded requests made by fast-check from the OpenAPI
 * document the worker serves (requests.ts), sent to the built worker eight at a time. Nothing here
 * names today's operations but the token call, which the test needs to get its tokens: a new
 * operation is fuzzed as soon as the document lists it.
 *
 * Asserted for every request: no 5xx; every API answer says `Cache-Control: no-store`, sets no
 * cookie and opens no CORS; a 4xx is `{ message, parameters }` with a German text of the shop's
 * locales; an answer of a documented operation has a documented status and validates against the
 * document's schema for it; a 404 or 405 for anything else, a 405 with `Allow` naming the
 * documented methods; and no answer to a request with customer A's token (or any other) carries
 * customer B's e-mail address, names or ids.
 *
 * Three rounds, sorted by what the document lets a client expect (requests.ts, `predict`):
 * 1. requests the document says are refused (no valid token, another method or path, a query or
 *    body it does not accept, over 64 KiB), many with A's valid token, and reads (GET, HEAD,
 *    OPTIONS): each must be a 4xx (a preflight 204, a read anything but a 5xx), and the customer
 *    tables must be exactly as before, tokens included;
 * 2. the public writes (no token needed) with bodies the document accepts: only statuses and
 *    shapes, a token row exactly for each 200 of the token call, for the right customer; a new
 *    customer, not activated, exactly for each 201 (a registration, its id in the answer); and of
 *    the customers there were before, nothing changed but e-mail links (`customer_token`) mailed:
 *    new unused ones, and earlier unused ones of theirs voided by them (used, by no one);
 * 3. every other accepted request, with A's valid token (renewed when a request signs out): A's
 *    data may change, B's must not.
 *
 * `rate_limit` is left out of every comparison: the token call counts attempts there on purpose,
 * whatever it answers, and the counters are the throttle's state about clients, no customer's data.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareTestCard } from "../../fixtures/card";
import { prepareTestCustomer } from "../../fixtures/customer";
import { DEMO } from "../browser";
import { startShop, type TestShop } from "../worker";
import { checkApiHeaders, checkErrorBody, Contract, type OpenApiDocument } from "./openapi";
import {
  authorization,
  BODY_LIMIT,
  type FuzzRequest,
  type Pools,
  type Prediction,
  predict,
  requestArbitrary,
  wellFormedArbitrary,
} from "./requests";

const SEED = 20261126;
const GENERATED = 7_000;
const CREDENTIAL_CALLS = 300;
/** Sign-outs each need a new token afterwards (a token call): the first ones are enough. */
const SIGN_OUTS = 60;
/** Requests as a client following the document sends them, on top of the generated ones. */
const WELL_FORMED = 600;
const IN_FLIGHT = 8;
const DOC_PATH = "/rest/V1/openapi.json";
const TOKEN_PATH = "/rest/V1/integration/customer/token";
/** Left out of "nothing changed" (see above). */
const NOT_COMPARED = new Set(["rate_limit"]);

const A = { id: 9301, email: "fuzz-ada@example.org", firstname: "Ada", lastname: "Erstkundin" };
const B = { id: 9302, email: "fuzz-bertha@example.org", firstname: "Bertha", lastname: "Zweitkundin" };
const B_ADDRESS = 930_201;
/**
 * Each has a card with a PIN, with an id as small as the generator likes to make them, so that the
 * card calls are tried on A's own card and on B's.
 */
const CARDS = { A: 1, B: 2 };
/** What of B must never show up in an answer that was not sent it (her card's number included). */
const B_MARKERS = [B.email, B.firstname, B.lastname, "Bertastraße", `9276${String(CARDS.B).padStart(12, "0")}`];
const B_IDS = new Set([B.id, B_ADDRESS]);

let shop: TestShop;
let contract: Contract;
let pools: Pools;
const tokens = { valid: "", ended: "" };
/** Hashes of the tokens the test issued itself. */
const issued = new Set<string>();

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function issueToken(email: string): Promise<string> {
  // the fuzz's failed token calls may have used up the address's throttle
  await shop.db.prepare("DELETE FROM rate_limit").run();
  const res = await shop.fetch(TOKEN_PATH, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.1" },
    body: JSON.stringify({ username: email, password: DEMO.password }),
  });
  expect(res.status, `a token for ${email}`).toBe(200);
  const token = ((await res.json()) as { access_token: string }).access_token;
  issued.add(await sha256(token));
  return token;
}

beforeAll(async () => {
  shop = await startShop();
  await shop.db.batch([
    prepareTestCustomer(shop.db, { ...A, gender: "w" }),
    prepareTestCustomer(shop.db, { ...B, gender: "w" }),
    shop.db
      .prepare(
        `INSERT INTO address (id, customer_id, street, house_number, zip, city, is_default_shipping, is_default_billing, created_at)
         VALUES (?, ?, 'Bertastraße', '2', '04109', 'Leipzig', 1, 1, '2026-01-01')`,
      )
      .bind(B_ADDRESS, B.id),
    prepareTestCard(shop.db, { id: CARDS.A, customerId: A.id, pin: true }),
    prepareTestCard(shop.db, { id: CARDS.B, customerId: B.id, pin: true }),
  ]);
  const res = await shop.fetch(DOC_PATH);
  expect(res.status).toBe(200);
  contract = new Contract((await res.json()) as OpenApiDocument);
  // B has a live token too: nothing A does may end it
  await issueToken(B.email);
  tokens.ended = await issueToken(A.email);
  const out = await shop.fetch(TOKEN_PATH, { method: "DELETE", headers: { Authorization: `Bearer ${tokens.ended}` } });
  expect(out.status).toBe(204);
  tokens.valid = await issueToken(A.email);
  pools = {
    strings: [
      A.email,
      B.email,
      A.email.toUpperCase(),
      ` ${A.email} `,
      String(A.id),
      String(B.id),
      String(B_ADDRESS),
      DEMO.password,
      DEMO.active,
      A.firstname,
    ],
    own: [A.email, A.firstname, A.lastname],
  };
}, 120_000);
afterAll(async () => {
  await shop?.dispose();
});

// ---------------------------------------------------------------------------------------------
// The data: every table of a customer's data, found through the schema's foreign keys.

interface ForeignKey {
  table: string;
  from: string;
  to: string;
}

/** For each table whose rows belong to customers: the condition that picks the given customers' rows. */
async function customerTables(): Promise<Map<string, (ids: string) => string>> {
  const names = (
    await shop.db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
      )
      .all<{ name: string }>()
  ).results.map((r) => r.name);
  const columns = new Map<string, string[]>();
  const keys = new Map<string, ForeignKey[]>();
  for (const name of names) {
    columns.set(
      name,
      (await shop.db.prepare(`SELECT name FROM pragma_table_info('${name}')`).all<{ name: string }>()).results.map(
        (c) => c.name,
      ),
    );
    keys.set(
      name,
      (await shop.db.prepare(`SELECT "table", "from", "to" FROM pragma_foreign_key_list('${name}')`).all<ForeignKey>())
        .results,
    );
  }
  const where = new Map<string, (ids: string) => string>([["customer", (ids) => `id IN (${ids})`]]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const name of names) {
      if (where.has(name) || NOT_COMPARED.has(name)) continue;
      if (columns.get(name)?.includes("customer_id")) {
        where.set(name, (ids) => `customer_id IN (${ids})`);
        grown = true;
        continue;
      }
      const key = keys.get(name)?.find((k) => where.has(k.table));
      if (key) {
        const parent = where.get(key.table)!;
        where.set(
          name,
          (ids) => `"${key.from}" IN (SELECT "${key.to ?? "rowid"}" FROM "${key.table}" WHERE ${parent(ids)})`,
        );
        grown = true;
      }
    }
  }
  return where;
}

let tables: Map<string, (ids: string) => string>;

/** The rows of every customer table (of the given customers only, if named), each table's rows sorted. */
async function snapshot(ids?: number[], ignoreTokenHashes: Set<string> = new Set()): Promise<Record<string, string[]>> {
  tables ??= await customerTables();
  const out: Record<string, string[]> = {};
  for (const [table, condition] of tables) {
    const sql = `SELECT * FROM "${table}"${ids ? ` WHERE ${condition(ids.join(","))}` : ""}`;
    const rows = (await shop.db.prepare(sql).all<Record<string, unknown>>()).results;
    out[table] = rows
      .filter((row) => !(table === "api_token" && ignoreTokenHashes.has(String(row.token_hash))))
      .map((row) => JSON.stringify(row))
      .sort();
  }
  return out;
}

/** The rows that differ between two snapshots, per table. */
function changes(
  before: Record<string, string[]>,
  after: Record<string, string[]>,
): Record<string, { gone: string[]; new: string[] }> {
  const out: Record<string, { gone: string[]; new: string[] }> = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[table] ?? []);
    const is = new Set(after[table] ?? []);
    const gone = [...was].filter((r) => !is.has(r));
    const added = [...is].filter((r) => !was.has(r));
    if (gone.length || added.length) out[table] = { gone: gone.slice(0, 5), new: added.slice(0, 5) };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Sending and checking.

interface Tally {
  requests: number;
  /** Oversized bodies the worker answered before reading them all (the connection closed on the rest). */
  cutOff: number;
  statuses: Record<number, number>;
  problems: string[];
  /** 200 answers of the token call: the tokens it gave. */
  tokensGiven: string[];
  /** 201 answers of public calls: the ids of the customers they created. */
  created: number[];
  /** B's markers sent in a request so far: A may have saved them as her own data (a name). */
  sentMarkers: Set<string>;
}

const newTally = (): Tally => ({
  requests: 0,
  cutOff: 0,
  statuses: {},
  problems: [],
  tokensGiven: [],
  created: [],
  sentMarkers: new Set(),
});

function sentSize(body: FuzzRequest["body"]): number {
  return body === null ? 0 : typeof body === "string" ? new TextEncoder().encode(body).length : body.length;
}

/** Ids of B anywhere in an answer's JSON, under a key that names an id. */
function foreignIds(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => foreignIds(v, `${path}/${i}`));
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) =>
    /(^|_)id$/i.test(k) && B_IDS.has(Number(v)) ? [`${path}/${k}=${v}`] : foreignIds(v, `${path}/${k}`),
  );
}

async function send(request: FuzzRequest, prediction: Prediction, tally: Tally): Promise<void> {
  const headers = new Headers(request.headers);
  const auth = authorization(request.auth, tokens);
  if (auth) headers.set("Authorization", auth);
  headers.set("CF-Connecting-IP", `203.0.113.${(tally.requests % 250) + 1}`);
  tally.requests++;
  const sent = `${request.url} ${typeof request.body === "string" ? request.body : ""}`.toLowerCase();
  for (const marker of B_MARKERS) if (sent.includes(marker.toLowerCase())) tally.sentMarkers.add(marker);
  const where = `${request.label} ${request.method} ${request.url.slice(0, 100)}`;
  const problem = (text: string) => tally.problems.push(`${where}: ${text}`);
  let res: Response;
  try {
    res = await shop.fetch(request.url, { method: request.method, headers, body: request.body as BodyInit | null });
  } catch (error) {
    // The worker may refuse an oversized body (or a request it refuses for another reason) before
    // it has all arrived, and close the connection on the rest: the client was told to stop.
    if (sentSize(request.body) > BODY_LIMIT) tally.cutOff++;
    else problem(`no answer: ${String(error)}`);
    return;
  }
  const text = await res.text();
  const { status } = res;
  tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
  if (status >= 500) problem(`${status} ${text.slice(0, 200)}`);
  for (const p of checkApiHeaders(res)) problem(p);
  const url = new URL(request.url, shop.origin);
  const echoes = [url.pathname, request.method, ...[...url.searchParams.keys()].map((k) => `query.${k}`)];
  if (status >= 400 && status < 500 && request.method !== "HEAD")
    for (const p of checkErrorBody(text, echoes)) problem(p);

  if (prediction.kind === "preflight") {
    if (status !== 204) problem(`preflight answered ${status}`);
  } else if (prediction.op) {
    if (prediction.kind === "refused" && (status < 400 || status >= 500))
      problem(`${status} though the document refuses it (${prediction.why})`);
    const body = request.method === "HEAD" ? "" : text;
    const contentType = request.method === "HEAD" ? null : res.headers.get("Content-Type");
    const checked = contract.checkResponse(prediction.op, status, body, contentType);
    // HEAD answers carry no body whatever the document says of GET's
    for (const p of request.method === "HEAD" ? checked.filter((x) => x.startsWith("status")) : checked) problem(p);
  } else {
    const documented = [...new Set(contract.pathsMatching(url.pathname).flatMap((p) => contract.methodsOf(p)))].sort();
    if (status !== (documented.length ? 405 : 404)) problem(`${status} instead of ${documented.length ? 405 : 404}`);
    if (status === 405 && (res.headers.get("Allow") ?? "").split(/,\s*/).sort().join(", ") !== documented.join(", "))
      problem(`Allow ${res.headers.get("Allow")} but documented ${documented.join(", ")}`);
  }

  // B's data never shows up unless a request carried it (A may have saved B's address as her name)
  for (const marker of B_MARKERS)
    if (text.toLowerCase().includes(marker.toLowerCase()) && !tally.sentMarkers.has(marker))
      problem(`the answer shows the other customer's ${marker}`);
  if (status < 300 && text && res.headers.get("Content-Type")?.includes("json"))
    for (const id of foreignIds(JSON.parse(text))) problem(`the answer shows the other customer's id ${id}`);

  if (status === 200 && prediction.kind !== "preflight" && prediction.op?.key === `POST ${TOKEN_PATH}`)
    tally.tokensGiven.push((JSON.parse(text) as { access_token: string }).access_token);
  if (status === 201 && prediction.kind !== "preflight" && prediction.op && !prediction.op.auth)
    tally.created.push((JSON.parse(text) as { id: number }).id);
}

/**
 * What a public write may do to the e-mail links (`customer_token` rows) of the customers there
 * were: mail a new one, which voids their earlier unused ones of the same purpose (used, by no
 * one); none is used, no row goes and nothing else of one changes.
 */
function linkProblems(before: string[], after: string[]): string[] {
  type Link = { token_hash: string; customer_id: number; purpose: string; used_at: number | null; used_by: unknown };
  const was = new Map(before.map((r) => [(JSON.parse(r) as Link).token_hash, r]));
  const problems: string[] = [];
  for (const r of after) {
    const row = JSON.parse(r) as Link;
    const old = was.get(row.token_hash);
    was.delete(row.token_hash);
    if (old === r) continue;
    if (old === undefined) {
      // a link mailed in this round may already be voided by a later one, never used
      if (row.used_by !== null) problems.push(`a new link already used: ${r}`);
      continue;
    }
    const voided = JSON.parse(old) as Link;
    if (voided.used_at !== null || row.used_by !== null || JSON.stringify({ ...voided, used_at: row.used_at }) !== r)
      problems.push(`a link changed otherwise than voided: ${old} → ${r}`);
  }
  return [...problems, ...[...was.values()].map((r) => `a link gone: ${r}`)];
}

/** Sends the requests IN_FLIGHT at a time, in batches (of 250); `between` runs after each batch. */
async function run(requests: [FuzzRequest, Prediction][], tally: Tally, between?: () => Promise<void>, size = 250) {
  for (let start = 0; start < requests.length; start += size) {
    const batch = requests.slice(start, start + size);
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < batch.length) {
          const [request, prediction] = batch[next++];
          await send(request, prediction, tally);
        }
      }),
    );
    await between?.();
  }
}

function report(round: string, tally: Tally, started: number) {
  const statuses = Object.entries(tally.statuses)
    .map(([s, n]) => `${s}×${n}`)
    .join(" ");
  console.log(
    `api fuzz ${round}: ${tally.requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
      `${tally.problems.length} problems, ${tally.cutOff} oversized bodies cut off; statuses ${statuses}`,
  );
}

// ---------------------------------------------------------------------------------------------

type Sorted = Record<"refused" | "tokenCall" | "accepted", [FuzzRequest, Prediction][]>;
let sorted: Sorted;

function sortRequests(): Sorted {
  const out: Sorted = { refused: [], tokenCall: [], accepted: [] };
  for (const request of fc.sample(requestArbitrary(contract, pools), { seed: SEED, numRuns: GENERATED })) {
    const prediction = predict(request, contract, shop.origin);
    if (prediction.kind !== "accepted" || request.method === "GET" || request.method === "HEAD")
      out.refused.push([request, prediction]);
    else if (!prediction.op.auth) out.tokenCall.push([request, prediction]);
    else out.accepted.push([request, prediction]);
  }
  for (const request of fc.sample(wellFormedArbitrary(contract, pools), { seed: SEED + 1, numRuns: WELL_FORMED })) {
    const prediction = predict(request, contract, shop.origin);
    if (prediction.kind === "accepted" && prediction.op.auth && request.method !== "GET")
      out.accepted.push([request, prediction]);
  }
  return out;
}

describe("fuzzing every operation of the OpenAPI document", () => {
  it("generates requests of every sort for every operation, seeded", () => {
    sorted = sortRequests();
    // the same seed, the same requests
    const sample = () => JSON.stringify(fc.sample(requestArbitrary(contract, pools), { seed: SEED, numRuns: 50 }));
    expect(sample()).toBe(sample());
    const targets = new Set([...sorted.refused, ...sorted.accepted, ...sorted.tokenCall].map(([r]) => r.target));
    expect([...targets].sort()).toEqual(contract.operations.map((op) => op.key).sort());
    const reasons: Record<string, number> = {};
    for (const [, p] of sorted.refused) {
      const why = p.kind === "refused" ? p.why : p.kind;
      reasons[why] = (reasons[why] ?? 0) + 1;
    }
    console.log(
      `api fuzz: ${GENERATED} generated: ${sorted.refused.length} refused or reads (${JSON.stringify(reasons)}), ` +
        `${sorted.tokenCall.length} public writes, ${sorted.accepted.length} accepted with a token`,
    );
    const withValidToken = sorted.refused.filter(([r, p]) => r.auth === "valid" && p.kind === "refused" && p.op?.auth);
    expect(withValidToken.length, "refused requests with a valid token").toBeGreaterThan(500);
    expect(sorted.accepted.length).toBeGreaterThan(250);
  });

  it("round 1: refused requests and reads answer a German 4xx (or what the document says) and change nothing", async () => {
    const before = await snapshot();
    console.log(`api fuzz: the customer tables compared: ${[...tables.keys()].sort().join(", ")}`);
    const tally = newTally();
    const started = Date.now();
    await run(sorted.refused, tally);
    report("round 1 (refused, reads)", tally, started);
    expect(tally.problems.slice(0, 20)).toEqual([]);
    expect(tally.requests).toBe(sorted.refused.length);
    expect(changes(before, await snapshot()), "customer tables after refused requests").toEqual({});
  }, 120_000);

  it("round 2: public writes answer documented statuses; a token row exactly for each 200 of the token call, a new customer for each 201, else only links mailed", async () => {
    // besides the generated bodies: right and wrong credentials, so that some calls succeed
    const credentials: [string, string][] = [
      [A.email, DEMO.password],
      [A.email, "Falsch2026"],
      [` ${A.email.toUpperCase()} `, DEMO.password],
      ["niemand@example.org", DEMO.password],
      [DEMO.pending, DEMO.password],
      [DEMO.blocked, DEMO.password],
      [A.email, ""],
    ];
    const op = contract.operations.find((o) => o.key === `POST ${TOKEN_PATH}`)!;
    const calls: [FuzzRequest, Prediction][] = Array.from({ length: CREDENTIAL_CALLS }, (_, i) => {
      const [username, password] = credentials[i % credentials.length];
      return [
        {
          target: op.key,
          label: `credentials ${i % credentials.length}`,
          method: "POST",
          url: TOKEN_PATH,
          auth: "none",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ username, password }),
        },
        { kind: "accepted", op },
      ];
    });
    const tokenRows = async () =>
      (
        await shop.db
          .prepare("SELECT token_hash, customer_id FROM api_token")
          .all<{ token_hash: string; customer_id: number }>()
      ).results;
    const rowsBefore = await tokenRows();
    const customers = async () =>
      (await shop.db.prepare("SELECT id, status FROM customer").all<{ id: number; status: string }>()).results;
    const existing = (await customers()).map((c) => c.id);
    const before = await snapshot(existing, issued);
    const tally = newTally();
    const started = Date.now();
    await run(sorted.tokenCall, tally);
    // the generated calls may have used up A's throttle: the credentials start afresh
    await shop.db.prepare("DELETE FROM rate_limit").run();
    await run(calls, tally);
    report("round 2 (public writes)", tally, started);
    console.log(`api fuzz round 2: ${tally.created.length} customers registered`);
    expect(tally.problems.slice(0, 20)).toEqual([]);
    expect(tally.tokensGiven.length, "some token calls succeed").toBeGreaterThan(0);

    const given = new Set(await Promise.all(tally.tokensGiven.map(sha256)));
    const known = new Set(rowsBefore.map((r) => r.token_hash));
    const added = (await tokenRows()).filter((r) => !known.has(r.token_hash));
    // a row for each 200, none for wrong credentials, each of the customer whose credentials were right
    expect(added.length).toBe(given.size);
    for (const row of added) {
      expect(given.has(row.token_hash)).toBe(true);
      expect(row.customer_id).toBe(A.id);
    }
    for (const hash of given) issued.add(hash);
    // registrations: a customer, not activated yet, exactly for each 201
    const registered = (await customers()).filter((c) => !existing.includes(c.id));
    expect(registered.map((c) => c.id).sort(), "new customers are those of the 201 answers").toEqual(
      [...tally.created].sort(),
    );
    for (const c of registered) expect(c.status, `new customer ${c.id}`).toBe("pending");
    const after = await snapshot(existing, issued);
    expect(linkProblems(before.customer_token, after.customer_token), "e-mail links").toEqual([]);
    const { customer_token: _links, ...rest } = changes(before, after);
    expect(rest, "the customers there were, apart from new tokens and links").toEqual({});
  }, 120_000);

  it("round 3: accepted requests with A's token answer as documented and never touch B", async () => {
    const othersBefore = await snapshot([B.id]);
    const tally = newTally();
    const started = Date.now();
    let renewed = 0;
    // a request may sign A out (the token ends): she gets a new one for the next batch
    const keepToken = async () => {
      const me = await shop.db
        .prepare("SELECT 1 AS n FROM api_token WHERE token_hash = ?")
        .bind(await sha256(tokens.valid))
        .first();
      if (me) return;
      tokens.valid = await issueToken(A.email);
      renewed++;
    };
    // Signing out (DELETE on the token call's path) ends the token the next requests carry: those
    // go last, one by one, each with a token of its own; everything else with one token.
    const signsOut = ([r, p]: [FuzzRequest, Prediction]) =>
      r.method === "DELETE" && p.kind === "accepted" && p.op.path === TOKEN_PATH;
    await run(
      sorted.accepted.filter((x) => !signsOut(x)),
      tally,
      keepToken,
    );
    await run(sorted.accepted.filter(signsOut).slice(0, SIGN_OUTS), tally, keepToken, 1);
    report("round 3 (accepted, A's token)", tally, started);
    console.log(`api fuzz round 3: A got a new token ${renewed} times after a request signed her out`);
    expect(tally.problems.slice(0, 20)).toEqual([]);
    expect(tally.statuses[200], "accepted requests that succeed").toBeGreaterThan(5);
    expect(changes(othersBefore, await snapshot([B.id])), "B's data").toEqual({});
  }, 120_000);
});
