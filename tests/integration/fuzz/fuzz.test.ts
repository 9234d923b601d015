/**
 * The fuzz test (docs/decisions/0008): over 10,000 seeded requests against the built worker with
 * the demo shop, at every form, page, query parameter and cookie of targets.ts, in many body
 * shapes, as the demo customer and as a visitor, with and without a valid CSRF token.
 *
 * Asserted: no 5xx at all; no marker sent in a field, parameter, path or cookie comes back
 * unescaped in a page; no redirect leaves the shop; no stack trace in the worker's log (a client's
 * mistake is one line, issue 31); requests without a valid token leave the customer's data (and
 * password) as they were; no request at all changes another customer.
 *
 * Two rounds: first only requests without a valid token (then her data must be unchanged), then
 * requests with her valid token too (then only the other customers must be unchanged). The
 * development page /dev/cards plays the card provider for every customer by design (no owner
 * check), so it gets no request with a valid token (targets.ts, `anyCustomer`); without one it is
 * fuzzed like every form and must change nothing; so are /dev/shares and the signing sandbox.
 * Another customer has a card and an open card application, so "no other customer changes" covers
 * the card tables too; she and Anna have shares in the cart, so "Kauf abbrechen" meets her own and
 * the other's purchase id, and other customers have purchases in the other open states.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, csrfOf, DEMO, signIn } from "../browser";
import { startShop, type TestShop } from "../worker";
import { RequestFactory, type FuzzContext, type FuzzRequest, type Persona, type TokenUse } from "./requests";
import { customerData, shopIds } from "./snapshot";
import { expectClean, newTally, send, type Tally } from "./tally";

const SEED = 20261123;
const ROUND_WITHOUT_TOKEN = 6_000;
const ROUND_WITH_TOKEN = 4_500;
const IN_FLIGHT = 8;

let shop: TestShop;
/** Lines of the worker's log that carry a stack trace (a line of "    at …"), this round. */
let stackTraces: string[] = [];
let context: FuzzContext;
let annaId: number;
let otherIds: number[];

beforeAll(async () => {
  shop = await startShop({
    logs: ({ message }) => {
      if (/\n\s+at /.test(message)) stackTraces.push(message);
    },
  });
  const customers = (
    await shop.db.prepare("SELECT id, email FROM customer ORDER BY id").all<{ id: number; email: string }>()
  ).results;
  annaId = customers.find((c) => c.email === DEMO.active)!.id;
  otherIds = customers.filter((c) => c.id !== annaId).map((c) => c.id);
  await anotherCustomersCard(otherIds[0]);
  await sharesInCart([annaId, otherIds[0]]);
  await otherCustomersPurchases(otherIds.slice(1));
  await otherCustomersMarketing(otherIds[0]);
  context = {
    ids: await shopIds(shop, annaId),
    personas: { anna: await persona(true), visitor: await persona(false) },
    honeypot: await honeypotStamp(),
  };
}, 120_000);
afterAll(async () => {
  await shop?.dispose();
});

/**
 * The seed gives only Anna cards: another customer gets a card with a PIN and an open application,
 * so the fuzz tries their ids too and the comparison covers the card tables.
 */
async function anotherCustomersCard(customerId: number) {
  const has = await shop.db
    .prepare("SELECT COUNT(*) AS n FROM card WHERE customer_id = ?")
    .bind(customerId)
    .first<{ n: number }>();
  if (has?.n) return;
  const now = new Date().toISOString();
  await shop.db.batch([
    shop.db
      .prepare(
        `INSERT INTO card (id, customer_id, number, type, alias, status, pin_hash, pin_failed_attempts, version, issued_at)
         SELECT 310001, ?, '9276009900000017', 'rfid', 'Bens Karte', 'active', pin_hash, 1, 1, ? FROM card WHERE id = 300001`,
      )
      .bind(customerId, now),
    shop.db
      .prepare(
        "INSERT INTO card_event (id, card_id, kind, created_at) VALUES ('fuzz-other-card-issued', 310001, 'issued', ?)",
      )
      .bind(now),
    shop.db
      .prepare(
        `INSERT INTO card_application (id, customer_id, state, store_id, gender, dob, telephone, name_on_card, sepa_holder,
           sepa_bank, sepa_iban, sepa_bic, consents_at, provider_ref, next_check_at, card_id, created_at, updated_at)
         VALUES ('fuzz-other-application', ?, 'validation', 'leipzig-gohlis', 'm', '1995-09-02', '+49 341 1', 'Ben Mueller',
           'Ben Müller', 'Sparkasse Leipzig', 'DE89370400440532013000', 'COBADEFFXXX', ?, NULL, ?, NULL, ?, ?)`,
      )
      .bind(customerId, now, now, now, now),
  ]);
}

