/**
 * Lists, result counts and facet counts stay exact (decision 0029): the stored counts of every
 * unfiltered category, the counted ones of filtered categories and searches, and the page of
 * products in each sort are compared with a brute-force computation over the whole demo range,
 * before and after writes that the triggers must follow (stock running out and coming back,
 * a new brand, price and flags, allergens and flavourings added and removed, products deleted and
 * added).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseProductFilter } from "~/domain/catalog/filter-params.server";
import { ALLERGENS, type ProductFilter } from "~/domain/catalog/filters";
import { ALLERGEN_BITS, FLAG_BITS, FLAG_COLUMNS } from "~/domain/catalog/flag-columns.server";
import type { ProductListResult } from "~/domain/catalog/listing";
import { type ListScope, listProducts } from "~/domain/catalog/product-list.server";
import { searchMatch } from "~/domain/catalog/search";
import { allergenStatements, bulkListStatements, flavoringStatements } from "~/domain/range/product-write.server";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

type ProductRow = Record<string, number | string | null> & {
  sku: string;
  brand: string;
  price_cents: number;
  recommendation: number;
};

interface Catalogue {
  products: Map<string, ProductRow>;
  categoriesOf: Map<string, Set<string>>;
  allergensOf: Map<string, Set<string>>;
  flavoringsOf: Map<string, Set<string>>;
  children: Map<string, string[]>;
}

async function rows<T>(sql: string, ...args: unknown[]): Promise<T[]> {
  return (
    await shop.db
      .prepare(sql)
      .bind(...args)
      .all<T>()
  ).results;
}

function grouped(pairs: { sku: string; v: string }[]) {
  const out = new Map<string, Set<string>>();
  for (const { sku, v } of pairs) out.set(sku, (out.get(sku) ?? new Set()).add(v));
  return out;
}

async function catalogue(): Promise<Catalogue> {
  const categories = await rows<{ id: string; parent_id: string | null }>("SELECT id, parent_id FROM category");
  const children = new Map<string, string[]>();
  for (const c of categories) if (c.parent_id) children.set(c.parent_id, [...(children.get(c.parent_id) ?? []), c.id]);
  // what the shop lists, spelt out from the product rows alone: published products, each in its
  // category and every ancestor (the listing rows the triggers keep must come to the same)
  const parentOf = new Map(categories.map((c) => [c.id, c.parent_id]));
  const products = await rows<ProductRow>("SELECT * FROM product WHERE published = 1");
  const line = (id: string | null): string[] => (id ? [id, ...line(parentOf.get(id) ?? null)] : []);
  return {
    products: new Map(products.map((p) => [p.sku, p])),
    categoriesOf: new Map(products.map((p) => [p.sku, new Set(line(p.category_id as string))])),
    allergensOf: grouped(await rows("SELECT sku, allergen AS v FROM product_allergen")),
    flavoringsOf: grouped(await rows("SELECT sku, flavoring AS v FROM product_flavoring")),
    children,
  };
}

/** The list semantics, spelt out over every product. */
function bruteForce(c: Catalogue, inScope: (sku: string) => boolean, facetCategoryIds: string[], f: ProductFilter) {
  const inRange = (v: number | null, r: { min: number | null; max: number | null }) =>
    (r.min === null || (v !== null && v >= r.min)) && (r.max === null || (v !== null && v <= r.max));
  const base = [...c.products.values()].filter((p) => {
    if (!inScope(p.sku)) return false;
    if (p.stock_managed === 1 && Number(p.stock_qty) <= 0) return false;
    if (!inRange(p.price_cents, f.price) || !inRange(p.sugar as number | null, f.sugar)) return false;
    if (!inRange(p.fat as number | null, f.fat)) return false;
    if (f.allergens.some((a) => c.allergensOf.get(p.sku)?.has(a))) return false;
    return f.flags.every((flag) =>
      flag === "inStock" ? true : flag === "sale" ? p.regular_price_cents !== null : p[FLAG_COLUMNS[flag]] === 1,
    );
  });
  const brand = (p: ProductRow) => !f.brands.length || f.brands.includes(p.brand);
  const category = (p: ProductRow) =>
    !f.categories.length || f.categories.some((id) => c.categoriesOf.get(p.sku)?.has(id));
  const flavoring = (p: ProductRow) =>
    !f.flavoringIngredients.length || f.flavoringIngredients.some((v) => c.flavoringsOf.get(p.sku)?.has(v));
  const all = base.filter((p) => brand(p) && category(p) && flavoring(p));
  const tally = (products: ProductRow[], valuesOf: (p: ProductRow) => Iterable<string>) => {
    const counts = new Map<string, number>();
    for (const p of products) for (const v of valuesOf(p)) counts.set(v, (counts.get(v) ?? 0) + 1);
    return Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));
  };
  const flags = Object.fromEntries(
    [["sale", "regular_price_cents"] as const, ...Object.entries(FLAG_COLUMNS)].map(([flag, column]) => [
      flag,
      all.filter((p) => (flag === "sale" ? p[column] !== null : p[column] === 1)).length,
    ]),
  );
  const order = {
    recommendation: (a: ProductRow, b: ProductRow) => b.recommendation - a.recommendation || a.sku.localeCompare(b.sku),
    price_asc: (a: ProductRow, b: ProductRow) => a.price_cents - b.price_cents || a.sku.localeCompare(b.sku),
    price_desc: (a: ProductRow, b: ProductRow) => b.price_cents - a.price_cents || b.sku.localeCompare(a.sku),
  }[f.sort];
  return {
    total: all.length,
    page: all
      .sort(order)
      .slice((f.page - 1) * 60, f.page * 60)
      .map((p) => p.sku),
    brands: tally(
      base.filter((p) => category(p) && flavoring(p)),
      (p) => [p.brand],
    ),
    categories: tally(
      base.filter((p) => brand(p) && flavoring(p)),
      (p) => facetCategoryIds.filter((id) => c.categoriesOf.get(p.sku)?.has(id)),
    ),
    flavoringIngredients: tally(
      base.filter((p) => brand(p) && category(p)),
      (p) => c.flavoringsOf.get(p.sku) ?? [],
    ),
    allergens: tally(all, (p) => c.allergensOf.get(p.sku) ?? []),
    flags,
  };
}

