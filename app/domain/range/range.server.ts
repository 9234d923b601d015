/**
 * The range in the back office (issue 33 §2): the products list, a product's prices and stock.
 * A price change appends to price_history and writes what the shop shows (price, struck-through
 * reference, lowest price of 30 days) computed from that history (price-history.ts), in one batch
 * with its audit entry; the product's listing copies follow through migration 0015's triggers.
 * Each change applies only to the state the form showed (its last history entry, its stock), so a
 * stale form or a second click changes nothing.
 */
import { sql } from "kysely";
import { catalogueChanged } from "~/platform/catalogue-version.server";
import { all, failedConstraint, first, isConstraint, prepare } from "~/platform/db.server";
import { searchMatch } from "~/domain/catalog/search";
import { auditEntry } from "~/domain/staff/audit.server";
import type { StaffMember } from "~/domain/staff/roles";
import { type PriceEntry, priceStep } from "./price-history";
import { allergenStatements, flavoringStatements } from "./product-write.server";
import type { RangeFilter, RangeRow, RangeSort } from "./range";
import { ALLERGENS } from "~/domain/catalog/filters";
import {
  type DetailsInput,
  detailsSchema,
  NUTRITION_FIELDS,
  type NutritionField,
  PRODUCT_FLAGS,
  type ProductFlag,
  flavoringList,
  germanNumber,
} from "./schema";
import { parseEuroToCents } from "~/domain/money/format";

/**
 * The product data form as the server parses it: the browser's schema, and every allergen one of
 * the 14 (the message at the group, not at one box).
 */
export const detailsServerSchema = detailsSchema.superRefine((value, ctx) => {
  if (value.allergens?.some((a) => !(ALLERGENS as readonly string[]).includes(a)))
    ctx.addIssue({ code: "custom", path: ["allergens"], message: "staffRange:details.allergenError" });
});

/** Aborts the batch when the statement before it changed nothing (migration 0018's staff_guard). */
const UNCHANGED = sql`INSERT INTO staff_guard (reason) SELECT 'changed' WHERE changes() = 0`;

/** Search candidates read at most: a staff search is a narrowing, not a browse. */
const SEARCH_CANDIDATES = 1000;

const ORDER: Record<RangeSort, ReturnType<typeof sql>> = {
  sku: sql`p.sku`,
  name: sql`p.name COLLATE NOCASE`,
  price: sql`p.price_cents`,
  stock: sql`p.stock_qty`,
};

export async function rangeProducts(
  db: D1Database,
  query: {
    sort: RangeSort;
    desc: boolean;
    offset: number;
    limit: number;
    text?: string;
    category?: string;
    filter: RangeFilter;
  },
): Promise<{ rows: RangeRow[]; more: boolean }> {
  const where = [sql`1 = 1`];
  const text = query.text?.trim();
  if (text) {
    const match = /^\d+$/.test(text) ? null : searchMatch(text);
    if (/^\d+$/.test(text)) where.push(sql`p.sku >= ${text} AND p.sku < ${`${text}:`}`);
    else if (match)
      where.push(
        sql`p.rowid IN (SELECT rowid FROM product_search WHERE product_search MATCH ${match} LIMIT ${SEARCH_CANDIDATES})`,
      );
    else where.push(sql`p.brand = ${text}`);
  }
  // by the category tree, not the listing rows: a withdrawn product has none (migration 0029)
  if (query.category)
    where.push(
      sql`p.rowid IN (SELECT rowid FROM product INDEXED BY product_by_category
        WHERE category_id IN (SELECT category_id FROM category_line WHERE ancestor_id = ${query.category}))`,
    );
  // the filters' few products come from their partial indexes (migration 0028), never by walking
  // a sort's index past every other product
  if (query.filter === "soldOut")
    where.push(
      sql`p.rowid IN (SELECT rowid FROM product INDEXED BY product_sold_out WHERE stock_managed = 1 AND stock_qty = 0)`,
    );
  if (query.filter === "reduced")
    where.push(
      sql`p.rowid IN (SELECT rowid FROM product INDEXED BY product_reduced WHERE regular_price_cents IS NOT NULL)`,
    );
  if (query.filter === "withdrawn")
    where.push(sql`p.rowid IN (SELECT rowid FROM product INDEXED BY product_withdrawn_list WHERE published = 0)`);
  const dir = query.desc ? sql`DESC` : sql`ASC`;
  const rows = await all<RangeRow>(
    db,
    sql`SELECT p.sku, p.name, p.brand, c.name AS categoryName, p.price_cents AS priceCents,
        p.regular_price_cents AS regularPriceCents, p.stock_qty AS stockQty, p.stock_managed AS stockManaged,
        p.published
      FROM product p JOIN category c ON c.id = p.category_id
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY ${ORDER[query.sort]} ${dir}, p.sku ${dir}
      LIMIT ${query.limit + 1} OFFSET ${query.offset}`,
  );
  return { rows: rows.slice(0, query.limit), more: rows.length > query.limit };
}

