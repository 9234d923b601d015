/**
 * The shareholder's calls through the JSON API (docs/decisions/0034): the demo members' shares as
 * `/account/shareholder` shows them, the purchase status the waiting modal polls, selling shares,
 * cancelling a purchase and the declaration's signing calls, each on test customers of its own.
 */
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import development from "../../app/platform/development-secrets.json";
import { prepareTestCustomer, type Statement } from "../fixtures/customer";
import { type TestPurchase, testMemberStatements, testPurchaseStatement } from "../fixtures/shares";
import { Browser, DEMO, signIn } from "./browser";
import { ORIGIN, startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
  await prepareTestCustomer(shop.db, {
    id: 9301,
    email: "anteil-null@example.org",
    firstname: "Nina",
    lastname: "Null",
    gender: "w",
  }).run();
});
afterAll(async () => {
  await shop?.dispose();
});

let ip = 10;
/** A token for the customer, each from an address of its own (the token call is throttled). */
async function tokenFor(email: string): Promise<string> {
  const res = await shop.fetch("/rest/V1/integration/customer/token", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `198.18.${Math.floor(ip / 250)}.${ip++ % 250}` },
    body: JSON.stringify({ username: email, password: DEMO.password }),
  });
  expect(res.status, email).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function get(email: string, path: string) {
  return shop.fetch(path, { headers: { Authorization: `Bearer ${await tokenFor(email)}` } });
}

describe("the shares", () => {
  it("of a member: number, count, value in euros, cashback in percent and the history of three purchases", async () => {
    const res = await get(DEMO.active, "/rest/V1/shareholder/items");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('"sharesValue":1200.00');
    const body = JSON.parse(text) as Record<string, unknown> & { history: { type: string; quantity: number }[] };
    expect(body).toMatchObject({
      state: "member",
      shareholderId: "4711",
      shareCount: 12,
      sellable: 12,
      shareName: "Genossenschaftsanteil der Frischkorb eG",
      sharesValue: 1200,
      cashback: 3.1,
      pendingSales: [],
    });
    expect(body.history.map((e) => [e.type, e.quantity])).toEqual(
      expect.arrayContaining([
        ["purchase", 5],
        ["purchase", 4],
        ["purchase", 3],
      ]),
    );
  });

  it("of a former member, and of a customer who never was one", async () => {
    const former = (await (await get("dora.fischer@example.org", "/rest/V1/shareholder/items")).json()) as Record<
      string,
      unknown
    >;
    expect(former).toMatchObject({ state: "former", shareholderId: "3902", shareCount: 0, sharesValue: 0 });
    const none = (await (await get("anteil-null@example.org", "/rest/V1/shareholder/items")).json()) as Record<
      string,
      unknown
    >;
    expect(none).toEqual({
      state: "none",
      shareholderId: null,
      shareCount: 0,
      sellable: 0,
      shareName: "Genossenschaftsanteil der Frischkorb eG",
      sharesValue: 0,
      cashback: 0,
      pendingSales: [],
      history: [],
    });
  });

  it("has the purchase status of the waiting modal: a declaration under review blocks", async () => {
    const review = await get("emil.wagner@example.org", "/rest/V1/shareholder/purchase/status");
    expect(await review.json()).toEqual({ frontend_status: "pending", shareholder_state: "blocked", item_qty: 2 });
    const none = await get("anteil-null@example.org", "/rest/V1/shareholder/purchase/status");
    expect(await none.json()).toEqual({ frontend_status: "none", shareholder_state: "open", item_qty: 0 });
    expect((await shop.fetch("/rest/V1/shareholder/purchase/status")).status).toBe(401);
  });
});

// ---- selling, cancelling and signing: test customers 9310 to 9339, one or two per test ----

