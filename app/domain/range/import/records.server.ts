/**
 * The range as the file format's records: what the export writes and what the dry run compares a
 * file's rows with. One query per chunk of products (by SKU list or by SKU order for the export).
 */
import { sql } from "kysely";
import { ALLERGENS } from "~/domain/catalog/filters";
import { all } from "~/platform/db.server";
import { NUTRITION_FIELDS, PRODUCT_FLAGS } from "../schema";
import type { PriceEntry } from "../price-history";
import type { FormatContext, ProductRecord, Unit } from "./format";

interface RecordRow {
  sku: string;
  name: string;
  brand: string;
  description: string;
  category_id: string;
  supplier_id: string | null;
  ingredients: string | null;
  allergens: string;
  flavorings: string;
  net_quantity: number;
  unit: string;
  pack_count: number;
  price_cents: number;
  reduction: number;
  deposit_cents: number;
  tax_rate: number;
  min_age: number;
  alcohol_percent: number | null;
  storage_hint: string | null;
  origin_country: string | null;
  stock_managed: number;
  stock_qty: number;
  published: number;
  [column: string]: unknown;
}

/**
 * Whether the current price is announced as a reduction: its last history entry says so; a product
 * without history (loaded before prices were recorded) shows one when it has a reference price.
 */
const SELECT = sql`SELECT p.sku, p.name, p.brand, p.description, p.category_id, p.supplier_id, p.ingredients,
    (SELECT json_group_array(allergen) FROM product_allergen a WHERE a.sku = p.sku) AS allergens,
    (SELECT json_group_array(flavoring) FROM product_flavoring f WHERE f.sku = p.sku) AS flavorings,
    p.net_quantity, p.unit, p.pack_count, p.price_cents, p.deposit_cents, p.tax_rate, p.min_age,
    p.alcohol_percent, p.storage_hint, p.origin_country, p.stock_managed, p.stock_qty, p.published,
    coalesce((SELECT h.reduction FROM price_history h WHERE h.sku = p.sku ORDER BY h.valid_from DESC LIMIT 1),
      p.regular_price_cents IS NOT NULL) AS reduction,
    ${sql.raw([...PRODUCT_FLAGS, ...NUTRITION_FIELDS].map((c) => `p.${c}`).join(", "))}
  FROM product p`;

function toRecord(row: RecordRow): ProductRecord {
  const allergens = JSON.parse(row.allergens) as string[];
  // in the order of the LMIV list, as the file's reader puts them
  return {
    sku: row.sku,
    name: row.name,
    brand: row.brand,
    description: row.description,
    categoryId: row.category_id,
    supplierId: row.supplier_id,
    ingredients: row.ingredients || null,
    allergens: ALLERGENS.filter((a) => allergens.includes(a)),
    flavorings: (JSON.parse(row.flavorings) as string[]).sort(),
    nutrition: Object.fromEntries(
      NUTRITION_FIELDS.map((f) => [f, row[f] as number | null]),
    ) as ProductRecord["nutrition"],
    netQuantity: row.net_quantity,
    unit: row.unit as Unit,
    packCount: row.pack_count,
    priceCents: row.price_cents,
    reduction: row.reduction === 1,
    depositCents: row.deposit_cents,
    taxRate: row.tax_rate as 7 | 19,
    flags: PRODUCT_FLAGS.filter((f) => row[f] === 1),
    minAge: row.min_age as 0 | 16 | 18,
    alcoholPercent: row.alcohol_percent,
    storageHint: row.storage_hint || null,
    originCountry: row.origin_country || null,
    stock: row.stock_managed === 1 ? row.stock_qty : null,
    published: row.published === 1,
  };
}

/** The current records of these SKUs (those that exist), by SKU. */
export async function recordsBySku(db: D1Database, skus: string[]): Promise<Map<string, ProductRecord>> {
  if (!skus.length) return new Map();
  const rows = await all<RecordRow>(
    db,
    sql`${SELECT} WHERE p.sku IN (SELECT value FROM json_each(${JSON.stringify(skus)}))`,
  );
  return new Map(rows.map((r) => [r.sku, toRecord(r)]));
}

/** The next page of the range in SKU order, after `after` (the export walks the primary key). */
export async function recordsAfter(db: D1Database, after: string, limit: number): Promise<ProductRecord[]> {
  const rows = await all<RecordRow>(db, sql`${SELECT} WHERE p.sku > ${after} ORDER BY p.sku LIMIT ${limit}`);
  return rows.map(toRecord);
}

/** Categories with their paths below the root, and the suppliers: what a row's check looks up. */
export async function formatContext(db: D1Database): Promise<FormatContext> {
  const [categories, suppliers] = await Promise.all([
    all<{ id: string; parent_id: string | null; name: string }>(db, sql`SELECT id, parent_id, name FROM category`),
    all<{ id: string }>(db, sql`SELECT id FROM supplier`),
  ]);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const pathOf = (id: string): string[] => {
    const c = byId.get(id);
    if (!c || c.parent_id === null) return [];
    return [...pathOf(c.parent_id), c.name];
  };
  const paths = new Map<string, string>();
  // the root holds the whole range: a product is placed in a category below it
  for (const c of categories) if (c.parent_id !== null) paths.set(c.id, pathOf(c.id).join(" > "));
  return { categories: paths, supplierIds: new Set(suppliers.map((s) => s.id)) };
}

/** The price histories of these SKUs, each in time order (what a price step builds on). */
export async function historiesOf(db: D1Database, skus: string[]): Promise<Map<string, PriceEntry[]>> {
  const histories = new Map<string, PriceEntry[]>();
  if (!skus.length) return histories;
  const rows = await all<{ sku: string; priceCents: number; reduction: number; validFrom: number }>(
    db,
    sql`SELECT sku, price_cents AS priceCents, reduction, valid_from AS validFrom FROM price_history
      WHERE sku IN (SELECT value FROM json_each(${JSON.stringify(skus)})) ORDER BY sku, valid_from`,
  );
  for (const r of rows) {
    const list = histories.get(r.sku) ?? [];
    list.push({ priceCents: r.priceCents, reduction: r.reduction === 1, validFrom: r.validFrom });
    histories.set(r.sku, list);
  }
  return histories;
}

/** Items as JSON arrays of at most `maxBytes` each: one bound value of a statement (D1 takes up to 2 MB). */
export function jsonGroups<T>(items: readonly T[], maxBytes = 1_000_000): string[] {
  const groups: string[] = [];
  let parts: string[] = [];
  let size = 0;
  for (const item of items) {
    const part = JSON.stringify(item);
    if (parts.length && size + part.length > maxBytes) {
      groups.push(`[${parts.join(",")}]`);
      parts = [];
      size = 0;
    }
    parts.push(part);
    size += part.length + 1;
  }
  if (parts.length) groups.push(`[${parts.join(",")}]`);
  return groups;
}
