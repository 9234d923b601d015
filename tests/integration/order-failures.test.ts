/**
 * A failure between placing an order and opening its payment never strands the order
 * (docs/decisions/0037). A D1 wrapper fails each statement or batch of the two steps in turn, once
 * before it reaches the database and once after (the answer lost, as when the worker dies); then
 * the customer either retries with the same form (its idempotency key) or walks away, and the Cron
 * Trigger's reconciliation runs. An invariant check then finds no order without a way forward and
 * nothing held by a dead order: stock, the voucher, the balance, the gift, the pickup place; and
 * no order made or paid twice.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCheckout } from "~/domain/checkout/checkout.server";
import type { CheckoutInput } from "~/domain/checkout/checkout-input";
import { placeOrder } from "~/domain/order/place-order.server";
import { settlePayment } from "~/domain/order/payment.server";
import { reconcilePayments } from "~/domain/order/reconcile-payments.server";
import { startOrderPayment } from "~/domain/order/start-payment.server";
import type { PaymentConfirmation, PaymentProvider } from "~/platform/payment-provider";
import type { SignedInCustomer } from "~/platform/session.server";
import { prepareTestCustomer } from "../fixtures/customer";
import { ORIGIN, startShop, type TestShop } from "./worker";

const SKU = "160009"; // 1,19 €: 50 of them pass the first gift step (50 €)
const GIFT = "120026";
const STORE = "leipzig-gohlis";
const COUPON = "FRISCH5";
const BALANCE = 300;
const MINUTE = 60_000;

let shop: TestShop;
/** The stock and pickup places before this file's first order: every order here is a test buyer's. */
let initial: Awaited<ReturnType<typeof held>>;
beforeAll(async () => {
  shop = await startShop();
  // enough for every order of this file, so none is refused for stock
  await testDb().prepare("UPDATE product SET stock_qty = 100000 WHERE sku IN (?, ?)").bind(SKU, GIFT).run();
  initial = await held();
});
afterAll(async () => {
  await shop?.dispose();
});

/** The provider as the reconciliation meets it: opens payments, ends them, answers a look-up. */
function providerStandIn(answer: PaymentConfirmation["outcome"] = "canceled") {
  const ended: string[] = [];
  const provider: PaymentProvider = {
    name: "sandbox",
    pageOrigin: null,
    async startPayment(p) {
      return { providerRef: `ref-${p.paymentId}`, pageUrl: `/payment/sandbox/${p.paymentId}` };
    },
    async cancelPayment(providerRef) {
      ended.push(providerRef);
      return null;
    },
    async lookUpPayment(p) {
      return { ...p, confirmationId: `looked-up-${p.providerRef}`, outcome: answer };
    },
    async readWebhook() {
      return { kind: "ignored" };
    },
    async refund() {
      throw new Error("no refunds in these tests");
    },
  };
  return { provider, ended };
}

type When = "before" | "after";

/**
 * The shop's D1 (one call at a time already, its statements made in their turn:
 * tests/integration/serial-d1.ts) in one more queue of this file's, so a failed call's siblings,
 * which run on after the checkout has failed, finish before the next step of the test.
 */
let queue: Promise<unknown> = Promise.resolve();
const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
  const next = queue.then(run, run);
  queue = next.catch(() => {});
  return next;
};

/** The shop's statement behind each wrapped one, for a batch (any wrapper's statements may meet in one). */
const inner = new WeakMap<object, D1PreparedStatement>();