let nextId = 9310;
/** A fresh test customer (with `statements` run for it) and a token for it. */
async function customer(prepare: (id: number, email: string) => Statement[] = () => []) {
  const id = nextId++;
  const email = `anteil-${id}@example.org`;
  await prepareTestCustomer(shop.db, { id, email, firstname: "Vera", lastname: "Test", gender: "w" }).run();
  for (const { sql, params } of prepare(id, email))
    await shop.db
      .prepare(sql)
      .bind(...params)
      .run();
  return { id, email, token: await tokenFor(email) };
}

type Answer = { status: number; body: Record<string, unknown> & { message?: string; parameters?: string[] } };

async function call(token: string, method: string, path: string, body?: unknown, raw?: string): Promise<Answer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined || raw !== undefined) headers["Content-Type"] = "application/json";
  const res = await shop.fetch(path, {
    method,
    headers,
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

const purchase = (p: Omit<TestPurchase, "customerId" | "email">) => (id: number, email: string) => [
  testPurchaseStatement({ ...p, id: `${p.id}-${id}`, customerId: id, email }),
];

const SELL = "/rest/V1/shareholder/item/sell";
const CANCEL = "/rest/V1/shareholder/cancel";

async function ledger(customerId: number) {
  const { results } = await shop.db
    .prepare("SELECT type, quantity FROM share_entry WHERE customer_id = ? ORDER BY created_at")
    .bind(customerId)
    .all<{ type: string; quantity: number }>();
  return results;
}

async function purchaseRow(id: string) {
  return shop.db
    .prepare("SELECT status, signed_at FROM share_purchase WHERE id = ?")
    .bind(id)
    .first<{ status: string; signed_at: string | null }>();
}

describe("selling shares (POST shareholder/item/sell)", () => {
  it("marks shares for cancellation, confirms the number, and the shares page shows them pending", async () => {
    const member = await customer((id) => testMemberStatements(id, 5));
    const sold = await call(member.token, "POST", SELL, { quantity: 2 });
    expect(sold.status).toBe(200);
    expect(sold.body.message).toMatch(/^2 Anteile zum \d{2}\.\d{2}\.\d{4} zur Kündigung vorgemerkt$/);
    expect(sold.body).toMatchObject({ quantity: 2, effectiveAt: expect.stringMatching(/^\d{4}-12-31$/) });
    const items = await call(member.token, "GET", "/rest/V1/shareholder/items");
    expect(items.body).toMatchObject({ shareCount: 5, sellable: 3, pendingSales: [{ quantity: 2 }] });
    // the page the customer sees: the pending sale and what may still be sold
    const browser = new Browser(shop);
    await signIn(browser, member.email);
    const page = await browser.get("/account/shareholder");
    expect(page.html).toContain("Zum Verkauf vorgemerkt");
    expect(page.html).toMatch(/2 Anteile, wirksam zum \d{2}\.\d{2}\.\d{4}/);
    const dialog = await browser.get("/account/shareholder/sell");
    expect(dialog.html).toContain("Du kannst bis zu 3 Anteile verkaufen.");
  });

  it("refuses what the sell dialog refuses, in German, and marks nothing", async () => {
    const member = await customer((id) => testMemberStatements(id, 3));
    const cases: [unknown, number, string][] = [
      [{ quantity: 4 }, 400, "body.quantity: Du kannst höchstens 3 Anteile verkaufen."],
      [{ quantity: 0 }, 400, "body.quantity: Bitte verkaufe mindestens einen Anteil."],
      [{ quantity: 1.5 }, 400, "body.quantity: Falscher Typ, erwartet: integer"],
      [{ quantity: "2" }, 400, "body.quantity: Falscher Typ, erwartet: number"],
      [{}, 400, "body.quantity: Bitte fülle dieses Feld aus."],
      [{ quantity: 1, extra: true }, 400, "body: Diese Felder gibt es nicht (extra)"],
    ];
    for (const [body, status, parameter] of cases) {
      const res = await call(member.token, "POST", SELL, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toBe("Die Anfrage ist ungültig. Bitte überprüfe die Angaben.");
      expect(res.body.parameters).toEqual([parameter]);
    }
    expect((await call(member.token, "POST", SELL, undefined, "{")).status).toBe(400);
    expect(await ledger(member.id)).toEqual([{ type: "purchase", quantity: 3 }]);
  });

  it("refuses a customer without sellable shares with the dialog's text (409)", async () => {
    const none = await customer();
    const res = await call(none.token, "POST", SELL, { quantity: 1 });
    expect(res).toEqual({
      status: 409,
      body: { message: "Du hast gerade keine Anteile, die du verkaufen kannst.", parameters: ["quantity"] },
    });
    const all = await customer((id) => testMemberStatements(id, 2));
    expect((await call(all.token, "POST", SELL, { quantity: 2 })).status).toBe(200);
    expect((await call(all.token, "POST", SELL, { quantity: 1 })).status).toBe(409);
  });

  it("sells another customer's shares never: the token decides whose shares are marked", async () => {
    const owner = await customer((id) => testMemberStatements(id, 4));
    const other = await customer();
    expect((await call(other.token, "POST", SELL, { quantity: 1 })).status).toBe(409);
    expect(await ledger(owner.id)).toEqual([{ type: "purchase", quantity: 4 }]);
  });

  it("marks no more than held when 20 sells of the same shares race", async () => {
    const member = await customer((id) => testMemberStatements(id, 12));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(member.token, "POST", SELL, { quantity: 5 })),
    );
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 200 || s === 400 || s === 409),
      statuses.join(),
    ).toBe(true);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body.message).toBe("Deine Anteile konnten nicht zur Kündigung vorgemerkt werden.");
    const cancelled = (await ledger(member.id)).filter((e) => e.type === "cancellation");
    expect(cancelled.reduce((sum, e) => sum + e.quantity, 0)).toBe(10);
  });
});

