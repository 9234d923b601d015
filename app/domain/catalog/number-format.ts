/**
 * Numbers as the shop's pages write them: German digits ("1.234,5"), as `Intl.NumberFormat("de-DE")`
 * writes them (tests/unit/number-format.test.ts holds them to it). A module of its own, named in the
 * page frame's chunk (components/layout/shell-shared.ts): a listing's product count needs this
 * alone, and would otherwise take the quantities' rules onto the catalogue pages as a file of their
 * own (docs/decisions/0054). Figures with decimals: `formatNumber` in quantity.ts; money: money/format.ts.
 *
 * Written out rather than left to `Intl` (docs/decisions/0059): a page's first `Intl.NumberFormat`
 * loads the locale's number data, 20–60 ms of the main thread on this project's machine, and a page
 * makes it while it hydrates (a listing's count, a product's quantity and price).
 */

/**
 * A number as JavaScript writes it (or those digits) in German: 1234 → "1.234", 1234567.891 →
 * "1.234.567,891"; at most three decimals, no exponent. Counts take it as they are.
 */
export const germanDigits = (value: number | string) =>
  String(value)
    .replace(".", ",")
    .replace(/\B(?=(\d{3})+\b)/g, ".");