export interface RangeProduct {
  sku: string;
  name: string;
  brand: string;
  description: string;
  categoryId: string;
  categoryName: string;
  priceCents: number;
  regularPriceCents: number | null;
  lowestPrice30dCents: number | null;
  taxRate: number;
  depositCents: number;
  netQuantity: number;
  unit: string;
  packCount: number;
  stockManaged: number;
  stockQty: number;
  ingredients: string | null;
  originCountry: string | null;
  storageHint: string | null;
  supplierId: string | null;
  alcoholPercent: number | null;
  /** the values of the "Aroma" facet */
  flavorings: string[];
  /** the LMIV allergen keys (domain/catalog/filters.ts ALLERGENS) */
  allergens: string[];
  /** 0: withdrawn from the shop (migration 0029) */
  published: number;
  /** id of the last price_history entry: the state a price form was shown for */
  priceVersion: number;
  /** the master data's revision: the state the details form was shown for */
  revision: number;
  minAge: number;
  flags: Record<ProductFlag, number>;
  nutrition: Record<NutritionField, number | null>;
}

type ProductRow = Omit<RangeProduct, "flags" | "nutrition" | "allergens" | "flavorings"> &
  Record<ProductFlag | NutritionField, number | null> & { allergenList: string; flavoringList: string };

export async function rangeProduct(db: D1Database, sku: string): Promise<RangeProduct | null> {
  const row = await first<ProductRow>(
    db,
    sql`SELECT ${sql.raw([...PRODUCT_FLAGS, ...NUTRITION_FIELDS].map((c) => `p.${c}`).join(", "))},
        p.revision, p.min_age AS minAge, p.sku, p.name, p.brand, p.description, p.category_id AS categoryId, c.name AS categoryName,
        p.price_cents AS priceCents, p.regular_price_cents AS regularPriceCents,
        p.lowest_price_30d_cents AS lowestPrice30dCents, p.tax_rate AS taxRate, p.deposit_cents AS depositCents,
        p.net_quantity AS netQuantity, p.unit, p.pack_count AS packCount, p.stock_managed AS stockManaged,
        p.stock_qty AS stockQty, p.ingredients, p.origin_country AS originCountry, p.storage_hint AS storageHint,
        p.supplier_id AS supplierId, p.published, p.alcohol_percent AS alcoholPercent,
        (SELECT json_group_array(flavoring) FROM (SELECT flavoring FROM product_flavoring WHERE sku = p.sku ORDER BY flavoring)) AS flavoringList,
        (SELECT json_group_array(allergen) FROM (SELECT allergen FROM product_allergen WHERE sku = p.sku ORDER BY allergen)) AS allergenList,
        coalesce((SELECT max(id) FROM price_history WHERE sku = p.sku), 0) AS priceVersion
      FROM product p JOIN category c ON c.id = p.category_id WHERE p.sku = ${sku}`,
  );
  if (!row) return null;
  const flags = Object.fromEntries(PRODUCT_FLAGS.map((f) => [f, row[f] ?? 0])) as Record<ProductFlag, number>;
  const nutrition = Object.fromEntries(NUTRITION_FIELDS.map((f) => [f, row[f]])) as Record<
    NutritionField,
    number | null
  >;
  const { allergenList, flavoringList, ...rest } = row;
  return {
    ...rest,
    flags,
    nutrition,
    allergens: JSON.parse(allergenList) as string[],
    flavorings: JSON.parse(flavoringList) as string[],
  };
}