describe("cancelling a purchase (PUT shareholder/cancel)", () => {
  it("cancels the declaration waiting for its signature, as 'Kauf abbrechen' does", async () => {
    const buyer = await customer(purchase({ id: "kauf-a", quantity: 2, status: "awaiting_signature" }));
    expect((await call(buyer.token, "GET", "/rest/V1/shareholder/purchase/status")).body.frontend_status).toBe(
      "pending",
    );
    const res = await call(buyer.token, "PUT", CANCEL, {});
    expect(res).toEqual({
      status: 200,
      body: {
        message: "Der Kauf deiner Anteile wurde abgebrochen.",
        frontend_status: "none",
        shareholder_state: "open",
        item_qty: 0,
      },
    });
    expect(await purchaseRow(`kauf-a-${buyer.id}`)).toMatchObject({ status: "cancelled" });
    // the purchase page shows no purchase on its way any more (nothing left to cancel)
    const browser = new Browser(shop);
    await signIn(browser, buyer.email);
    const page = await browser.get("/content/shares");
    expect(page.res.status).toBe(200);
    expect(page.html).not.toContain('href="/content/shares/cancel"');
  });

  it("takes the shares out of the cart when named by the cart's purchase_id", async () => {
    const buyer = await customer(purchase({ id: "kauf-b", quantity: 3, status: "in_cart" }));
    const cart = await call(buyer.token, "GET", "/rest/V1/carts/mine/totals/complete");
    const shares = cart.body.shares as { purchase_id: string; quantity: number };
    expect(shares).toMatchObject({ purchase_id: `kauf-b-${buyer.id}`, quantity: 3 });
    expect((await call(buyer.token, "PUT", CANCEL, { purchaseId: shares.purchase_id })).status).toBe(200);
    expect((await call(buyer.token, "GET", "/rest/V1/carts/mine/totals/complete")).body.shares).toBeNull();
  });

  it("refuses while the cooperative checks (409) and with nothing open (404), changing nothing", async () => {
    const blocked = await customer(purchase({ id: "kauf-c", quantity: 2, status: "in_review" }));
    expect(await call(blocked.token, "PUT", CANCEL, {})).toEqual({
      status: 409,
      body: { message: "Der Kauf deiner Anteile konnte nicht abgebrochen werden.", parameters: ["purchaseId"] },
    });
    expect(await purchaseRow(`kauf-c-${blocked.id}`)).toMatchObject({ status: "in_review" });
    const none = await customer();
    expect(await call(none.token, "PUT", CANCEL, {})).toEqual({
      status: 404,
      body: { message: "Der Kauf deiner Anteile konnte nicht abgebrochen werden.", parameters: [] },
    });
  });

  it("answers another customer's purchase id 404 and leaves that purchase alone", async () => {
    const owner = await customer(purchase({ id: "kauf-d", quantity: 1, status: "awaiting_signature" }));
    const other = await customer(purchase({ id: "kauf-e", quantity: 1, status: "awaiting_signature" }));
    const res = await call(other.token, "PUT", CANCEL, { purchaseId: `kauf-d-${owner.id}` });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Der Kauf deiner Anteile konnte nicht abgebrochen werden.");
    expect(await purchaseRow(`kauf-d-${owner.id}`)).toMatchObject({ status: "awaiting_signature" });
    expect(await purchaseRow(`kauf-e-${other.id}`)).toMatchObject({ status: "awaiting_signature" });
  });

  it("refuses bad input with a German 400", async () => {
    const buyer = await customer(purchase({ id: "kauf-f", quantity: 1, status: "awaiting_signature" }));
    for (const body of [{ purchaseId: "x".repeat(65) }, { purchaseId: 7 }, { purchaseId: "" }, { id: "x" }]) {
      const res = await call(buyer.token, "PUT", CANCEL, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe("Die Anfrage ist ungültig. Bitte überprüfe die Angaben.");
    }
    expect(await purchaseRow(`kauf-f-${buyer.id}`)).toMatchObject({ status: "awaiting_signature" });
  });

  it("cancels once when 20 cancels race", async () => {
    const buyer = await customer(purchase({ id: "kauf-g", quantity: 2, status: "approved" }));
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(buyer.token, "PUT", CANCEL, {})));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(
      statuses.every((s) => s === 200 || s === 404 || s === 409),
      statuses.join(),
    ).toBe(true);
    expect(await purchaseRow(`kauf-g-${buyer.id}`)).toMatchObject({ status: "cancelled" });
  });
});

