/**
 * The catalogue's hot statements stay bounded at 100,000 products (decision 0029): every
 * statement that category pages (each filter and sort), search, suggestions, the product page and
 * the home page send is recorded and explained with `EXPLAIN QUERY PLAN` on a database with the
 * demo range plus 100,000 generated products, first without statistics and again after ANALYZE
 * (D1 may gather them). A statement fails when it
 * - scans a table (SCAN of anything but the bounded search candidates `m`, the already narrowed
 *   `base` (or `bits`, its rows grouped), the rows `o` outside a price range (at most 5,001) or the
 *   FTS index itself),
 * - sorts rows in a temporary B-tree (USE TEMP B-TREE FOR ORDER BY) outside a search, whose
 *   candidates are bounded, or
 * - asks the search index without a LIMIT.
 * Again with the planner statistics of a real 1,000,000-product database (decision 0055), stating
 * the plans of the pages the benchmark measures.
 * Grouping facet values (USE TEMP B-TREE FOR GROUP BY) holds one row per brand or allergen over
 * rows already narrowed by an index, and is allowed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCatalog } from "../../scripts/generate-catalog.mjs";
import { parseProductFilter } from "~/domain/catalog/filter-params.server";
import { SORT_KEYS } from "~/domain/catalog/filters";
import { loadProductDetail, loadProductsBySku, MAX_SKUS_PER_READ } from "~/domain/catalog/product-detail.server";
import { type ListScope, listProducts } from "~/domain/catalog/product-list.server";
import { loadHomeRows, topSearchHits } from "~/domain/catalog/product-rows.server";
import { searchMatch } from "~/domain/catalog/search";
import { RANGE_FILTERS, RANGE_SORTS } from "~/domain/range/range";
import { rangeProducts } from "~/domain/range/range.server";
import { STATS_1M } from "./query-plans-1m-stats";
import { startShop, type TestShop } from "./worker";

const PRODUCTS = 100_000;

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
  // `exec` takes many statements (one per line, and the generated ones have no line breaks) in one
  // asynchronous call. Preparing each of the ~12,000 statements instead made as many synchronous
  // calls through Miniflare's proxy, whose channel once fell out of step under the full suite's
  // load (an assertion inside Miniflare), failing every later statement of this file.
  await generateCatalog(PRODUCTS, async (statements: string[]) => {
    for (let i = 0; i < statements.length; i += 50) await shop.db.exec(statements.slice(i, i + 50).join("\n"));
  });
  const { n } = (await shop.db.prepare("SELECT count(*) AS n FROM product").first<{ n: number }>()) ?? { n: 0 };
  if (n < PRODUCTS) throw new Error(`the generated catalogue has ${n} products, not ${PRODUCTS} and more`);
}, 300_000);
afterAll(async () => {
  await shop?.dispose();
});

interface Recorded {
  sql: string;
  args: unknown[];
}

/** The binding, recording every statement prepared through it with its values. */
function recording(db: D1Database, seen: Recorded[]): D1Database {
  return {
    prepare(sql: string) {
      const record: Recorded = { sql, args: [] };
      seen.push(record);
      const statement = db.prepare(sql);
      return new Proxy(statement, {
        get(target, key) {
          if (key === "bind")
            return (...args: unknown[]) => {
              record.args = args;
              return target.bind(...args);
            };
          const value = Reflect.get(target, key);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    },
    batch: (statements: D1PreparedStatement[]) => db.batch(statements),
  } as unknown as D1Database;
}

// `o`: the rows a price range leaves out of a one-flag filter, at most PRICE_OUTSIDE_ROWS + 1;
// `bits`: the narrowed `base` grouped by its bits (decision 0056); `matches`: a search's text
// matches (at most SEARCH_CANDIDATES + 1), `m` the first SEARCH_CANDIDATES of them; `page`: a
// search's page, at most PAGE_SIZE + 1 of its `base` rows
const ALLOWED_SCANS = /^SCAN (m|matches|base|o|bits|page|product_search VIRTUAL TABLE|CONSTANT ROW)\b/;

async function unboundedSteps({ sql, args }: Recorded): Promise<string[]> {
  const plan = await shop.db
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...args)
    .all<{ detail: string }>();
  const steps = plan.results.map((r) => r.detail);
  const problems = steps.filter((s) => s.startsWith("SCAN ") && !ALLOWED_SCANS.test(s));
  const searches = sql.includes("product_search");
  if (!searches) problems.push(...steps.filter((s) => s.includes("TEMP B-TREE FOR ORDER BY")));
  const matches = sql.match(/product_search MATCH \?/gi)?.length ?? 0;
  const limited = sql.match(/product_search MATCH \? limit \?/gi)?.length ?? 0;
  if (matches !== limited) problems.push("the search index is asked without a LIMIT");
  return problems;
}

const CATEGORY: ListScope = {
  kind: "category",
  categoryId: "milch-eier",
  facetCategoryIds: ["milch", "joghurt-quark", "butter-sahne", "eier"],
};
const SEARCH: ListScope = {
  kind: "search",
  match: searchMatch("milch") ?? "",
  rootCategoryId: "startseite",
  facetCategoryIds: ["milch-eier", "getraenke", "obst-gemuese"],
};
const FILTERS = [
  "",
  "bio=1",
  "sale=1",
  "vegan=1&glutenFree=1",
  "priceMin=1&priceMax=5",
  // one flag and a price range: stored counts less the rows outside it, or the range counted (decision 0056)
  "vegan=1&priceMin=1&priceMax=5",
  "sale=1&priceMax=2",
  "sugarMax=5",
  "fatMin=1&fatMax=20",
  "brands=Frischkorb",
  "categories=milch",
  "flavoringIngredients=Vanille",
  "allergens=milk&allergens=nuts",
  "page=7",
  "bio=1&sale=1&priceMin=1&priceMax=5&sugarMax=10&fatMin=1&brands=Frischkorb&brands=Avenello&categories=milch&flavoringIngredients=Vanille&allergens=milk",
];

/** Each hot call of the catalogue, by name. */
function calls(db: D1Database): [string, () => Promise<unknown>][] {
  const list = (scope: ListScope, query: string) => () =>
    listProducts(db, scope, parseProductFilter(new URLSearchParams(query)));
  return [
    ...SORT_KEYS.flatMap((sort) =>
      FILTERS.flatMap((f): [string, () => Promise<unknown>][] => [
        [`category ${f} sort=${sort}`, list(CATEGORY, `${f}&sort=${sort}`)],
        [`search ${f} sort=${sort}`, list(SEARCH, `${f}&sort=${sort}`)],
      ]),
    ),
    ["suggestions", () => topSearchHits(db, searchMatch("milch") ?? "")],
    ["product page", () => loadProductDetail(db, "120001")],
    ["generated product page", () => loadProductDetail(db, "9004711")],
    [
      "products by sku (API)",
      () =>
        loadProductsBySku(
          db,
          Array.from({ length: MAX_SKUS_PER_READ }, (_, i) => String(9004711 + i * 997)),
        ),
    ],
    ["home", () => loadHomeRows(db)],
  ];
}

/** The lists of the pages `npm run bench` measures (scripts/bench.mjs). */
const BENCH_PAGES: [string, ListScope, string][] = [
  ["category", CATEGORY, ""],
  ["category + filters", CATEGORY, "bio=1&sort=price_asc&priceMax=5"],
  ["search", SEARCH, ""],
];

/** Each statement's plan (its steps) of each list, by name. */
async function plansOf(pages: [string, ListScope, string][]) {
  const plans: Record<string, string[][]> = {};
  for (const [name, scope, query] of pages) {
    const seen: Recorded[] = [];
    await listProducts(recording(shop.db, seen), scope, parseProductFilter(new URLSearchParams(query)));
    plans[name] = [];
    for (const { sql, args } of seen) {
      const plan = await shop.db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...args)
        .all<{ detail: string }>();
      plans[name].push(plan.results.map((r) => r.detail));
    }
  }
  return plans;
}

/**
 * The plans SQLite chooses at 1,000,000 products (with that database's statistics), statement by
 * statement: the page read off the sort's index, the count over the category's range of the price
 * index or the bounded search candidates, and the stored counts of an unfiltered category or of a
 * single flag.
 */
const PLANS_AT_1M: Record<string, string[][]> = {
  category: [
    [
      "SEARCH l USING COVERING INDEX product_category_recommended (category_id=? AND in_stock=?)",
      "SEARCH p USING INDEX sqlite_autoindex_product_1 (sku=?)",
    ],
    [
      "COMPOUND QUERY",
      "LEFT-MOST SUBQUERY",
      "SEARCH category_facet_count USING PRIMARY KEY (category_id=?)",
      "UNION ALL",
      "SEARCH category_facet_count USING PRIMARY KEY (category_id=? AND facet=? AND value=?)",
    ],
  ],
  // one flag and a price range (decision 0056): the page, the flag's stored counts, how many rows
  // the range leaves out, the count of the range (not taken here: LIMIT 0) and the count of the rows
  // above it (taken), each off the covering price index
  "category + filters": [
    [
      "SEARCH l USING COVERING INDEX product_category_price (category_id=? AND in_stock=? AND price_cents<?)",
      "SEARCH p USING INDEX sqlite_autoindex_product_1 (sku=?)",
    ],
    [
      "COMPOUND QUERY",
      "LEFT-MOST SUBQUERY",
      "SEARCH category_flag_facet_count USING PRIMARY KEY (category_id=? AND flag=?)",
      "UNION ALL",
      "SEARCH category_flag_facet_count USING PRIMARY KEY (category_id=? AND flag=? AND facet=? AND value=?)",
    ],
    [
      "SCAN CONSTANT ROW",
      "SCALAR SUBQUERY 2",
      "CO-ROUTINE o",
      "SEARCH l USING COVERING INDEX product_category_price (category_id=? AND in_stock=? AND price_cents>?)",
      "SCAN o",
    ],
    [
      "COMPOUND QUERY",
      "LEFT-MOST SUBQUERY",
      "CO-ROUTINE bits",
      "MATERIALIZE base",
      "SCALAR SUBQUERY 3",
      "SCAN CONSTANT ROW",
      "SCALAR SUBQUERY 2",
      "CO-ROUTINE o",
      "SEARCH l USING COVERING INDEX product_category_price (category_id=? AND in_stock=? AND price_cents>?)",
      "SCAN o",
      "SEARCH l USING COVERING INDEX product_category_price (category_id=? AND in_stock=? AND price_cents<?)",
      "SCAN base",
      "USE TEMP B-TREE FOR GROUP BY",
      "SCAN bits",
      "UNION ALL",
      "SCAN base",
      "USE TEMP B-TREE FOR GROUP BY",
      "UNION ALL",
      "SCAN base",
      "USE TEMP B-TREE FOR GROUP BY",
      "UNION ALL",
      "SCAN base",
      "SEARCH fl USING PRIMARY KEY (sku=?)",
      "USE TEMP B-TREE FOR GROUP BY",
    ],
    [
      "COMPOUND QUERY",
      "LEFT-MOST SUBQUERY",
      "CO-ROUTINE bits",
      "MATERIALIZE base",
      "SCALAR SUBQUERY 3",
      "SCAN CONSTANT ROW",
      "SCALAR SUBQUERY 2",
      "CO-ROUTINE o",
      "SEARCH l USING COVERING INDEX product_category_price (category_id=? AND in_stock=? AND price_cents>?)",
      "SCAN o",
      "SEARCH l USING COVERING INDEX product_category_price (category_id=? AND in_stock=? AND price_cents>?)",
      "SCAN base",
      "USE TEMP B-TREE FOR GROUP BY",
      "SCAN bits",
      "UNION ALL",
      "SCAN base",
      "USE TEMP B-TREE FOR GROUP BY",
      "UNION ALL",
      "SCAN base",
      "USE TEMP B-TREE FOR GROUP BY",
      "UNION ALL",
      "SCAN base",
      "SEARCH fl USING PRIMARY KEY (sku=?)",
      "USE TEMP B-TREE FOR GROUP BY",
    ],
  ],
  // a search, one statement: its text matches read once (one more than it works on, which says
  // whether there are more), its candidates' rows counted and the page sorted out of them, the
  // products read for the page's rows only
  search: [
    [
      "COMPOUND QUERY",
      "LEFT-MOST SUBQUERY",
      "CO-ROUTINE bits",
      "MATERIALIZE base",
      "CO-ROUTINE m",
      "MATERIALIZE matches",
      "SCAN product_search VIRTUAL TABLE INDEX 0:M3",
      "SCAN matches",
      "SCAN m",
      "SEARCH pr USING INTEGER PRIMARY KEY (rowid=?)",
      "SEARCH l USING PRIMARY KEY (category_id=? AND sku=?)",
      "SCAN base",
      "USE TEMP B-TREE FOR GROUP BY",
      "SCAN bits",
      "UNION ALL",
      "SCAN base",
      "USE TEMP B-TREE FOR GROUP BY",
      "UNION ALL",
      "SCAN base",
      "USE TEMP B-TREE FOR GROUP BY",
      "UNION ALL",
      "SCAN base",
      "SEARCH fl USING PRIMARY KEY (sku=?)",
      "USE TEMP B-TREE FOR GROUP BY",
      "UNION ALL",
      "SCAN CONSTANT ROW",
      "SCALAR SUBQUERY 10",
      "CO-ROUTINE page",
      "SCAN base",
      "USE TEMP B-TREE FOR ORDER BY",
      "USE TEMP B-TREE FOR json_group_array(ORDER BY)",
      "SCAN page",
      "SEARCH p USING INDEX sqlite_autoindex_product_1 (sku=?)",
      "SCALAR SUBQUERY 11",
      "SCAN matches",
    ],
  ],
};

async function problemsOfEveryCall() {
  const problems: string[] = [];
  let statements = 0;
  const seen: Recorded[] = [];
  for (const [name, call] of calls(recording(shop.db, seen))) {
    seen.length = 0;
    await call().catch((e) => problems.push(`${name}: failed with ${e}`));
    statements += seen.length;
    for (const statement of seen) {
      for (const problem of await unboundedSteps(statement)) problems.push(`${name}: ${problem}\n  ${statement.sql}`);
    }
  }
  return { problems, statements };
}

describe(`query plans at ${PRODUCTS.toLocaleString("de-DE")} products`, () => {
  it("the catalogue is that large", async () => {
    const row = await shop.db.prepare("SELECT count(*) AS n FROM product").first<{ n: number }>();
    expect(row?.n).toBeGreaterThan(PRODUCTS);
  });

  it("no hot statement scans or sorts the catalogue, without statistics", async () => {
    const { problems, statements } = await problemsOfEveryCall();
    expect(statements).toBeGreaterThan(150);
    expect(problems).toEqual([]);
  }, 120_000);

  it("nor after ANALYZE has gathered statistics", async () => {
    await shop.db.prepare("ANALYZE").run();
    const { problems } = await problemsOfEveryCall();
    expect(problems).toEqual([]);
  }, 120_000);

  it("with the statistics of a database of 1,000,000 products, the same bounded plans", async () => {
    // The planner reads its statistics from sqlite_stat1; the rows captured by ANALYZE on a real
    // 1,000,000-product database (decision 0055) make it plan as it would at that size, without
    // generating that database on every run. `ANALYZE sqlite_schema` makes it read them again.
    const tables = new Set(
      (
        await shop.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>()
      ).results.map((r) => r.name),
    );
    if (!tables.has("sqlite_stat1")) await shop.db.prepare("ANALYZE").run();
    const rows = STATS_1M.rows.filter(([table]) => tables.has(table));
    expect(rows.length).toBeGreaterThan(20);
    await shop.db.batch([
      shop.db.prepare("DELETE FROM sqlite_stat1"),
      ...rows.map(([table, index, stat]) =>
        shop.db.prepare("INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)").bind(table, index, stat),
      ),
    ]);
    await shop.db.prepare("ANALYZE sqlite_schema").run();
    const stat = await shop.db
      .prepare("SELECT stat FROM sqlite_stat1 WHERE tbl = 'product_category' AND idx = 'product_category_price'")
      .first<{ stat: string }>();
    expect(Number(stat?.stat.split(" ")[0])).toBeGreaterThan(3_000_000);
    const { problems } = await problemsOfEveryCall();
    expect(problems).toEqual([]);
    expect(await plansOf(BENCH_PAGES)).toEqual(PLANS_AT_1M);
  }, 120_000);

  it("a search with more matches than it works on says so; counts are written the German way", async () => {
    const result = await listProducts(shop.db, SEARCH, parseProductFilter(new URLSearchParams()));
    expect(result.matchLimit).toBe(1000);
    expect(result.total).toBeLessThanOrEqual(1000);
    const search = await (await shop.fetch("/search/find?q=milch")).text();
    expect(search).toContain("Filter, Sortierung und Anzahl beziehen sich auf die ersten 1.000 Treffer.");
    const row = await shop.db
      .prepare("SELECT count FROM category_facet_count WHERE category_id = 'milch-eier' AND facet = 'total'")
      .first<{ count: number }>();
    expect(row?.count).toBeGreaterThan(1000);
    const category = await (await shop.fetch("/catalog/category/milch-eier")).text();
    expect(category).toContain(`${row?.count.toLocaleString("de-DE")} Produkte`);
    expect(category).not.toContain("ersten 1.000 Treffer");
  });

  it("the back office's range list (issue 33): an index per sort, filters narrowed by an index", async () => {
    const seen: Recorded[] = [];
    const db = recording(shop.db, seen);
    const problems: string[] = [];
    const narrowings = [
      ...RANGE_FILTERS.filter((f) => f !== "all").map((filter) => ({ filter })),
      { filter: "all" as const, text: "milch" },
      { filter: "all" as const, text: "9004" },
      { filter: "all" as const, category: "milch" },
    ];
    for (const sort of RANGE_SORTS)
      for (const desc of [false, true])
        for (const narrowing of [{ filter: "all" as const }, ...narrowings]) {
          seen.length = 0;
          const started = Date.now();
          await rangeProducts(db, { sort, desc, offset: 950, limit: 50, ...narrowing });
          const ms = Date.now() - started;
          const name = `range ${sort}${desc ? " desc" : ""} ${JSON.stringify(narrowing)} (${ms} ms)`;
          for (const { sql, args } of seen) {
            const plan = await shop.db
              .prepare(`EXPLAIN QUERY PLAN ${sql}`)
              .bind(...args)
              .all<{ detail: string }>();
            const steps = plan.results.map((r) => r.detail);
            const narrowed = Object.keys(narrowing).length > 1 || narrowing.filter !== "all";
            // unfiltered, the page is read off the sort's index; narrowed, only the narrowed rows are sorted
            for (const step of steps) {
              // a partial index holds only the filter's products: walking it is the narrowing
              const partial = /USING (COVERING )?INDEX product_(sold_out|reduced|withdrawn_list)\b/.test(step);
              if (/^SCAN p\b/.test(step) && !partial && (narrowed || !/USING (COVERING )?INDEX/.test(step)))
                problems.push(`${name}: ${step}`);
              if (/^SCAN (c|product_category)\b/.test(step)) problems.push(`${name}: ${step}`);
              if (!narrowed && step.includes("TEMP B-TREE FOR ORDER BY")) problems.push(`${name}: ${step}`);
            }
          }
        }
    expect(problems).toEqual([]);
  }, 120_000);

  it("the test sees a scan and an unbounded sort when there is one", async () => {
    const scan = await unboundedSteps({ sql: "SELECT count(*) FROM product WHERE is_new = 1", args: [] });
    const sort = await unboundedSteps({
      sql: "SELECT sku FROM product_category WHERE category_id = ? ORDER BY brand",
      args: ["milch-eier"],
    });
    const unlimited = await unboundedSteps({
      sql: "SELECT rowid FROM product_search WHERE product_search MATCH ?",
      args: ['"milch"'],
    });
    expect(scan).toEqual([expect.stringMatching(/^SCAN product/)]);
    expect(sort).toEqual(["USE TEMP B-TREE FOR ORDER BY"]);
    expect(unlimited).toContain("the search index is asked without a LIMIT");
  });
});
