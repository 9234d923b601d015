/** The range list's sorts and filters as the URL names them (issue 33 §2). */
export const RANGE_SORTS = ["sku", "name", "price", "stock"] as const;
export type RangeSort = (typeof RANGE_SORTS)[number];

export const RANGE_FILTERS = ["all", "soldOut", "reduced", "withdrawn"] as const;
export type RangeFilter = (typeof RANGE_FILTERS)[number];

export function parseRangeFilter(value: string | null): RangeFilter {
  return RANGE_FILTERS.find((f) => f === value) ?? "all";
}

export interface RangeRow {
  sku: string;
  name: string;
  brand: string;
  categoryName: string;
  priceCents: number;
  regularPriceCents: number | null;
  stockQty: number;
  stockManaged: number;
  /** 0: withdrawn from the shop */
  published: number;
}

/** A SKU as the shop writes them: letters, digits and dashes. */
export const SKU_PATTERN = /^[A-Za-z0-9-]{1,40}$/;
