import { describe, expect, it } from "vitest";
import { totalsOf, withQuantities, type CartLine } from "~/domain/cart/cart";
import { giftChoice, giftsLeft, missingToFirstStep, offeredGiftSkus, type GiftRule } from "~/domain/cart/gifts";
import { checkoutBlocker } from "~/domain/cart/validity";
import type { ProductSummary } from "~/domain/catalog/product";

// The demo rules (scripts/seed/cart.mjs), deliberately out of order.
const RULES: GiftRule[] = [
  { totalCents: 10_000, products: 3, skus: ["190018", "210012"] },
  { totalCents: 5_000, products: 1, skus: ["120026", "130042", "160009"] },
  { totalCents: 7_500, products: 2, skus: ["180017", "200009", "120026"] },
];

describe("gifts offered per step", () => {
  it("offers nothing below the first step", () => {
    expect(offeredGiftSkus(RULES, 0)).toEqual([]);
    expect(offeredGiftSkus(RULES, 4_999)).toEqual([]);
    expect(offeredGiftSkus([], 50_000)).toEqual([]);
  });

  it("offers the reached step's products and every lower step's, lower steps first, each once", () => {
    expect(offeredGiftSkus(RULES, 5_000)).toEqual(["120026", "130042", "160009"]);
    expect(offeredGiftSkus(RULES, 7_499)).toEqual(["120026", "130042", "160009"]);
    expect(offeredGiftSkus(RULES, 7_500)).toEqual(["120026", "130042", "160009", "180017", "200009"]);
    expect(offeredGiftSkus(RULES, 25_000)).toEqual([
      "120026",
      "130042",
      "160009",
      "180017",
      "200009",
      "190018",
      "210012",
    ]);
  });

  it("never offers a higher step's products early", () => {
    for (let subtotal = 0; subtotal < 12_000; subtotal += 250) {
      const offered = offeredGiftSkus(RULES, subtotal);
      const reachable = RULES.filter((r) => r.totalCents <= subtotal).flatMap((r) => r.skus);
      expect(
        offered.every((sku) => reachable.includes(sku)),
        String(subtotal),
      ).toBe(true);
      expect(new Set(offered).size).toBe(offered.length);
    }
  });

  it("counts the gifts left at the step", () => {
    expect(giftsLeft(RULES, 4_000, 0)).toBe(0);
    expect(giftsLeft(RULES, 5_000, 0)).toBe(1);
    expect(giftsLeft(RULES, 5_000, 1)).toBe(0);
    expect(giftsLeft(RULES, 8_000, 1)).toBe(1);
    expect(giftsLeft(RULES, 12_000, 1)).toBe(2);
    // more chosen than allowed (the subtotal just fell) is none left, not a negative number
    expect(giftsLeft(RULES, 5_000, 3)).toBe(0);
  });

  it("says what is missing to the first step", () => {
    expect(missingToFirstStep(RULES, 1_234)).toEqual({ totalCents: 5_000, missingCents: 3_766 });
    expect(missingToFirstStep(RULES, 4_999)).toEqual({ totalCents: 5_000, missingCents: 1 });
    expect(missingToFirstStep(RULES, 5_000)).toBeNull();
    expect(missingToFirstStep([], 0)).toBeNull();
  });
});

describe("choosing a gift", () => {
  const offered = [
    { sku: "120026", inStock: true },
    { sku: "130042", inStock: false },
  ];
  it("allows an offered, unchosen, available product while a gift is left", () => {
    expect(giftChoice({ sku: "120026", offered, chosenSkus: [], left: 1 })).toBe("ok");
  });
  it("refuses with the reason", () => {
    expect(giftChoice({ sku: "120026", offered, chosenSkus: ["120026"], left: 1 })).toBe("alreadyChosen");
    expect(giftChoice({ sku: "120026", offered, chosenSkus: ["160009"], left: 0 })).toBe("notAvailable");
    expect(giftChoice({ sku: "999999", offered, chosenSkus: [], left: 1 })).toBe("notOffered");
    expect(giftChoice({ sku: "190018", offered, chosenSkus: [], left: 1 })).toBe("notOffered");
    expect(giftChoice({ sku: "130042", offered, chosenSkus: [], left: 1 })).toBe("soldOut");
    expect(giftChoice({ sku: "", offered: [], chosenSkus: [], left: 0 })).toBe("notAvailable");
  });
});

function cartLine(sku: string, priceCents: number, qty: number, extra: Partial<CartLine> = {}): CartLine {
  const product = { sku, name: sku, brand: "B", priceCents, depositCents: 0 } as ProductSummary;
  return {
    id: 1,
    product,
    qty,
    isGift: false,
    taxRate: 7,
    maxQty: 99,
    outOfStock: false,
    withdrawn: false,
    available: null,
    rowTotalCents: priceCents * qty,
    ...extra,
  };
}

describe("the steppers' optimistic view", () => {
  const lines = [
    cartLine("a", 250, 2),
    cartLine("b", 1_000, 1),
    cartLine("a", 250, 1, { isGift: true, rowTotalCents: 0 }),
  ];

  it("applies wanted quantities to bought lines only, with their row totals", () => {
    const shown = withQuantities(lines, { a: 5 });
    expect(shown.map((l) => [l.qty, l.rowTotalCents])).toEqual([
      [5, 1_250],
      [1, 1_000],
      [1, 0],
    ]);
    expect(withQuantities(lines, {})).toEqual(lines);
  });

  it("gives the same totals as a cart that really has those quantities", () => {
    const optimistic = totalsOf(withQuantities(lines, { a: 5, b: 0 }), null, 495);
    const real = totalsOf(
      [cartLine("a", 250, 5), cartLine("a", 250, 1, { isGift: true, rowTotalCents: 0 })],
      null,
      495,
    );
    expect(optimistic.subtotalCents).toBe(1_250);
    expect(optimistic.grandTotalCents).toBe(real.grandTotalCents);
    expect(optimistic.taxCents).toBe(real.taxCents);
  });
});

describe("checkout blocker", () => {
  it("names why the cart cannot go to checkout", () => {
    expect(checkoutBlocker([], true)).toBe("empty");
    expect(checkoutBlocker([{ qty: 0, outOfStock: false }], true)).toBe("empty");
    expect(
      checkoutBlocker(
        [
          { qty: 1, outOfStock: true },
          { qty: 1, outOfStock: false },
        ],
        true,
      ),
    ).toBe("soldOut");
    expect(checkoutBlocker([{ qty: 1, outOfStock: false }], false)).toBe("minimum");
    expect(
      checkoutBlocker(
        [
          { qty: 1, outOfStock: false },
          { qty: 0, outOfStock: true },
        ],
        true,
      ),
    ).toBeNull();
  });
});
