import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cartMessages, checkoutBlocker, isOutOfStock, type CartFacts } from "~/domain/cart/validity";

const RUNS = { numRuns: 10_000 };

/** A cart line as the rules see it: stock counted or not, sold out or not, any quantity wanted. */
const stockLine = fc.record({
  stockManaged: fc.boolean(),
  inStock: fc.boolean(),
  stockQty: fc.integer({ min: 0, max: 120 }),
  qty: fc.integer({ min: 0, max: 99 }),
});
type StockLine = typeof stockLine extends fc.Arbitrary<infer T> ? T : never;

/**
 * The independent oracle, a stock clerk's model of A shelf holds the pieces
 * that can be picked (none when the product is marked out of stock, endless when stock is not
 * counted), and the cart can be filled when picking the wanted pieces one by one never meets an
 * empty shelf.
 */
const piecesOnShelf = (l: StockLine) => (!l.stockManaged ? Infinity : l.inStock ? l.stockQty : 0);

function canBeFilled(lines: StockLine[]): boolean {
  for (const line of lines) {
    let shelf = piecesOnShelf(line);
    for (let picked = 0; picked < line.qty; picked++) {
      if (shelf === 0) return false;
      shelf -= 1;
    }
  }
  return true;
}

/** What "Zur Kasse" names, in this order: nothing in the cart, something sold out, the minimum. */
function modelBlocker(lines: StockLine[], minimumReached: boolean) {
  if (lines.reduce((pieces, l) => pieces + l.qty, 0) === 0) return "empty";
  if (!canBeFilled(lines)) return "soldOut";
  return minimumReached ? null : "minimum";
}

/** The line as the shop hands it to the rules (cart.server.ts): the out-of-stock flag and what is left. */
const asLine = (l: StockLine) => ({
  outOfStock: piecesOnShelf(l) === 0,
  qty: l.qty,
  available: l.stockManaged ? l.stockQty : null,
});

const line = (qty: number, stock: Partial<Omit<StockLine, "qty">> = {}): StockLine => ({
  stockManaged: true,
  inStock: true,
  stockQty: 10,
  qty,
  ...stock,
});

describe("cart validity: worked examples", () => {
  it.each([
    ["no lines", [], true, "empty"],
    ["only a line set to 0", [line(0)], true, "empty"],
    ["three of ten", [line(3)], true, null],
    ["exactly what is left", [line(10)], true, null],
    ["one more than is left", [line(11)], true, "soldOut"],
    [
      "a product marked out of stock, pieces still counted",
      [line(1, { inStock: false, stockQty: 5 })],
      true,
      "soldOut",
    ],
    ["a managed product with quantity 0 left", [line(1, { stockQty: 0 })], true, "soldOut"],
    [
      "stock not counted, marked out of stock",
      [line(5, { stockManaged: false, inStock: false, stockQty: 0 })],
      true,
      null,
    ],
    ["a sold-out product nobody wants any more", [line(2), line(0, { inStock: false, stockQty: 0 })], true, null],
    ["a good line below the minimum order value", [line(2)], false, "minimum"],
    ["sold out and below the minimum: sold out is named", [line(1, { stockQty: 0 })], false, "soldOut"],
  ] as const)("%s", (_, lines, minimumReached, expected) => {
    expect(checkoutBlocker(lines.map(asLine), minimumReached)).toBe(expected);
    expect(modelBlocker([...lines], minimumReached)).toBe(expected);
  });

  it("a managed product is out of stock when marked so or when none is left; uncounted stock never is", () => {
    expect(isOutOfStock({ stockManaged: true, inStock: true, stockQty: 1 })).toBe(false);
    expect(isOutOfStock({ stockManaged: true, inStock: false, stockQty: 5 })).toBe(true);
    expect(isOutOfStock({ stockManaged: true, inStock: true, stockQty: 0 })).toBe(true);
    expect(isOutOfStock({ stockManaged: false, inStock: false, stockQty: 0 })).toBe(false);
  });

  it("says what is wrong, most serious first: sold out (error), an expired coupon (warning), a coupon waiting for its minimum (info)", () => {
    const soldOut = [{ outOfStock: true, qty: 1, available: 0 }];
    expect(
      cartMessages({
        lines: soldOut,
        coupon: { code: "SOMMER2025", expired: true, minOrderCents: 0 },
        couponApplied: false,
      }),
    ).toEqual([
      { type: "error", key: "messages.soldOut" },
      { type: "warning", key: "messages.couponExpired", values: { code: "SOMMER2025" } },
    ]);
    expect(
      cartMessages({
        lines: [{ outOfStock: false, qty: 1, available: 3 }],
        coupon: { code: "FRISCH5", expired: false, minOrderCents: 2_500 },
        couponApplied: false,
      }),
    ).toEqual([{ type: "info", key: "messages.couponWaiting", values: { code: "FRISCH5", amount: "25,00\u00a0€" } }]);
    expect(
      cartMessages({
        lines: [{ outOfStock: false, qty: 1, available: null }],
        coupon: { code: "FRISCH5", expired: false, minOrderCents: 2_500 },
        couponApplied: true,
      }),
    ).toEqual([]);
  });
});

