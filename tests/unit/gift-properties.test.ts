/**
 * Property tests for the pure gift rules over arbitrary
 * step sets: 1–5 steps with distinct thresholds in cents, in any order, 1–3 gifts and 1–3 offered
 * products per step, and subtotals from 0 to 10,000 € that hit the thresholds and one cent below
 * them often. The fixed examples live in cart-rules.test.ts and cart-gifts.test.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allowedGifts,
  currentGiftStep,
  giftChoice,
  giftRemovalNotice,
  giftsAvailable,
  giftsLeft,
  missingToFirstStep,
  offeredGiftSkus,
  stillDismissed,
  surplusGifts,
  type GiftRule,
  type GiftStep,
} from "~/domain/cart/gifts";

const RUNS = { numRuns: 10_000 };
// 10,000 runs take a second or two, much more on a busy machine.
const TIMEOUT = 60_000;
const MAX_SUBTOTAL = 1_000_000;
const SKUS = ["120026", "130042", "160009", "180017", "190018", "200009", "210012", "220001"];

const threshold = fc.integer({ min: 1, max: MAX_SUBTOTAL });
const giftCount = fc.integer({ min: 1, max: 3 });
const chosenCount = fc.integer({ min: 0, max: 6 });

/** 1–5 steps with distinct thresholds, in the (random) order the array generator gives. */
const steps: fc.Arbitrary<GiftStep[]> = fc.uniqueArray(fc.record({ totalCents: threshold, products: giftCount }), {
  minLength: 1,
  maxLength: 5,
  selector: (s) => s.totalCents,
});

/**
 * Assumption for monotonicity of the allowance: a higher threshold never allows fewer gifts (as in
 * the shop's rules 50 € → 1, 75 € → 2, 100 € → 3). Thresholds and counts are sorted and paired,
 * then the steps are shuffled so the order still is arbitrary.
 */
const growingSteps: fc.Arbitrary<GiftStep[]> = fc
  .tuple(fc.uniqueArray(threshold, { minLength: 1, maxLength: 5 }), fc.array(giftCount, { minLength: 5, maxLength: 5 }))
  .chain(([totals, counts]) => {
    const sortedTotals = [...totals].sort((a, b) => a - b);
    const sortedCounts = counts.slice(0, totals.length).sort((a, b) => a - b);
    const list = sortedTotals.map((totalCents, i) => ({ totalCents, products: sortedCounts[i] }));
    return fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length });
  });

/** Steps with their offered products: 1–3 distinct skus each from a small pool, so steps share some. */
const rules: fc.Arbitrary<GiftRule[]> = fc.uniqueArray(
  fc.record({
    totalCents: threshold,
    products: giftCount,
    skus: fc.uniqueArray(fc.constantFrom(...SKUS), { minLength: 1, maxLength: 3 }),
  }),
  { minLength: 1, maxLength: 5, selector: (r) => r.totalCents },
);

/** Any subtotal, an exact threshold, or one cent below a threshold. */
function subtotalFor(list: GiftStep[]): fc.Arbitrary<number> {
  const totals = list.map((s) => s.totalCents);
  return fc.oneof(
    fc.integer({ min: 0, max: MAX_SUBTOTAL }),
    fc.constantFrom(...totals),
    fc.constantFrom(...totals.map((t) => t - 1)),
  );
}

function withSubtotal<S extends GiftStep>(arb: fc.Arbitrary<S[]>): fc.Arbitrary<[S[], number]> {
  return arb.chain((list) => fc.tuple(fc.constant(list), subtotalFor(list)));
}

/** Steps with two subtotals, the lower first. */
function withTwoSubtotals<S extends GiftStep>(arb: fc.Arbitrary<S[]>): fc.Arbitrary<[S[], number, number]> {
  return arb.chain((list) =>
    fc
      .tuple(subtotalFor(list), subtotalFor(list))
      .map(([a, b]): [S[], number, number] => [list, Math.min(a, b), Math.max(a, b)]),
  );
}

