/**
 * §11 PAngV's lowest price of 30 days, computed from the price history (app/domain/range/
 * price-history.ts, decision 0046): property tests against a second reading of the rule (the
 * price in force at each instant that matters), the 30-day boundary to the millisecond, several
 * changes a day, Berlin days across summer time, and the demo range's history.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadSeed, priceHistoryRows } from "../../scripts/seed/build.mjs";
import {
  type PriceEntry,
  WINDOW_DAYS,
  canAnnounceReduction,
  lowestBefore,
  shownPrice,
  windowStart,
} from "~/domain/range/price-history";
import { inBerlin } from "~/domain/time/berlin";

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** 2026-03-29 (summer time begins) 12:00 Berlin, and around it a year of instants. */
const START = Date.parse("2026-03-29T10:00:00Z");

/** The price in force at `t`: the latest entry from at or before `t`. */
function priceAt(history: PriceEntry[], t: number): number | null {
  const before = history.filter((e) => e.validFrom <= t).sort((a, b) => b.validFrom - a.validFrom);
  return before[0]?.priceCents ?? null;
}

/** The same rule read another way: the prices in force at the window's start and at each change inside it. */
function oracle(history: PriceEntry[], start: number): number | null {
  const from = windowStart(start);
  const instants = [from, ...history.map((e) => e.validFrom).filter((t) => t >= from && t < start)];
  const prices = instants.map((t) => priceAt(history, t)).filter((p): p is number => p !== null);
  return prices.length ? Math.min(...prices) : null;
}

const instant = fc.integer({ min: START - 400 * DAY, max: START + 400 * DAY });
const entry = (times: fc.Arbitrary<number>) =>
  fc.record({ priceCents: fc.integer({ min: 1, max: 5000 }), reduction: fc.boolean(), validFrom: times });
/** Histories whose entries crowd around the window's edges and a day: several changes a day. */
function histories(start: number) {
  const from = windowStart(start);
  const near = fc.oneof(
    instant,
    fc.integer({ min: from - 2 * DAY, max: from + 2 * DAY }),
    fc.constantFrom(from - 1, from, from + 1, start - 1, start, start + 1),
    fc.integer({ min: start - DAY, max: start }),
  );
  return fc.uniqueArray(entry(near), { selector: (e) => e.validFrom, maxLength: 12 });
}

describe("the 30-day window", () => {
  it("begins at Berlin midnight 30 calendar days before the day of the reduction, across summer time", () => {
    fc.assert(
      fc.property(instant, (start) => {
        const from = windowStart(start);
        expect(inBerlin(new Date(from)).time).toBe("00:00");
        const days = (Date.parse(inBerlin(new Date(start)).date) - Date.parse(inBerlin(new Date(from)).date)) / DAY;
        expect(days).toBe(WINDOW_DAYS);
        // 30 Berlin days and the part of the starting day: 23 or 25 hours change once a summer-time switch lies between
        expect(start - from).toBeGreaterThanOrEqual(WINDOW_DAYS * DAY - HOUR);
        expect(start - from).toBeLessThan((WINDOW_DAYS + 1) * DAY + HOUR);
      }),
    );
  });

  it("fixed days: summer time begins and ends inside the window", () => {
    // 10 April 2026 (CEST): the window opens 11 March 00:00 CET = 23:00 UTC the day before
    expect(new Date(windowStart(Date.parse("2026-04-10T08:00:00Z"))).toISOString()).toBe("2026-03-10T23:00:00.000Z");
    // 5 November 2026 (CET): the window opens 6 October 00:00 CEST = 22:00 UTC the day before
    expect(new Date(windowStart(Date.parse("2026-11-05T08:00:00Z"))).toISOString()).toBe("2026-10-05T22:00:00.000Z");
    // a reduction at 00:30 Berlin counts its own day from midnight, not from 00:30 UTC
    expect(new Date(windowStart(Date.parse("2026-06-14T22:30:00Z"))).toISOString()).toBe("2026-05-15T22:00:00.000Z");
  });
});