function shown(result: ProductListResult) {
  const asObject = (values: { value: string; count: number }[]) =>
    Object.fromEntries(values.map((v) => [v.value, v.count]).sort(([a], [b]) => String(a).localeCompare(String(b))));
  return {
    total: result.total,
    page: result.products.map((p) => p.sku),
    brands: asObject(result.facets.brands),
    categories: asObject(result.facets.categories),
    flavoringIngredients: asObject(result.facets.flavoringIngredients),
    allergens: asObject(result.facets.allergens),
    flags: result.facets.flags,
  };
}

const FILTERS = [
  "",
  "sort=price_asc",
  "sort=price_desc&page=2",
  "bio=1",
  "sale=1&vegan=1",
  "priceMin=1&priceMax=3",
  "sugarMax=5&fatMin=1",
  "allergens=milk&allergens=gluten",
  "brands=Frischkorb&brands=Frischkorb%20Bio",
  "flavoringIngredients=Vanille&flavoringIngredients=Erdbeere",
  "bio=1&sort=price_desc&priceMax=4&allergens=nuts&brands=Frischkorb%20Bio",
  // one flag (stored counts, decision 0056), with a price range (stored counts less those outside it)
  "vegan=1",
  "sale=1&inStock=1",
  "bio=1&sort=price_asc&priceMax=2",
  "new=1&priceMin=2",
  "glutenFree=1&priceMin=1&priceMax=3",
];

/** `options`: listProducts' (a lower bound of rows outside a price range takes the other way). */
async function compareEveryCategory(c: Catalogue, filters: string[], options?: { priceOutsideRows: number }) {
  const ids = (await rows<{ id: string }>("SELECT id FROM category ORDER BY id")).map((r) => r.id);
  let compared = 0;
  for (const id of ids) {
    const facetCategoryIds = c.children.get(id) ?? [];
    for (const query of filters) {
      const filter = parseProductFilter(new URLSearchParams(query));
      const scope: ListScope = { kind: "category", categoryId: id, facetCategoryIds };
      const expected = bruteForce(c, (sku) => c.categoriesOf.get(sku)?.has(id) ?? false, facetCategoryIds, filter);
      expect(shown(await listProducts(shop.db, scope, filter, options)), `${id}?${query}`).toEqual(expected);
      compared++;
    }
  }
  return compared;
}

