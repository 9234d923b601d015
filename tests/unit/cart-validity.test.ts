import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cartMessages, checkoutBlocker, isCartValid, isOutOfStock, type CartFacts } from "~/domain/cart/validity";

const RUNS = { numRuns: 10_000 };

/** A cart line as the rules see it: stock counted or not, sold out or not, any quantity wanted. */
const stockLine = fc.record({
  stockManaged: fc.boolean(),
  inStock: fc.boolean(),
  stockQty: fc.integer({ min: 0, max: 120 }),
  qty: fc.integer({ min: 0, max: 99 }),
});
type StockLine = typeof stockLine extends fc.Arbitrary<infer T> ? T : never;

const asLine = (l: StockLine) => ({ outOfStock: isOutOfStock(l), qty: l.qty, available: l.stockManaged ? l.stockQty : null });

const storedCoupon = fc.option(fc.record({
  code: fc.constantFrom("FRISCH5", "HERBST10", "VERSANDFREI", "SOMMER2025"),
  expired: fc.boolean(),
  minOrderCents: fc.integer({ min: 0, max: 5_000 }),
}), { nil: null });

const messageArb = fc.record({ type: fc.constantFrom("error" as const, "warning" as const, "info" as const), key: fc.string() });

describe("cart validity (spec 4 'Cart', spec 5 'Out of stock'; property tests, 10,000 carts each)", () => {
  it("a cart is valid exactly when it has items, none is out of stock and no message is an error", () => {
    fc.assert(fc.property(fc.array(stockLine, { maxLength: 8 }), fc.array(messageArb, { maxLength: 4 }), (lines, messages) => {
      const expected = lines.length > 0 && lines.every((l) => !(l.stockManaged && (!l.inStock || l.stockQty <= 0))) && messages.every((m) => m.type !== "error");
      expect(isCartValid(lines, messages)).toBe(expected);
    }), RUNS);
  });

  it("the sold-out error appears exactly when a wanted line cannot be filled, and then checkout is blocked for that reason", () => {
    fc.assert(fc.property(fc.array(stockLine, { maxLength: 8 }), storedCoupon, fc.boolean(), fc.boolean(), (stock, coupon, applied, minimumReached) => {
      const lines = stock.map(asLine);
      const facts: CartFacts = { lines, coupon, couponApplied: applied && coupon !== null && !coupon.expired };
      const messages = cartMessages(facts);
      const unfillable = lines.some((l) => l.qty > 0 && (l.outOfStock || (l.available !== null && l.qty > l.available)));
      expect(messages.some((m) => m.type === "error" && m.key === "messages.soldOut")).toBe(unfillable);
      const blocker = checkoutBlocker(lines, minimumReached);
      if (lines.every((l) => l.qty === 0)) expect(blocker).toBe("empty");
      else if (unfillable) expect(blocker).toBe("soldOut");
      else expect(blocker).toBe(minimumReached ? null : "minimum");
      // whatever lets a cart through to checkout, no error-type message stands against it
      if (blocker === null) expect(messages.some((m) => m.type === "error")).toBe(false);
      expect(new Set(messages.map((m) => m.key)).size).toBe(messages.length);
    }), RUNS);
  });

  it("a stored coupon is reported once: expired as a warning, waiting for its minimum as information, silent while it counts", () => {
    fc.assert(fc.property(storedCoupon, fc.boolean(), (coupon, applied) => {
      const couponApplied = applied && coupon !== null && !coupon.expired;
      const messages = cartMessages({ lines: [], coupon, couponApplied }).filter((m) => m.key.startsWith("messages.coupon"));
      if (!coupon || couponApplied) expect(messages).toEqual([]);
      else if (coupon.expired) expect(messages).toEqual([{ type: "warning", key: "messages.couponExpired", values: { code: coupon.code } }]);
      else expect(messages).toMatchObject([{ type: "info", key: "messages.couponWaiting", values: { code: coupon.code } }]);
    }), RUNS);
  });
});
