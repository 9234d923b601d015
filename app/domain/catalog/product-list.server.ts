/**
 * Product lists (category pages, search results) with their facet counts in one D1 round trip,
 * doing work that does not grow with the catalogue (decision 0029):
 * - lists read `product_category` rows, which carry a copy of what lists filter and sort on, so a
 *   category is one contiguous index range and each sort reads its page straight off an index;
 * - an unfiltered category reads its counts from `category_facet_count`, kept exact by triggers;
 *   a filtered one counts over the category's narrow rows;
 * - a search works on at most SEARCH_CANDIDATES text matches.
 */
import { type Expression, type SqlBool, type SelectQueryBuilder, sql } from "kysely";
import { batch, type Database, type ListingTable, qb } from "~/platform/db.server";
import {
  activeFilterCount,
  FACET_KEYS,
  type FlagKey,
  MAX_PRICE_CENTS,
  type ProductFilter,
  type Range,
} from "./filters";
import { PAGE_SIZE } from "./page-size";
import { ALLERGEN_BITS, FLAG_BITS } from "./flag-columns.server";
import type { FacetValue, ProductListResult } from "./listing";
import { type ProductSummaryRow, toProductSummary } from "./product";
import { SUMMARY_ARRAY, summaryRows, summaryRowsOfPage } from "./summary-array.server";
import { SEARCH_CANDIDATES } from "./search";

export type ListScope =
  | { kind: "category"; categoryId: string; facetCategoryIds: string[] }
  /** `rootCategoryId`: the category every product is listed in, whose rows a search reads. */
  | { kind: "search"; match: string; rootCategoryId: string; facetCategoryIds: string[] };

type CategoryScope = Extract<ListScope, { kind: "category" }>;

type ListingQuery<O> = SelectQueryBuilder<Database & { l: ListingTable }, "l", O>;

/**
 * The text matches a search reads: one more than it works on, so that the same pass says whether
 * there are more (`MATCHES`, a table of the search's statement).
 */
function textMatches(match: string) {
  return qb
    .selectFrom("product_search")
    .select("rowid")
    .where(sql<boolean>`product_search MATCH ${match}`)
    .limit(SEARCH_CANDIDATES + 1);
}
const MATCHES = "matches";

/**
 * How a category's rows are read: through the index of the page's sort ("price" or
 * "recommendation"), or ("key") as the category's one contiguous range of the table's own key. The
 * counting pass reads the price index, which holds every column it needs (decision 0056), and the
 * key range only when a sugar or fat filter needs the rows themselves: sequentially then, without
 * a lookup per row (decision 0029).
 */
type RowOrder = "price" | "recommendation" | "key";

/** The scope's in-stock listing rows (sold-out items are hidden in results). */
function scopeRows(scope: ListScope, order: RowOrder): ListingQuery<object> {
  if (scope.kind === "category") {
    const rows = qb.selectFrom("product_category as l").where("l.category_id", "=", scope.categoryId);
    // The unary + keeps SQLite from reading the range through an index that starts with in_stock.
    return order === "key" ? rows.where(sql<SqlBool>`+l.in_stock = 1`) : rows.where("l.in_stock", "=", 1);
  }
  // The candidates: the first SEARCH_CANDIDATES of the statement's text matches, in index order.
  // CROSS JOIN fixes the order: the candidates are the outer loop, never the root category's rows.
  return qb
    .selectFrom(sql<{ rowid: number }>`(SELECT rowid FROM ${sql.table(MATCHES)} LIMIT ${SEARCH_CANDIDATES})`.as("m"))
    .crossJoin("product as pr")
    .crossJoin("product_category as l")
    .whereRef("pr.rowid", "=", "m.rowid")
    .whereRef("l.sku", "=", "pr.sku")
    .where("l.category_id", "=", scope.rootCategoryId)
    .where("l.in_stock", "=", 1) as unknown as ListingQuery<object>;
}

function inRange(q: ListingQuery<object>, column: "l.price_cents" | "l.sugar" | "l.fat", r: Range) {
  if (r.min !== null) q = q.where(column, ">=", r.min);
  if (r.max !== null) q = q.where(column, "<=", r.max);
  return q;
}

/** The rows a price range leaves out below its minimum or above its maximum. */
type PriceSide = "below" | "above";

