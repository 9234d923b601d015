/**
 * Free gifts at order-value steps. A step is a
 * threshold of the subtotal and the number of gifts it allows; the steps come from the
 * free-product rules in the database.
 */
import type { ProductSummary } from "~/domain/catalog/product";

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
export function giftRemovalNotice(
  before: number,
  after: number,
  availableAfter: boolean,
): "byChoice" | "byForce" | null {
  if (after >= before) return null;
  return availableAfter ? "byChoice" : "byForce";
}

/** The interferer's "not now" holds until the step rises (the dismissed marker resets). */
export function stillDismissed(dismissedAtCents: number | null, steps: GiftStep[], subtotalCents: number): boolean {
  if (dismissedAtCents === null) return false;
  const step = currentGiftStep(steps, subtotalCents);
  return step !== null && step.totalCents <= dismissedAtCents;
}

/** A step with the products it offers as gifts (free_product_rule with its free_product rows). */
export interface GiftRule extends GiftStep {
  skus: string[];
}

/**
 * The products offered at the subtotal's step: its own and every lower step's, so reaching a
 * higher step never takes a choice away (decision 0004). Lower steps first, each product once.
 */
export function offeredGiftSkus(rules: GiftRule[], subtotalCents: number): string[] {
  const step = currentGiftStep(rules, subtotalCents);
  if (!step) return [];
  const reached = rules.filter((r) => r.totalCents <= step.totalCents).sort((a, b) => a.totalCents - b.totalCents);
  return [...new Set(reached.flatMap((r) => r.skus))];
}

/** What the gift modal shows: the reached step, the products it offers and what is chosen. */
export interface GiftOffer {
  /** The step the subtotal reached, null below the first. */
  step: GiftStep | null;
  chosen: number;
  left: number;
  chosenSkus: string[];
  products: ProductSummary[];
  /** Below the first step: that step's threshold and what is missing to it. */
  firstStep: { totalCents: number; missingCents: number } | null;
}

/** How many more gifts may be chosen at the subtotal's step. */
export function giftsLeft(steps: GiftStep[], subtotalCents: number, chosen: number): number {
  return Math.max(0, allowedGifts(steps, subtotalCents) - chosen);
}

/** The first step and what is missing to it, or null once it is reached (or there are no steps). */
export function missingToFirstStep(
  steps: GiftStep[],
  subtotalCents: number,
): { totalCents: number; missingCents: number } | null {
  if (steps.length === 0 || currentGiftStep(steps, subtotalCents)) return null;
  const totalCents = Math.min(...steps.map((s) => s.totalCents));
  return { totalCents, missingCents: totalCents - subtotalCents };
}

export type GiftChoice = "ok" | "notAvailable" | "notOffered" | "alreadyChosen" | "soldOut";

/**
 * Whether the customer may take this gift now. The count is checked again by the insert itself,
 * which is what holds under concurrent choices; this says why a refused choice was refused.
 */
export function giftChoice(input: {
  sku: string;
  offered: { sku: string; inStock: boolean }[];
  chosenSkus: string[];
  left: number;
}): GiftChoice {
  if (input.chosenSkus.includes(input.sku)) return "alreadyChosen";
  if (input.left <= 0) return "notAvailable";
  const product = input.offered.find((p) => p.sku === input.sku);
  if (!product) return "notOffered";
  if (!product.inStock) return "soldOut";
  return "ok";
}
