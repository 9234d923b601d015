/**
 * Quantity limits per cart line (docs/decisions/0004-cart-limits-and-gifts.md):
 * a "last chance" (limited) product at most 3 per customer, any other product at most 99.
 */
export const LIMITED_MAX_QTY = 3;
export const MAX_QTY = 99;

export function maxQuantity(isLimited: boolean): number {
  return isLimited ? LIMITED_MAX_QTY : MAX_QTY;
}

/** A quantity typed into a form: a whole number 0..99 (0 removes the line), else null. */
export function parseQuantity(input: unknown): number | null {
  if (typeof input !== "string" || !/^\s*\d{1,3}\s*$/.test(input)) return null;
  const qty = Number(input);
  return qty <= MAX_QTY ? qty : null;
}