/** The shop's D1, failing its `failAt`-th call (a statement's read or write, a batch): before it runs, or after. */
function failingAt(db: D1Database, failAt: number, when: When) {
  let calls = 0;
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    calls++;
    if (calls !== failAt) return inTurn(run);
    if (when === "before") throw new Error("D1_ERROR: injected failure before the call");
    await inTurn(run);
    throw new Error("D1_ERROR: injected failure after the call (its answer lost)");
  };
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const run =
      (key: "first" | "all" | "run" | "raw") =>
      (...args: unknown[]) =>
        call(() => (statement[key] as (...a: unknown[]) => Promise<unknown>)(...args));
    const wrapped = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values)),
      first: run("first"),
      all: run("all"),
      run: run("run"),
      raw: run("raw"),
    } as unknown as D1PreparedStatement;
    inner.set(wrapped, statement);
    return wrapped;
  };
  const wrapped = {
    prepare: (sql: string) => wrap(db.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) => call(() => db.batch(statements.map((s) => inner.get(s) ?? s))),
    exec: (sql: string) => call(() => db.exec(sql)),
  } as unknown as D1Database;
  return { db: wrapped, calls: () => calls };
}

/** The shop's D1 in this file's queue, failing none: the test's own reads and writes. */
const testDb = () => failingAt(shop.db, Number.POSITIVE_INFINITY, "before").db;

let counter = 0;

/** A customer with 50 × SKU, a gift, the voucher and credit, ordering for pickup, paying by card. */
async function buyer(now: Date) {
  const id = 880000 + counter++ * 10 + Math.floor(Math.random() * 5);
  const customer: SignedInCustomer = {
    id,
    email: `stranded-${id}@example.org`,
    firstname: "Sina",
    lastname: "Stranded",
    darkMode: "0",
    group: "general",
  };
  await testDb().batch([
    prepareTestCustomer(testDb(), { ...customer, gender: "w" }),
    testDb()
      .prepare(
        "INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, ?, 0, 50, ?), (?, ?, 1, 1, ?)",
      )
      .bind(id, SKU, now.toISOString(), id, GIFT, now.toISOString()),
    testDb().prepare("INSERT INTO cart_state (customer_id, coupon_code) VALUES (?, ?)").bind(id, COUPON),
    testDb().prepare("INSERT INTO customer_balance (customer_id, balance_cents) VALUES (?, ?)").bind(id, BALANCE),
  ]);
  const checkout = await loadCheckout(
    testDb(),
    id,
    { carrier: "clickandcollect", storeId: STORE, moreDays: true },
    now,
  );
  const offered = checkout.pickupSlots.find((s) => s.remaining > 1);
  if (!offered) throw new Error("no free pickup slot");
  const [start, end] = offered.key.split("|");
  const slot = { start, end };
  const withCredit = checkout.cart.totals.grandTotalCents - Math.min(BALANCE, checkout.cart.totals.grandTotalCents);
  const input = (key: string): CheckoutInput => ({
    idempotencyKey: key,
    carrier: "clickandcollect",
    storeId: STORE,
    pickupSlot: slot,
    pickupTerms: true,
    telephone: "",
    paymentMethod: "card",
    useCredit: true,
    comment: "",
    expectedTotal: checkout.cart.totals.grandTotalCents,
  });
  return { customer, slot, input, withCredit };
}

type Buyer = Awaited<ReturnType<typeof buyer>>;

/**
 * What the shop holds now, and what the live orders of this file's buyers account for: stock and
 * pickup places are shared by every buyer (and the reconciliation settles anyone's payment).
 */
async function held() {
  const row = (await testDb()
    .prepare(
      `SELECT (SELECT stock_qty FROM product WHERE sku = ?1) AS sku, (SELECT stock_qty FROM product WHERE sku = ?2) AS gift,
              (SELECT COALESCE(SUM(booked), 0) FROM pickup_booking WHERE store_id = ?3) AS booked,
              (SELECT COALESCE(SUM(i.qty), 0) FROM order_item i JOIN customer_order o ON o.id = i.order_id JOIN customer c ON c.id = o.customer_id
                WHERE c.email LIKE 'stranded-%' AND o.status <> 'canceled' AND i.sku = ?1 AND i.is_gift = 0) AS liveSku,
              (SELECT COALESCE(SUM(i.qty), 0) FROM order_item i JOIN customer_order o ON o.id = i.order_id JOIN customer c ON c.id = o.customer_id
                WHERE c.email LIKE 'stranded-%' AND o.status <> 'canceled' AND i.sku = ?2) AS liveGift,
              (SELECT COUNT(*) FROM customer_order o JOIN customer c ON c.id = o.customer_id
                WHERE c.email LIKE 'stranded-%' AND o.status <> 'canceled' AND o.store_id = ?3) AS livePlaces`,
    )
    .bind(SKU, GIFT, STORE)
    .first<{ sku: number; gift: number; booked: number; liveSku: number; liveGift: number; livePlaces: number }>())!;
  return row;
}

