/**
 * Money back, the pure rules (app/domain/refund/refund.ts) and the Stripe side of a refund
 * (app/platform/payment-stripe.server.ts): the request Stripe's Refunds API gets, and which of
 * Stripe's events settle a refund (docs/decisions/0040-refunds.md).
 */
import type Stripe from "stripe";
import { afterEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import {
  NO_REFUNDS,
  isRefundOverdue,
  refundDueAt,
  refundableCents,
  splitRefund,
  type OrderMoney,
  type RefundsSoFar,
} from "~/domain/refund/refund";
import type { Env } from "~/platform/context";
import { readStripeEvent, stripeProvider } from "~/platform/payment-stripe.server";

const ORDER: OrderMoney = {
  providerPaidCents: 9000,
  balancePaidCents: 1000,
  sharesCents: 0,
  cashbackCreditedCents: 300,
  cashbackTakenCents: 0,
};

describe("the day a withdrawal's refund is due (§357 Abs. 1 BGB)", () => {
  it("is 14 days after the withdrawal; overdue after it", () => {
    expect(refundDueAt("2026-11-01T10:00:00.000Z")).toBe("2026-11-15T10:00:00.000Z");
    expect(isRefundOverdue("2026-11-01T10:00:00.000Z", new Date("2026-11-15T09:59:00Z"))).toBe(false);
    expect(isRefundOverdue("2026-11-01T10:00:00.000Z", new Date("2026-11-15T10:01:00Z"))).toBe(true);
  });
});

describe("splitting a refund", () => {
  it("a full refund: the cashback kept back from the balance part, the provider part whole", () => {
    expect(splitRefund(ORDER, NO_REFUNDS, 10000)).toEqual({
      ok: true,
      split: { providerCents: 9000, balanceCents: 700, cashbackCents: 300 },
    });
  });

  it("what the withdrawal already took from the balance is not kept back again", () => {
    expect(splitRefund({ ...ORDER, cashbackTakenCents: 300 }, NO_REFUNDS, 10000)).toEqual({
      ok: true,
      split: { providerCents: 9000, balanceCents: 1000, cashbackCents: 0 },
    });
  });

  it("a partial refund keeps back its share of the cashback (rounded down), through the provider first", () => {
    expect(splitRefund(ORDER, NO_REFUNDS, 1000)).toEqual({
      ok: true,
      split: { providerCents: 970, balanceCents: 0, cashbackCents: 30 },
    });
  });

  it("shares are never refunded here; nothing left and too much are refused", () => {
    expect(refundableCents({ ...ORDER, sharesCents: 5000 })).toBe(5000);
    expect(splitRefund(ORDER, NO_REFUNDS, 10001)).toEqual({ ok: false, reason: "tooMuch" });
    expect(splitRefund(ORDER, NO_REFUNDS, 0)).toEqual({ ok: false, reason: "tooMuch" });
    const all: RefundsSoFar = { amountCents: 10000, providerCents: 9000, balanceCents: 700, cashbackCents: 300 };
    expect(splitRefund(ORDER, all, 1)).toEqual({ ok: false, reason: "nothingToRefund" });
  });

  it("any sequence of partial refunds gives back exactly what was paid, keeps back the cashback exactly once, never more through the provider than it holds", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.array(fc.integer({ min: 1, max: 20_000 }), { minLength: 1, maxLength: 8 }),
        (provider, balance, credited, parts) => {
          const order: OrderMoney = {
            providerPaidCents: provider,
            balancePaidCents: balance,
            sharesCents: 0,
            cashbackCreditedCents: Math.min(credited, provider + balance),
            cashbackTakenCents: 0,
          };
          let sofar = NO_REFUNDS;
          const remainingAfter = () => refundableCents(order) - sofar.amountCents;
          for (const part of [...parts, Number.MAX_SAFE_INTEGER]) {
            const amount = Math.min(part, remainingAfter());
            if (amount <= 0) break;
            const r = splitRefund(order, sofar, amount);
            if (!r.ok) throw new Error(r.reason);
            const { providerCents, balanceCents, cashbackCents } = r.split;
            expect(providerCents + balanceCents + cashbackCents).toBe(amount);
            expect(Math.min(providerCents, balanceCents, cashbackCents)).toBeGreaterThanOrEqual(0);
            sofar = {
              amountCents: sofar.amountCents + amount,
              providerCents: sofar.providerCents + providerCents,
              balanceCents: sofar.balanceCents + balanceCents,
              cashbackCents: sofar.cashbackCents + cashbackCents,
            };
          }
          expect(sofar.amountCents).toBe(refundableCents(order));
          expect(sofar.cashbackCents).toBe(order.cashbackCreditedCents);
          expect(sofar.providerCents).toBeLessThanOrEqual(provider);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe("a refund at Stripe", () => {
  const env = { STRIPE_SECRET_KEY: "sk_test_refunds", STRIPE_WEBHOOK_SECRET: "whsec_refunds" } as unknown as Env;
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("POST /v1/refunds with the Checkout Session's PaymentIntent, the amount, the refund's key as Idempotency-Key and the refund id in the metadata", async () => {
    const calls: { method: string; url: string; body: string; key: string | null }[] = [];
    vi.stubGlobal("fetch", async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const headers = new Headers(init?.headers);
      calls.push({
        method: init?.method ?? "GET",
        url,
        body: String(init?.body ?? ""),
        key: headers.get("Idempotency-Key"),
      });
      const answer = url.includes("/v1/checkout/sessions/")
        ? { id: "cs_test_1", object: "checkout.session", payment_intent: "pi_test_1" }
        : { id: "re_test_1", object: "refund", status: "pending", amount: 1234, currency: "eur" };
      return Response.json(answer);
    });
    const answer = await stripeProvider(env).refund({
      refundId: "refund-1",
      key: "withdrawal-order-1-0",
      paymentId: "payment-1",
      paymentRef: "cs_test_1",
      orderId: "order-1",
      amountCents: 1234,
      currency: "EUR",
    });
    expect(answer).toEqual({ providerRef: "re_test_1", pageUrl: null });
    expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
      "GET /v1/checkout/sessions/cs_test_1",
      "POST /v1/refunds",
    ]);
    const refund = calls[1];
    expect(refund.key).toBe("withdrawal-order-1-0");
    const form = new URLSearchParams(refund.body);
    expect(Object.fromEntries(form)).toMatchObject({
      payment_intent: "pi_test_1",
      amount: "1234",
      "metadata[refundId]": "refund-1",
      "metadata[orderId]": "order-1",
    });
  });

  it("a directly confirmed SEPA debit is refunded by its PaymentIntent, without asking for a session", async () => {
    const paths: string[] = [];
    vi.stubGlobal("fetch", async (input: string | URL | Request) => {
      paths.push(new URL(String(input instanceof Request ? input.url : input)).pathname);
      return Response.json({ id: "re_test_2", object: "refund", status: "pending", amount: 500, currency: "eur" });
    });
    await stripeProvider(env).refund({
      refundId: "refund-2",
      key: "cancel-order-2",
      paymentId: "payment-2",
      paymentRef: "pi_test_2",
      orderId: "order-2",
      amountCents: 500,
      currency: "EUR",
    });
    expect(paths).toEqual(["/v1/refunds"]);
  });

  const refundObject = (
    status: string,
    metadata: Record<string, string> = { refundId: "refund-1", orderId: "order-1" },
  ) => ({ id: "re_1", object: "refund", amount: 1234, currency: "eur", status, metadata }) as unknown as Stripe.Refund;
  const event = (type: string, object: unknown) =>
    ({ id: "evt_1", object: "event", type, data: { object } }) as unknown as Stripe.Event;

  it("its refund events settle the shop's refund: succeeded, failed or canceled; under way or not the shop's is ignored", () => {
    expect(readStripeEvent(event("refund.updated", refundObject("succeeded")))).toEqual({
      kind: "refund",
      refund: {
        confirmationId: "evt_1",
        refundId: "refund-1",
        orderId: "order-1",
        amountCents: 1234,
        currency: "EUR",
        outcome: "succeeded",
      },
    });
    expect(readStripeEvent(event("refund.failed", refundObject("failed")))).toMatchObject({
      kind: "refund",
      refund: { outcome: "failed" },
    });
    expect(readStripeEvent(event("charge.refund.updated", refundObject("canceled")))).toMatchObject({
      refund: { outcome: "failed" },
    });
    expect(readStripeEvent(event("refund.created", refundObject("pending")))).toEqual({ kind: "ignored" });
    expect(readStripeEvent(event("refund.updated", refundObject("succeeded", {})))).toEqual({ kind: "ignored" });
    expect(
      readStripeEvent(event("charge.refunded", { id: "ch_1", refunds: { data: [refundObject("succeeded")] } })),
    ).toMatchObject({ kind: "refund", refund: { refundId: "refund-1", outcome: "succeeded" } });
  });
});
