import { describe, expect, it } from "vitest";
import common from "../../locales/de/common.json";
import { basePrice, formatNetQuantity, totalInBaseUnit } from "~/domain/catalog/quantity";

describe("net quantity", () => {
  it.each([
    [{ netQuantity: 500, unit: "g", packCount: 1 }, "500 g"],
    [{ netQuantity: 1.5, unit: "l", packCount: 1 }, "1,5 l"],
    [{ netQuantity: 1.5, unit: "l", packCount: 6 }, "6 × 1,5 l"],
    [{ netQuantity: 330, unit: "ml", packCount: 24 }, "24 × 330 ml"],
    [{ netQuantity: 1, unit: "kg", packCount: 1 }, "1 kg"],
  ] as const)("%j -> %s", (q, text) => expect(formatNetQuantity(q)).toBe(text));
});

describe("base price per kg or l (PAngV § 4)", () => {
  it.each([
    [139, { netQuantity: 1, unit: "l", packCount: 1 }, { cents: 139, unit: "l" }],
    [219, { netQuantity: 250, unit: "g", packCount: 1 }, { cents: 876, unit: "kg" }],
    [449, { netQuantity: 1.5, unit: "l", packCount: 6 }, { cents: 50, unit: "l" }],
    [99, { netQuantity: 330, unit: "ml", packCount: 1 }, { cents: 300, unit: "l" }],
    [229, { netQuantity: 1, unit: "kg", packCount: 1 }, { cents: 229, unit: "kg" }],
    [119, { netQuantity: 125, unit: "g", packCount: 4 }, { cents: 238, unit: "kg" }],
  ] as const)("%i cents for %j", (price, q, expected) => expect(basePrice(price, q)).toEqual(expected));

  it("pieces have none", () => {
    expect(basePrice(349, { netQuantity: 10, unit: "piece", packCount: 1 })).toBeNull();
    expect(totalInBaseUnit({ netQuantity: 1, unit: "piece", packCount: 1 })).toBeNull();
  });
});

describe("unit names (g, kg, ml and l are shown with their full names)", () => {
  it.each([
    ["g", "Gramm"],
    ["kg", "Kilogramm"],
    ["ml", "Milliliter"],
    ["l", "Liter"],
  ] as const)("%s -> %s", (unit, name) => {
    expect(common.units[unit]).toBe(name);
  });
});