/**
 * The master data as the form sends it: texts, LMIV fields, VAT, deposit, contents, flags and
 * nutrition, applied only to the revision the form showed. The search index, listing copies and
 * facet counts follow through the product table's triggers (migrations 0001 and 0015).
 */
export async function changeDetails(
  db: D1Database,
  staff: StaffMember,
  sku: string,
  input: DetailsInput,
  now = Date.now(),
): Promise<RangeChangeResult> {
  const product = await rangeProduct(db, sku);
  if (!product) return { ok: false, reason: "notFound" };
  if (product.revision !== input.revision) return { ok: false, reason: "changedMeanwhile" };
  const values: Record<string, string | number | null> = {
    name: input.name ?? "",
    brand: input.brand ?? "",
    description: input.description ?? "",
    ingredients: input.ingredients || null,
    storage_hint: input.storageHint || null,
    origin_country: input.originCountry || null,
    tax_rate: Number(input.taxRate),
    deposit_cents: input.deposit ? (parseEuroToCents(input.deposit) ?? 0) : 0,
    net_quantity: germanNumber(input.netQuantity) ?? 0,
    unit: input.unit,
    pack_count: input.packCount,
    min_age: Number(input.minAge),
    category_id: input.categoryId,
    supplier_id: input.supplierId || null,
    alcohol_percent: germanNumber(input.alcoholPercent),
  };
  for (const flag of PRODUCT_FLAGS) values[flag] = input[flag] === "on" ? 1 : 0;
  for (const field of NUTRITION_FIELDS) values[field] = germanNumber(input[field]);
  const before: Record<string, unknown> = {
    name: product.name,
    brand: product.brand,
    description: product.description,
    ingredients: product.ingredients,
    storage_hint: product.storageHint,
    origin_country: product.originCountry,
    tax_rate: product.taxRate,
    deposit_cents: product.depositCents,
    net_quantity: product.netQuantity,
    unit: product.unit,
    pack_count: product.packCount,
    min_age: product.minAge,
    category_id: product.categoryId,
    supplier_id: product.supplierId,
    alcohol_percent: product.alcoholPercent,
    ...product.flags,
    ...product.nutrition,
  };
  const changed = Object.keys(values).filter((k) => values[k] !== before[k]);
  const allergens = [...new Set(input.allergens ?? [])].sort();
  const allergensChanged = allergens.join() !== product.allergens.join();
  const flavorings = flavoringList(input.flavorings).sort();
  const flavoringsChanged = flavorings.join("|") !== product.flavorings.join("|");
  const sets = sql.join(
    Object.entries(values).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
    sql`, `,
  );
  try {
    await db.batch([
      prepare(
        db,
        sql`UPDATE product SET ${sets}, revision = revision + 1 WHERE sku = ${sku} AND revision = ${input.revision}`,
      ),
      prepare(db, UNCHANGED),
      ...(allergensChanged ? allergenStatements(db, sku, allergens) : []),
      ...(flavoringsChanged ? flavoringStatements(db, sku, flavorings) : []),
      catalogueChanged(db),
      auditEntry(
        db,
        staff,
        {
          action: "range.details",
          subject: sku,
          before: {
            ...Object.fromEntries(changed.map((k) => [k, before[k]])),
            ...(allergensChanged ? { allergens: product.allergens } : {}),
            ...(flavoringsChanged ? { flavorings: product.flavorings } : {}),
          },
          after: {
            ...Object.fromEntries(changed.map((k) => [k, values[k]])),
            ...(allergensChanged ? { allergens } : {}),
            ...(flavoringsChanged ? { flavorings } : {}),
          },
        },
        now,
      ),
    ]);
    return { ok: true };
  } catch (error) {
    return refusedAs(error);
  }
}

