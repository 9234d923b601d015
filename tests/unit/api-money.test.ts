import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apiJson, euro, euroInput, euroText } from "~/api/money.server";

describe("money at the API's edge", () => {
  it("writes cents as decimal euros with exactly two places", () => {
    expect(apiJson({ a: euro(229), b: euro(2500), c: euro(-50), d: euro(0), e: [euro(7)] })).toBe(
      '{"a":2.29,"b":25.00,"c":-0.50,"d":0.00,"e":[0.07]}',
    );
    expect(euroText(2500)).toBe("25.00");
  });

  it("writes everything else as JSON.stringify does", () => {
    const value = {
      s: 'a"b\u2028',
      n: 1.5,
      t: true,
      z: null,
      u: undefined,
      list: [1, undefined, "x"],
      nested: { x: [] },
    };
    expect(apiJson(value)).toBe(JSON.stringify(value));
  });

  it("reads every amount back to the cents it was written from, as a number or a string", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (cents) => {
        const written = apiJson(euro(cents));
        expect(euroInput.parse(JSON.parse(written))).toBe(cents);
        expect(euroInput.parse(written)).toBe(cents);
      }),
    );
  });

  it("refuses what is no euro amount", () => {
    for (const bad of ["2,49", "-1", "1.234", "1e3", "", "abc", 1e21, -2, 0.001, Number.NaN, "10000000"])
      expect(euroInput.safeParse(bad).success, String(bad)).toBe(false);
    expect(euroInput.parse("2")).toBe(200);
    expect(euroInput.parse(2.5)).toBe(250);
  });
});
