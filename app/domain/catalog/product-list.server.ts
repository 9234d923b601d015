/**
 * Product lists (category pages, search results) with their facet counts: one D1 batch, so a
 * list page costs a single round trip however many filters are set.
 */
import { sql, type SelectQueryBuilder } from "kysely";
import { batch, qb, type Database, type ProductTable } from "~/platform/db.server";
import { FLAG_COLUMNS, PAGE_SIZE, type FacetKey, type ProductFilter, type Range } from "./filters";
import type { ProductListResult } from "./listing";
import { PRODUCT_SUMMARY_COLUMNS, toProductSummary, type ProductSummaryRow } from "./product";

export type ListScope =
  | { kind: "category"; categoryId: string; facetCategoryIds: string[] }
  | { kind: "search"; match: string; facetCategoryIds: string[] };

type ProductQuery = SelectQueryBuilder<Database & { p: ProductTable }, "p", object>;

function scoped(scope: ListScope): ProductQuery {
  let q = qb.selectFrom("product as p")
    // Sold-out items are hidden in results (spec 9).
    .where((eb) => eb.or([eb("p.stock_managed", "=", 0), eb("p.stock_qty", ">", 0)])) as ProductQuery;
  if (scope.kind === "category") {
    q = q.where("p.sku", "in", qb.selectFrom("product_category").select("sku").where("category_id", "=", scope.categoryId));
  } else {
    q = q.where("p.rowid", "in", qb.selectFrom("product_search").select("rowid").where(sql<boolean>`product_search MATCH ${scope.match}`));
  }
  return q;
}

function inRange(q: ProductQuery, column: "p.price_cents" | "p.sugar" | "p.fat", r: Range): ProductQuery {
  if (r.min !== null) q = q.where(column, ">=", r.min);
  if (r.max !== null) q = q.where(column, "<=", r.max);
  return q;
}

function filtered(scope: ListScope, f: ProductFilter, except?: FacetKey): ProductQuery {
  let q = scoped(scope);
  q = inRange(q, "p.price_cents", f.price);
  q = inRange(q, "p.sugar", f.sugar);
  q = inRange(q, "p.fat", f.fat);
  if (except !== "brands" && f.brands.length) q = q.where("p.brand", "in", f.brands);
  if (except !== "categories" && f.categories.length) {
    q = q.where("p.sku", "in", qb.selectFrom("product_category").select("sku").where("category_id", "in", f.categories));
  }
  if (except !== "flavoringIngredients" && f.flavoringIngredients.length) {
    q = q.where("p.sku", "in", qb.selectFrom("product_flavoring").select("sku").where("flavoring", "in", f.flavoringIngredients));
  }
  if (except !== "allergens" && f.allergens.length) {
    q = q.where("p.sku", "not in", qb.selectFrom("product_allergen").select("sku").where("allergen", "in", f.allergens));
  }
  for (const flag of f.flags) {
    if (flag === "sale") q = q.where("p.regular_price_cents", "is not", null);
    else if (flag !== "inStock") q = q.where(`p.${FLAG_COLUMNS[flag]}`, "=", 1);
  }
  return q;
}

function ordered(q: ProductQuery, f: ProductFilter): ProductQuery {
  switch (f.sort) {
    case "price_asc": return q.orderBy("p.price_cents", "asc").orderBy("p.sku");
    case "price_desc": return q.orderBy("p.price_cents", "desc").orderBy("p.sku");
    default: return q.orderBy("p.recommendation", "desc").orderBy("p.sku");
  }
}

const flagSums = Object.entries(FLAG_COLUMNS).map(
  ([flag, column]) => sql<number>`coalesce(sum(${sql.ref(`p.${column}`)}), 0)`.as(flag),
);

export async function listProducts(db: D1Database, scope: ListScope, f: ProductFilter): Promise<ProductListResult> {
  const offset = (f.page - 1) * PAGE_SIZE;
  const page = ordered(filtered(scope, f), f).select(PRODUCT_SUMMARY_COLUMNS).limit(PAGE_SIZE + 1).offset(offset);
  const summary = filtered(scope, f).select([
    sql<number>`count(*)`.as("total"),
    sql<number>`coalesce(sum(p.regular_price_cents IS NOT NULL), 0)`.as("sale"),
    ...flagSums,
  ]);
  const brands = filtered(scope, f, "brands")
    .select(["p.brand as value", sql<number>`count(*)`.as("count")]).groupBy("p.brand").orderBy("p.brand");
  const categoryIds = scope.facetCategoryIds.length ? scope.facetCategoryIds : ["-"];
  const categories = qb.selectFrom("product_category as c")
    .select(["c.category_id as value", sql<number>`count(*)`.as("count")])
    .where("c.category_id", "in", categoryIds)
    .where("c.sku", "in", filtered(scope, f, "categories").select("p.sku"))
    .groupBy("c.category_id");
  const flavorings = qb.selectFrom("product_flavoring as fl")
    .select(["fl.flavoring as value", sql<number>`count(*)`.as("count")])
    .where("fl.sku", "in", filtered(scope, f, "flavoringIngredients").select("p.sku"))
    .groupBy("fl.flavoring").orderBy("fl.flavoring");
  const allergens = qb.selectFrom("product_allergen as a")
    .select(["a.allergen as value", sql<number>`count(*)`.as("count")])
    .where("a.sku", "in", filtered(scope, f).select("p.sku"))
    .groupBy("a.allergen");

  const [rows, [totals], brandRows, categoryRows, flavoringRows, allergenRows] = await batch(db, [
    page, summary, brands, categories, flavorings, allergens,
  ] as const);

  const { total, ...flags } = totals as unknown as Record<string, number>;
  const order = new Map(scope.facetCategoryIds.map((id, i) => [id, i]));
  return {
    products: (rows as unknown as ProductSummaryRow[]).slice(0, PAGE_SIZE).map(toProductSummary),
    total,
    hasMore: rows.length > PAGE_SIZE,
    facets: {
      brands: brandRows,
      categories: [...categoryRows].sort((a, b) => (order.get(a.value) ?? 0) - (order.get(b.value) ?? 0)),
      flavoringIngredients: flavoringRows,
      allergens: allergenRows,
      flags,
    },
  };
}
