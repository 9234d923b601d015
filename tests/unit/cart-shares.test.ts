/**
 * Shares in the cart and checkout (docs/decisions/0021 "Shares in the cart and checkout"): the
 * shares are added to the grand total and to nothing else. The oracles are written out here: the
 * goods' total by hand, the shares as quantity × 100 €, the cashback as the rate of the goods'
 * subtotal; and, for the rules the shares must not touch, the same cart without shares.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cartCashbackCents } from "~/domain/cart/cart";
import { giftsAvailable } from "~/domain/cart/gifts";
import {
  FREE_SHIPPING_FROM_CENTS,
  MINIMUM_ORDER_CENTS,
  cartTotals,
  type Coupon,
  type TotalsLine,
} from "~/domain/cart/totals";
import { checkoutBlocker } from "~/domain/cart/validity";
import { checkoutSchemaFor } from "~/domain/checkout/schema";
import { checkoutProblems } from "~/domain/checkout/validity";

const RUNS = { numRuns: 10_000 };
const SHARE = 10_000;

const line = fc.record({
  unitPriceCents: fc.integer({ min: 1, max: 20_000 }),
  depositCents: fc.constantFrom(0, 8, 15, 25, 330),
  qty: fc.integer({ min: 1, max: 99 }),
  taxRate: fc.constantFrom(7, 19),
  isGift: fc.boolean(),
}) as fc.Arbitrary<TotalsLine>;

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
/** 0 (no shares) or 1 to 50 shares, the declaration's limits. */
const shares = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50 }));

/** The goods' total written out by hand: bought lines, voucher, deposit, shipping unless free or nothing ships. */
function goodsTotal(lines: TotalsLine[], c: Coupon | null, shipping: number): number {
  const bought = lines.filter((l) => !l.isGift);
  const subtotal = bought.reduce((s, l) => s + l.unitPriceCents * l.qty, 0);
  const holds = c !== null && subtotal >= (c.minOrderCents ?? 0);
  let discount = 0;
  if (holds && c.kind === "fixed") discount = Math.min(c.amountCents, subtotal);
  if (holds && c.kind === "percent") discount = Math.floor((subtotal * c.percent) / 100);
  const deposit = bought.reduce((s, l) => s + l.depositCents * l.qty, 0);
  const free = lines.length === 0 || subtotal >= FREE_SHIPPING_FROM_CENTS || (holds && c.kind === "freeShipping");
  return subtotal - discount + deposit + (free ? 0 : shipping);
}

describe("shares in the cart totals (property tests, 10,000 carts each)", () => {
  it("grand total = goods + shares − applied credit, the credit paying at most all of it", () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 10 }),
        coupon,
        fc.constantFrom(0, 395, 495, 995),
        fc.integer({ min: 0, max: 600_000 }),
        shares,
        (lines, c, shipping, credit, n) => {
          const t = cartTotals({
            lines,
            coupon: c,
            shippingCents: shipping,
            creditCents: credit,
            sharesCents: n * SHARE,
          });
          const goods = goodsTotal(lines, c, shipping);
          const credited = Math.min(credit, goods + n * SHARE);
          expect(t.sharesCents).toBe(n * SHARE);
          expect(t.appliedCreditCents).toBe(credited);
          expect(t.grandTotalCents).toBe(goods + n * SHARE - credited);
          expect(t.grandTotalCents).toBeGreaterThanOrEqual(0);
        },
      ),
      RUNS,
    );
  }, 60_000);

  it("shares never change the tax, the voucher, the deposit, shipping, free shipping, the minimum or the gift steps", () => {
    const steps = [
      { totalCents: 5_000, products: 1 },
      { totalCents: 10_000, products: 3 },
    ];
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 10 }),
        coupon,
        fc.constantFrom(0, 395, 495, 995),
        fc.integer({ min: 1, max: 50 }),
        (lines, c, shipping, n) => {
          const without = cartTotals({ lines, coupon: c, shippingCents: shipping, creditCents: 0 });
          const withShares = cartTotals({
            lines,
            coupon: c,
            shippingCents: shipping,
            creditCents: 0,
            sharesCents: n * SHARE,
          });
          const { sharesCents, grandTotalCents, ...goodsRules } = withShares;
          const { sharesCents: none, grandTotalCents: goodsGrand, ...goodsRulesWithout } = without;
          expect(none).toBe(0);
          expect(goodsRules).toEqual(goodsRulesWithout);
          expect(grandTotalCents).toBe(goodsGrand + sharesCents);
          // the tax split covers the goods only: the shares carry no VAT
          const taxed = withShares.taxDetails.reduce((s, d) => s + d.grossCents, 0);
          expect(taxed).toBe(
            withShares.subtotalCents - withShares.discountCents + withShares.depositCents + withShares.shippingCents,
          );
          expect(giftsAvailable(steps, withShares.subtotalCents, 0)).toBe(
            giftsAvailable(steps, without.subtotalCents, 0),
          );
        },
      ),
      RUNS,
    );
  }, 60_000);

  it("the cashback is the rate of the goods' subtotal (before the voucher); the shares in the cart earn none", () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 10 }),
        coupon,
        shares,
        fc.integer({ min: 0, max: 40 }),
        (lines, c, n, permille) => {
          const t = cartTotals({ lines, coupon: c, shippingCents: 495, creditCents: 0, sharesCents: n * SHARE });
          const subtotal = lines.filter((l) => !l.isGift).reduce((s, l) => s + l.unitPriceCents * l.qty, 0);
          expect(cartCashbackCents(t, permille)).toBe(permille ? Math.floor((subtotal * permille + 500) / 1000) : 0);
        },
      ),
      RUNS,
    );
  }, 60_000);
});

