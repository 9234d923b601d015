import { ALLERGENS, type ColumnFlag } from "./filters";

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

/**
 * Each flag's bit in a listing row's `flag_bits`, the number its generated column computes from the
 * flag columns (migration 0037, decision 0056): the sale first, then the columns above in order.
 */
export const FLAG_BITS: Record<ColumnFlag | "sale", number> = Object.fromEntries(
  (["sale", ...Object.keys(FLAG_COLUMNS)] as (ColumnFlag | "sale")[]).map((flag, i) => [flag, 1 << i]),
) as Record<ColumnFlag | "sale", number>;

/**
 * Each allergen's bit in a listing row's `allergen_bits`: its position in ALLERGENS, as the table
 * `allergen_bit` of migration 0037 numbers them.
 */
export const ALLERGEN_BITS: Record<string, number> = Object.fromEntries(ALLERGENS.map((a, i) => [a, 1 << i]));
