/**
 * A listing's filter from its URL parameters, for the loaders (category, search) and the JSON API.
 * A server module apart from `filters.ts`: the filter panel and the listing use that one in the
 * browser, and this part's money parsing would take `domain/money/format` onto the catalogue pages
 * as a file of its own (docs/decisions/0054).
 */
import { parseEuroToCents } from "~/domain/money/format";
import {
  ALLERGENS,
  COLUMN_FLAGS,
  FLAG_ON_VALUES,
  MAX_PAGE,
  MAX_PRICE_CENTS,
  MAX_VALUE_LENGTH,
  MAX_VALUES_PER_FACET,
  orderedRange,
  parseGrams,
  SORT_KEYS,
  type FlagKey,
  type ProductFilter,
  type SortKey,
} from "./filters";

/** Every flag a listing filters by, as URL parameters (the browser's pages list theirs themselves). */
export const FLAG_KEYS: FlagKey[] = [...COLUMN_FLAGS, "sale", "inStock"];

function parseCents(input: string | null): number | null {
  if (input === null || input.trim() === "") return null;
  const cents = parseEuroToCents(input);
  return cents !== null && cents <= MAX_PRICE_CENTS ? cents : null;
}

function values(params: URLSearchParams, key: string, allowed?: readonly string[]): string[] {
  const out = new Set<string>();
  for (const raw of params.getAll(key)) {
    const v = raw.trim();
    if (!v || v.length > MAX_VALUE_LENGTH) continue;
    if (allowed && !allowed.includes(v)) continue;
    out.add(v);
    if (out.size >= MAX_VALUES_PER_FACET) break;
  }
  return [...out];
}

export function parseProductFilter(params: URLSearchParams): ProductFilter {
  const sort = params.get("sort");
  const page = Number(params.get("page") ?? "1");
  return {
    price: orderedRange(parseCents(params.get("priceMin")), parseCents(params.get("priceMax"))),
    sugar: orderedRange(parseGrams(params.get("sugarMin")), parseGrams(params.get("sugarMax"))),
    fat: orderedRange(parseGrams(params.get("fatMin")), parseGrams(params.get("fatMax"))),
    brands: values(params, "brands"),
    categories: values(params, "categories"),
    flavoringIngredients: values(params, "flavoringIngredients"),
    allergens: values(params, "allergens", ALLERGENS),
    flags: FLAG_KEYS.filter((f) => (FLAG_ON_VALUES as readonly string[]).includes(params.get(f) ?? "")),
    sort: SORT_KEYS.includes(sort as SortKey) ? (sort as SortKey) : "recommendation",
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}
