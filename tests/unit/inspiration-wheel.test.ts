import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isDrag,
  SWIPE_THRESHOLD,
  slideForKey,
  slideGlides,
  slideOffset,
  swipeStep,
  wrapIndex,
} from "~/components/product/wheelTurning";

// docs/decisions/0024-inspiration-wheel.md: the wheel of similar products turns round and round.

describe("turning past either end wraps around", () => {
  it.each([
    [-1, 8, 7],
    [8, 8, 0],
    [9, 8, 1],
    [-9, 8, 7],
    [3, 8, 3],
    [0, 1, 0],
    [5, 0, 0],
  ])("slide %i of %i is slide %i", (index, count, expected) => expect(wrapIndex(index, count)).toBe(expected));
});

describe("keys when the wheel has focus", () => {
  it.each([
    ["ArrowRight", 0, 1],
    ["ArrowRight", 7, 0],
    ["ArrowLeft", 3, 2],
    ["ArrowLeft", 0, 7],
    ["Home", 5, 0],
    ["End", 2, 7],
  ])("%s on slide %i of 8 brings slide %i", (key, focus, expected) =>
    expect(slideForKey(key, focus, 8)).toBe(expected),
  );

  it("leaves every other key to the browser (Tab, Enter, Space, up and down)", () => {
    for (const key of ["Tab", "Enter", " ", "ArrowUp", "ArrowDown", "PageDown", "a"])
      expect(slideForKey(key, 3, 8)).toBeNull();
  });

  it("a wheel of one product does not turn", () => {
    for (const key of ["ArrowLeft", "ArrowRight", "Home", "End"]) expect(slideForKey(key, 0, 1)).toBeNull();
  });
});

describe("swipes", () => {
  it("to the left brings the next product, to the right the previous one", () => {
    expect(swipeStep(-SWIPE_THRESHOLD, 0)).toBe(1);
    expect(swipeStep(SWIPE_THRESHOLD + 30, 10)).toBe(-1);
  });

  it("a tap, a wobble under the threshold and a scroll up or down do not turn", () => {
    expect(swipeStep(0, 0)).toBe(0);
    expect(swipeStep(SWIPE_THRESHOLD - 1, 0)).toBe(0);
    expect(swipeStep(-(SWIPE_THRESHOLD - 1), 0)).toBe(0);
    expect(swipeStep(60, 200)).toBe(0);
    expect(swipeStep(-80, -80)).toBe(0);
  });

  it("a movement as far as a swipe, in any direction, is a drag and opens no link; a tap is a click", () => {
    expect(isDrag(0, 0)).toBe(false);
    expect(isDrag(3, -2)).toBe(false);
    expect(isDrag(0, SWIPE_THRESHOLD)).toBe(true);
    expect(isDrag(-30, 30)).toBe(true);
    expect(isDrag(-SWIPE_THRESHOLD, 0)).toBe(true);
  });
});

/**
 * The oracle for where a slide stands: the wheel as a ring of seats, walked from the slide in
 * focus one seat at a time to the right and to the left until the slide is found; the shorter
 * walk wins, a tie goes to the right.
 */
function walkRing(index: number, focus: number, count: number): number {
  for (let steps = 0; steps < count; steps++) {
    if ((focus + steps) % count === index) return steps;
    if ((focus - steps + count * count) % count === index) return -steps;
  }
  throw new Error("not on the wheel");
}

describe("where the slides stand", () => {
  it("8 slides with the first in focus: the next ones on the right, the last ones on the left", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => slideOffset(i, 0, 8))).toEqual([0, 1, 2, 3, 4, -3, -2, -1]);
  });

  it("2 slides: the other one stands on the right", () => {
    expect([slideOffset(0, 0, 2), slideOffset(1, 0, 2), slideOffset(0, 1, 2)]).toEqual([0, 1, 1]);
  });

  it("agrees with a walk round the ring, and every seat is taken once", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 12 })
          .chain((count) => fc.tuple(fc.constant(count), fc.nat(count - 1), fc.nat(count - 1))),
        ([count, index, focus]) => {
          expect(slideOffset(index, focus, count)).toBe(walkRing(index, focus, count));
          const seats = Array.from({ length: count }, (_, i) => slideOffset(i, focus, count));
          expect(new Set(seats).size).toBe(count);
        },
      ),
    );
  });
});

describe("which slides glide to their new place", () => {
  it("a turn by one: every slide glides but the one that wraps round behind the wheel", () => {
    const before = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => slideOffset(i, 0, 8));
    const after = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => slideOffset(i, 1, 8));
    const glides = before.map((b, i) => slideGlides(b, after[i], 8, false));
    // slide 5 goes from the far left (−3) to the far right (4); all others move one seat to the left
    expect(glides).toEqual([true, true, true, true, true, false, true, true]);
  });

  it("three slides: turning once moves one slide from the left end to the right end, at once", () => {
    expect(slideGlides(-1, 1, 3, false)).toBe(false);
    expect(slideGlides(0, -1, 3, false)).toBe(true);
  });

  it("with reduced motion nothing glides: the wheel changes at once", () => {
    for (const [before, after] of [
      [0, 1],
      [1, 0],
      [0, -1],
      [2, 1],
    ])
      expect(slideGlides(before, after, 8, true)).toBe(false);
  });
});
