/**
 * A refund settled by Stripe's signed event in a deployed shop (docs/decisions/0040-refunds.md):
 * only a correctly signed refund event settles it, once; an event under way or unsigned changes
 * nothing. The request's shape is tests/unit/refunds.test.ts's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProductionShop, type ProductionShop } from "./production";
import { stripeEvent } from "./stand-ins/stripe";

let shop: ProductionShop;
beforeAll(async () => {
  shop = await startProductionShop();
});
afterAll(async () => {
  await shop?.dispose();
});

const ORDER = "seed-order-5";
const REFUND = "refund-stripe-1";

async function requestedRefund() {
  await shop.db.batch([
    shop.db
      .prepare(
        `INSERT INTO refund (id, order_id, reason, amount_cents, provider_cents, balance_cents, cashback_cents, state,
         idempotency_key, provider, provider_ref, requested_at)
       VALUES (?, ?, 'cancel', 1521, 1521, 0, 0, 'requested', ?, 'stripe', 're_test_1', ?)`,
      )
      .bind(REFUND, ORDER, `cancel-${ORDER}`, new Date().toISOString()),
  ]);
}

const post = (body: string, signature: string) =>
  shop.fetch("/payment/webhook/stripe", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
  });
const refundObject = (status: string) => ({
  id: "re_test_1",
  object: "refund",
  amount: 1521,
  currency: "eur",
  status,
  metadata: { refundId: REFUND, orderId: ORDER },
});
const state = async () =>
  (await shop.db.prepare("SELECT state FROM refund WHERE id = ?").bind(REFUND).first<{ state: string }>())!.state;
const mails = async () =>
  (await shop.db
    .prepare("SELECT COUNT(*) AS n FROM outbox WHERE subject LIKE 'Erstattung zu deiner Bestellung%'")
    .first<{ n: number }>())!.n;

describe("Stripe's refund events", () => {
  it("settle the refund once: pending is ignored, a bad signature refused, a replay changes nothing", async () => {
    await requestedRefund();
    const pending = stripeEvent("refund.created", refundObject("pending"));
    expect((await post(pending.body, pending.signature)).status).toBe(200);
    expect(await state()).toBe("requested");

    const succeeded = stripeEvent("refund.updated", refundObject("succeeded"));
    expect((await post(succeeded.body, "t=1,v1=00")).status).toBe(401);
    expect(await state()).toBe("requested");

    const answers = await Promise.all([1, 2, 3].map(() => post(succeeded.body, succeeded.signature)));
    const results = await Promise.all(answers.map(async (a) => ((await a.json()) as { result: string }).result));
    expect(results.sort()).toEqual(["settled", "unchanged", "unchanged"]);
    expect(await state()).toBe("settled");
    expect(await mails()).toBe(1);

    const charge = stripeEvent("charge.refunded", {
      id: "ch_1",
      object: "charge",
      refunds: { data: [refundObject("succeeded")] },
    });
    expect(((await (await post(charge.body, charge.signature)).json()) as { result: string }).result).toBe("unchanged");
    expect(await mails()).toBe(1);
  });
});
