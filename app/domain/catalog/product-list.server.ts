/**
 * Product lists (category pages, search results) with their facet counts in one D1 round trip:
 * the page of products, and one statement that resolves the scope once (a materialised CTE) and
 * derives the total, the flag counts and every facet from it.
 */
import { sql, type SelectQueryBuilder } from "kysely";
import { batch, qb, type Database, type ProductTable } from "~/platform/db.server";
import { FLAG_COLUMNS, PAGE_SIZE, type ProductFilter, type Range } from "./filters";
import type { FacetValue, ProductListResult } from "./listing";
import { inStock } from "./stock.server";
import { PRODUCT_SUMMARY_COLUMNS, toProductSummary } from "./product";

export type ListScope =
  | { kind: "category"; categoryId: string; facetCategoryIds: string[] }
  | { kind: "search"; match: string; facetCategoryIds: string[] };

type ProductQuery = SelectQueryBuilder<Database & { p: ProductTable }, "p", object>;

function inRange(q: ProductQuery, column: "p.price_cents" | "p.sugar" | "p.fat", r: Range): ProductQuery {
  if (r.min !== null) q = q.where(column, ">=", r.min);
  if (r.max !== null) q = q.where(column, "<=", r.max);
  return q;
}

/** Every filter that is not a multi-select facet. */
function filtered(f: ProductFilter): ProductQuery {
  // Sold-out items are hidden in results.
  let q: ProductQuery = qb.selectFrom("product as p").where(inStock);
  q = inRange(q, "p.price_cents", f.price);
  q = inRange(q, "p.sugar", f.sugar);
  q = inRange(q, "p.fat", f.fat);
  if (f.allergens.length) {
    q = q.where(
      "p.sku",
      "not in",
      qb.selectFrom("product_allergen").select("sku").where("allergen", "in", f.allergens),
    );
  }
  for (const flag of f.flags) {
    if (flag === "sale") q = q.where("p.regular_price_cents", "is not", null);
    else if (flag !== "inStock") q = q.where(`p.${FLAG_COLUMNS[flag]}`, "=", 1);
  }
  return q;
}

/**
 * The query narrowed to the scope. Joining the scope's index rows is about twice as fast as
 * `sku IN (subquery)`; joined last, after the columns are chosen, both scopes give one row type.
 */
function inScope<O>(q: SelectQueryBuilder<Database & { p: ProductTable }, "p", O>, scope: ListScope) {
  return scope.kind === "category"
    ? q.innerJoin("product_category as pc", "pc.sku", "p.sku").where("pc.category_id", "=", scope.categoryId)
    : q
        .innerJoin("product_search", "product_search.rowid", "p.rowid")
        .where(sql<boolean>`product_search MATCH ${scope.match}`);
}

/** Whether a product matches each multi-select facet (1 when the facet is not set). */
function facetMatches(f: ProductFilter) {
  return {
    brand: f.brands.length ? sql<number>`p.brand IN (${sql.join(f.brands)})` : sql<number>`1`,
    category: f.categories.length
      ? sql<number>`p.sku IN (SELECT sku FROM product_category WHERE category_id IN (${sql.join(f.categories)}))`
      : sql<number>`1`,
    flavoring: f.flavoringIngredients.length
      ? sql<number>`p.sku IN (SELECT sku FROM product_flavoring WHERE flavoring IN (${sql.join(f.flavoringIngredients)}))`
      : sql<number>`1`,
  };
}

function pageQuery(scope: ListScope, f: ProductFilter) {
  const m = facetMatches(f);
  const q = filtered(f)
    .where(sql<boolean>`${m.brand} AND ${m.category} AND ${m.flavoring}`)
    .select(PRODUCT_SUMMARY_COLUMNS)
    .limit(PAGE_SIZE + 1)
    .offset((f.page - 1) * PAGE_SIZE);
  switch (f.sort) {
    case "price_asc":
      return inScope(q.orderBy("p.price_cents", "asc").orderBy("p.sku"), scope);
    case "price_desc":
      return inScope(q.orderBy("p.price_cents", "desc").orderBy("p.sku"), scope);
    default:
      return inScope(q.orderBy("p.recommendation", "desc").orderBy("p.sku"), scope);
  }
}