/**
 * Publishes a product or withdraws it (docs/decisions/0047), from the state the page showed. The
 * listing rows, facet counts and search index follow through migration 0029's triggers in the
 * same batch; carts that hold a withdrawn product lose it with a notice when next loaded.
 */
export async function setPublished(
  db: D1Database,
  staff: StaffMember,
  sku: string,
  published: boolean,
  now = Date.now(),
): Promise<RangeChangeResult> {
  const to = published ? 1 : 0;
  try {
    await db.batch([
      prepare(db, sql`UPDATE product SET published = ${to} WHERE sku = ${sku} AND published = ${1 - to}`),
      prepare(db, UNCHANGED),
      catalogueChanged(db),
      auditEntry(
        db,
        staff,
        { action: "range.publish", subject: sku, before: { published: 1 - to }, after: { published: to } },
        now,
      ),
    ]);
    return { ok: true };
  } catch (error) {
    return refusedAs(error);
  }
}

/**
 * The allergens a product can declare, for the product form's choices. From here and not from
 * `catalog/filters` in the route: the browser's build of the route would reach the shop's filter
 * module, and that module would no longer ride in the catalogue pages' chunk (docs/decisions/0054).
 */
export function allergenChoices(): string[] {
  return [...ALLERGENS];
}

/** The suppliers a product can name (LMIV: the food business operator's name and address). */
export async function supplierChoices(db: D1Database): Promise<{ id: string; name: string }[]> {
  return all<{ id: string; name: string }>(db, sql`SELECT id, name FROM supplier ORDER BY name COLLATE NOCASE`);
}

export interface PriceHistoryRow {
  id: number;
  priceCents: number;
  reduction: number;
  validFrom: number;
  staffName: string | null;
}

/** The newest entries first; enough to reach back past any 30-day window the shop computes. */
export async function priceHistoryOf(db: D1Database, sku: string, limit = 200): Promise<PriceHistoryRow[]> {
  return all<PriceHistoryRow>(
    db,
    sql`SELECT h.id, h.price_cents AS priceCents, h.reduction, h.valid_from AS validFrom, s.name AS staffName
      FROM price_history h LEFT JOIN staff_member s ON s.id = h.staff_id
      WHERE h.sku = ${sku} ORDER BY h.valid_from DESC LIMIT ${limit}`,
  );
}

export const toEntries = (rows: PriceHistoryRow[]): PriceEntry[] =>
  rows.map((r) => ({ priceCents: r.priceCents, reduction: r.reduction === 1, validFrom: r.validFrom }));

export type RangeChangeResult =
  | { ok: true }
  | { ok: false; reason: "changedMeanwhile" | "noReference" | "notFound" | "belowZero" | "unknownReference" };

function refusedAs(error: unknown): RangeChangeResult {
  const failure = failedConstraint(error);
  // a category or supplier that does not exist (the product's foreign keys)
  if (failure?.kind === "FOREIGN KEY") return { ok: false, reason: "unknownReference" };
  if (isConstraint(failure, { kind: "CHECK", name: "staff_unchanged" }))
    return { ok: false, reason: "changedMeanwhile" };
  if (isConstraint(failure, { kind: "UNIQUE", name: "price_history.sku, price_history.valid_from" }))
    return { ok: false, reason: "changedMeanwhile" };
  throw error;
}

/**
 * A new price from `now`, as a reduction or not. The shown figures come from the history with the
 * new entry; a reduction without a higher price before it is refused (nothing to reduce from).
 */