/**
 * Every filter that is not a multi-select facet. Only the "price" order lets SQLite read a price
 * range off the price index; otherwise the unary + hides the column from it: a page in the
 * recommended order then walks the recommendation index and stops after its rows, instead of
 * sorting the whole price range of the category, and a counting pass with a sugar or fat filter
 * reads the category's key range. `outside`: the rows the price range leaves out on that side instead of those in it.
 */
function filtered(scope: ListScope, f: ProductFilter, order: RowOrder, outside?: PriceSide): ListingQuery<object> {
  let q = scopeRows(scope, order);
  // one range of the price index each (an OR of both would look up every row in the table)
  if (outside === "below") q = q.where("l.price_cents", "<", f.price.min ?? 0);
  else if (outside === "above") q = q.where("l.price_cents", ">", f.price.max ?? MAX_PRICE_CENTS);
  else if (order === "price") q = inRange(q, "l.price_cents", f.price);
  else {
    if (f.price.min !== null) q = q.where(sql<SqlBool>`+l.price_cents >= ${f.price.min}`);
    if (f.price.max !== null) q = q.where(sql<SqlBool>`+l.price_cents <= ${f.price.max}`);
  }
  q = inRange(q, "l.sugar", f.sugar);
  q = inRange(q, "l.fat", f.fat);
  // Tested on the bits the sort's index holds, before the row is read (decision 0056).
  const allergens = f.allergens.reduce((mask, a) => mask | (ALLERGEN_BITS[a] ?? 0), 0);
  if (allergens) q = q.where(sql<SqlBool>`(l.allergen_bits & ${allergens}) = 0`);
  const flags = f.flags.reduce((mask, flag) => mask | (flag === "inStock" ? 0 : FLAG_BITS[flag]), 0);
  if (flags) q = q.where(sql<SqlBool>`(l.flag_bits & ${flags}) = ${flags}`);
  return q;
}

/**
 * Whether the product of a listing row is in one of `categories`. A product is in a subcategory of
 * the row's category exactly when the row names it as its child (decision 0055); a category that is
 * not one of those (a hand-written address) is looked up in the product's listing rows.
 */
function inCategories(scope: ListScope, categories: string[]): Expression<SqlBool> {
  if (categories.every((id) => scope.facetCategoryIds.includes(id)))
    return sql<SqlBool>`l.child_id IN (${sql.join(categories)})`;
  return sql<SqlBool>`EXISTS (SELECT 1 FROM product_category c WHERE c.category_id IN (${sql.join(categories)}) AND c.sku = l.sku)`;
}

/** Whether a product matches each multi-select facet (1 when the facet is not set). */
function facetMatches(
  scope: ListScope,
  f: ProductFilter,
): Record<"brand" | "category" | "flavoring", Expression<SqlBool>> {
  return {
    brand: f.brands.length ? sql<SqlBool>`l.brand IN (${sql.join(f.brands)})` : sql<SqlBool>`1`,
    category: f.categories.length ? inCategories(scope, f.categories) : sql<SqlBool>`1`,
    // only a product that has flavourings is looked up (decision 0056)
    flavoring: f.flavoringIngredients.length
      ? sql<SqlBool>`l.flavoured = 1 AND EXISTS (SELECT 1 FROM product_flavoring fl WHERE fl.sku = l.sku AND fl.flavoring IN (${sql.join(f.flavoringIngredients)}))`
      : sql<SqlBool>`1`,
  };
}

/** A page's order, by the listing row's columns: that of its sort's index, the sku last. */
function pageOrder(sort: ProductFilter["sort"]): [column: "price_cents" | "recommendation" | "sku", "asc" | "desc"][] {
  switch (sort) {
    case "price_asc":
      return [
        ["price_cents", "asc"],
        ["sku", "asc"],
      ];
    case "price_desc":
      return [
        ["price_cents", "desc"],
        ["sku", "desc"],
      ];
    default:
      return [
        ["recommendation", "desc"],
        ["sku", "asc"],
      ];
  }
}

/**
 * A category's page, ordered like the index of its sort (category id, in stock, key, sku), so it
 * stops after the page's rows.
 */
function pageQuery(scope: CategoryScope, f: ProductFilter) {
  const m = facetMatches(scope, f);
  let q = filtered(scope, f, f.sort === "recommendation" ? "recommendation" : "price")
    .where(sql<SqlBool>`${m.brand} AND ${m.category} AND ${m.flavoring}`)
    .innerJoin("product as p", "p.sku", "l.sku")
    .select(SUMMARY_ARRAY.as("summary"))
    .limit(PAGE_SIZE + 1)
    .offset((f.page - 1) * PAGE_SIZE);
  for (const [column, direction] of pageOrder(f.sort)) q = q.orderBy(`l.${column}`, direction);
  return q;
}