describe("shares in the cart: examples", () => {
  it("a cart of shares alone: no shipping, no tax, no voucher, no minimum to reach; the total is the shares", () => {
    const t = cartTotals({
      lines: [],
      coupon: { kind: "fixed", amountCents: 500 },
      shippingCents: 495,
      creditCents: 0,
      sharesCents: 3 * SHARE,
    });
    expect(t).toMatchObject({
      itemCount: 0,
      subtotalCents: 0,
      discountCents: 0,
      depositCents: 0,
      shippingCents: 0,
      sharesCents: 30_000,
      grandTotalCents: 30_000,
      taxDetails: [],
      taxCents: 0,
      minimumReached: true,
    });
  });

  it("goods and shares: the goods keep their shipping and tax, the credit pays goods and shares", () => {
    const t = cartTotals({
      lines: [{ unitPriceCents: 119, depositCents: 0, qty: 20, taxRate: 7, isGift: false }],
      coupon: null,
      shippingCents: 495,
      creditCents: 10_000,
      sharesCents: 2 * SHARE,
    });
    expect(t).toMatchObject({
      subtotalCents: 2_380,
      shippingCents: 495,
      sharesCents: 20_000,
      appliedCreditCents: 10_000,
    });
    expect(t.grandTotalCents).toBe(2_380 + 495 + 20_000 - 10_000);
    expect(t.taxDetails.map((d) => d.rate)).toEqual([7, 19]);
    expect(t.freeShipping).toBe(false); // 200 € of shares do not make the shipping free
  });

  it("shares do not reach the minimum order value for goods next to them", () => {
    const t = cartTotals({
      lines: [{ unitPriceCents: 100, depositCents: 0, qty: 1, taxRate: 7, isGift: false }],
      coupon: null,
      shippingCents: 495,
      creditCents: 0,
      sharesCents: 50 * SHARE,
    });
    expect(t.minimumReached).toBe(false);
    expect(t.subtotalCents).toBeLessThan(MINIMUM_ORDER_CENTS);
    expect(checkoutBlocker([{ qty: 1, outOfStock: false }], t.minimumReached, true)).toBe("minimum");
  });

  it("a cart with shares alone can go to the checkout; an empty one cannot", () => {
    expect(checkoutBlocker([], true, true)).toBeNull();
    expect(checkoutBlocker([{ qty: 0, outOfStock: false }], true, true)).toBeNull();
    expect(checkoutBlocker([], true, false)).toBe("empty");
    expect(checkoutBlocker([{ qty: 2, outOfStock: true }], true, true)).toBe("soldOut");
  });
});

describe("the checkout of shares alone", () => {
  const base = { idempotencyKey: "k".repeat(20), expectedTotal: "30000", paymentMethod: "card" };

  it("needs no shipping method, address or slot, only a payment method", () => {
    expect(checkoutProblems({ paymentMethod: "card" }, { ships: false })).toEqual([]);
    expect(checkoutProblems({}, { ships: false })).toEqual([
      { field: "paymentMethod", message: "checkout:error.missingPaymentMethod" },
    ]);
    expect(checkoutSchemaFor({ ships: false }).safeParse(base).success).toBe(true);
  });

  it("a cart with goods still needs a shipping method", () => {
    expect(checkoutProblems({ paymentMethod: "card" })).toEqual([
      { field: "carrier", message: "checkout:error.missingShippingMethod" },
    ]);
    const parsed = checkoutSchemaFor({ ships: true }).safeParse(base);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toEqual(["carrier"]);
  });

  it("a carrier sent along with shares alone asks for nothing more (the server ignores it)", () => {
    expect(checkoutProblems({ carrier: "clickandcollect", paymentMethod: "card" }, { ships: false })).toEqual([]);
  });
});
