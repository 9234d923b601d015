import { describe, expect, it } from "vitest";
import common from "../../locales/de/common.json";
import { basePrice, formatNetQuantity, keepUnitsWithNumbers, totalInBaseUnit } from "~/domain/catalog/quantity";

/** The test's readable spaces ("1,5 l") as the no-break spaces the shop writes between number and unit. */
const nbsp = (text: string) => text.replaceAll(" ", "\u00a0");

describe("net quantity (a no-break space between number and unit)", () => {
  it.each([
    [{ netQuantity: 500, unit: "g", packCount: 1 }, "500 g"],
    [{ netQuantity: 1.5, unit: "l", packCount: 1 }, "1,5 l"],
    [{ netQuantity: 1.5, unit: "l", packCount: 6 }, "6 × 1,5 l"],
    [{ netQuantity: 330, unit: "ml", packCount: 24 }, "24 × 330 ml"],
    [{ netQuantity: 1, unit: "kg", packCount: 1 }, "1 kg"],
  ] as const)("%j -> %s", (q, text) => expect(formatNetQuantity(q)).toBe(nbsp(text)));
});

describe("a product's name as shown keeps a number with its unit on one line", () => {
  it.each([
    ["Frische Vollmilch 3,8 %", "Frische Vollmilch 3,8\u00a0%"],
    ["Öko-Windeln Gr. 4 Maxi, 7-18 kg", "Öko-Windeln Gr. 4 Maxi, 7-18\u00a0kg"],
    ["Mineralwasser 1,5 l", "Mineralwasser 1,5\u00a0l"],
    ["Feuchttücher 99 % Wasser", "Feuchttücher 99\u00a0% Wasser"],
    ["Gekühlt bei +2 °C bis +7 °C lagern", "Gekühlt bei +2\u00a0°C bis +7\u00a0°C lagern"],
  ])("%s", (name, shown) => expect(keepUnitsWithNumbers(name)).toBe(shown));

  it("leaves words that only start like a unit alone", () => {
    expect(keepUnitsWithNumbers("Bio-Eier 10 glückliche Hühner")).toBe("Bio-Eier 10 glückliche Hühner");
    expect(keepUnitsWithNumbers("Pils 20 liter")).toBe("Pils 20 liter");
    expect(keepUnitsWithNumbers("Mozzarella")).toBe("Mozzarella");
  });
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