describe("the lowest price of the 30 days before a reduction", () => {
  it("is the lowest price in force at any instant of the window (property, against a second reading)", () => {
    fc.assert(
      fc.property(
        instant.chain((start) => fc.tuple(fc.constant(start), histories(start))),
        ([start, history]) => {
          expect(lowestBefore(history, start)).toBe(oracle(history, start));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("on the boundary: a price that ended exactly when the window opened does not count, one a millisecond later does", () => {
    const start = Date.parse("2026-04-10T08:00:00Z");
    const from = windowStart(start);
    const cheap = { priceCents: 100, reduction: false, validFrom: from - 10 * DAY };
    const regular = { priceCents: 300, reduction: false, validFrom: from };
    expect(lowestBefore([cheap, regular], start)).toBe(300);
    expect(lowestBefore([cheap, { ...regular, validFrom: from + 1 }], start)).toBe(100);
    // a price from the instant of the reduction on is not before it
    expect(lowestBefore([regular, { priceCents: 50, reduction: false, validFrom: start }], start)).toBe(300);
  });

  it("several changes a day all count, however briefly each was in force", () => {
    const start = Date.parse("2026-04-10T08:00:00Z");
    const day = start - 3 * DAY;
    const history: PriceEntry[] = [
      { priceCents: 299, reduction: false, validFrom: start - 60 * DAY },
      { priceCents: 199, reduction: false, validFrom: day },
      { priceCents: 279, reduction: false, validFrom: day + 60_000 },
      { priceCents: 289, reduction: false, validFrom: day + HOUR },
    ];
    expect(lowestBefore(history, start)).toBe(199);
  });
});

describe("what the shop shows", () => {
  it("a reduction is shown only with its reference above the price and the lowest price of 30 days (property)", () => {
    fc.assert(
      fc.property(
        instant.chain((at) => fc.tuple(fc.constant(at), histories(at))),
        ([at, history]) => {
          const shown = shownPrice(history, at);
          if (!shown) {
            expect(history.every((e) => e.validFrom > at)).toBe(true);
            return;
          }
          expect(shown.priceCents).toBe(priceAt(history, at));
          expect(shown.regularPriceCents === null).toBe(shown.lowestPrice30dCents === null);
          if (shown.regularPriceCents !== null) {
            expect(shown.regularPriceCents).toBeGreaterThan(shown.priceCents);
            expect(shown.lowestPrice30dCents).toBeLessThanOrEqual(shown.regularPriceCents);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("raising and lowering: the reduction's figures, a further step keeps them (§11 (2)), a rise ends it", () => {
    const t0 = Date.parse("2026-01-01T09:00:00Z");
    const history: PriceEntry[] = [
      { priceCents: 249, reduction: false, validFrom: t0 },
      { priceCents: 299, reduction: false, validFrom: t0 + 20 * DAY },
      { priceCents: 269, reduction: true, validFrom: t0 + 40 * DAY },
    ];
    // 249 was in force until day 20, inside the 30 days before day 40
    expect(shownPrice(history, t0 + 41 * DAY)).toEqual({
      priceCents: 269,
      regularPriceCents: 299,
      lowestPrice30dCents: 249,
    });
    const further = [...history, { priceCents: 229, reduction: true, validFrom: t0 + 45 * DAY }];
    expect(shownPrice(further, t0 + 46 * DAY)).toEqual({
      priceCents: 229,
      regularPriceCents: 299,
      lowestPrice30dCents: 249,
    });
    const raised = [...further, { priceCents: 319, reduction: false, validFrom: t0 + 50 * DAY }];
    expect(shownPrice(raised, t0 + 51 * DAY)).toEqual({
      priceCents: 319,
      regularPriceCents: null,
      lowestPrice30dCents: null,
    });
    // 60 days on, 249 lies outside the window: the lowest is the 299 in force before
    const later = [...raised, { priceCents: 299, reduction: true, validFrom: t0 + 100 * DAY }];
    expect(shownPrice(later, t0 + 101 * DAY)).toEqual({
      priceCents: 299,
      regularPriceCents: 319,
      lowestPrice30dCents: 319,
    });
  });

  it("a reduction needs a higher price before it", () => {
    const t0 = Date.parse("2026-01-01T09:00:00Z");
    const history: PriceEntry[] = [{ priceCents: 249, reduction: false, validFrom: t0 }];
    expect(canAnnounceReduction(history, { priceCents: 299, validFrom: t0 + DAY })).toBe(false);
    expect(canAnnounceReduction(history, { priceCents: 249, validFrom: t0 + DAY })).toBe(false);
    expect(canAnnounceReduction(history, { priceCents: 199, validFrom: t0 + DAY })).toBe(true);
    expect(canAnnounceReduction([], { priceCents: 199, validFrom: t0 })).toBe(false);
  });

  it("the demo range's history comes to the figures the seed shows", async () => {
    const seed = await loadSeed();
    const now = Date.parse("2026-03-29T10:00:00Z");
    for (const p of seed.products) {
      const history = priceHistoryRows(p, now).map((r) => ({
        priceCents: r.price_cents,
        reduction: r.reduction === 1,
        validFrom: r.valid_from,
      }));
      expect(shownPrice(history, now), p.sku).toEqual({
        priceCents: p.price,
        regularPriceCents: p.regular,
        lowestPrice30dCents: p.lowest30,
      });
    }
  });
});