export async function changePrice(
  db: D1Database,
  staff: StaffMember,
  sku: string,
  change: { priceVersion: number; priceCents: number; reduction: boolean },
  now = Date.now(),
): Promise<RangeChangeResult> {
  const product = await rangeProduct(db, sku);
  if (!product) return { ok: false, reason: "notFound" };
  if (product.priceVersion !== change.priceVersion) return { ok: false, reason: "changedMeanwhile" };
  const recorded = toEntries(await priceHistoryOf(db, sku));
  // A product loaded before prices were recorded: its price stands as the first entry, in force
  // since ever, and is recorded with the change.
  const step = priceStep(recorded, product.priceCents, change, now);
  if (!step) return { ok: false, reason: "noReference" };
  const { baseline, shown } = step;
  try {
    await db.batch([
      prepare(
        db,
        sql`UPDATE product SET price_cents = ${shown.priceCents}, regular_price_cents = ${shown.regularPriceCents},
            lowest_price_30d_cents = ${shown.lowestPrice30dCents}
          WHERE sku = ${sku} AND coalesce((SELECT max(id) FROM price_history WHERE sku = ${sku}), 0) = ${change.priceVersion}`,
      ),
      prepare(db, UNCHANGED),
      ...(baseline
        ? [
            prepare(
              db,
              sql`INSERT INTO price_history (sku, price_cents, reduction, valid_from, staff_id)
                VALUES (${sku}, ${baseline.priceCents}, 0, ${baseline.validFrom}, NULL)`,
            ),
          ]
        : []),
      prepare(
        db,
        sql`INSERT INTO price_history (sku, price_cents, reduction, valid_from, staff_id)
          VALUES (${sku}, ${change.priceCents}, ${change.reduction ? 1 : 0}, ${now}, ${staff.id})`,
      ),
      catalogueChanged(db),
      auditEntry(
        db,
        staff,
        {
          action: "range.price",
          subject: sku,
          before: {
            price: product.priceCents,
            regular: product.regularPriceCents,
            lowest30: product.lowestPrice30dCents,
          },
          after: { price: shown.priceCents, regular: shown.regularPriceCents, lowest30: shown.lowestPrice30dCents },
        },
        now,
      ),
    ]);
    return { ok: true };
  } catch (error) {
    return refusedAs(error);
  }
}

/**
 * Stock corrected by a delta with its reason. The delta is added in the statement itself
 * (`stock_qty + delta`), so an order placed at the same moment is never overwritten; the CHECK
 * (stock_qty >= 0) and the guard refuse a correction that would go below zero.
 */
export async function correctStock(
  db: D1Database,
  staff: StaffMember,
  sku: string,
  change: { delta: number; reason: string },
  now = Date.now(),
): Promise<RangeChangeResult> {
  const at = Math.floor(now / 1000);
  try {
    await db.batch([
      prepare(
        db,
        sql`UPDATE product SET stock_qty = stock_qty + ${change.delta}
          WHERE sku = ${sku} AND stock_managed = 1 AND stock_qty + ${change.delta} >= 0`,
      ),
      prepare(db, UNCHANGED),
      prepare(
        db,
        sql`INSERT INTO stock_change (sku, delta, qty_after, reason, staff_id, at)
          SELECT sku, ${change.delta}, stock_qty, ${change.reason}, ${staff.id}, ${at} FROM product WHERE sku = ${sku}`,
      ),
      catalogueChanged(db),
      auditEntry(db, staff, { action: "range.stock", subject: sku, after: change }, now),
    ]);
    return { ok: true };
  } catch (error) {
    const failure = failedConstraint(error);
    if (isConstraint(failure, { kind: "CHECK", name: "staff_unchanged" })) return { ok: false, reason: "belowZero" };
    return refusedAs(error);
  }
}

export interface StockChangeRow {
  id: number;
  delta: number;
  qtyAfter: number;
  reason: string;
  at: number;
  staffName: string;
}

export async function stockChangesOf(db: D1Database, sku: string, limit = 20): Promise<StockChangeRow[]> {
  return all<StockChangeRow>(
    db,
    sql`SELECT c.id, c.delta, c.qty_after AS qtyAfter, c.reason, c.at, s.name AS staffName
      FROM stock_change c JOIN staff_member s ON s.id = c.staff_id WHERE c.sku = ${sku} ORDER BY c.id DESC LIMIT ${limit}`,
  );
}