const storedCoupon = fc.option(
  fc.record({
    code: fc.constantFrom("FRISCH5", "HERBST10", "VERSANDFREI", "SOMMER2025"),
    expired: fc.boolean(),
    minOrderCents: fc.integer({ min: 0, max: 5_000 }),
  }),
  { nil: null },
);

describe("cart validity against the stock clerk's model (property tests, 10,000 carts each)", () => {
  it("the out-of-stock flag is an empty shelf", () => {
    fc.assert(
      fc.property(stockLine, (l) => {
        expect(isOutOfStock(l)).toBe(piecesOnShelf(l) === 0);
      }),
      RUNS,
    );
  });

  it("checkout is blocked for the reason the model gives; the sold-out error stands exactly when the cart cannot be filled", () => {
    fc.assert(
      fc.property(
        fc.array(stockLine, { maxLength: 8 }),
        storedCoupon,
        fc.boolean(),
        fc.boolean(),
        (stock, coupon, applied, minimumReached) => {
          const lines = stock.map(asLine);
          const facts: CartFacts = { lines, coupon, couponApplied: applied && coupon !== null && !coupon.expired };
          const messages = cartMessages(facts);
          expect(checkoutBlocker(lines, minimumReached)).toBe(modelBlocker(stock, minimumReached));
          expect(messages.some((m) => m.type === "error" && m.key === "messages.soldOut")).toBe(!canBeFilled(stock));
          // whatever lets a cart through to checkout, no error-type message stands against it
          if (checkoutBlocker(lines, minimumReached) === null)
            expect(messages.some((m) => m.type === "error")).toBe(false);
          expect(new Set(messages.map((m) => m.key)).size).toBe(messages.length);
        },
      ),
      RUNS,
    );
  });

  it("the order of the lines and lines set to 0 change nothing", () => {
    fc.assert(
      fc.property(fc.array(stockLine, { maxLength: 8 }), fc.boolean(), (stock, minimumReached) => {
        const lines = stock.map(asLine);
        const shuffled = [...lines].reverse().concat(stock.map((l) => ({ ...asLine(l), qty: 0 })));
        expect(checkoutBlocker(shuffled, minimumReached)).toBe(checkoutBlocker(lines, minimumReached));
      }),
      RUNS,
    );
  });

  it("a stored coupon is reported once: expired as a warning, waiting for its minimum as information, silent while it counts", () => {
    fc.assert(
      fc.property(storedCoupon, fc.boolean(), (coupon, applied) => {
        const couponApplied = applied && coupon !== null && !coupon.expired;
        const messages = cartMessages({ lines: [], coupon, couponApplied }).filter((m) =>
          m.key.startsWith("messages.coupon"),
        );
        if (!coupon || couponApplied) expect(messages).toEqual([]);
        else if (coupon.expired)
          expect(messages).toEqual([{ type: "warning", key: "messages.couponExpired", values: { code: coupon.code } }]);
        else
          expect(messages).toMatchObject([
            { type: "info", key: "messages.couponWaiting", values: { code: coupon.code } },
          ]);
      }),
      RUNS,
    );
  });
});