/** Placing the order and opening its payment, as the checkout's submit does. */
async function checkout(db: D1Database, provider: PaymentProvider, b: Buyer, key: string, now: Date) {
  const placed = await placeOrder(db, b.customer, b.input(key), now, ORIGIN);
  if (placed.kind !== "placed" || !placed.order.paymentId || placed.order.paymentStatus !== "pending") return placed;
  const ctx = { origin: ORIGIN, description: "Bestellung", client: { ip: "127.0.0.1", userAgent: "test" } };
  return startOrderPayment(db, provider, b.customer, placed.order.paymentId, ctx, now);
}

/**
 * The invariants: one order at most; a live order (not cancelled) waits with an opened payment or
 * is paid, and holds exactly its stock, credit and pickup place; a cancelled one holds nothing and
 * has given back the cart, the gift and the voucher; a payment approved at most once.
 */
async function expectNothingStranded(b: Buyer, label: string) {
  const orders = (
    await testDb()
      .prepare(
        `SELECT o.id, o.status, o.credit_cents, o.coupon_code, p.status AS payment_status, p.provider_ref
         FROM customer_order o LEFT JOIN payment p ON p.order_id = o.id WHERE o.customer_id = ?`,
      )
      .bind(b.customer.id)
      .all<{
        id: string;
        status: string;
        credit_cents: number;
        coupon_code: string | null;
        payment_status: string | null;
        provider_ref: string | null;
      }>()
  ).results;
  expect(orders.length, `${label}: at most one order`).toBeLessThanOrEqual(1);
  const live = orders.filter((o) => o.status !== "canceled");
  for (const o of live) {
    if (o.status === "pending_payment")
      expect(o.provider_ref, `${label}: a waiting order has a payment the customer can pay`).not.toBeNull();
    else expect(o.payment_status, `${label}: a live order not waiting is paid`).toBe("approved");
  }
  const now = await held();
  expect(
    { sku: now.sku + now.liveSku, gift: now.gift + now.liveGift, booked: now.booked - now.livePlaces },
    `${label}: the stock and pickup places held are exactly the live orders'`,
  ).toEqual({
    sku: initial.sku + initial.liveSku,
    gift: initial.gift + initial.liveGift,
    booked: initial.booked - initial.livePlaces,
  });
  const state = (await testDb()
    .prepare(
      `SELECT (SELECT balance_cents FROM customer_balance WHERE customer_id = ?) AS balance,
                (SELECT coupon_code FROM cart_state WHERE customer_id = ?) AS coupon,
                (SELECT group_concat(sku || ':' || is_gift || ':' || qty) FROM (SELECT * FROM cart_item WHERE customer_id = ? ORDER BY sku)) AS cart,
                (SELECT COUNT(*) FROM payment p JOIN customer_order o ON o.id = p.order_id WHERE o.customer_id = ? AND p.status = 'approved') AS approved`,
    )
    .bind(b.customer.id, b.customer.id, b.customer.id, b.customer.id)
    .first<{ balance: number; coupon: string | null; cart: string | null; approved: number }>())!;
  expect(state.approved, `${label}: paid at most once`).toBeLessThanOrEqual(1);
  if (live.length) {
    expect(state.balance, `${label}: and its credit`).toBe(BALANCE - live[0].credit_cents);
    expect(state.cart, `${label}: its cart is ordered`).toBeNull();
  } else {
    expect(state.balance, `${label}: no credit held`).toBe(BALANCE);
    expect(state.coupon, `${label}: the voucher back in the cart`).toBe(COUPON);
    expect(state.cart, `${label}: the goods and the gift back in the cart`).toBe(`${GIFT}:1:1,${SKU}:0:50`);
  }
  return { orders, live };
}

