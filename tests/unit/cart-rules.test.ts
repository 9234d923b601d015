import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allowedGifts,
  currentGiftStep,
  giftRemovalNotice,
  giftsAvailable,
  stillDismissed,
  surplusGifts,
} from "~/domain/cart/gifts";
import {
  FREE_SHIPPING_FROM_CENTS,
  cartTotals,
  shareProportionally,
  type Coupon,
  type TotalsLine,
} from "~/domain/cart/totals";

const RUNS = { numRuns: 10_000 };

const line = fc.record({
  unitPriceCents: fc.integer({ min: 1, max: 20_000 }),
  depositCents: fc.constantFrom(0, 8, 15, 25, 330),
  qty: fc.integer({ min: 1, max: 99 }),
  taxRate: fc.constantFrom(7, 19),
  isGift: fc.boolean(),
}) as fc.Arbitrary<TotalsLine>;

/** A voucher's minimum order value: none, or any amount up to 150 €. */
const minOrder = fc.record({ minOrderCents: fc.integer({ min: 0, max: 15_000 }) }, { requiredKeys: [] });

const coupon: fc.Arbitrary<Coupon | null> = fc.oneof(
  fc.constant(null),
  fc
    .tuple(
      fc.record({ kind: fc.constant("fixed" as const), amountCents: fc.integer({ min: 1, max: 50_000 }) }),
      minOrder,
    )
    .map(([c, m]) => ({ ...c, ...m })),
  fc
    .tuple(fc.record({ kind: fc.constant("percent" as const), percent: fc.integer({ min: 1, max: 100 }) }), minOrder)
    .map(([c, m]) => ({ ...c, ...m })),
  minOrder.map((m) => ({ kind: "freeShipping" as const, ...m })),
);

describe("cart totals (property tests, 10,000 carts each)", () => {
  it("conserves every cent: the parts add up to the grand total", () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 12 }),
        coupon,
        fc.constantFrom(0, 395, 495, 995),
        fc.integer({ min: 0, max: 100_000 }),
        (lines, c, shipping, credit) => {
          const t = cartTotals({ lines, coupon: c, shippingCents: shipping, creditCents: credit });
          expect(t.subtotalCents - t.discountCents + t.depositCents + t.shippingCents - t.appliedCreditCents).toBe(
            t.grandTotalCents,
          );
          expect(t.grandTotalCents).toBeGreaterThanOrEqual(0);
          expect(t.discountCents).toBeLessThanOrEqual(t.subtotalCents);
          expect(t.appliedCreditCents).toBeLessThanOrEqual(credit);
          // the tax split covers exactly what is taxed: goods after discount, deposit, shipping
          const taxedGross = t.taxDetails.reduce((s, d) => s + d.grossCents, 0);
          expect(taxedGross).toBe(t.subtotalCents - t.discountCents + t.depositCents + t.shippingCents);
          for (const d of t.taxDetails) expect(d.netCents + d.taxCents).toBe(d.grossCents);
          expect(Number.isInteger(t.grandTotalCents) && Number.isInteger(t.taxCents)).toBe(true);
        },
      ),
      RUNS,
    );
  }, 60_000);

  it("a coupon counts exactly while the subtotal reaches its minimum order value; below it the totals are as without", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), coupon, fc.constantFrom(0, 495), (lines, c, shipping) => {
        const withCoupon = cartTotals({ lines, coupon: c, shippingCents: shipping, creditCents: 0 });
        const without = cartTotals({ lines, coupon: null, shippingCents: shipping, creditCents: 0 });
        const holds = c !== null && withCoupon.subtotalCents >= (c.minOrderCents ?? 0);
        expect(withCoupon.couponApplied).toBe(holds);
        if (!holds) expect(withCoupon).toEqual(without);
        else expect(withCoupon.grandTotalCents).toBeLessThanOrEqual(without.grandTotalCents);
      }),
      RUNS,
    );
  }, 60_000);

  it("gifts cost nothing and free shipping starts at 60 € of goods; a cart without goods ships nothing", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
        const t = cartTotals({ lines, coupon: null, shippingCents: 495, creditCents: 0 });
        const paid = lines.filter((l) => !l.isGift).reduce((s, l) => s + l.unitPriceCents * l.qty, 0);
        expect(t.subtotalCents).toBe(paid);
        expect(t.shippingCents).toBe(lines.length === 0 || paid >= FREE_SHIPPING_FROM_CENTS ? 0 : 495);
      }),
      RUNS,
    );
  }, 60_000);

  it("shares a discount proportionally without losing or inventing a cent", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 100_000 }),
        (amounts, wanted) => {
          const sum = amounts.reduce((a, b) => a + b, 0);
          const total = Math.min(wanted, sum);
          const shares = shareProportionally(total, amounts);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : total);
          shares.forEach((s, i) => {
            expect(s).toBeLessThanOrEqual(amounts[i]);
          });
        },
      ),
      RUNS,
    );
  }, 60_000);

  it("example: 7 % and 19 % goods, deposit, a fixed coupon and credit", () => {
    const t = cartTotals({
      lines: [
        { unitPriceCents: 139, depositCents: 0, qty: 3, taxRate: 7, isGift: false },
        { unitPriceCents: 89, depositCents: 25, qty: 6, taxRate: 19, isGift: false },
        { unitPriceCents: 349, depositCents: 0, qty: 1, taxRate: 7, isGift: true },
      ],
      coupon: { kind: "fixed", amountCents: 200 },
      shippingCents: 495,
      creditCents: 300,
    });
    expect(t).toMatchObject({
      itemCount: 10,
      subtotalCents: 951,
      discountCents: 200,
      depositCents: 150,
      shippingCents: 495,
      appliedCreditCents: 300,
      grandTotalCents: 1096,
    });
  });
});

describe("gift steps", () => {
  const steps = [
    { totalCents: 5_000, products: 1 },
    { totalCents: 7_500, products: 2 },
    { totalCents: 10_000, products: 3 },
  ];

  it("the current step is the highest threshold reached", () => {
    expect(currentGiftStep(steps, 4_999)).toBeNull();
    expect(currentGiftStep(steps, 5_000)).toEqual(steps[0]);
    expect(currentGiftStep([...steps].reverse(), 9_999)).toEqual(steps[1]);
    expect(allowedGifts(steps, 250_000)).toBe(3);
  });

  it("gifts are available from the first step while fewer than allowed are chosen", () => {
    expect(giftsAvailable(steps, 4_999, 0)).toBe(false);
    expect(giftsAvailable(steps, 5_000, 0)).toBe(true);
    expect(giftsAvailable(steps, 5_000, 1)).toBe(false);
    expect(giftsAvailable(steps, 7_500, 1)).toBe(true);
  });

  it("surplus gifts go when the subtotal drops; the notice tells choice from force", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 3 }), (subtotal, chosen) => {
        const surplus = surplusGifts(steps, subtotal, chosen);
        expect(chosen - surplus).toBeLessThanOrEqual(allowedGifts(steps, subtotal));
        expect(surplus).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
    expect(surplusGifts(steps, 6_000, 3)).toBe(2);
    expect(giftRemovalNotice(2, 1, true)).toBe("byChoice");
    expect(giftRemovalNotice(2, 1, false)).toBe("byForce");
    expect(giftRemovalNotice(1, 1, false)).toBeNull();
  });

  it("a dismissed interferer stays dismissed until the step rises", () => {
    expect(stillDismissed(null, steps, 6_000)).toBe(false);
    expect(stillDismissed(5_000, steps, 6_000)).toBe(true);
    expect(stillDismissed(5_000, steps, 8_000)).toBe(false);
  });
});
