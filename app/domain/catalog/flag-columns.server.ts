import type { ColumnFlag } from "./filters";

/** URL flag name -> listing column (filters.ts names the flags). */
export const FLAG_COLUMNS = {
  new: "is_new",
  limited: "is_limited",
  pioneer: "is_pioneer",
  refrigerated: "is_chilled",
  vegan: "is_vegan",
  vegetarian: "is_vegetarian",
  halal: "is_halal",
  demeter: "is_demeter",
  bio: "is_organic",
  lactosefree: "is_lactose_free",
  glutenFree: "is_gluten_free",
} as const satisfies Record<ColumnFlag, string>;
