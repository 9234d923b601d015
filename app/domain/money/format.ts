import { germanDigits } from "~/domain/catalog/number-format";

/**
 * Money is integer euro cents everywhere; this is the one place that turns it into text, as
 * `Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" })` writes it ("1.234,50 €", a
 * no-break space before the sign; tests/unit/money.test.ts holds it to that), without making one:
 * a page's first `Intl` number formatter costs 20–60 ms of the main thread (docs/decisions/0059).
 *
 * Negative amounts (discount, credit) start with the typographic minus "−" (U+2212), never the
 * hyphen Intl writes, so cart, checkout, order page and mail show them alike.
 */
export const formatEuro = (cents: number) =>
  `${cents < 0 ? "−" : ""}${germanDigits((Math.abs(cents) / 100).toFixed(2))}\u00a0€`;

/** Parses a euro amount typed by a person ("2,50", "2.5", "3") into cents; null if it is none. */
export function parseEuroToCents(input: string): number | null {
  const normalised = input.trim().replace(/\s|€/g, "").replace(",", ".");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100);
}

/** Percentage reduction from a reference price, rounded down so we never promise too much. */
export function reductionPercent(priceCents: number, referenceCents: number): number {
  if (referenceCents <= priceCents) return 0;
  return Math.floor(((referenceCents - priceCents) * 100) / referenceCents);
}
