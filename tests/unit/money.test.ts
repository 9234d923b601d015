import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatEuro, parseEuroToCents, reductionPercent } from "~/domain/money/format";
import { taxIncluded, taxSplit } from "~/domain/money/tax";

const NBSP = "\u00a0";

describe("formatEuro", () => {
  it.each([
    [299, `2,99${NBSP}€`],
    [0, `0,00${NBSP}€`],
    [5, `0,05${NBSP}€`],
    [123456, `1.234,56${NBSP}€`],
    [25, `0,25${NBSP}€`],
  ])("%i cents -> %s", (cents, text) => expect(formatEuro(cents)).toBe(text));
  it.each([
    [-500, `−5,00${NBSP}€`],
    [-5, `−0,05${NBSP}€`],
    [-123456, `−1.234,56${NBSP}€`],
  ])("%i cents -> %s with the typographic minus, never a hyphen", (cents, text) =>
    expect(formatEuro(cents)).toBe(text),
  );
  it("writes every amount as Intl's euro format does (docs/decisions/0059: the shop writes it itself)", () => {
    const intl = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const text = intl.format(Math.abs(cents) / 100);
        return formatEuro(cents) === (cents < 0 ? `−${text}` : text);
      }),
      { numRuns: 10_000 },
    );
  });
});

describe("parseEuroToCents", () => {
  it.each([
    ["2,50", 250],
    ["2.5", 250],
    ["3", 300],
    [" 4,99 € ", 499],
    ["0,05", 5],
  ])("%s -> %i", (input, cents) => expect(parseEuroToCents(input)).toBe(cents));
  it.each(["-1", "abc", "1,234", "1e3", "", "99999999"])("%s is no amount", (input) =>
    expect(parseEuroToCents(input)).toBeNull(),
  );
});

describe("reductionPercent", () => {
  it("is measured against the reference price and rounded down", () => {
    expect(reductionPercent(139, 155)).toBe(10);
    expect(reductionPercent(100, 100)).toBe(0);
    expect(reductionPercent(150, 100)).toBe(0);
  });
});

describe("tax", () => {
  it("takes the VAT out of gross prices", () => {
    expect(taxIncluded(107, 7)).toBe(7);
    expect(taxIncluded(119, 19)).toBe(19);
    expect(taxIncluded(299, 19)).toBe(48);
  });

  it("splits by rate; net + tax is the gross for each rate", () => {
    const split = taxSplit([
      { grossCents: 139, rate: 7 },
      { grossCents: 299, rate: 19 },
      { grossCents: 100, rate: 7 },
    ]);
    expect(split).toEqual([
      { rate: 7, grossCents: 239, taxCents: 16, netCents: 223 },
      { rate: 19, grossCents: 299, taxCents: 48, netCents: 251 },
    ]);
  });

  it("never loses a cent (property, 10,000 carts)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ grossCents: fc.integer({ min: 0, max: 1_000_000 }), rate: fc.constantFrom(7, 19) }), {
          maxLength: 60,
        }),
        (lines) => {
          const split = taxSplit(lines);
          const gross = lines.reduce((s, l) => s + l.grossCents, 0);
          expect(split.reduce((s, d) => s + d.netCents + d.taxCents, 0)).toBe(gross);
          for (const d of split) {
            expect(Number.isInteger(d.taxCents)).toBe(true);
            expect(d.taxCents).toBeGreaterThanOrEqual(0);
            expect(d.taxCents).toBeLessThanOrEqual(d.grossCents);
          }
        },
      ),
      { numRuns: 10_000 },
    );
  });
});
