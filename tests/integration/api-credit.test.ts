/**
 * Counting the balance against the cart through the JSON API (`POST carts/mine/bss-store-credit/apply`,
 * docs/decisions/0034): the checkout's "Guthaben zuerst verrechnen" as the order counts it. The
 * balance is taken only by the order's batch, so the call stores nothing and takes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareTestCustomer } from "../fixtures/customer";
import { DEMO } from "./browser";
import { startShop, type TestShop } from "./worker";

/** An amount the API wrote in euros, in cents (the test's arithmetic stays in integers). */
const cents = (euros: number) => Math.round(euros * 100);

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

const APPLY = "/rest/V1/carts/mine/bss-store-credit/apply";
const TOTALS = "/rest/V1/carts/mine/totals/complete";
const NOT_ENOUGH =
  "Dein Guthaben reicht für diese Bestellung nicht aus. Bitte wähle zusätzlich eine andere Zahlungsart.";

let nextId = 9340;
let ip = 10;
/** A fresh test customer with a balance and cart lines (sku → qty), and a token for it. */
async function customer(balanceCents: number, lines: Record<string, number> = { "120001": 2 }) {
  const id = nextId++;
  const email = `guthaben-${id}@example.org`;
  await prepareTestCustomer(shop.db, { id, email, firstname: "Greta", lastname: "Guthaben", gender: "w" }).run();
  if (balanceCents)
    await shop.db
      .prepare("INSERT INTO customer_balance (customer_id, balance_cents) VALUES (?, ?)")
      .bind(id, balanceCents)
      .run();
  for (const [sku, qty] of Object.entries(lines))
    await shop.db
      .prepare(
        "INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, ?, 0, ?, '2026-01-05T10:00:00.000Z')",
      )
      .bind(id, sku, qty)
      .run();
  const res = await shop.fetch("/rest/V1/integration/customer/token", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `198.18.2.${ip++}` },
    body: JSON.stringify({ username: email, password: DEMO.password }),
  });
  expect(res.status).toBe(200);
  return { id, token: ((await res.json()) as { access_token: string }).access_token };
}

interface CartAnswer {
  grand_total: number;
  grandTotal: number;
  discount: { appliedCredit: number };
  total_segments: { code: string; title: string; value: number }[];
}

async function call(token: string, method: string, path: string, body?: unknown) {
  const res = await shop.fetch(path, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as CartAnswer & { message?: string; parameters?: string[] } };
}

async function balanceOf(id: number) {
  const row = await shop.db
    .prepare(
      "SELECT (SELECT balance_cents FROM customer_balance WHERE customer_id = ?1) AS balance, (SELECT count(*) FROM balance_entry WHERE customer_id = ?1) AS entries",
    )
    .bind(id)
    .first<{ balance: number | null; entries: number }>();
  return row;
}

describe("counting the balance against the cart", () => {
  it("counts the whole balance, at most the total, and shows it as the bss_storecredit segment", async () => {
    const c = await customer(2500, { "120001": 2 });
    const before = (await call(c.token, "GET", TOTALS)).body;
    expect(before.discount.appliedCredit).toBe(0);
    expect(before.total_segments.map((s) => s.code)).not.toContain("bss_storecredit");
    const res = await call(c.token, "POST", APPLY, {});
    expect(res.status).toBe(200);
    // the cart costs less than the balance: all of it is paid, nothing more is counted
    expect(res.body.discount.appliedCredit).toBe(before.grand_total);
    expect(res.body.grand_total).toBe(0);
    expect(res.body.grandTotal).toBe(0);
    expect(res.body.total_segments).toContainEqual({
      code: "bss_storecredit",
      title: "Guthaben verrechnet",
      value: -before.grand_total,
    });
    expect(await balanceOf(c.id)).toEqual({ balance: 2500, entries: 0 });
  });

  it("counts a part of the balance, and stores nothing: the cart's totals stay as they were", async () => {
    const c = await customer(2500, { "120001": 10 });
    const before = (await call(c.token, "GET", TOTALS)).body;
    // the amount in euros, as the API writes amounts
    const res = await call(c.token, "POST", APPLY, { amount: 5 });
    expect(res.status).toBe(200);
    expect(res.body.discount.appliedCredit).toBe(5);
    expect(cents(res.body.grand_total)).toBe(cents(before.grand_total) - 500);
    // the segments but tax and grand_total add up to the grand total
    const parts = res.body.total_segments.filter((s) => s.code !== "tax" && s.code !== "grand_total");
    expect(parts.reduce((sum, s) => sum + cents(s.value), 0)).toBe(cents(res.body.grand_total));
    expect((await call(c.token, "GET", TOTALS)).body).toEqual(before);
    expect(await balanceOf(c.id)).toEqual({ balance: 2500, entries: 0 });
  });

  it("refuses more than the balance and no balance at all with the checkout's text (409)", async () => {
    const c = await customer(2500);
    expect(await call(c.token, "POST", APPLY, { amount: "25.01" })).toEqual({
      status: 409,
      body: { message: NOT_ENOUGH, parameters: ["amount"] },
    });
    const none = await customer(0);
    expect(await call(none.token, "POST", APPLY, {})).toEqual({
      status: 409,
      body: { message: NOT_ENOUGH, parameters: [] },
    });
  });

  it("refuses an empty cart with the credit error (409)", async () => {
    const c = await customer(2500, {});
    expect(await call(c.token, "POST", APPLY, {})).toEqual({
      status: 409,
      body: { message: "Dein Guthaben konnte nicht verrechnet werden. Bitte lade die Seite neu.", parameters: [] },
    });
  });

  it("refuses bad input with a German 400 and never answers 5xx", async () => {
    const c = await customer(2500);
    for (const body of [
      { amount: 0 },
      { amount: "0.00" },
      { amount: -1 },
      { amount: 1.505 },
      { amount: "1,50" },
      { amount: "5 €" },
      { amount: null },
      { amount: 1e12 },
      { betrag: 5 },
    ]) {
      const res = await call(c.token, "POST", APPLY, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe("Die Anfrage ist ungültig. Bitte überprüfe die Angaben.");
      expect(res.body.parameters?.[0]).toMatch(/^body(\.amount)?: /);
    }
    expect((await shop.fetch(APPLY, { method: "POST" })).status).toBe(401);
  });

  it("counts only the caller's own balance and cart", async () => {
    const rich = await customer(900_00, {});
    const poor = await customer(100, { "120001": 10 });
    const res = await call(poor.token, "POST", APPLY, {});
    expect(res.body.discount.appliedCredit).toBe(1);
    expect(await balanceOf(rich.id)).toEqual({ balance: 900_00, entries: 0 });
  });

  it("uses no balance when 20 applies race: each counts at most the balance, and the balance stays", async () => {
    const c = await customer(300, { "120001": 10 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(c.token, "POST", APPLY, { amount: 3 })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const a of answers) expect(a.body.discount.appliedCredit).toBe(3);
    expect(await balanceOf(c.id)).toEqual({ balance: 300, entries: 0 });
  });
});