/**
 * The facet row that carries a search's page (`countedFacets`): its products as JSON,
 * and as its count the number of text matches read (more than SEARCH_CANDIDATES: there are more).
 */
const PAGE_ROW = "page";

/**
 * A search's page out of its counted rows (`base`): sorted on the rows' own copies of the sort's
 * columns, the products read for the page's rows only, as one JSON array in their order.
 */
function searchPage(f: ProductFilter) {
  const order = (table?: string) =>
    sql.join(
      pageOrder(f.sort).map(
        ([column, direction]) => sql`${sql.ref(table ? `${table}.${column}` : column)} ${sql.raw(direction)}`,
      ),
    );
  return sql`SELECT ${PAGE_ROW}, (SELECT json_group_array(json(${SUMMARY_ARRAY}) ORDER BY ${order("page")})
      FROM (SELECT sku, price_cents, recommendation FROM base WHERE m_brand AND m_cat AND m_flav
        ORDER BY ${order()} LIMIT ${PAGE_SIZE + 1} OFFSET ${(f.page - 1) * PAGE_SIZE}) AS page
      CROSS JOIN product p ON p.sku = page.sku), (SELECT count(*) FROM ${sql.table(MATCHES)})`;
}

interface FacetRow {
  facet: string;
  value: string;
  count: number;
}

/**
 * A flag's or allergen's count over rows grouped by their bits (`n` rows each): the sum of its bit
 * times `n`, divided by the bit.
 */
const bitCounts = (column: string, bits: Record<string, number>) =>
  sql.join(
    Object.entries(bits).map(
      ([key, bit]) =>
        sql`${sql.lit(key)}, coalesce(sum((${sql.ref(column)} & ${sql.lit(bit)}) * n), 0) / ${sql.lit(bit)}`,
    ),
  );
const FLAG_JSON = bitCounts("flag_bits", FLAG_BITS);
const ALLERGEN_JSON = bitCounts("allergen_bits", ALLERGEN_BITS);

/**
 * Counts over the filtered scope. A multi-select facet counts with all filters but its own, so a
 * second brand stays choosable; allergens count the products of the current result that contain
 * them; subcategories count by the child each row names (decision 0055). The total, the flags and
 * the allergens are sums of the rows' bits in one JSON row, over the rows grouped by their bits
 * first (fewer sums than one per row and bit: decision 0056); flavourings are looked up for the
 * products that have any. D1 allows five terms in a compound SELECT.
 *
 * A search's page comes as a fifth term (`PAGE_ROW`): its candidates' rows, whose lookups are
 * most of a search's time, are then read once for the counts and the page.
 */
function countedFacets(scope: ListScope, f: ProductFilter, only?: { outside?: PriceSide; when: Expression<SqlBool> }) {
  const search = scope.kind === "search";
  const m = facetMatches(scope, f);
  const needsRows = [f.sugar, f.fat].some((r) => r.min !== null || r.max !== null);
  const rows = filtered(scope, f, needsRows ? "key" : "price", only?.outside);
  const selected = rows.select([
    "l.sku",
    "l.brand",
    "l.child_id",
    "l.flag_bits",
    "l.allergen_bits",
    "l.flavoured",
    ...(search ? (["l.price_cents", "l.recommendation"] as const) : []),
    sql<number>`${m.brand}`.as("m_brand"),
    sql<number>`${m.category}`.as("m_cat"),
    sql<number>`${m.flavoring}`.as("m_flav"),
  ]);
  // Not taken: LIMIT 0 ends the pass before it reads a row (SQLite tests a condition with a
  // subquery in it on every row).
  const base = only ? selected.limit(sql<number>`CASE WHEN ${only.when} THEN -1 ELSE 0 END`) : selected;
  const all = sql`m_brand AND m_cat AND m_flav`;
  const categoryIds = scope.facetCategoryIds.length ? scope.facetCategoryIds : ["-"];
  // CROSS JOIN keeps `base` the outer loop; otherwise SQLite may walk a whole facet table.
  // `base` is interpolated as a subquery, so it comes with its own parentheses.
  // A search's rows come from its text matches, read once (`textMatches`).
  const matches = search ? sql`${sql.table(MATCHES)} AS MATERIALIZED ${textMatches(scope.match)}, ` : sql``;
  return sql<FacetRow>`WITH ${matches}base AS MATERIALIZED ${base}
    SELECT 'flags' AS facet, json_object('total', coalesce(sum(n), 0), ${FLAG_JSON}, 'allergens', json_object(${ALLERGEN_JSON})) AS value,
      0 AS count FROM (SELECT flag_bits, allergen_bits, count(*) AS n FROM base WHERE ${all} GROUP BY flag_bits, allergen_bits) AS bits
    UNION ALL SELECT 'brands', brand, count(*) FROM base WHERE m_cat AND m_flav GROUP BY brand
    UNION ALL SELECT 'categories', child_id, count(*) FROM base
      WHERE child_id IN (${sql.join(categoryIds)}) AND m_brand AND m_flav GROUP BY child_id
    UNION ALL SELECT 'flavoringIngredients', fl.flavoring, count(*) FROM base CROSS JOIN product_flavoring fl ON fl.sku = base.sku
      WHERE flavoured AND m_brand AND m_cat GROUP BY fl.flavoring
    ${search ? sql`UNION ALL ${searchPage(f)}` : sql``}`;
}