/** How many statements and batches placing the order and opening its payment make, when nothing fails. */
async function callsOfACheckout() {
  const now = new Date();
  const b = await buyer(now);
  const counting = failingAt(shop.db, Number.POSITIVE_INFINITY, "before");
  const outcome = await checkout(counting.db, providerStandIn().provider, b, `count-${b.customer.id}`, now);
  expect(outcome?.kind).toBe("started");
  return counting.calls();
}

describe("a failure at each step of ordering", () => {
  it("is counted: placing and opening make a known number of D1 calls", async () => {
    expect(await callsOfACheckout()).toBeGreaterThan(5);
  });

  for (const when of ["before", "after"] as const) {
    it(`failing ${when} each call: after one reconciliation nothing is stranded, the customer walking away`, async () => {
      const total = await callsOfACheckout();
      for (let k = 1; k <= total; k++) {
        const now = new Date();
        const b = await buyer(now);
        const { provider, ended } = providerStandIn();
        const failing = failingAt(shop.db, k, when);
        await checkout(failing.db, provider, b, `walk-${k}-${when}`, now).catch(() => null);

        // the reconciliation once the unopened limit has passed, and once the page's lifetime has
        await reconcilePayments(testDb(), provider, new Date(now.getTime() + 16 * MINUTE), ORIGIN);
        const after16 = await expectNothingStranded(b, `${when} call ${k}, 16 min`);
        await reconcilePayments(testDb(), provider, new Date(now.getTime() + 66 * MINUTE), ORIGIN);
        const after66 = await expectNothingStranded(b, `${when} call ${k}, 66 min`);
        // the stand-in's look-up answers "expired": no payment stays open past its page
        expect(after66.live, `${when} call ${k}: nothing waits past the page's lifetime`).toEqual([]);
        // an opening the shop could not record was ended at the provider at once
        if (after16.orders[0] && after16.orders[0].provider_ref === null && ended.length === 0)
          expect(after16.live).toEqual([]);
      }
    });

    it(`failing ${when} each call: a retry of the same form reaches the same order and its payment`, async () => {
      const total = await callsOfACheckout();
      for (let k = 1; k <= total; k++) {
        const now = new Date();
        const b = await buyer(now);
        const { provider } = providerStandIn();
        const key = `retry-${k}-${when}`;
        await checkout(failingAt(shop.db, k, when).db, provider, b, key, now).catch(() => null);
        const retried = await checkout(testDb(), provider, b, key, new Date(now.getTime() + MINUTE));
        const { orders, live } = await expectNothingStranded(b, `${when} call ${k}, retried`);
        expect(orders.length, `${when} call ${k}: the retry made or found exactly one order`).toBe(1);
        if (live.length) expect(retried && "kind" in retried ? retried.kind : null).toBe("started");
        await reconcilePayments(testDb(), provider, new Date(now.getTime() + 16 * MINUTE), ORIGIN);
        await expectNothingStranded(b, `${when} call ${k}, retried, reconciled`);
      }
    });
  }
});

