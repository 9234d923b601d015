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
import { startShop, type TestShop } from "../worker";
import { RequestFactory, type FuzzContext, type FuzzRequest, type Persona, type TokenUse } from "./requests";
import { customerData, shopIds, staffData } from "./snapshot";
import { expectClean, newTally, send, type Tally } from "./tally";
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

async function run(requests: Generator<FuzzRequest>, tally: Tally) {
  const all = [...requests];
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < all.length) await send(shop, all[next++], tally);
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

function report(round: string, tally: Tally) {
  console.log(
    `staff fuzz ${round}: ${tally.requests} requests, ${tally.serverErrors.length} answered 5xx, ` +
      `${tally.reflected.length} reflected a marker, ${tally.offSite.length} redirected off-site`,
  );
  expectClean(tally, stackTraces);
}

const everything = async () => ({ customers: await customerData(shop, customerIds), staff: await staffData(shop) });

describe("fuzzing every staff form and page", () => {
  it("without a valid CSRF token, as anyone: no 5xx, nothing reflected, nothing changes", async () => {
    const before = await everything();
    const tally = newTally();
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
    report("without token", tally);
    expect(await everything()).toEqual(before);
  }, 300_000);

  it("with valid tokens: no 5xx; the customer and the visitor, who are no staff, change nothing", async () => {
    const tally = newTally();
    stackTraces = [];
    const before = await everything();
    await run(
      generate(new RequestFactory(SEED + 1, context), ROUND_WITH_TOKEN / 2, ["anna", "visitor"], ["valid"]),
      tally,
    );
    expect(await everything()).toEqual(before);
    // the staff's own posts may change what their role may; the staff sign-in may sign out
    await run(generate(new RequestFactory(SEED + 2, context), ROUND_WITH_TOKEN / 2, STAFF, ["valid", "none"]), tally);
    report("with tokens", tally);
  }, 300_000);
});
