/**
 * Money is integer euro cents everywhere; this is the one place that turns it into text.
 *
 * The formatter is made at the first amount, not when the module loads: the browser's first
 * `Intl` object of a page loads the locale's data, some 20 ms on this project's machine (more on a
 * phone), which at load time lengthened the one task that runs the page's modules. Most pages'
 * first load formats nothing in the browser (their prices are the server's markup).
 */
let euro: Intl.NumberFormat | undefined;

/**
 * Negative amounts (discount, credit) start with the typographic minus "−" (U+2212), never the
 * hyphen Intl writes, so cart, checkout, order page and mail show them alike.
 */
export function formatEuro(cents: number): string {
  euro ??= new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });
  const text = euro.format(Math.abs(cents) / 100);
  return cents < 0 ? `−${text}` : text;
}

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