describe("the reconciliation", () => {
  it("cancels an unopened payment once, with one mail, however often and however concurrently it runs", async () => {
    const now = new Date();
    const b = await buyer(now);
    const { provider } = providerStandIn();
    const placed = await placeOrder(testDb(), b.customer, b.input(`unopened-${b.customer.id}`), now, ORIGIN);
    expect(placed.kind).toBe("placed");
    // not yet: the customer may still open it
    const early = await reconcilePayments(testDb(), provider, new Date(now.getTime() + 5 * MINUTE), ORIGIN);
    expect(early.unopened).toBe(0);
    // (and her order page offers "Jetzt bezahlen": payment-window.ts)
    const waiting = await testDb()
      .prepare("SELECT status FROM customer_order WHERE customer_id = ?")
      .bind(b.customer.id)
      .first<{ status: string }>();
    expect(waiting?.status).toBe("pending_payment");

    const later = new Date(now.getTime() + 16 * MINUTE);
    const reports = await Promise.all([
      reconcilePayments(testDb(), provider, later, ORIGIN),
      reconcilePayments(testDb(), provider, later, ORIGIN),
      reconcilePayments(testDb(), provider, later, ORIGIN),
    ]);
    expect(reports.reduce((n, r) => n + r.unopened, 0)).toBe(1);
    expect((await expectNothingStranded(b, "cancelled")).live).toEqual([]);
    const again = await reconcilePayments(testDb(), provider, later, ORIGIN);
    expect(again.unopened).toBe(0);
    const mails = await testDb()
      .prepare("SELECT subject, text_body AS body FROM outbox WHERE recipient = ?")
      .bind(b.customer.email)
      .all<{ subject: string; body: string }>();
    const canceled = mails.results.filter((m) => m.subject.includes("storniert"));
    expect(canceled).toHaveLength(1);
    expect(canceled[0].body).toContain("wieder in deinem Warenkorb");
  });

  it("a payment the customer can no longer open waits for the reconciliation, not for a provider call", async () => {
    const now = new Date();
    const b = await buyer(now);
    const { provider } = providerStandIn();
    const placed = await placeOrder(testDb(), b.customer, b.input(`late-${b.customer.id}`), now, ORIGIN);
    if (placed.kind !== "placed" || !placed.order.paymentId) throw new Error("not placed");
    const ctx = { origin: ORIGIN, description: "Bestellung", client: { ip: "127.0.0.1", userAgent: "test" } };
    const late = new Date(now.getTime() + 11 * MINUTE);
    expect(await startOrderPayment(testDb(), provider, b.customer, placed.order.paymentId, ctx, late)).toEqual({
      kind: "waiting",
    });
  });

  it("settles an opened payment by the provider's answer: paid once, even with its webhook at the same moment", async () => {
    const now = new Date();
    const b = await buyer(now);
    const { provider } = providerStandIn("approved");
    const started = await checkout(testDb(), provider, b, `paid-${b.customer.id}`, now);
    expect(started && "kind" in started ? started.kind : null).toBe("started");
    const payment = (await testDb()
      .prepare(
        "SELECT p.id, p.order_id, p.amount_cents FROM payment p JOIN customer_order o ON o.id = p.order_id WHERE o.customer_id = ?",
      )
      .bind(b.customer.id)
      .first<{ id: string; order_id: string; amount_cents: number }>())!;
    const webhook: PaymentConfirmation = {
      confirmationId: `evt-${payment.id}`,
      paymentId: payment.id,
      orderId: payment.order_id,
      amountCents: payment.amount_cents,
      currency: "EUR",
      outcome: "approved",
    };
    const later = new Date(now.getTime() + 66 * MINUTE);
    await Promise.all([
      reconcilePayments(testDb(), provider, later, ORIGIN),
      settlePayment(testDb(), webhook, ORIGIN),
      reconcilePayments(testDb(), provider, later, ORIGIN),
    ]);
    const { live } = await expectNothingStranded(b, "paid");
    expect(live.map((o) => [o.status, o.payment_status])).toEqual([["processing", "approved"]]);
    const confirmations = await testDb()
      .prepare("SELECT COUNT(*) AS n FROM outbox WHERE recipient = ? AND subject NOT LIKE '%storniert%'")
      .bind(b.customer.email)
      .first<{ n: number }>();
    expect(confirmations?.n).toBe(1);
  });
});
