import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { germanDigits } from "~/domain/catalog/number-format";
import { formatNumber } from "~/domain/catalog/quantity";

// The shop writes numbers itself (docs/decisions/0059); what it writes must be what Intl writes.
const intl = new Intl.NumberFormat("de-DE");

describe("formatNumber", () => {
  it.each([
    [0, "0"],
    [7, "7"],
    [1234, "1.234"],
    [1234567.891, "1.234.567,891"],
    [1.5, "1,5"],
    [0.25, "0,25"],
    [1.0005, "1,001"],
    [2.9999, "3"],
    [999.9996, "1.000"],
    [0.9995, "1"],
    [0.0004, "0"],
    [436326149871.04, "436.326.149.871,04"],
    [99999999999.9995, "100.000.000.000"],
  ])("%d → %s, as Intl writes it", (value, text) => {
    expect(formatNumber(value)).toBe(text);
    expect(formatNumber(value)).toBe(intl.format(value));
  });

  it("writes every number in its range as Intl does", () => {
    // formatNumber's range: at most 15 significant digits (quantity.ts says why)
    const inRange = fc.oneof(
      fc.double({ min: 0, max: 1e12, noNaN: true, noDefaultInfinity: true }).map((n) => +n.toPrecision(15)),
      fc.double({ min: 0, max: 1e4, noNaN: true, noDefaultInfinity: true }).map((n) => +n.toPrecision(15)),
      fc.integer({ min: 0, max: 1e9 }).map((n) => n / 1000),
      fc.integer({ min: 0, max: 1e7 }).map((n) => n / 10),
      fc.integer({ min: 0, max: 1e6 }).map((n) => n / 10_000),
    );
    fc.assert(
      fc.property(
        inRange.filter((n) => n === 0 || n >= 1e-6),
        (n) => formatNumber(n) === intl.format(n),
      ),
      { numRuns: 10_000 },
    );
  });
});

describe("germanDigits", () => {
  it("writes every count as Intl does", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (n) => germanDigits(n) === intl.format(n)),
      {
        numRuns: 10_000,
      },
    );
  });
  it.each([
    ["0", "0"],
    ["0.05", "0,05"],
    ["999.99", "999,99"],
    ["1000.00", "1.000,00"],
    ["123456.789", "123.456,789"],
    ["12345678901.2", "12.345.678.901,2"],
    ["1234567", "1.234.567"],
  ])("%s → %s", (digits, text) => expect(germanDigits(digits)).toBe(text));
});