interface FacetRow {
  facet: string;
  value: string;
  count: number;
}

/**
 * A multi-select facet counts with all filters but its own, so a second brand stays choosable;
 * allergens count the products of the current result that contain them.
 */
function facetQuery(scope: ListScope, f: ProductFilter) {
  const m = facetMatches(f);
  const base = inScope(
    filtered(f).select([
      "p.sku",
      "p.brand",
      "p.regular_price_cents",
      ...Object.values(FLAG_COLUMNS).map((c) => `p.${c}` as const),
      m.brand.as("m_brand"),
      m.category.as("m_cat"),
      m.flavoring.as("m_flav"),
    ]),
    scope,
  );
  const all = sql`m_brand AND m_cat AND m_flav`;
  // CROSS JOIN keeps `base` the outer loop; otherwise SQLite may walk a whole facet table.
  // Total and flag counts in one pass, as one JSON row.
  const flagCounts = sql.join(
    Object.entries(FLAG_COLUMNS).map(([flag, column]) => sql`${sql.lit(flag)}, coalesce(sum(${sql.ref(column)}), 0)`),
  );
  const categoryIds = scope.facetCategoryIds.length ? scope.facetCategoryIds : ["-"];
  // `base` is interpolated as a subquery, so it comes with its own parentheses.
  return sql<FacetRow>`WITH base AS MATERIALIZED ${base}
    SELECT 'flags' AS facet, json_object('total', count(*), 'sale', coalesce(sum(regular_price_cents IS NOT NULL), 0), ${flagCounts}) AS value,
      0 AS count FROM base WHERE ${all}
    UNION ALL SELECT 'brands', brand, count(*) FROM base WHERE m_cat AND m_flav GROUP BY brand
    UNION ALL SELECT 'categories', c.category_id, count(*) FROM base CROSS JOIN product_category c ON c.sku = base.sku
      WHERE c.category_id IN (${sql.join(categoryIds)}) AND m_brand AND m_flav GROUP BY c.category_id
    UNION ALL SELECT 'flavoringIngredients', fl.flavoring, count(*) FROM base CROSS JOIN product_flavoring fl ON fl.sku = base.sku
      WHERE m_brand AND m_cat GROUP BY fl.flavoring
    UNION ALL SELECT 'allergens', a.allergen, count(*) FROM base CROSS JOIN product_allergen a ON a.sku = base.sku
      WHERE ${all} GROUP BY a.allergen`;
}

export async function listProducts(db: D1Database, scope: ListScope, f: ProductFilter): Promise<ProductListResult> {
  const [rows, facetRows] = await batch(db, [pageQuery(scope, f), facetQuery(scope, f)] as const);
  const facets: Record<string, FacetValue[]> = { brands: [], categories: [], flavoringIngredients: [], allergens: [] };
  let flags: Record<string, number> = {};
  for (const row of facetRows) {
    if (row.facet === "flags") flags = JSON.parse(row.value);
    else facets[row.facet].push({ value: row.value, count: row.count });
  }
  const { total = 0, ...flagCounts } = flags;
  const order = new Map(scope.facetCategoryIds.map((id, i) => [id, i]));
  const byName = (a: FacetValue, b: FacetValue) => a.value.localeCompare(b.value, "de");
  return {
    products: rows.slice(0, PAGE_SIZE).map(toProductSummary),
    total,
    hasMore: rows.length > PAGE_SIZE,
    facets: {
      brands: facets.brands.sort(byName),
      categories: facets.categories.sort((a, b) => (order.get(a.value) ?? 0) - (order.get(b.value) ?? 0)),
      flavoringIngredients: facets.flavoringIngredients.sort(byName),
      allergens: facets.allergens,
      flags: flagCounts,
    },
  };
}
