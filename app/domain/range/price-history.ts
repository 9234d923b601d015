/**
 * §11 PAngV as the shop applies it (docs/decisions/0046-range-prices-and-stock.md). Every price a
 * product had stands in its history, each from an instant until the next one. What the shop shows
 * beside a reduced price is computed here from that history, never typed in:
 *
 * - (1) The lowest price in force during the 30 days before the reduction was applied. The window
 *   runs from Berlin midnight 30 calendar days before the day the reduction began up to the
 *   instant it began: counted in Berlin days, so a switch to or from summer time neither shortens
 *   nor lengthens it, and the part of the starting day before the reduction counts too (a longer
 *   window can only lower the figure, never flatter the reduction). A price counts when it was in
 *   force at any instant of the window, however briefly (several changes a day all count).
 * - (2) A reduction taken further step by step without a break keeps the figures of its first step.
 * - The struck-through reference is the price in force just before the reduction began; a
 *   reduction needs one that is higher, otherwise none is shown.
 */
import { addDays, berlinInstant, inBerlin } from "~/domain/time/berlin";

export interface PriceEntry {
  priceCents: number;
  /** announced as a reduction */
  reduction: boolean;
  /** Unix milliseconds from which the price applies */
  validFrom: number;
}

/** What the shop shows: the price, and for a reduction its reference and the lowest of 30 days. */
export interface ShownPrice {
  priceCents: number;
  regularPriceCents: number | null;
  lowestPrice30dCents: number | null;
}

export const WINDOW_DAYS = 30;

/** Where the 30-day window before `start` begins: Berlin midnight, 30 calendar days earlier. */
export function windowStart(start: number): number {
  return berlinInstant(addDays(inBerlin(new Date(start)).date, -WINDOW_DAYS), "00:00").getTime();
}

const byTime = (history: readonly PriceEntry[]) => [...history].sort((a, b) => a.validFrom - b.validFrom);

/** The lowest price in force at any instant of [windowStart(start), start); null if none was. */
export function lowestBefore(history: readonly PriceEntry[], start: number): number | null {
  const sorted = byTime(history);
  const from = windowStart(start);
  let lowest: number | null = null;
  sorted.forEach((entry, i) => {
    const until = sorted[i + 1]?.validFrom ?? Number.POSITIVE_INFINITY;
    if (entry.validFrom < start && until > from && entry.validFrom < until)
      lowest = lowest === null ? entry.priceCents : Math.min(lowest, entry.priceCents);
  });
  return lowest;
}

/** The price in force at `at` with what is shown beside it; null before the first price. */
export function shownPrice(history: readonly PriceEntry[], at: number): ShownPrice | null {
  const sorted = byTime(history).filter((e) => e.validFrom <= at);
  const current = sorted.at(-1);
  if (!current) return null;
  const plain = { priceCents: current.priceCents, regularPriceCents: null, lowestPrice30dCents: null };
  if (!current.reduction) return plain;
  // (2): back to the first step of an unbroken reduction, each step no dearer than the one before
  let first = sorted.length - 1;
  while (
    first > 0 &&
    sorted[first - 1].reduction &&
    sorted[first - 1].priceCents >= sorted[first].priceCents &&
    reference(sorted, first - 1, current.priceCents) !== null
  )
    first--;
  const regular = reference(sorted, first, current.priceCents);
  if (regular === null) return plain;
  const lowest = lowestBefore(sorted, sorted[first].validFrom);
  if (lowest === null) return plain;
  return { priceCents: current.priceCents, regularPriceCents: regular, lowestPrice30dCents: lowest };
}

/** The price just before entry `i` when it is higher than the current one: a reduction's reference. */
function reference(sorted: readonly PriceEntry[], i: number, currentCents: number): number | null {
  const before = sorted[i - 1];
  if (!before || before.priceCents <= currentCents) return null;
  return before.priceCents;
}

/** Whether a new price announced as a reduction would be shown as one (it needs a higher price before). */
export function canAnnounceReduction(history: readonly PriceEntry[], next: Omit<PriceEntry, "reduction">): boolean {
  const shown = shownPrice([...history, { ...next, reduction: true }], next.validFrom);
  return shown?.regularPriceCents != null;
}

/**
 * A new price from `at` on top of what is recorded: the history to write (with the product's
 * price as its first entry, in force since ever, when nothing was recorded before prices were
 * kept) and what the shop then shows; null for a reduction with no higher price before it. The
 * price form and the import both go through here.
 */
export function priceStep(
  recorded: readonly PriceEntry[],
  currentPriceCents: number,
  next: { priceCents: number; reduction: boolean },
  at: number,
): { baseline: PriceEntry | null; shown: ShownPrice } | null {
  const baseline = recorded.length ? null : { priceCents: currentPriceCents, reduction: false, validFrom: 0 };
  const history = baseline ? [baseline] : recorded;
  const entry = { priceCents: next.priceCents, validFrom: at };
  if (next.reduction && !canAnnounceReduction(history, entry)) return null;
  const shown = shownPrice([...history, { ...entry, reduction: next.reduction }], at);
  if (!shown) throw new Error("a price just entered is in force");
  return { baseline, shown };
}