/** The signing service's signed confirmation, as it calls /signing/webhook. */
async function confirmSigning(ref: string, outcome: "signed" | "declined") {
  const body = JSON.stringify({ eventId: crypto.randomUUID(), ref, outcome });
  const signature = createHmac("sha256", development.SIGNING_WEBHOOK_SECRET).update(body).digest("hex");
  const res = await shop.fetch("/signing/webhook", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "X-Signing-Signature": signature },
  });
  expect(res.status).toBe(200);
}

describe("the declaration's signing calls", () => {
  const OPEN = "/rest/V1/shareholder/open_status";
  const SIGNED = "/rest/V1/shareholder/signed_status";
  const URL_CALL = "/rest/V1/shareholder/request_adobe_url";
  const SENT = "/rest/V1/shareholder/sent_to_adobe";

  it("without a declaration: nothing open, nothing signed, no link", async () => {
    const none = await customer();
    const status = { signing_state: "none", open: false, signed: false, quantity: 0 };
    expect(await call(none.token, "GET", OPEN)).toEqual({ status: 200, body: status });
    expect(await call(none.token, "GET", SIGNED)).toEqual({ status: 200, body: status });
    expect(await call(none.token, "POST", SENT)).toEqual({ status: 200, body: status });
    expect(await call(none.token, "POST", URL_CALL)).toEqual({
      status: 409,
      body: { message: "Du hast keine Beitrittserklärung, die auf deine Unterschrift wartet.", parameters: [] },
    });
  });

  it("follows a declaration from open to signed, and only the service's confirmation signs it", async () => {
    const buyer = await customer(purchase({ id: "kauf-h", quantity: 3, status: "awaiting_signature" }));
    const open = { signing_state: "open", open: true, signed: false, quantity: 3 };
    expect((await call(buyer.token, "GET", OPEN)).body).toEqual(open);
    expect((await call(buyer.token, "GET", SIGNED)).body).toEqual(open);

    // the link of the e-mail: the signing sandbox's page with the declaration
    const link = await call(buyer.token, "POST", URL_CALL);
    expect(link).toEqual({ status: 200, body: { url: `${ORIGIN}/signing/sandbox/sig_kauf-h-${buyer.id}` } });
    const sandbox = await shop.fetch(new URL(String(link.body.url)).pathname);
    expect(sandbox.status).toBe(200);
    expect(await sandbox.text()).toContain("zeichne 3 Geschäftsanteile");

    // the customer's word changes nothing
    expect(await call(buyer.token, "POST", SENT)).toEqual({ status: 200, body: open });
    expect(await purchaseRow(`kauf-h-${buyer.id}`)).toEqual({ status: "awaiting_signature", signed_at: null });

    await confirmSigning(`sig_kauf-h-${buyer.id}`, "signed");
    const signed = { signing_state: "signed", open: false, signed: true, quantity: 3 };
    expect((await call(buyer.token, "GET", SIGNED)).body).toEqual(signed);
    expect((await call(buyer.token, "GET", OPEN)).body).toEqual(signed);
    expect((await call(buyer.token, "POST", SENT)).body).toEqual(signed);
    expect((await call(buyer.token, "POST", URL_CALL)).status).toBe(409);
  });

  it("says a declined declaration was declined, and a cancelled unsigned one is closed on the sandbox page", async () => {
    const declined = await customer(purchase({ id: "kauf-i", quantity: 1, status: "awaiting_signature" }));
    await confirmSigning(`sig_kauf-i-${declined.id}`, "declined");
    expect((await call(declined.token, "GET", SIGNED)).body).toEqual({
      signing_state: "declined",
      open: false,
      signed: false,
      quantity: 1,
    });
    const cancelled = await customer(purchase({ id: "kauf-j", quantity: 1, status: "awaiting_signature" }));
    expect((await call(cancelled.token, "PUT", CANCEL, {})).status).toBe(200);
    const page = await (await shop.fetch(`/signing/sandbox/sig_kauf-j-${cancelled.id}`)).text();
    expect(page).toContain("Diese Beitrittserklärung ist bereits bearbeitet.");
    expect(page).not.toContain("Du hast die Beitrittserklärung unterschrieben.");
  });

  it("shows a customer only her own declaration", async () => {
    const owner = await customer(purchase({ id: "kauf-k", quantity: 4, status: "awaiting_signature" }));
    const other = await customer();
    expect((await call(other.token, "GET", OPEN)).body).toMatchObject({ signing_state: "none", quantity: 0 });
    expect((await call(other.token, "POST", URL_CALL)).status).toBe(409);
    expect((await call(owner.token, "GET", OPEN)).body).toMatchObject({ signing_state: "open", quantity: 4 });
  });

  it("cannot be told the declaration is signed: a body is read and ignored, without a token 401", async () => {
    const buyer = await customer(purchase({ id: "kauf-l", quantity: 1, status: "awaiting_signature" }));
    const res = await call(buyer.token, "POST", SENT, { signed: true, signing_state: "signed" });
    expect(res.body).toMatchObject({ signing_state: "open", signed: false });
    expect(await purchaseRow(`kauf-l-${buyer.id}`)).toEqual({ status: "awaiting_signature", signed_at: null });
    for (const path of [URL_CALL, SENT, OPEN, SIGNED])
      expect((await shop.fetch(path, { method: path === OPEN || path === SIGNED ? "GET" : "POST" })).status).toBe(401);
  });
});