/** The reference: the thresholds the subtotal reaches. */
const reached = <S extends GiftStep>(list: S[], subtotal: number) => list.filter((s) => s.totalCents <= subtotal);
const lowestThreshold = (list: GiftStep[]) => Math.min(...list.map((s) => s.totalCents));
/** A step's height, with "no step" below every threshold. */
const level = (step: GiftStep | null) => step?.totalCents ?? -1;

describe("currentGiftStep (properties)", () => {
  it(
    "is the step with the highest threshold ≤ subtotal, null below the lowest",
    () => {
      fc.assert(
        fc.property(withSubtotal(steps), ([list, subtotal]) => {
          const step = currentGiftStep(list, subtotal);
          const candidates = reached(list, subtotal);
          if (subtotal < lowestThreshold(list)) {
            expect(step).toBeNull();
            return;
          }
          expect(step).not.toBeNull();
          expect(list).toContain(step);
          expect(step!.totalCents).toBeLessThanOrEqual(subtotal);
          expect(step!.totalCents).toBe(Math.max(...candidates.map((s) => s.totalCents)));
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    "does not depend on the order of the steps",
    () => {
      const shuffled = steps.chain((list) =>
        fc.tuple(
          fc.constant(list),
          fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }),
          subtotalFor(list),
        ),
      );
      fc.assert(
        fc.property(shuffled, ([list, permuted, subtotal]) => {
          expect(currentGiftStep(permuted, subtotal)).toBe(currentGiftStep(list, subtotal));
          expect(currentGiftStep([...list].reverse(), subtotal)).toBe(currentGiftStep(list, subtotal));
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    "is monotone: a higher subtotal never yields a lower step",
    () => {
      fc.assert(
        fc.property(withTwoSubtotals(steps), ([list, lower, higher]) => {
          expect(level(currentGiftStep(list, higher))).toBeGreaterThanOrEqual(level(currentGiftStep(list, lower)));
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );
});

describe("allowedGifts (properties)", () => {
  it(
    "is the current step's count and 0 below the first step",
    () => {
      fc.assert(
        fc.property(withSubtotal(steps), ([list, subtotal]) => {
          const allowed = allowedGifts(list, subtotal);
          if (subtotal < lowestThreshold(list)) expect(allowed).toBe(0);
          else expect(allowed).toBe(currentGiftStep(list, subtotal)!.products);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    "never falls as the subtotal rises when higher steps allow at least as many gifts",
    () => {
      fc.assert(
        fc.property(withTwoSubtotals(growingSteps), ([list, lower, higher]) => {
          expect(allowedGifts(list, higher)).toBeGreaterThanOrEqual(allowedGifts(list, lower));
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );
});

describe("giftsAvailable, surplusGifts, giftsLeft (properties)", () => {
  it(
    "gifts are available exactly when fewer than allowed are chosen, never below the first step",
    () => {
      fc.assert(
        fc.property(withSubtotal(steps), chosenCount, ([list, subtotal], chosen) => {
          const allowed = allowedGifts(list, subtotal);
          expect(giftsAvailable(list, subtotal, chosen)).toBe(chosen < allowed);
          if (subtotal < lowestThreshold(list)) expect(giftsAvailable(list, subtotal, chosen)).toBe(false);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    "the surplus is max(0, chosen − allowed): none when within the allowance, and afterwards exactly the allowance",
    () => {
      fc.assert(
        fc.property(withSubtotal(steps), chosenCount, ([list, subtotal], chosen) => {
          const allowed = allowedGifts(list, subtotal);
          const surplus = surplusGifts(list, subtotal, chosen);
          expect(surplus).toBe(Math.max(0, chosen - allowed));
          const kept = chosen - surplus;
          expect(kept).toBeLessThanOrEqual(allowed);
          expect(kept).toBe(Math.min(chosen, allowed));
          if (chosen <= allowed) expect(surplus).toBe(0);
          // after removing the surplus no gift can be added unless none had to go
          if (surplus > 0) expect(giftsAvailable(list, subtotal, kept)).toBe(false);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    "gifts left is max(0, allowed − chosen), positive exactly when gifts are available",
    () => {
      fc.assert(
        fc.property(withSubtotal(steps), chosenCount, ([list, subtotal], chosen) => {
          const allowed = allowedGifts(list, subtotal);
          const left = giftsLeft(list, subtotal, chosen);
          expect(left).toBe(Math.max(0, allowed - chosen));
          expect(left > 0).toBe(giftsAvailable(list, subtotal, chosen));
          expect(left - surplusGifts(list, subtotal, chosen)).toBe(allowed - chosen);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );
});

describe("giftRemovalNotice (properties)", () => {
  it(
    "null unless the count fell; byChoice exactly when it fell and gifts are available afterwards; else byForce",
    () => {
      fc.assert(
        fc.property(chosenCount, chosenCount, fc.boolean(), (before, after, availableAfter) => {
          const notice = giftRemovalNotice(before, after, availableAfter);
          expect(notice === null).toBe(after >= before);
          expect(notice === "byChoice").toBe(after < before && availableAfter);
          expect(notice === "byForce").toBe(after < before && !availableAfter);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    "in a cart: the customer removing gifts within the allowance is byChoice, dropping the surplus is byForce",
    () => {
      fc.assert(
        fc.property(
          withSubtotal(steps),
          chosenCount,
          fc.integer({ min: 1, max: 6 }),
          ([list, subtotal], chosen, removed) => {
            const allowed = allowedGifts(list, subtotal);
            const surplus = surplusGifts(list, subtotal, chosen);
            if (surplus > 0) {
              const after = chosen - surplus;
              expect(giftRemovalNotice(chosen, after, giftsAvailable(list, subtotal, after))).toBe("byForce");
            } else if (chosen > 0) {
              const after = Math.max(0, chosen - removed);
              expect(chosen).toBeLessThanOrEqual(allowed);
              expect(giftRemovalNotice(chosen, after, giftsAvailable(list, subtotal, after))).toBe("byChoice");
            }
          },
        ),
        RUNS,
      );
    },
    TIMEOUT,
  );
});

describe("stillDismissed (properties)", () => {
  it(
    "is never dismissed without a marker",
    () => {
      fc.assert(
        fc.property(withSubtotal(steps), ([list, subtotal]) => {
          expect(stillDismissed(null, list, subtotal)).toBe(false);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    "a dismissal at the current step holds while the step does not rise and resets once it does",
    () => {
      // "Nicht jetzt" stores the reached step's threshold (decision 0004); then the subtotal moves anywhere.
      const scenario = steps.chain((list) =>
        fc.tuple(fc.constant(list), fc.constantFrom(...list.map((s) => s.totalCents)), subtotalFor(list)),
      );
      fc.assert(
        fc.property(scenario, ([list, marker, subtotal]) => {
          const dismissed = stillDismissed(marker, list, subtotal);
          const stepNow = Math.max(-1, ...reached(list, subtotal).map((s) => s.totalCents));
          if (subtotal < lowestThreshold(list)) expect(dismissed).toBe(false);
          else if (stepNow <= marker) expect(dismissed).toBe(true);
          else expect(dismissed).toBe(false);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    "once the step rose above the marker, every higher subtotal stays undismissed",
    () => {
      const scenario = steps.chain((list) =>
        fc.tuple(
          fc.constant(list),
          fc.constantFrom(...list.map((s) => s.totalCents)),
          subtotalFor(list),
          subtotalFor(list),
        ),
      );
      fc.assert(
        fc.property(scenario, ([list, marker, a, b]) => {
          const [lower, higher] = [Math.min(a, b), Math.max(a, b)];
          if (level(currentGiftStep(list, lower)) > marker) expect(stillDismissed(marker, list, higher)).toBe(false);
          if (!stillDismissed(marker, list, higher) && currentGiftStep(list, lower) !== null) {
            // not dismissed at the higher subtotal with a step reached at the lower one: the higher step rose
            expect(level(currentGiftStep(list, higher))).toBeGreaterThan(marker);
          }
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );
});

describe("offeredGiftSkus (properties)", () => {
  it(
    "offers nothing below the first step",
    () => {
      const below = rules.chain((list) =>
        fc.tuple(fc.constant(list), fc.integer({ min: 0, max: lowestThreshold(list) - 1 })),
      );
      fc.assert(
        fc.property(below, ([list, subtotal]) => {
          expect(offeredGiftSkus(list, subtotal)).toEqual([]);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    "offers every sku of every reached step, none only an unreached step has, each once",
    () => {
      fc.assert(
        fc.property(withSubtotal(rules), ([list, subtotal]) => {
          const offered = offeredGiftSkus(list, subtotal);
          const reachedSkus = new Set(reached(list, subtotal).flatMap((r) => r.skus));
          expect(new Set(offered).size).toBe(offered.length);
          expect(new Set(offered)).toEqual(reachedSkus);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    "lists lower steps' skus first, each step's in its own order",
    () => {
      fc.assert(
        fc.property(withSubtotal(rules), ([list, subtotal]) => {
          const offered = offeredGiftSkus(list, subtotal);
          const ascending = reached(list, subtotal).sort((a, b) => a.totalCents - b.totalCents);
          // the lowest reached step that offers the sku, and the sku's place in that step
          const key = (sku: string) => {
            const i = ascending.findIndex((r) => r.skus.includes(sku));
            return [i, ascending[i].skus.indexOf(sku)] as const;
          };
          for (let k = 1; k < offered.length; k++) {
            const [prevStep, prevPos] = key(offered[k - 1]);
            const [step, pos] = key(offered[k]);
            expect(
              prevStep < step || (prevStep === step && prevPos < pos),
              `${offered[k - 1]} before ${offered[k]}`,
            ).toBe(true);
          }
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    "reaching a higher step never takes a choice away: the lower subtotal's offer is a prefix, in any rule order",
    () => {
      const scenario = withTwoSubtotals(rules).chain(([list, lower, higher]) =>
        fc.tuple(
          fc.constant(list),
          fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }),
          fc.constant(lower),
          fc.constant(higher),
        ),
      );
      fc.assert(
        fc.property(scenario, ([list, permuted, lower, higher]) => {
          const low = offeredGiftSkus(list, lower);
          const high = offeredGiftSkus(permuted, higher);
          expect(high.slice(0, low.length)).toEqual(low);
          expect(offeredGiftSkus(permuted, lower)).toEqual(low);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );
});

describe("missingToFirstStep (properties)", () => {
  it(
    "is null once a step is reached, else the lowest threshold and the positive cents missing to it",
    () => {
      fc.assert(
        fc.property(withSubtotal(steps), ([list, subtotal]) => {
          const missing = missingToFirstStep(list, subtotal);
          const first = lowestThreshold(list);
          if (subtotal >= first) {
            expect(missing).toBeNull();
            return;
          }
          expect(missing).toEqual({ totalCents: first, missingCents: first - subtotal });
          expect(missing!.missingCents).toBeGreaterThan(0);
          expect(allowedGifts(list, subtotal + missing!.missingCents - 1)).toBe(0);
          expect(currentGiftStep(list, subtotal + missing!.missingCents)?.totalCents).toBe(first);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );
});

describe("giftChoice (properties)", () => {
  const input = fc.record({
    sku: fc.constantFrom(...SKUS),
    offered: fc.uniqueArray(fc.record({ sku: fc.constantFrom(...SKUS), inStock: fc.boolean() }), {
      maxLength: 6,
      selector: (p) => p.sku,
    }),
    chosenSkus: fc.uniqueArray(fc.constantFrom(...SKUS), { maxLength: 3 }),
    left: fc.integer({ min: -2, max: 3 }),
  });

  it(
    "refuses a chosen, unavailable, unoffered or sold-out gift in that order, else allows it",
    () => {
      fc.assert(
        fc.property(input, (i) => {
          const product = i.offered.find((p) => p.sku === i.sku);
          const expected = i.chosenSkus.includes(i.sku)
            ? "alreadyChosen"
            : i.left <= 0
              ? "notAvailable"
              : !product
                ? "notOffered"
                : !product.inStock
                  ? "soldOut"
                  : "ok";
          expect(giftChoice(i)).toBe(expected);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );
});
