/**
 * Free gifts at order-value steps (spec 3 "Gift step", spec 4 "Gifts", spec 9). A step is a
 * threshold of the subtotal and the number of gifts it allows; the steps come from the
 * free-product rules in the database.
 */
export interface GiftStep {
  totalCents: number;
  products: number;
}

/** The highest step the subtotal reaches, or null below the first one. */
export function currentGiftStep(steps: GiftStep[], subtotalCents: number): GiftStep | null {
  let current: GiftStep | null = null;
  for (const step of steps) {
    if (subtotalCents >= step.totalCents && (!current || step.totalCents > current.totalCents)) current = step;
  }
  return current;
}

export function allowedGifts(steps: GiftStep[], subtotalCents: number): number {
  return currentGiftStep(steps, subtotalCents)?.products ?? 0;
}

/** Gifts are available when the first step is reached and fewer than allowed are chosen. */
export function giftsAvailable(steps: GiftStep[], subtotalCents: number, chosen: number): boolean {
  return chosen < allowedGifts(steps, subtotalCents);
}

/** How many chosen gifts must go because the subtotal fell below their step. */
export function surplusGifts(steps: GiftStep[], subtotalCents: number, chosen: number): number {
  return Math.max(0, chosen - allowedGifts(steps, subtotalCents));
}

/**
 * The notice when the gift count fell: "byChoice" while gifts are still available afterwards
 * (the customer removed one and may pick again), "byForce" when none are (the subtotal dropped).
 */
export function giftRemovalNotice(before: number, after: number, availableAfter: boolean): "byChoice" | "byForce" | null {
  if (after >= before) return null;
  return availableAfter ? "byChoice" : "byForce";
}

/** The interferer's "not now" holds until the step rises (spec 4: the dismissed marker resets). */
export function stillDismissed(dismissedAtCents: number | null, steps: GiftStep[], subtotalCents: number): boolean {
  if (dismissedAtCents === null) return false;
  const step = currentGiftStep(steps, subtotalCents);
  return step !== null && step.totalCents <= dismissedAtCents;
}
