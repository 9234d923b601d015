/**
 * The fuzz test of the back office (docs/decisions/0008, issue 32): seeded requests at every staff
 * form and page (targets.ts STAFF_FORMS, STAFF_PAGES) as each member of the demo staff, as the demo
 * customer and as a visitor, in the body shapes of fuzz.test.ts.
 *
 * Asserted: no 5xx; no marker comes back unescaped; no redirect leaves the shop; no stack trace in
 * the log. Without a valid CSRF token nothing changes at all: no customer's data, no staff member,
 * no audit entry (every staff action writes one). With valid tokens, the customer and the visitor,
 * who are no staff, still change nothing; the staff's own valid posts may change what their role
 * may, and must still never answer 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, csrfOf, DEMO, signIn } from "../browser";
import { DEMO_STAFF, staffBrowser, type DemoStaff } from "../staff-browser";
import { ORIGIN, startShop, type TestShop } from "../worker";
import { REFLECTED, RequestFactory, type FuzzContext, type FuzzRequest, type Persona, type TokenUse } from "./requests";
import { customerData, shopIds, staffData } from "./snapshot";
import { STAFF_FORMS, STAFF_PAGES } from "./targets";

const SEED = 20261127;
const ROUND_WITHOUT_TOKEN = 1_000;
const ROUND_WITH_TOKEN = 800;
const IN_FLIGHT = 6;
const STAFF = Object.keys(DEMO_STAFF) as DemoStaff[];

let shop: TestShop;
let stackTraces: string[] = [];
let context: FuzzContext;
let customerIds: number[];

beforeAll(async () => {
  shop = await startShop({
    logs: ({ message }) => {
      if (/\n\s+at /.test(message)) stackTraces.push(message);
    },
  });
  const customers = (
    await shop.db.prepare("SELECT id, email FROM customer ORDER BY id").all<{ id: number; email: string }>()
  ).results;
  customerIds = customers.map((c) => c.id);
  const annaId = customers.find((c) => c.email === DEMO.active)!.id;
  const anna = new Browser(shop);
  await signIn(anna);
  const visitor = new Browser(shop);
  context = {
    ids: await shopIds(shop, annaId),
    personas: {
      anna: await frozen(anna, "/account/address"),
      visitor: await frozen(visitor, "/login"),
    },
    honeypot: "",
  };
  for (const who of STAFF) context.personas[who] = await frozen(await staffBrowser(shop, who), "/staff");
}, 120_000);
afterAll(async () => {
  await shop?.dispose();
});

/** A browser's cookies and token, frozen: every fuzz request carries them, whatever it gets back. */
async function frozen(browser: Browser, page: string) {
  const token = csrfOf((await browser.get(page)).html);
  return {
    session: browser.cookies.get("__session") ?? null,
    staff: browser.cookies.get("__staff"),
    csrfCookie: browser.cookies.get("csrf")!,
    token,
  };
}

interface Tally {
  requests: number;
  serverErrors: string[];
  reflected: string[];
  offSite: string[];
}

async function send(request: FuzzRequest, tally: Tally): Promise<void> {
  const headers = new Headers(request.init.headers);
  headers.set("CF-Connecting-IP", `203.0.113.${(tally.requests % 250) + 1}`);
  tally.requests++;
  let res: Response;
  try {
    res = await shop.fetch(request.path, { ...request.init, headers });
  } catch (error) {
    if (!request.label.endsWith("huge-chunked"))
      tally.serverErrors.push(`${request.label} ${request.path.slice(0, 120)} -> ${String(error)}`);
    return;
  }
  const body = await res.text();
  const where = `${request.label} ${request.path.slice(0, 120)} -> ${res.status}`;
  if (res.status >= 500) tally.serverErrors.push(where);
  if ((res.headers.get("Content-Type") ?? "").includes("text/html") && REFLECTED.test(body))
    tally.reflected.push(where);
  const location = res.headers.get("Location");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this looks for
  if (location && (/^\/\/|^\/\\|[\u0000-\u001f]/.test(location) || new URL(location, ORIGIN).host.includes("evil"))) {
    tally.offSite.push(`${where} Location ${JSON.stringify(location)}`);
  }
}

async function run(requests: Generator<FuzzRequest>, tally: Tally) {
  const all = [...requests];
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < all.length) await send(all[next++], tally);
    }),
  );
}

function* generate(
  factory: RequestFactory,
  count: number,
  personas: Persona[],
  tokens: TokenUse[],
): Generator<FuzzRequest> {
  for (let i = 0; i < count; i++) {
    const who = personas[i % personas.length];
    yield i % 5 < 2 ? factory.page(who, STAFF_PAGES) : factory.form(who, tokens[i % tokens.length], STAFF_FORMS);
  }
}

function expectClean(round: string, tally: Tally) {
  console.log(
    `staff fuzz ${round}: ${tally.requests} requests, ${tally.serverErrors.length} answered 5xx, ` +
      `${tally.reflected.length} reflected a marker, ${tally.offSite.length} redirected off-site`,
  );
  expect(tally.serverErrors.slice(0, 20), "5xx answers").toEqual([]);
  expect(tally.reflected.slice(0, 20), "unescaped markers").toEqual([]);
  expect(tally.offSite.slice(0, 20), "off-site redirects").toEqual([]);
  expect(stackTraces.slice(0, 5), "stack traces in the log").toEqual([]);
}

const everything = async () => ({ customers: await customerData(shop, customerIds), staff: await staffData(shop) });

describe("fuzzing every staff form and page", () => {
  it("without a valid CSRF token, as anyone: no 5xx, nothing reflected, nothing changes", async () => {
    const before = await everything();
    const tally: Tally = { requests: 0, serverErrors: [], reflected: [], offSite: [] };
    stackTraces = [];
    await run(
      generate(
        new RequestFactory(SEED, context),
        ROUND_WITHOUT_TOKEN,
        [...STAFF, "anna", "visitor"],
        ["none", "wrong", "foreign", "cookieless"],
      ),
      tally,
    );
    expectClean("without token", tally);
    expect(await everything()).toEqual(before);
  }, 300_000);

  it("with valid tokens: no 5xx; the customer and the visitor, who are no staff, change nothing", async () => {
    const tally: Tally = { requests: 0, serverErrors: [], reflected: [], offSite: [] };
    stackTraces = [];
    const before = await everything();
    await run(
      generate(new RequestFactory(SEED + 1, context), ROUND_WITH_TOKEN / 2, ["anna", "visitor"], ["valid"]),
      tally,
    );
    expect(await everything()).toEqual(before);
    // the staff's own posts may change what their role may; the staff sign-in may sign out
    await run(generate(new RequestFactory(SEED + 2, context), ROUND_WITH_TOKEN / 2, STAFF, ["valid", "none"]), tally);
    expectClean("with tokens", tally);
  }, 300_000);
});
