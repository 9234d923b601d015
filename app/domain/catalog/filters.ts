/**
 * Product list filters live in the URL (a GET form that works without JavaScript). Parsing is
 * forgiving: a value that makes no sense is dropped, so a tampered URL still gets a normal page.
 */

export const MAX_PAGE = 200;
export const SORT_KEYS = ["recommendation", "price_asc", "price_desc"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/**
 * The flags a listing row has a column for; the names are the shop's public URL parameters. Their
 * columns are the server's to know (flag-columns.server.ts), so the pages' JavaScript carries none.
 */
export const COLUMN_FLAGS = [
  "new",
  "limited",
  "pioneer",
  "refrigerated",
  "vegan",
  "vegetarian",
  "halal",
  "demeter",
  "bio",
  "lactosefree",
  "glutenFree",
] as const;
export type ColumnFlag = (typeof COLUMN_FLAGS)[number];
export type FlagKey = ColumnFlag | "sale" | "inStock";

export const FACET_KEYS = ["brands", "categories", "flavoringIngredients", "allergens"] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

export const ALLERGENS = [
  "gluten",
  "crustaceans",
  "eggs",
  "fish",
  "peanuts",
  "soy",
  "milk",
  "nuts",
  "celery",
  "mustard",
  "sesame",
  "sulphites",
  "lupin",
  "molluscs",
] as const;

export interface Range {
  min: number | null;
  max: number | null;
}

export interface ProductFilter {
  /** cents */
  price: Range;
  /** grams per 100 g/ml */
  sugar: Range;
  fat: Range;
  brands: string[];
  categories: string[];
  flavoringIngredients: string[];
  /** allergens to exclude */
  allergens: string[];
  flags: FlagKey[];
  sort: SortKey;
  page: number;
}

// D1 binds at most 100 parameters per statement; four facets of 15 leave room for the rest.
export const MAX_VALUES_PER_FACET = 15;
export const MAX_VALUE_LENGTH = 80;
export const MAX_PRICE_CENTS = 100_000_00;
/** The values that switch a flag on ("on" is what a checkbox sends). */
export const FLAG_ON_VALUES = ["1", "on", "true"] as const;

/** Grams per 100 g/ml from "1,5" or "1.5"; null when empty or not between 0 and 100. */
export function parseGrams(input: string | null): number | null {
  if (input === null || input.trim() === "") return null;
  const n = Number(input.trim().replace(",", "."));
  return Number.isFinite(n) && n >= 0 && n <= 100 ? n : null;
}

/** A range from two bounds, swapped when given the wrong way round. */
export function orderedRange(a: number | null, b: number | null): Range {
  return a !== null && b !== null && a > b ? { min: b, max: a } : { min: a, max: b };
}

function formatAmount(value: number): string {
  return String(value).replace(".", ",");
}

/** The filter back as URL parameters (only what differs from the defaults). */
export function productFilterParams(filter: ProductFilter, overrides: { page?: number } = {}): URLSearchParams {
  const p = new URLSearchParams();
  const range = (name: string, r: Range, toText: (n: number) => string) => {
    if (r.min !== null) p.set(`${name}Min`, toText(r.min));
    if (r.max !== null) p.set(`${name}Max`, toText(r.max));
  };
  range("price", filter.price, (c) => formatAmount(c / 100));
  range("sugar", filter.sugar, formatAmount);
  range("fat", filter.fat, formatAmount);
  for (const key of FACET_KEYS) for (const v of filter[key]) p.append(key, v);
  for (const f of filter.flags) p.set(f, "1");
  if (filter.sort !== "recommendation") p.set("sort", filter.sort);
  const page = overrides.page ?? filter.page;
  if (page > 1) p.set("page", String(page));
  return p;
}

/** How many filters a customer has set (shown on the filter button). */
export function activeFilterCount(filter: ProductFilter): number {
  const ranges = [filter.price, filter.sugar, filter.fat].filter((r) => r.min !== null || r.max !== null).length;
  return (
    ranges + FACET_KEYS.reduce((n, k) => n + filter[k].length, 0) + filter.flags.filter((f) => f !== "inStock").length
  );
}
