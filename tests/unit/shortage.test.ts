/**
 * Short lines (issue 32 §2): the order worked out again by the checkout's rules after pieces are
 * missing at picking, and what goes back (app/domain/fulfilment/shortage.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cartTotals, type Coupon } from "~/domain/cart/totals";
import { invoiceDocument } from "~/domain/invoice/invoice";
import { SELLER } from "~/domain/invoice/seller";
import {
  orderAfterShortage,
  shortageKey,
  type Missing,
  type ShortageLine,
  type ShortageOrder,
} from "~/domain/fulfilment/shortage";

const GIFT_STEPS = [
  { totalCents: 5_000, products: 1 },
  { totalCents: 7_500, products: 2 },
];

const line = (sku: string, qty: number, unitPriceCents: number, extra: Partial<ShortageLine> = {}): ShortageLine => ({
  sku,
  name: `Artikel ${sku}`,
  qty,
  unitPriceCents,
  depositCents: 0,
  taxRate: 7,
  isGift: false,
  ...extra,
});
const gift = (sku: string) => line(sku, 1, 0, { isGift: true });

/** An order as the checkout placed it: its stored totals are cartTotals' own. */
function placed(
  lines: ShortageLine[],
  coupon: Coupon | null = null,
  shippingCents = 0,
  creditCents = 0,
): ShortageOrder {
  const t = cartTotals({ lines, shippingCents, coupon, creditCents });
  return {
    lines,
    coupon,
    subtotalCents: t.subtotalCents,
    discountCents: t.discountCents,
    depositCents: t.depositCents,
    shippingCents: t.shippingCents,
    creditCents,
    sharesCents: 0,
  };
}

const take = (order: ShortageOrder, missing: Missing[], steps = GIFT_STEPS) => {
  const result = orderAfterShortage(order, missing, steps);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.shortage;
};

describe("a short line", () => {
  it("takes the missing pieces off, refunds their price and splits the VAT again", () => {
    const order = placed([line("A", 3, 299), line("B", 2, 189, { taxRate: 19 })]);
    const s = take(order, [{ sku: "A", isGift: false, qty: 1 }]);
    expect(s.refundCents).toBe(299);
    expect(s.lines.find((l) => l.sku === "A")?.qty).toBe(2);
    expect(s.totals.subtotalCents).toBe(2 * 299 + 2 * 189);
    expect(s.totals.taxDetails).toEqual(
      cartTotals({ lines: s.lines, shippingCents: 0, coupon: null, creditCents: 0 }).taxDetails,
    );
    expect(s.removed).toEqual([{ sku: "A", isGift: false, name: "Artikel A", qty: 1, reason: "missing" }]);
  });

  it("a whole line with its deposit goes, and so does its deposit's money", () => {
    const order = placed([line("A", 1, 2_000), line("W", 6, 59, { depositCents: 25, taxRate: 19 })]);
    const s = take(order, [{ sku: "W", isGift: false, qty: 6 }]);
    expect(s.lines.map((l) => l.sku)).toEqual(["A"]);
    expect(s.refundCents).toBe(6 * (59 + 25));
    expect(s.totals.depositCents).toBe(0);
  });

  it("a percentage voucher follows the smaller subtotal", () => {
    const order = placed([line("A", 2, 1_000), line("B", 1, 1_000)], { kind: "percent", percent: 10 });
    expect(order.discountCents).toBe(300);
    const s = take(order, [{ sku: "B", isGift: false, qty: 1 }]);
    expect(s.totals.discountCents).toBe(200);
    expect(s.refundCents).toBe(900);
    expect(s.voucherLost).toBe(false);
  });

  it("a voucher below its minimum order value no longer counts, as at the checkout", () => {
    const coupon: Coupon = { kind: "fixed", amountCents: 500, minOrderCents: 2_500 };
    const order = placed([line("A", 1, 2_000), line("B", 1, 1_500)], coupon);
    const s = take(order, [{ sku: "B", isGift: false, qty: 1 }]);
    expect(s.voucherLost).toBe(true);
    expect(s.totals.discountCents).toBe(0);
    // 35 € − 5 € paid; 20 € of goods left without the voucher: 10 € back
    expect(s.refundCents).toBe(1_000);
  });

  it("a lost voucher never makes the customer pay more than she did: nothing back, nothing owed", () => {
    const coupon: Coupon = { kind: "fixed", amountCents: 500, minOrderCents: 2_500 };
    const order = placed([line("A", 1, 2_400), line("B", 1, 200)], coupon);
    const s = take(order, [{ sku: "B", isGift: false, qty: 1 }]);
    expect(s.voucherLost).toBe(true);
    expect(s.refundCents).toBe(0);
    expect(s.totals.grandTotalCents).toBe(2_600 - 500);
  });

  it("gifts the smaller subtotal no longer earns leave the order, the rest stay", () => {
    const order = placed([line("A", 1, 6_000), line("B", 1, 2_000), gift("G1"), gift("G2")]);
    const s = take(order, [{ sku: "B", isGift: false, qty: 1 }]);
    // 60 € reach the 50 € step (one gift), no longer the 75 € one (two)
    expect(s.removed).toContainEqual({ sku: "G2", isGift: true, name: "Artikel G2", qty: 1, reason: "giftRule" });
    expect(s.lines.filter((l) => l.isGift).map((l) => l.sku)).toEqual(["G1"]);
    expect(s.refundCents).toBe(2_000);
  });

  it("shipping is never raised: free shipping stays free below its threshold", () => {
    const order = placed([line("A", 1, 5_000), line("B", 1, 1_500)], null, 0);
    expect(order.shippingCents).toBe(0);
    const s = take(order, [{ sku: "B", isGift: false, qty: 1 }]);
    expect(s.totals.shippingCents).toBe(0);
    expect(s.refundCents).toBe(1_500);
  });

  it("the balance she paid with stays hers: the new total counts it as before", () => {
    const order = placed([line("A", 2, 1_000)], null, 0, 500);
    const s = take(order, [{ sku: "A", isGift: false, qty: 1 }]);
    expect(s.refundCents).toBe(1_000);
    expect(s.totals.appliedCreditCents).toBe(500);
    expect(s.totals.grandTotalCents).toBe(500);
  });

  it("refuses what cannot be: an unknown line, more than ordered, nothing, or nothing left", () => {
    const order = placed([line("A", 2, 1_000), gift("G")]);
    const refused = (missing: Missing[]) => {
      const r = orderAfterShortage(order, missing, GIFT_STEPS);
      return r.ok ? "ok" : r.reason;
    };
    expect(refused([{ sku: "X", isGift: false, qty: 1 }])).toBe("unknownLine");
    expect(refused([{ sku: "A", isGift: true, qty: 1 }])).toBe("unknownLine");
    expect(refused([{ sku: "A", isGift: false, qty: 3 }])).toBe("tooMany");
    expect(refused([{ sku: "A", isGift: false, qty: 0 }])).toBe("nothingMissing");
    expect(refused([{ sku: "A", isGift: false, qty: 2 }])).toBe("nothingLeft");
    expect(refused([{ sku: "G", isGift: true, qty: 1 }])).toBe("ok");
  });

  it("the key is the same for the same booking and differs for a later one", () => {
    const lines = [line("A", 3, 100), line("B", 2, 100)];
    const a = shortageKey("o1", lines, [
      { sku: "B", isGift: false, qty: 1 },
      { sku: "A", isGift: false, qty: 1 },
    ]);
    const b = shortageKey("o1", lines, [
      { sku: "A", isGift: false, qty: 1 },
      { sku: "B", isGift: false, qty: 1 },
    ]);
    expect(a).toBe(b);
    const later = shortageKey("o1", [line("A", 2, 100), line("B", 1, 100)], [{ sku: "A", isGift: false, qty: 1 }]);
    expect(later).not.toBe(shortageKey("o1", lines, [{ sku: "A", isGift: false, qty: 1 }]));
  });
});

