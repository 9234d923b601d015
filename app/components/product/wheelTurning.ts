// How the inspiration wheel turns (docs/decisions/0024-inspiration-wheel.md): pure, so it is
// unit-tested without a browser; useInspirationWheel.ts applies it.

/** The slide `index` lands on when the wheel goes past either end: it wraps around. */
export function wrapIndex(index: number, count: number): number {
  return count > 0 ? ((index % count) + count) % count : 0;
}

/** The slide a key brings into focus, or null for a key the wheel leaves to the browser. */
export function slideForKey(key: string, focus: number, count: number): number | null {
  if (count < 2) return null;
  if (key === "ArrowLeft") return wrapIndex(focus - 1, count);
  if (key === "ArrowRight") return wrapIndex(focus + 1, count);
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/** Pixels a finger (or the mouse) must travel sideways before a swipe turns the wheel. */
export const SWIPE_THRESHOLD = 40;

/**
 * The step a finished swipe turns by: +1 (swiped to the left: the next product comes in), −1, or
 * 0 for a tap, a short wobble or a movement that was more up or down than sideways (scrolling).
 */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_THRESHOLD || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** Whether the pointer moved far enough to be a drag: the click that ends it opens no link. */
export function isDrag(dx: number, dy: number): boolean {
  return Math.hypot(dx, dy) >= SWIPE_THRESHOLD;
}

/**
 * Where a slide stands beside the one in focus: 0 in focus, 1 right next to it, −1 on its left;
 * the shorter way round the wheel (with an even count the far side is on the right).
 */
export function slideOffset(index: number, focus: number, count: number): number {
  const ahead = wrapIndex(index - focus, count);
  return ahead > count / 2 ? ahead - count : ahead;
}

/**
 * Whether a slide glides to its new place. Never when the visitor asks for reduced motion (the
 * change is instant), and not for a slide that wraps around from one end to the other: it would
 * fly across the wheel in front of the others.
 */
export function slideGlides(before: number, after: number, count: number, reducedMotion: boolean): boolean {
  return !reducedMotion && Math.abs(after - before) <= count / 2;
}