/**
 * The listing rows whose bits (decision 0056) differ from what their product says: its flags, its
 * allergens and whether it has flavourings.
 */
async function wrongBits(c: Catalogue) {
  const listed = await rows<{
    sku: string;
    category_id: string;
    flag_bits: number;
    allergen_bits: number;
    flavoured: number;
  }>("SELECT sku, category_id, flag_bits, allergen_bits, flavoured FROM product_category");
  expect(listed.length).toBeGreaterThan(1000);
  return listed.filter((row) => {
    const p = c.products.get(row.sku);
    if (!p) return true;
    const flags = Object.entries(FLAG_BITS).reduce(
      (bits, [flag, bit]) =>
        (flag === "sale" ? p.regular_price_cents !== null : p[FLAG_COLUMNS[flag as keyof typeof FLAG_COLUMNS]] === 1)
          ? bits | bit
          : bits,
      0,
    );
    const allergens = [...(c.allergensOf.get(row.sku) ?? [])].reduce((bits, a) => bits | ALLERGEN_BITS[a], 0);
    const flavoured = c.flavoringsOf.get(row.sku)?.size ? 1 : 0;
    return row.flag_bits !== flags || row.allergen_bits !== allergens || row.flavoured !== flavoured;
  });
}

describe("lists and counts equal a brute-force count", () => {
  it("listing rows carry their product's flags, allergens and flavouring as bits, numbered as the shop numbers them", async () => {
    const table = await rows<{ allergen: string; bit: number }>("SELECT allergen, bit FROM allergen_bit ORDER BY bit");
    expect(table).toEqual(ALLERGENS.map((allergen, bit) => ({ allergen, bit })));
    const c = await catalogue();
    expect(await wrongBits(c)).toEqual([]);
    const withBits = await rows<{ n: number }>(
      "SELECT count(*) AS n FROM product_category WHERE flag_bits > 1 AND allergen_bits > 0 AND flavoured = 1",
    );
    expect(withBits[0].n).toBeGreaterThan(0);
  });

  it("every category, unfiltered (stored counts) and filtered, in every sort", async () => {
    const c = await catalogue();
    expect(await compareEveryCategory(c, FILTERS)).toBeGreaterThan(500);
  }, 60_000);

  it("a one-flag filter with a price range, counted either way round", async () => {
    const c = await catalogue();
    const ranged = ["bio=1&priceMax=2", "sale=1&priceMin=2", "vegan=1&priceMin=1&priceMax=3"];
    // a bound of 0 counts the range itself wherever any product lies outside it; a large one
    // always counts the stored counts less the products outside
    expect(await compareEveryCategory(c, ranged, { priceOutsideRows: 0 })).toBeGreaterThan(100);
    expect(await compareEveryCategory(c, ranged, { priceOutsideRows: 1_000_000 })).toBeGreaterThan(100);
  }, 60_000);

  it("searches, unfiltered and filtered", async () => {
    const c = await catalogue();
    const mains = c.children.get("startseite") ?? [];
    for (const term of ["milch", "bio", "kase", "frischkorb", "tomate"]) {
      const match = searchMatch(term) ?? "";
      const hits = new Set(
        (
          await rows<{ sku: string }>(
            "SELECT sku FROM product WHERE rowid IN (SELECT rowid FROM product_search WHERE product_search MATCH ?)",
            match,
          )
        ).map((r) => r.sku),
      );
      expect(hits.size, term).toBeGreaterThan(0);
      for (const query of [...FILTERS, "categories=milch-eier"]) {
        const filter = parseProductFilter(new URLSearchParams(query));
        const scope: ListScope = { kind: "search", match, rootCategoryId: "startseite", facetCategoryIds: mains };
        const result = await listProducts(shop.db, scope, filter);
        expect(result.matchLimit, term).toBeNull();
        expect(shown(result), `${term}?${query}`).toEqual(bruteForce(c, (sku) => hits.has(sku), mains, filter));
      }
    }
  }, 60_000);

  it("a search's page (read as JSON beside its counts) shows each product as a category page does", async () => {
    const summaries = (result: ProductListResult) => new Map(result.products.map((p) => [p.sku, p]));
    const found = summaries(
      await listProducts(
        shop.db,
        { kind: "search", match: searchMatch("milch") ?? "", rootCategoryId: "startseite", facetCategoryIds: [] },
        parseProductFilter(new URLSearchParams()),
      ),
    );
    const listed = summaries(
      await listProducts(
        shop.db,
        { kind: "category", categoryId: "milch", facetCategoryIds: [] },
        parseProductFilter(new URLSearchParams()),
      ),
    );
    const both = [...found.keys()].filter((sku) => listed.has(sku));
    expect(both.length).toBeGreaterThan(3);
    for (const sku of both) expect(found.get(sku), sku).toStrictEqual(listed.get(sku));
  });

  it("stay exact after the writes the triggers follow", async () => {
    const [a, b, d, moved, withdrawn, imported] = (
      await rows<{ sku: string }>("SELECT sku FROM product_category WHERE category_id = 'milch' LIMIT 6")
    ).map((r) => r.sku);
    const [gone] = (
      await rows<{ sku: string }>("SELECT sku FROM product WHERE category_id = 'joghurt-quark' LIMIT 1")
    ).map((r) => r.sku);
    await shop.db.batch(
      [
        // sold out, back in stock, sold out and unmanaged again
        ["UPDATE product SET stock_managed = 1, stock_qty = 0 WHERE sku = ?", a],
        ["UPDATE product SET stock_qty = stock_qty - 1 WHERE sku = ? AND stock_qty > 1", b],
        ["UPDATE product SET stock_managed = 1, stock_qty = 0 WHERE sku = ?", d],
        ["UPDATE product SET stock_qty = 5 WHERE sku = ?", d],
        // a new brand, price, sale (never without its lowest price of 30 days, migration 0028) and flags
        [
          "UPDATE product SET brand = 'Neue Marke', price_cents = 111, regular_price_cents = 222, lowest_price_30d_cents = 150 WHERE sku = ?",
          b,
        ],
        ["UPDATE product SET is_organic = 1 - is_organic, is_vegan = 1, recommendation = 999 WHERE sku = ?", b],
        ["INSERT OR IGNORE INTO product_allergen (sku, allergen) VALUES (?, 'lupin')", b],
        ["DELETE FROM product_allergen WHERE sku = ? AND allergen = 'milk'", d],
        ["INSERT OR IGNORE INTO product_flavoring (sku, flavoring) VALUES (?, 'Zimt')", d],
        ["DELETE FROM product_flavoring WHERE sku = ?", b],
        // deleted (its rows go with it), and a new product (listed in its categories by the schema)
        ["DELETE FROM product WHERE sku = ?", gone],
        [
          "INSERT INTO product (sku, name, brand, category_id, price_cents, net_quantity, unit, stock_qty, is_new, recommendation) VALUES ('7777777', 'Testjoghurt', 'Neue Marke', 'joghurt-quark', 99, 500, 'g', 3, 1, 50)",
        ],
        ["INSERT INTO product_allergen (sku, allergen) VALUES ('7777777', 'milk')"],
        // moved to another main category, withdrawn, and one withdrawn and published again (migration 0029)
        ["UPDATE product SET category_id = 'kaffee' WHERE sku = ?", moved],
        ["UPDATE product SET published = 0 WHERE sku = ?", withdrawn],
        ["UPDATE product SET published = 0 WHERE sku = ?", a],
        ["UPDATE product SET published = 1, name = 'Wieder da' WHERE sku = ?", a],
      ].map(([sql, ...args]) => shop.db.prepare(sql as string).bind(...args)),
    );
    // the range's form and its import write allergens and flavourings as lists (app/domain/range)
    await shop.db.batch([
      ...allergenStatements(shop.db, d, ["eggs", "sesame"]),
      ...flavoringStatements(shop.db, a, ["Haselnuss"]),
      ...bulkListStatements(
        shop.db,
        JSON.stringify([
          { sku: imported, allergens: ["fish", "molluscs"], allergensChange: 1, flavorings: [], flavoringsChange: 1 },
          { sku: "7777777", allergens: [], allergensChange: 1, flavorings: ["Vanille"], flavoringsChange: 1 },
        ]),
      ),
    ]);
    const c = await catalogue();
    expect(c.products.has(gone)).toBe(false);
    expect(c.products.has(withdrawn)).toBe(false);
    expect(c.categoriesOf.get(moved)).toEqual(new Set(["kaffee", "kaffee-tee", "startseite"]));
    expect(
      await compareEveryCategory(c, [
        "",
        "bio=1",
        "allergens=milk",
        "allergens=fish&sort=price_asc",
        "flavoringIngredients=Haselnuss&flavoringIngredients=Vanille",
        "vegan=1",
        "bio=1&priceMax=3",
        "sale=1&priceMin=1",
      ]),
    ).toBeGreaterThan(100);
    // each listing row names the subcategory of its product's line (decision 0055), through
    // publishing, withdrawing, moving, price and stock changes
    const parentOf = new Map(
      (await rows<{ id: string; parent_id: string | null }>("SELECT id, parent_id FROM category")).map((r) => [
        r.id,
        r.parent_id,
      ]),
    );
    const listed = await rows<{ sku: string; category_id: string; child_id: string | null }>(
      "SELECT sku, category_id, child_id FROM product_category",
    );
    const wrong = listed.filter(({ sku, category_id, child_id }) => {
      let below: string | null = null;
      for (let id: string | null = c.products.get(sku)?.category_id as string; id; id = parentOf.get(id) ?? null) {
        if (id === category_id) return child_id !== below;
        below = id;
      }
      return true;
    });
    expect(listed.length).toBeGreaterThan(1000);
    expect(wrong).toEqual([]);
    expect(await wrongBits(c)).toEqual([]);
    expect(listed.filter((r) => r.sku === moved).map((r) => [r.category_id, r.child_id])).toEqual(
      expect.arrayContaining([
        ["kaffee-tee", "kaffee"],
        ["startseite", "kaffee-tee"],
      ]),
    );
  }, 60_000);

  it("a category filter by subcategories, and by a category that is not one of them", async () => {
    const c = await catalogue();
    for (const [id, children] of c.children) {
      const facetCategoryIds = children;
      for (const query of [
        `categories=${children[0]}`,
        `categories=${children[0]}&categories=${children.at(-1)}&bio=1`,
        // a hand-written address: a grandchild, or a category of another line
        `categories=${c.children.get(children[0])?.[0] ?? "kaffee"}`,
      ]) {
        const filter = parseProductFilter(new URLSearchParams(query));
        const scope: ListScope = { kind: "category", categoryId: id, facetCategoryIds };
        const expected = bruteForce(c, (sku) => c.categoriesOf.get(sku)?.has(id) ?? false, facetCategoryIds, filter);
        expect(shown(await listProducts(shop.db, scope, filter)), `${id}?${query}`).toEqual(expected);
      }
    }
    const mains = c.children.get("startseite") ?? [];
    const match = searchMatch("milch") ?? "";
    const hits = new Set(
      (
        await rows<{ sku: string }>(
          "SELECT sku FROM product WHERE rowid IN (SELECT rowid FROM product_search WHERE product_search MATCH ?)",
          match,
        )
      ).map((r) => r.sku),
    );
    for (const query of ["categories=milch", "categories=milch-eier&categories=milch"]) {
      const filter = parseProductFilter(new URLSearchParams(query));
      const scope: ListScope = { kind: "search", match, rootCategoryId: "startseite", facetCategoryIds: mains };
      expect(shown(await listProducts(shop.db, scope, filter)), query).toEqual(
        bruteForce(c, (sku) => hits.has(sku), mains, filter),
      );
    }
  }, 60_000);
});
