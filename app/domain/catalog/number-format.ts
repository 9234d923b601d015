/**
 * Numbers as the shop's pages write them (German: "1.234,5"), with at most three decimals (the
 * default of `Intl.NumberFormat`). A module of its own, re-exported by quantity.ts: a listing's
 * product count needs this alone, and would otherwise take the quantities' rules onto the
 * catalogue pages as a file of their own (docs/decisions/0054).
 */
let number: Intl.NumberFormat | undefined;

/** The formatter is made at the first number, not when the module loads (money/format.ts says why). */
export function formatNumber(value: number): string {
  number ??= new Intl.NumberFormat("de-DE");
  return number.format(value);
}