/**
 * Shares waiting in the cart of Anna and of another customer (purchases in state in_cart), so the
 * fuzz tries "Kauf abbrechen" with her own and the other's purchase id, and the checkout carries
 * shares. A customer who has a purchase on its way already keeps that one.
 */
async function sharesInCart(customerIds: number[]) {
  const now = new Date().toISOString();
  await shop.db.batch(
    customerIds.map((id) =>
      shop.db
        .prepare(
          `INSERT INTO share_purchase (id, customer_id, quantity, status, declaration, signing_ref, order_id, created_at, signed_at, review_due_at, updated_at)
           SELECT ?, ?, 2, 'in_cart', '{}', ?, NULL, ?, ?, ?, ?
           WHERE NOT EXISTS (SELECT 1 FROM share_purchase WHERE customer_id = ? AND status NOT IN ('declined', 'paid', 'cancelled'))`,
        )
        .bind(`fuzz-purchase-${id}`, id, `sig_fuzz_${id}`, now, now, now, now, id),
    ),
  );
}

/**
 * Other customers' share purchases, one in each state a request could move: admitted (a cancel or
 * a cart post with its id), in review (the development page's check) and waiting for its signature
 * (the signing sandbox); "no other customer changes" then covers them.
 */
async function otherCustomersPurchases(customerIds: number[]) {
  const now = new Date().toISOString();
  const states = ["approved", "in_review", "awaiting_signature"];
  const declaration = JSON.stringify({
    quantity: 2,
    firstname: "Ben",
    lastname: "Müller",
    dob: "1995-09-02",
    email: "ben.mueller@example.org",
    address: { street: "Hauptstraße", houseNumber: "1", addressAddition: "", zip: "04109", city: "Leipzig" },
    consentsAt: now,
  });
  await shop.db.batch(
    states.map((status, i) =>
      shop.db
        .prepare(
          `INSERT OR IGNORE INTO share_purchase (id, customer_id, quantity, status, declaration, signing_ref, created_at, signed_at, review_due_at, updated_at)
           VALUES (?, ?, 2, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          `fuzz-purchase-${status}`,
          customerIds[i % customerIds.length],
          status,
          declaration,
          `sig_fuzz_${status}`,
          now,
          status === "awaiting_signature" ? null : now,
          status === "awaiting_signature" ? null : now,
          now,
        ),
    ),
  );
}

/**
 * Another customer with a confirmed newsletter and both other switches on, so "no other customer
 * changes" covers the marketing tables: the visitor form with their address, forged unsubscribe
 * and confirmation links.
 */
async function otherCustomersMarketing(customerId: number) {
  const now = new Date().toISOString();
  await shop.db.batch([
    shop.db
      .prepare(
        `INSERT OR IGNORE INTO newsletter_subscription (id, email, status, confirmed_at, created_at, updated_at)
         SELECT 920001, email, 'confirmed', ?, ?, ? FROM customer WHERE id = ?`,
      )
      .bind(now, now, now, customerId),
    shop.db
      .prepare(
        `INSERT OR IGNORE INTO marketing_preference (customer_id, personalised_offers, postal_advertising, updated_at)
         VALUES (?, 1, 1, ?)`,
      )
      .bind(customerId, now),
  ]);
}

/** A browser's cookies and token, frozen: every fuzz request carries them, whatever it gets back. */
async function persona(signedIn: boolean) {
  const browser = new Browser(shop);
  if (signedIn) await signIn(browser);
  const token = csrfOf((await browser.get(signedIn ? "/account/address" : "/login")).html);
  return { session: browser.cookies.get("__session") ?? null, csrfCookie: browser.cookies.get("csrf")!, token };
}

async function honeypotStamp(): Promise<string> {
  const html = (await new Browser(shop).get("/register")).html;
  return (
    /name="form_started"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="form_started"/
      .exec(html)
      ?.slice(1)
      .find(Boolean) ?? ""
  );
}

/**
 * Runs the requests a few at a time, as browsers would, in batches of 250 made just before they
 * are sent (so a new sign-in between batches is used); the order of creation stays seeded.
 */
async function run(requests: Iterator<FuzzRequest>, tally: Tally, between?: () => Promise<void>) {
  for (;;) {
    const batch: FuzzRequest[] = [];
    while (batch.length < 250) {
      const item = requests.next();
      if (item.done) break;
      batch.push(item.value);
    }
    if (!batch.length) return;
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < batch.length) await send(shop, batch[next++], tally);
      }),
    );
    await between?.();
  }
}

function* generate(factory: RequestFactory, count: number, tokens: TokenUse[]): Generator<FuzzRequest> {
  const personas: Persona[] = ["anna", "visitor"];
  for (let i = 0; i < count; i++) {
    const who = personas[i % 2];
    yield i % 5 < 2 ? factory.page(who) : factory.form(who, tokens[i % tokens.length]);
  }
}

function report(round: string, tally: Tally, started: number) {
  console.log(
    `fuzz ${round}: ${tally.requests} requests, ${tally.serverErrors.length} answered 5xx, ` +
      `${tally.reflected.length} reflected a marker, ${tally.offSite.length} redirected off-site, ` +
      `${stackTraces.length} stack traces logged, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

describe("fuzzing every form, page, parameter and cookie", () => {
  it("without a valid CSRF token: no 5xx, nothing reflected, and nobody's data changes", async () => {
    const annaBefore = await customerData(shop, [annaId]);
    const othersBefore = await customerData(shop, otherIds);
    const tally = newTally();
    stackTraces = [];
    const started = Date.now();
    await run(
      generate(new RequestFactory(SEED, context), ROUND_WITHOUT_TOKEN, ["none", "wrong", "foreign", "cookieless"]),
      tally,
    );
    report("without token", tally, started);
    expectClean(tally, stackTraces);
    expect(tally.requests).toBe(ROUND_WITHOUT_TOKEN);
    expect(await customerData(shop, [annaId])).toEqual(annaBefore);
    expect(await customerData(shop, otherIds)).toEqual(othersBefore);
    // her password still works (the fuzz's failed sign-ins may have used up the throttle)
    await shop.db.prepare("DELETE FROM rate_limit").run();
    const check = await signIn(new Browser(shop));
    expect(check.res.status).toBe(302);
    expect(check.res.headers.get("Location")).toBe("/");
  }, 300_000);

  it("with valid tokens too: no 5xx, nothing reflected, and no other customer changes", async () => {
    const othersBefore = await customerData(shop, otherIds);
    const password = await shop.db
      .prepare("SELECT password_hash FROM customer WHERE id = ?")
      .bind(annaId)
      .first<{ password_hash: string }>();
    const tally = newTally();
    stackTraces = [];
    const started = Date.now();
    // A valid post may end her session (sign-out) or change her password: she signs in again.
    let signIns = 0;
    const keepSignedIn = async () => {
      const account = await shop.fetch("/account", {
        headers: { Cookie: `__session=${context.personas.anna.session}` },
      });
      await account.text();
      if (account.status === 200) return;
      await shop.db.prepare("DELETE FROM rate_limit").run();
      await shop.db
        .prepare("UPDATE customer SET password_hash = ?, status = 'active' WHERE id = ?")
        .bind(password!.password_hash, annaId)
        .run();
      context.personas.anna = await persona(true);
      signIns++;
    };
    await run(
      generate(new RequestFactory(SEED + 1, context), ROUND_WITH_TOKEN, ["valid", "valid", "none", "foreign"]),
      tally,
      keepSignedIn,
    );
    report("with tokens", tally, started);
    console.log(`fuzz with tokens: the customer signed in again ${signIns} times after a request ended her session`);
    expectClean(tally, stackTraces);
    expect(tally.requests).toBe(ROUND_WITH_TOKEN);
    expect(await customerData(shop, otherIds)).toEqual(othersBefore);
  }, 300_000);
});
