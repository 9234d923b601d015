/** The back office's list of stores (issue 33 §4): its sorts, its click & collect filter, its rows. */
export const STORE_SORTS = ["name", "city", "zip", "capacity"] as const;
export type StoreSort = (typeof STORE_SORTS)[number];
export const CLICK_AND_COLLECT_FILTERS = ["all", "on", "off"] as const;
export type ClickAndCollectFilter = (typeof CLICK_AND_COLLECT_FILTERS)[number];

export function parseClickAndCollectFilter(value: string | null): ClickAndCollectFilter {
  return CLICK_AND_COLLECT_FILTERS.find((f) => f === value) ?? "all";
}

export interface StoreRow {
  id: string;
  name: string;
  zip: string;
  city: string;
  clickAndCollect: boolean;
  capacity: number;
}
