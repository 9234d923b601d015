/**
 * Numbers as the shop's pages write them (German: "1.234,5"), with at most three decimals. A module
 * of its own, re-exported by quantity.ts: a listing's product count needs this alone, and would
 * otherwise take the quantities' rules onto the catalogue pages as a file of their own
 * (docs/decisions/0054).
 */
const number = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 3 });

export function formatNumber(value: number): string {
  return number.format(value);
}