describe("short lines as a property", () => {
  const arbLine = fc.record({
    qty: fc.integer({ min: 1, max: 6 }),
    unitPriceCents: fc.integer({ min: 19, max: 4_000 }),
    depositCents: fc.constantFrom(0, 0, 8, 15, 25),
    taxRate: fc.constantFrom(7, 19),
  });
  const arbCoupon = fc.option(
    fc.oneof(
      fc.record({
        kind: fc.constant("fixed" as const),
        amountCents: fc.integer({ min: 100, max: 1_500 }),
        minOrderCents: fc.integer({ min: 0, max: 6_000 }),
      }),
      fc.record({
        kind: fc.constant("percent" as const),
        percent: fc.integer({ min: 1, max: 30 }),
        minOrderCents: fc.integer({ min: 0, max: 6_000 }),
      }),
    ),
    { nil: null },
  );

  it("refund + what is left = what was paid; never negative; the invoice adds up", () => {
    fc.assert(
      fc.property(
        fc.array(arbLine, { minLength: 2, maxLength: 5 }),
        arbCoupon,
        fc.integer({ min: 0, max: 2_000 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
        (raw, coupon, creditCents, picks) => {
          const lines = raw.map((l, i) => line(`S${i}`, l.qty, l.unitPriceCents, l)).concat([gift("G1"), gift("G2")]);
          const order = placed(
            lines,
            coupon && cartTotals({ lines, shippingCents: 0, coupon, creditCents: 0 }).couponApplied ? coupon : null,
            495,
            creditCents,
          );
          const missing = picks.map((p, i) => {
            const l = lines[i % (lines.length - 2)];
            return { sku: l.sku, isGift: false, qty: 1 + (p % l.qty) };
          });
          const unique = missing.filter((m, i) => missing.findIndex((x) => x.sku === m.sku) === i);
          const r = orderAfterShortage(order, unique, GIFT_STEPS);
          if (!r.ok) return;
          const s = r.shortage;
          const goods = (t: {
            subtotalCents: number;
            discountCents: number;
            depositCents: number;
            shippingCents: number;
          }) => t.subtotalCents - t.discountCents + t.depositCents + t.shippingCents;
          expect(s.refundCents).toBeGreaterThanOrEqual(0);
          expect(s.refundCents + goods(s.totals)).toBe(goods(order));
          expect(s.totals.shippingCents).toBe(order.shippingCents);
          // the invoice draws the shortened order from its lines and finds the same totals
          const doc = invoiceDocument(
            {
              incrementId: 1,
              channel: "online",
              carrierCode: "myensopackagedelivery",
              status: "complete",
              createdAt: "2026-11-20T10:00:00Z",
              paidAt: "2026-11-20T10:00:00Z",
              pickupSlotStart: null,
              deliveryStart: null,
              paymentMethod: "card",
              couponCode: null,
              discountCents: s.totals.discountCents,
              shippingCents: s.totals.shippingCents,
              creditCents: order.creditCents,
              sharesCents: 0,
              grandTotalCents: s.totals.grandTotalCents,
              lines: s.lines,
            },
            { name: "Kai Kasse", address: [] },
            SELLER,
          );
          expect(doc.supplyCents).toBe(goods(s.totals));
        },
      ),
      { numRuns: 300 },
    );
  });
});