/** An unfiltered category's counts, kept by triggers: its own rows and its subcategories' totals. */
function storedFacets(categoryId: string, facetCategoryIds: string[]) {
  const own = qb
    .selectFrom("category_facet_count")
    .select(["facet", "value", "count"])
    .where("category_id", "=", categoryId)
    .where("count", ">", 0);
  if (!facetCategoryIds.length) return own;
  return own.unionAll(
    qb
      .selectFrom("category_facet_count")
      .select([sql.lit("categories").as("facet"), "category_id as value", "count"])
      .where("category_id", "in", facetCategoryIds)
      .where("facet", "=", "total")
      .where("value", "=", "")
      .where("count", ">", 0),
  );
}

type StoredFlag = Exclude<FlagKey, "inStock">;

/**
 * The flag of a filter that sets one flag and nothing else but a price range: the filters shoppers
 * set first, whose counts are stored per category (decision 0056); null for any other filter.
 */
function storedFlag(f: ProductFilter): StoredFlag | null {
  const flags = f.flags.filter((flag): flag is StoredFlag => flag !== "inStock");
  const other = FACET_KEYS.some((k) => f[k].length) || [f.sugar, f.fat].some((r) => r.min !== null || r.max !== null);
  return flags.length === 1 && !other ? flags[0] : null;
}

/** A category's stored counts of the products that have one flag, and its subcategories' totals. */
function storedFlagFacets(categoryId: string, flag: StoredFlag, facetCategoryIds: string[]) {
  const own = qb
    .selectFrom("category_flag_facet_count")
    .select(["facet", "value", "count"])
    .where("category_id", "=", categoryId)
    .where("flag", "=", flag)
    .where("count", ">", 0);
  if (!facetCategoryIds.length) return own;
  return own.unionAll(
    qb
      .selectFrom("category_flag_facet_count")
      .select([sql.lit("categories").as("facet"), "category_id as value", "count"])
      .where("category_id", "in", facetCategoryIds)
      .where("flag", "=", flag)
      .where("facet", "=", "total")
      .where("value", "=", "")
      .where("count", ">", 0),
  );
}

/**
 * A one-flag filter with a price range counts the stored counts less those of the products outside
 * the range, when there are at most this many of them (each read once, off the price index); with
 * more, it counts the range itself. The bound keeps both passes bounded where one of them is small.
 */
export const PRICE_OUTSIDE_ROWS = 5000;

/** The sides a one-flag filter's price range leaves rows out on. */
function priceSides(f: ProductFilter): PriceSide[] {
  return [...(f.price.min !== null ? ["below" as const] : []), ...(f.price.max !== null ? ["above" as const] : [])];
}

/** How many rows a price range leaves out of a one-flag filter: up to `bound` + 1 on each side. */
function rowsOutsidePrice(scope: ListScope, f: ProductFilter, bound: number) {
  const counts = priceSides(f).map(
    (side) =>
      sql<number>`(SELECT count(*) FROM ${filtered(scope, f, "price", side)
        .select(sql.lit(1).as("one"))
        .limit(bound + 1)
        .as("o")})`,
  );
  return sql<{ n: number }>`SELECT ${sql.join(counts, sql` + `)} AS n`;
}

