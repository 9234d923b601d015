/**
 * docs/decisions/0005 "Payment": the first confirmation settles the payment, every replay, in a
 * row or at the same moment, changes nothing. A declined or cancelled payment gives back stock,
 * cart lines, coupon, used credit and the pickup place exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutHelpers, SKU, paymentIdOf } from "./checkout-helpers";
import { startShop, type TestShop } from "./worker";
import type { PaymentOutcome } from "../../app/platform/payment-provider";

let shop: TestShop;
let h: ReturnType<typeof checkoutHelpers>;
beforeAll(async () => {
  shop = await startShop();
  h = checkoutHelpers(shop);
});
afterAll(async () => {
  await shop?.dispose();
});

const STORE = "leipzig-suedvorstadt";
const QTY = 40;
const CREDIT = 1000;
const COUPON = "HERBST10";

const one = <T>(sql: string, ...params: unknown[]) =>
  shop.db
    .prepare(sql)
    .bind(...params)
    .first<T>();

/** What an order takes and a cancellation gives back, for one customer, the product and the pickup slot. */
async function holdings(customerId: number, slotStart: string) {
  return {
    stock: await h.stockOf(SKU),
    cart: (
      await shop.db.prepare("SELECT sku, is_gift, qty FROM cart_item WHERE customer_id = ?").bind(customerId).all()
    ).results,
    coupon:
      (await one<{ c: string | null }>("SELECT coupon_code AS c FROM cart_state WHERE customer_id = ?", customerId))
        ?.c ?? null,
    balance: (await one<{ b: number }>(
      "SELECT balance_cents AS b FROM customer_balance WHERE customer_id = ?",
      customerId,
    ))!.b,
    ledger: (
      await shop.db
        .prepare("SELECT type, amount_cents FROM balance_entry WHERE customer_id = ? ORDER BY type")
        .bind(customerId)
        .all()
    ).results,
    booked:
      (
        await one<{ n: number }>(
          "SELECT booked AS n FROM pickup_booking WHERE store_id = ? AND slot_start = ?",
          STORE,
          slotStart,
        )
      )?.n ?? 0,
    mails: (await one<{ n: number }>(
      "SELECT COUNT(*) AS n FROM outbox WHERE recipient = (SELECT email FROM customer WHERE id = ?)",
      customerId,
    ))!.n,
  };
}

/**
 * A click & collect order paid by PayPal after using credit, with a voucher: everything a
 * cancellation has to give back. Returns the provider's confirmation for it and the state before.
 */
async function orderTakingEverything(outcome: PaymentOutcome) {
  const b = await h.buyer(QTY);
  await shop.db.batch([
    shop.db.prepare("INSERT INTO customer_balance (customer_id, balance_cents) VALUES (?, ?)").bind(b.id, CREDIT),
    shop.db.prepare("INSERT INTO cart_state (customer_id, coupon_code) VALUES (?, ?)").bind(b.id, COUPON),
  ]);
  const query = `?carrier=clickandcollect&store=${STORE}`;
  const f = await h.checkoutForm(b.browser, query);
  const slot = f.pickupSlots[0];
  const slotStart = slot.split("|")[0];
  const before = await holdings(b.id, slotStart);
  const res = await b.browser.post(
    `/checkout${query}`,
    {
      ...h.standardOrder(f, b.addressId, {
        carrier: "clickandcollect",
        storeId: STORE,
        pickupSlot: slot,
        pickupTerms: "on",
        paymentMethod: "paypal",
        useCredit: "on",
      }),
      deliverySlot: "",
      addressId: "",
    },
    { csrf: f.csrf },
  );
  expect(res.res.status).toBe(302);
  const order = (await h.orderOf(f.key))!;
  const taken = await holdings(b.id, slotStart);
  expect(taken).toMatchObject({
    stock: before.stock - QTY,
    cart: [],
    coupon: null,
    balance: 0,
    booked: before.booked + 1,
  });
  const confirmation = {
    confirmationId: crypto.randomUUID(),
    paymentId: paymentIdOf(res.res.headers.get("Location")!),
    orderId: String(order.id),
    amountCents: Number(order.grand_total_cents),
    currency: "EUR",
    outcome,
  };
  return { ...b, key: f.key, slotStart, before, taken, confirmation };
}

const resultOf = async (res: Response) => ((await res.json()) as { result: string }).result;

describe("payment confirmations replayed", () => {
  it("the same approval sent 3 times at once pays the order once: one status change, one mail, one ledger entry", async () => {
    const o = await orderTakingEverything("approved");
    const answers = await Promise.all([1, 2, 3].map(() => h.notify(o.confirmation)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await Promise.all(answers.map(resultOf))).filter((r) => r === "settled")).toHaveLength(1);
    const order = (await h.orderOf(o.key))!;
    expect(order.status).toBe("processing");
    expect(order.paid_at).not.toBeNull();
    const after = await holdings(o.id, o.slotStart);
    // the approval gives nothing back and takes nothing more: only its one confirmation mail is new
    expect(after).toEqual({ ...o.taken, mails: o.taken.mails + 1 });
    expect(after.ledger).toEqual([{ type: 2, amount_cents: -CREDIT }]);
    const mail = await one<{ subject: string }>(
      "SELECT subject FROM outbox WHERE recipient = ? ORDER BY id DESC",
      o.email,
    );
    expect(mail!.subject).toContain(String(order.increment_id));
  });

  for (const outcome of ["declined", "canceled"] as const) {
    for (const mode of ["one after another", "at the same moment"] as const) {
      it(`a ${outcome} payment confirmed 3 times ${mode} gives everything back exactly once`, async () => {
        const o = await orderTakingEverything(outcome);
        const answers =
          mode === "at the same moment"
            ? await Promise.all([1, 2, 3].map(() => h.notify(o.confirmation)))
            : [await h.notify(o.confirmation), await h.notify(o.confirmation), await h.notify(o.confirmation)];
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
        expect((await Promise.all(answers.map(resultOf))).filter((r) => r === "settled")).toHaveLength(1);
        expect((await h.orderOf(o.key))!.status).toBe("canceled");
        expect(
          (await one<{ s: string }>("SELECT status AS s FROM payment WHERE id = ?", o.confirmation.paymentId))!.s,
        ).toBe(outcome);
        const after = await holdings(o.id, o.slotStart);
        expect(after).toEqual({
          ...o.before,
          // the credit comes back as a chargeback entry beside the debit, not by erasing it
          ledger: [
            { type: 2, amount_cents: -CREDIT },
            { type: 5, amount_cents: CREDIT },
          ],
        });
        expect(after.cart).toEqual([{ sku: SKU, is_gift: 0, qty: QTY }]);
      });
    }
  }

  it("an approval and a decline of the same payment at the same moment: exactly one of them counts", async () => {
    const o = await orderTakingEverything("approved");
    const decline = { ...o.confirmation, confirmationId: crypto.randomUUID(), outcome: "declined" };
    const answers = await Promise.all([
      h.notify(o.confirmation),
      h.notify(decline),
      h.notify(o.confirmation),
      h.notify(decline),
    ]);
    const results = await Promise.all(answers.map(resultOf));
    expect(results.filter((r) => r === "settled")).toHaveLength(1);
    const status = (await h.orderOf(o.key))!.status;
    const after = await holdings(o.id, o.slotStart);
    if (status === "processing") expect(after).toEqual({ ...o.taken, mails: o.taken.mails + 1 });
    else
      expect(after).toEqual({
        ...o.before,
        ledger: [
          { type: 2, amount_cents: -CREDIT },
          { type: 5, amount_cents: CREDIT },
        ],
      });
  });
});
