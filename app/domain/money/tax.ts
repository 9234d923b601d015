/** German VAT: 7 % for most food, 19 % the default (drinks, alcohol, non-food). */
export type TaxRate = 7 | 19;
/** The standard VAT rate (spec section 9: default tax rate 19). */
export const DEFAULT_TAX_RATE = 19;

/** VAT contained in a gross amount, in cents, rounded half up. */
export function taxIncluded(grossCents: number, rate: number): number {
  return Math.round((grossCents * rate) / (100 + rate));
}

export interface TaxLine {
  grossCents: number;
  rate: number;
}

export interface TaxDetail {
  rate: number;
  grossCents: number;
  netCents: number;
  taxCents: number;
}

/**
 * Splits gross amounts by VAT rate. Tax is computed once per rate on the rate's sum (as on a
 * German receipt), so for every rate net + tax equals the gross exactly: no cent is lost.
 */
export function taxSplit(lines: TaxLine[]): TaxDetail[] {
  const byRate = new Map<number, number>();
  for (const line of lines) byRate.set(line.rate, (byRate.get(line.rate) ?? 0) + line.grossCents);
  return [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, grossCents]) => {
      const taxCents = taxIncluded(grossCents, rate);
      return { rate, grossCents, taxCents, netCents: grossCents - taxCents };
    });
}