/** Facet rows, stored or counted, as one count per facet and value (the total under "total"). */
function tally(facetRows: FacetRow[], sign = 1, into = new Map<string, Map<string, number>>()) {
  const add = (facet: string, value: string, count: number) => {
    const values = into.get(facet) ?? into.set(facet, new Map()).get(facet);
    values?.set(value, (values.get(value) ?? 0) + sign * count);
  };
  for (const row of facetRows) {
    if (row.facet === "flags" && row.value.startsWith("{")) {
      const {
        total = 0,
        allergens = {},
        ...flags
      } = JSON.parse(row.value) as Record<string, number> & {
        allergens?: Record<string, number>;
      };
      add("total", "", total);
      for (const [flag, count] of Object.entries(flags)) add("flags", flag, count);
      for (const [allergen, count] of Object.entries(allergens)) add("allergens", allergen, count);
    } else add(row.facet, row.value, row.count);
  }
  return into;
}

/** `facetRows` less `minus` (the counts of the rows a price range leaves out of stored counts). */
function toResult(scope: ListScope, rows: ProductSummaryRow[], facetRows: FacetRow[], minus: FacetRow[] = []) {
  const counts = tally(minus, -1, tally(facetRows));
  const facets: Record<string, FacetValue[]> = { brands: [], categories: [], flavoringIngredients: [], allergens: [] };
  const flags: Record<string, number> = Object.fromEntries(Object.keys(FLAG_BITS).map((k) => [k, 0]));
  const total = counts.get("total")?.get("") ?? 0;
  for (const [flag, count] of counts.get("flags") ?? []) flags[flag] = count;
  for (const key of FACET_KEYS)
    for (const [value, count] of counts.get(key) ?? []) if (count > 0) facets[key].push({ value, count });
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
      allergens: facets.allergens.sort(byName),
      flags,
    },
  };
}

/** `priceOutsideRows`: PRICE_OUTSIDE_ROWS; tests lower it to take the other way. */
export async function listProducts(
  db: D1Database,
  scope: ListScope,
  f: ProductFilter,
  { priceOutsideRows = PRICE_OUTSIDE_ROWS } = {},
): Promise<ProductListResult> {
  const flag = scope.kind === "category" ? storedFlag(f) : null;
  if (scope.kind === "category" && flag && (f.price.min !== null || f.price.max !== null)) {
    // one batch: which way is bounded is known only to the database
    const outside = rowsOutsidePrice(scope, f, priceOutsideRows);
    const few = sql<SqlBool>`(${outside}) <= ${priceOutsideRows}`;
    const [page, stored, [{ n }], insideRows, ...sideRows] = (await batch(db, [
      pageQuery(scope, f),
      storedFlagFacets(scope.categoryId, flag, scope.facetCategoryIds),
      outside,
      countedFacets(scope, f, { when: sql<SqlBool>`NOT ${few}` }),
      ...priceSides(f).map((side) => countedFacets(scope, f, { outside: side, when: few })),
    ])) as unknown as [{ summary: string }[], FacetRow[], [{ n: number }], FacetRow[], ...FacetRow[][]];
    const rows = summaryRows(page);
    const result =
      n <= priceOutsideRows ? toResult(scope, rows, stored, sideRows.flat()) : toResult(scope, rows, insideRows);
    return { ...result, matchLimit: null };
  }
  if (scope.kind === "category") {
    const facets =
      activeFilterCount(f) === 0
        ? storedFacets(scope.categoryId, scope.facetCategoryIds)
        : flag
          ? storedFlagFacets(scope.categoryId, flag, scope.facetCategoryIds)
          : countedFacets(scope, f);
    const [page, facetRows] = await batch(db, [pageQuery(scope, f), facets] as const);
    return {
      ...toResult(scope, summaryRows(page), facetRows as FacetRow[]),
      matchLimit: null,
    };
  }
  const [rowsAndPage] = await batch(db, [countedFacets(scope, f)] as const);
  const page = rowsAndPage.find((row) => row.facet === PAGE_ROW);
  const rows = summaryRowsOfPage(page?.value ?? "[]");
  const facetRows = rowsAndPage.filter((row) => row.facet !== PAGE_ROW);
  const more = (page?.count ?? 0) > SEARCH_CANDIDATES;
  return { ...toResult(scope, rows, facetRows), matchLimit: more ? SEARCH_CANDIDATES : null };
}
