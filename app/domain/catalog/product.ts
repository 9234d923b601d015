/** What the shop shows of a product in lists, and the rules that derive badges and labels. */
import type { NetQuantity, Unit } from "./quantity";

/** What a SKU may look like (product page, JSON API); anything else is not a product of the shop. */
export const SKU_PATTERN = /^[A-Za-z0-9-]{1,40}$/;

export const BADGES = ["new", "soldOut", "lastChance", "pioneer", "sale"] as const;
export type Badge = (typeof BADGES)[number];
export const LABELS = [
  "organic",
  "demeter",
  "halal",
  "vegan",
  "vegetarian",
  "glutenFree",
  "lactoseFree",
  "chilled",
] as const;
export type Label = (typeof LABELS)[number];

export interface ProductSummary extends NetQuantity {
  sku: string;
  name: string;
  brand: string;
  priceCents: number;
  /** former price while on sale */
  regularPriceCents: number | null;
  /** lowest price of the 30 days before the reduction (PAngV § 11) */
  lowestPrice30dCents: number | null;
  depositCents: number;
  inStock: boolean;
  /** Whether the stock is counted, and how much is left (the JSON API's `stockItem`). */
  stockManaged: boolean;
  stockQty: number;
  minAge: number;
  badges: Badge[];
  labels: Label[];
  /** the main photo's file (docs/decisions/0048); null: the shop draws the pack */
  photo: string | null;
  /** what the drawn pack needs beyond name and brand: its shape and the category it takes its colour from */
  pack: { shape: string; category: string };
}

/** The product columns every list selects, as D1 returns them. */
export interface ProductSummaryRow {
  sku: string;
  name: string;
  brand: string;
  price_cents: number;
  regular_price_cents: number | null;
  lowest_price_30d_cents: number | null;
  deposit_cents: number;
  net_quantity: number;
  unit: string;
  pack_count: number;
  stock_managed: number;
  stock_qty: number;
  min_age: number;
  is_new: number;
  is_limited: number;
  is_pioneer: number;
  is_organic: number;
  is_demeter: number;
  is_vegan: number;
  is_vegetarian: number;
  is_halal: number;
  is_gluten_free: number;
  is_lactose_free: number;
  is_chilled: number;
  /** 0: withdrawn from the range (it can still sit in a cart until the cart is next loaded) */
  published: number;
  photo: string | null;
  packshot: string;
  category_id: string;
}

export const PRODUCT_SUMMARY_COLUMNS = [
  "p.sku",
  "p.name",
  "p.brand",
  "p.price_cents",
  "p.regular_price_cents",
  "p.lowest_price_30d_cents",
  "p.deposit_cents",
  "p.net_quantity",
  "p.unit",
  "p.pack_count",
  "p.stock_managed",
  "p.stock_qty",
  "p.min_age",
  "p.is_new",
  "p.is_limited",
  "p.is_pioneer",
  "p.is_organic",
  "p.is_demeter",
  "p.is_vegan",
  "p.is_vegetarian",
  "p.is_halal",
  "p.is_gluten_free",
  "p.is_lactose_free",
  "p.is_chilled",
  "p.published",
  "p.photo",
  "p.packshot",
  "p.category_id",
] as const;

/**
 * A managed item with no stock is sold out (it also invalidates a cart), and a withdrawn one can
 * no longer be bought either.
 */
export function isInStock(row: Pick<ProductSummaryRow, "stock_managed" | "stock_qty" | "published">): boolean {
  return row.published !== 0 && (row.stock_managed === 0 || row.stock_qty > 0);
}

export function isOnSale(row: Pick<ProductSummaryRow, "price_cents" | "regular_price_cents">): boolean {
  return row.regular_price_cents !== null && row.regular_price_cents > row.price_cents;
}

export function badgesOf(row: ProductSummaryRow): Badge[] {
  const badges: Badge[] = [];
  if (!isInStock(row)) badges.push("soldOut");
  if (isOnSale(row)) badges.push("sale");
  if (row.is_new) badges.push("new");
  if (row.is_limited) badges.push("lastChance");
  if (row.is_pioneer) badges.push("pioneer");
  return badges;
}

export function labelsOf(row: ProductSummaryRow): Label[] {
  const labels: [Label, number][] = [
    ["organic", row.is_organic],
    ["demeter", row.is_demeter],
    ["vegan", row.is_vegan],
    // "vegetarian" says nothing more once "vegan" is shown
    ["vegetarian", row.is_vegetarian && !row.is_vegan ? 1 : 0],
    ["halal", row.is_halal],
    ["glutenFree", row.is_gluten_free],
    ["lactoseFree", row.is_lactose_free],
    ["chilled", row.is_chilled],
  ];
  return labels.filter(([, on]) => on).map(([label]) => label);
}

export function toProductSummary(row: ProductSummaryRow): ProductSummary {
  const onSale = isOnSale(row);
  return {
    sku: row.sku,
    name: row.name,
    brand: row.brand,
    priceCents: row.price_cents,
    regularPriceCents: onSale ? row.regular_price_cents : null,
    lowestPrice30dCents: onSale ? row.lowest_price_30d_cents : null,
    depositCents: row.deposit_cents,
    netQuantity: row.net_quantity,
    unit: row.unit as Unit,
    packCount: row.pack_count,
    inStock: isInStock(row),
    stockManaged: row.stock_managed === 1,
    stockQty: row.stock_qty,
    minAge: row.min_age,
    badges: badgesOf(row),
    labels: labelsOf(row),
    photo: row.photo,
    pack: { shape: row.packshot, category: row.category_id },
  };
}
