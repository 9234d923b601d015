/**
 * The catalogue's JSON calls (spec section 7 "Search and catalog", decision 0034): public and
 * read-only, answering what the category, product and search pages show, in euros; every bad input
 * a German 400, never a 500; every answer JSON and `no-store`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadProductDetail, loadProductsBySku, MAX_SKUS_PER_READ } from "~/domain/catalog/product-detail.server";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

interface Failure {
  message: string;
  parameters: string[];
}

interface ListAnswer {
  products: {
    sku: string;
    identifier: string;
    price: { value: number; regularValue: number | null; lowest30d: number | null };
    deposit: number;
    stockItem: { inStock: boolean };
    labels: string[];
  }[];
  total: number;
  hasMore: boolean;
  matchLimit: number | null;
  facets: {
    brands: { value: string; count: number }[];
    categories: { value: string; count: number }[];
    allergens: { value: string; count: number }[];
    flags: Record<string, number>;
  };
}

/** Every answer of the API is JSON and never stored by a cache. */
async function call<T>(path: string, status = 200): Promise<T> {
  const res = await shop.fetch(path);
  expect(res.status, path).toBe(status);
  expect(res.headers.get("Content-Type"), path).toContain("application/json");
  expect(res.headers.get("Cache-Control"), path).toBe("no-store");
  expect(res.headers.get("Set-Cookie"), path).toBeNull();
  return (await res.json()) as T;
}

/** An answer's raw text: amounts must be written with two places, which JSON.parse hides. */
async function text(path: string): Promise<string> {
  const res = await shop.fetch(path);
  expect(res.status, path).toBe(200);
  return res.text();
}

/** Euros of an answer back to the shop's cents. */
const cents = (euros: number) => Math.round(euros * 100);

async function page(path: string): Promise<string> {
  const res = await shop.fetch(path);
  expect(res.status, path).toBe(200);
  return res.text();
}

const pageCount = (html: string) => Number(/([\d.]+) Produkte?</.exec(html)?.[1]?.replaceAll(".", "") ?? "NaN");
const pageSkus = (html: string) =>
  [
    ...html.matchAll(
      /class="tile-link"[^>]*href="\/catalog\/product\/(\d+)"|href="\/catalog\/product\/(\d+)"[^>]*class="tile-link"/g,
    ),
  ].map((m) => m[1] ?? m[2]);

describe("GET /rest/V1/els/search", () => {
  it("finds what the search page finds, in the same order, with prices in euros", async () => {
    const answer = await call<ListAnswer & { query: string; tooShort: boolean }>("/rest/V1/els/search?q=milch");
    const html = await page("/search/find?q=milch");
    expect(answer.query).toBe("milch");
    expect(answer.tooShort).toBe(false);
    expect(answer.total).toBe(pageCount(html));
    expect(answer.total).toBe(14);
    expect(answer.products.map((p) => p.sku)).toEqual(pageSkus(html));
    expect(answer.hasMore).toBe(false);
    expect(answer.matchLimit).toBeNull();
    expect(answer.products).toContainEqual(
      expect.objectContaining({
        sku: "120001",
        identifier: "/catalog/product/120001",
        price: { value: 1.39, regularValue: null, lowest30d: null },
        deposit: 0,
        stockItem: { managed: true, inStock: true, qty: expect.any(Number) },
      }),
    );
    // written with two places, as the spec's system writes them
    const raw = await text("/rest/V1/els/search?q=milch");
    expect(raw).toContain('"price":{"value":1.39,"regularValue":null,"lowest30d":null},"deposit":0.00');
    expect(raw).not.toContain("priceCents");
    expect(answer.facets.categories.map((c) => c.value)).toContain("milch-eier");
  });

  it("filters and sorts like the page: organic only, by price, price range in euros", async () => {
    const organic = await call<ListAnswer>("/rest/V1/els/search?q=milch&bio=1&sort=price_asc");
    expect(organic.total).toBe(pageCount(await page("/search/find?q=milch&bio=1")));
    expect(organic.products.length).toBeGreaterThan(0);
    for (const p of organic.products) expect(p.labels).toContain("organic");
    const prices = organic.products.map((p) => cents(p.price.value));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const ranged = await call<ListAnswer>("/rest/V1/els/search?q=milch&priceMin=1.40&priceMax=2");
    expect(ranged.total).toBe(pageCount(await page("/search/find?q=milch&priceMin=1,40&priceMax=2,00")));
    expect(ranged.total).toBeGreaterThan(0);
    expect(ranged.total).toBeLessThan(14);
    for (const p of ranged.products) expect(cents(p.price.value)).toBeGreaterThanOrEqual(140);
    for (const p of ranged.products) expect(cents(p.price.value)).toBeLessThanOrEqual(200);
    // 1.39 € is out at 1.40 and in at 1.39
    expect(ranged.products.map((p) => p.sku)).not.toContain("120001");
    const from139 = await call<ListAnswer>("/rest/V1/els/search?q=milch&priceMin=1.39&priceMax=2.00");
    expect(from139.products.map((p) => p.sku)).toContain("120001");

    // a facet may be repeated, as on the page
    const brands = await call<ListAnswer>("/rest/V1/els/search?q=milch&brands=Lindenauer&brands=Wendl%C3%A4nder");
    expect(brands.total).toBe(pageCount(await page("/search/find?q=milch&brands=Lindenauer&brands=Wendl%C3%A4nder")));
    expect(brands.total).toBeGreaterThan(0);
  });

  it("answers a too short input without searching, as the page does", async () => {
    const answer = await call<ListAnswer & { tooShort: boolean }>("/rest/V1/els/search?q=mi");
    expect(answer).toMatchObject({ tooShort: true, total: 0, products: [], hasMore: false, matchLimit: null });
  });

  it.each([
    ["a too long q", `q=${"m".repeat(101)}`, "query.q: Bitte gib höchstens 100 Zeichen ein."],
    ["no q", "bio=1", "query.q: Bitte fülle dieses Feld aus."],
    ["page=0", "q=milch&page=0", "query.page: Bitte gib eine Seite von 1 bis 200 an."],
    ["page=201", "q=milch&page=201", "query.page: Bitte gib eine Seite von 1 bis 200 an."],
    ["page=1.5", "q=milch&page=1.5", "query.page: Bitte gib eine Seite von 1 bis 200 an."],
    ["a price with a comma", "q=milch&priceMin=1,50", "query.priceMin: Bitte gib einen Betrag in Euro an"],
    ["a price with three places", "q=milch&priceMax=1.505", "query.priceMax: Bitte gib einen Betrag in Euro an"],
    ["a negative price", "q=milch&priceMax=-1", "query.priceMax: Bitte gib einen Betrag in Euro an"],
    [
      "a price over the maximum",
      "q=milch&priceMax=100000.01",
      "query.priceMax: Bitte gib einen Betrag in Euro an: 0 bis 100000",
    ],
    ["grams over 100", "q=milch&sugarMax=101", "query.sugarMax: Bitte gib Gramm je 100\u00a0g/ml an"],
    ["an unknown sort", "q=milch&sort=DROP", "query.sort: Ungültiger Wert"],
    ["an unknown allergen", "q=milch&allergens=unbekannt", "query.allergens: Ungültiger Wert"],
    ["a flag value", "q=milch&vegan=maybe", "query.vegan: Ungültiger Wert"],
    ["an empty repeated facet", "q=milch&brands=Lindenauer&brands=", "query.brands: Bitte fülle dieses Feld aus."],
    ["a repeated page", "q=milch&page=1&page=2", "query.page: Diese Angabe darf nur einmal vorkommen."],
    ["an unknown parameter", "q=milch&foo=1", "query: Diese Felder gibt es nicht (foo)"],
  ])("refuses %s with a German 400", async (_case, query, parameter) => {
    const answer = await call<Failure>(`/rest/V1/els/search?${query}`, 400);
    expect(answer.message).toBe("Die Anfrage ist ungültig. Bitte überprüfe die Angaben.");
    expect(answer.parameters.join("\n")).toContain(parameter);
  });

  it("refuses more than 15 values of a facet", async () => {
    const many = Array.from({ length: 16 }, (_, i) => `brands=b${i}`).join("&");
    const answer = await call<Failure>(`/rest/V1/els/search?q=milch&${many}`, 400);
    expect(answer.parameters).toEqual(["query.brands: Bitte wähle höchstens 15 Werte."]);
  });
});

describe("GET /rest/V1/els/suggestions", () => {
  it("suggests the search overlay's categories and products", async () => {
    const answer = await call<{
      categories: { id: string; name: string }[];
      products: { sku: string; price: { value: number } }[];
    }>("/rest/V1/els/suggestions?q=milch");
    const overlay = (await (await shop.fetch("/search/suggest?q=milch")).json()) as {
      products: { sku: string; image: string; priceCents: number }[];
    };
    // the same suggestions; the overlay adds each image's URL, made on the server for the page, and
    // has the price in cents
    expect(answer).toEqual({
      ...overlay,
      products: overlay.products.map(({ image: _, priceCents, ...product }) => ({
        ...product,
        identifier: `/catalog/product/${product.sku}`,
        price: { value: priceCents / 100 },
      })),
    });
    expect(overlay.products[0].image).toBe("/images/products/120001.svg?w=270");
    expect(answer.categories).toEqual([
      { id: "milch-eier", name: "Milchprodukte & Eier" },
      { id: "milch", name: "Milch" },
    ]);
    expect(answer.products[0]).toEqual({
      photo: null,
      sku: "120001",
      name: "Frische Vollmilch 3,8 %",
      brand: "Lindenauer",
      identifier: "/catalog/product/120001",
      price: { value: 1.39 },
    });
  });

  it("suggests nothing for a too short input, and refuses a too long one and unknown parameters", async () => {
    expect(await call("/rest/V1/els/suggestions?q=mi")).toEqual({ categories: [], products: [] });
    await call(`/rest/V1/els/suggestions?q=${"m".repeat(101)}`, 400);
    await call("/rest/V1/els/suggestions?q=milch&limit=3", 400);
    await call("/rest/V1/els/suggestions", 400);
  });
});

describe("GET /rest/V1/els/categories", () => {
  it("gives the whole tree, each category with its parent and children", async () => {
    const answer = await call<{
      rootId: string;
      categories: { id: string; name: string; parentId: string | null; children: string[] }[];
    }>("/rest/V1/els/categories");
    expect(answer.rootId).toBe("startseite");
    const byId = new Map(answer.categories.map((c) => [c.id, c]));
    expect(byId.get("startseite")?.parentId).toBeNull();
    expect(byId.get("milch-eier")).toEqual({
      id: "milch-eier",
      name: "Milchprodukte & Eier",
      parentId: "startseite",
      children: ["milch", "joghurt-quark", "butter-sahne", "eier", "pflanzliche-alternativen"],
    });
    expect(answer.categories.filter((c) => c.parentId === "milch-eier").map((c) => c.id)).toEqual(
      byId.get("milch-eier")?.children,
    );
    expect(byId.get("milch")).toMatchObject({ name: "Milch", parentId: "milch-eier", children: [] });
    // parents come before their children
    const index = new Map(answer.categories.map((c, i) => [c.id, i]));
    for (const c of answer.categories) if (c.parentId) expect(index.get(c.parentId)).toBeLessThan(index.get(c.id)!);
  });

  it("takes no parameters", async () => {
    await call("/rest/V1/els/categories?depth=2", 400);
  });
});

describe("GET /rest/V1/els/category", () => {
  it("lists a category as its page does", async () => {
    const answer = await call<
      ListAnswer & {
        category: { id: string; name: string; parentId: string | null };
        path: { id: string; name: string }[];
        subcategories: { id: string; name: string }[];
      }
    >("/rest/V1/els/category?id=milch-eier");
    const html = await page("/catalog/category/milch-eier");
    expect(answer.category).toEqual({ id: "milch-eier", name: "Milchprodukte & Eier", parentId: "startseite" });
    expect(answer.path).toEqual([{ id: "milch-eier", name: "Milchprodukte & Eier" }]);
    expect(answer.subcategories.map((c) => c.id)).toEqual([
      "milch",
      "joghurt-quark",
      "butter-sahne",
      "eier",
      "pflanzliche-alternativen",
    ]);
    expect(answer.total).toBe(35);
    expect(answer.total).toBe(pageCount(html));
    expect(answer.products.map((p) => p.sku)).toEqual(pageSkus(html));
    expect(answer.facets.categories.reduce((n, c) => n + c.count, 0)).toBeGreaterThanOrEqual(35);
  });

  it("filters, sorts and pages like the page", async () => {
    const organic = await call<ListAnswer>("/rest/V1/els/category?id=milch-eier&bio=1");
    expect(organic.total).toBe(pageCount(await page("/catalog/category/milch-eier?bio=1")));
    const withoutMilk = await call<ListAnswer>("/rest/V1/els/category?id=milch-eier&allergens=milk");
    expect(withoutMilk.total).toBe(pageCount(await page("/catalog/category/milch-eier?allergens=milk")));
    const desc = await call<ListAnswer>("/rest/V1/els/category?id=milch-eier&sort=price_desc");
    const prices = desc.products.map((p) => cents(p.price.value));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const second = await call<ListAnswer>("/rest/V1/els/category?id=milch-eier&page=2");
    expect(second).toMatchObject({ total: 35, products: [], hasMore: false });
  });

  it("names the root 'Alle Kategorien', as its page does", async () => {
    const root = await call<{ category: { name: string; parentId: string | null } }>(
      "/rest/V1/els/category?id=startseite",
    );
    expect(root.category).toEqual({ id: "startseite", name: "Alle Kategorien", parentId: null });
  });

  it("answers an unknown category 404 and bad input 400", async () => {
    expect(await call<Failure>("/rest/V1/els/category?id=gibt-es-nicht", 404)).toEqual({
      message: "Diese Kategorie gibt es nicht.",
      parameters: ["gibt-es-nicht"],
    });
    await call("/rest/V1/els/category", 400);
    await call("/rest/V1/els/category?id=", 400);
    await call(`/rest/V1/els/category?id=${"x".repeat(101)}`, 400);
    await call("/rest/V1/els/category?id=milch-eier&page=0", 400);
    await call("/rest/V1/els/category?id=milch-eier&q=milch", 400);
  });
});

interface Product {
  sku: string;
  name: string;
  identifier: string;
  price: { value: number; regularValue: number | null; lowest30d: number | null };
  deposit: number;
  taxPercent: number;
  shippingCosts: string;
  badges: string[];
  labels: string[];
  stockItem: { managed: boolean; inStock: boolean; qty: number };
  categories: { id: string; parentId: string | null; parentIds: string[] }[];
  categoryNames: { id: string; name: string }[];
  nutrition: Record<string, number> | null;
  allergens: string[];
  originCountry: string | null;
  supplier: { name: string } | null;
  ingredients: string | null;
}

describe("GET /rest/V1/els/products", () => {
  it("returns the products found, in the order asked, in the spec's shape; unknown SKUs are absent", async () => {
    const { products } = await call<{ products: Product[] }>("/rest/V1/els/products?skus=120001,100001,999999");
    expect(products.map((p) => p.sku)).toEqual(["120001", "100001"]);
    const [milk, bananas] = products;
    expect(milk).toMatchObject({
      name: "Frische Vollmilch 3,8 %",
      brand: "Lindenauer",
      identifier: "/catalog/product/120001",
      price: { value: 1.39, regularValue: null, lowest30d: null },
      deposit: 0,
      taxPercent: 7,
      shippingCosts: "zzgl. Versandkosten",
      labels: ["vegetarian", "chilled"],
      stockItem: { managed: true, inStock: true },
      categories: [
        { id: "milch-eier", parentId: "startseite", parentIds: ["startseite"] },
        { id: "milch", parentId: "milch-eier", parentIds: ["startseite", "milch-eier"] },
      ],
      categoryNames: [
        { id: "milch-eier", name: "Milchprodukte & Eier" },
        { id: "milch", name: "Milch" },
      ],
      allergens: ["milk"],
      originCountry: "Deutschland",
      supplier: { name: "Molkerei Lindenau eG" },
    });
    expect(milk.nutrition).toMatchObject({ energyKj: 280, energyKcal: 67, fat: 3.8, protein: 3.4 });
    expect(milk.stockItem.qty).toBeGreaterThan(0);
    expect(bananas).toMatchObject({
      name: "Bio-Bananen",
      price: { value: 2.29, regularValue: null, lowest30d: null },
      labels: expect.arrayContaining(["organic", "vegan"]),
      originCountry: "Ecuador",
      categories: [
        { id: "obst-gemuese", parentId: "startseite", parentIds: ["startseite"] },
        { id: "obst", parentId: "obst-gemuese", parentIds: ["startseite", "obst-gemuese"] },
      ],
    });
  });

  it("gives the sale's former and lowest price and the deposit in euros, written with two places", async () => {
    const { products } = await call<{ products: Product[] }>("/rest/V1/els/products?skus=120005,160001");
    expect(products[0]).toMatchObject({
      sku: "120005",
      price: { value: 1.39, regularValue: 1.59, lowest30d: 1.55 },
      badges: expect.arrayContaining(["sale"]),
    });
    expect(products[1]).toMatchObject({ sku: "160001", price: { value: 5.99 }, deposit: 3.3, taxPercent: 19 });
    const raw = await text("/rest/V1/els/products?skus=120005,160001");
    expect(raw).toContain('"price":{"value":1.39,"regularValue":1.59,"lowest30d":1.55}');
    expect(raw).toContain('"deposit":3.30');
    // the same prices as the product page, cent for cent
    const [sale, crate] = await loadProductsBySku(shop.db, ["120005", "160001"]);
    expect(cents(products[0].price.value)).toBe(sale.priceCents);
    expect(cents(products[1].deposit)).toBe(crate.depositCents);
  });

  it("reads the same product as its page", async () => {
    const { products } = await call<{ products: Product[] }>("/rest/V1/els/products?skus=120001");
    const html = await page("/catalog/product/120001");
    expect(html).toContain(products[0].name.replace("&", "&amp;"));
    expect(html).toContain(products[0].supplier?.name);
  });

  it("takes 60 SKUs and refuses 61, a bad character, an empty entry and unknown parameters", async () => {
    const listed = (await call<ListAnswer>("/rest/V1/els/category?id=milch-eier")).products.map((p) => p.sku);
    expect(listed).toHaveLength(35);
    const unknown = Array.from({ length: 25 }, (_, i) => `X-${i}`);
    const sixty = [...unknown.slice(0, 10), ...listed, ...unknown.slice(10)].join(",");
    const found = await call<{ products: Product[] }>(`/rest/V1/els/products?skus=${sixty}`);
    expect(found.products.map((p) => p.sku)).toEqual(listed);
    const tooMany = await call<Failure>(`/rest/V1/els/products?skus=${sixty},999999`, 400);
    expect(tooMany.parameters).toEqual(["query.skus: Bitte frage höchstens 60 Artikelnummern auf einmal ab."]);
    const bad = await call<Failure>("/rest/V1/els/products?skus=120001,12%270001", 400);
    expect(bad.parameters).toEqual([
      "query.skus.1: Ungültige Artikelnummer: nur Buchstaben, Ziffern und Bindestriche, höchstens 40 Zeichen.",
    ]);
    await call("/rest/V1/els/products?skus=120001,,100001", 400);
    await call("/rest/V1/els/products?skus=", 400);
    await call(`/rest/V1/els/products?skus=${"1".repeat(41)}`, 400);
    await call("/rest/V1/els/products", 400);
    await call("/rest/V1/els/products?skus=120001&sku=100001", 400);
  });
});

describe("loadProductsBySku", () => {
  /** The binding, counting its round trips (a batch is one). */
  function counting(db: D1Database) {
    const trips = { n: 0 };
    const counted = {
      prepare: (sql: string) => db.prepare(sql),
      batch: (statements: D1PreparedStatement[]) => {
        trips.n++;
        return db.batch(statements);
      },
    } as unknown as D1Database;
    return { counted, trips };
  }

  it("reads up to 60 products with their allergens and flavourings in one round trip, in the order asked", async () => {
    const { counted, trips } = counting(shop.db);
    const skus = ["100001", "nope", "120001", "100001", ...Array.from({ length: 57 }, (_, i) => `X${i}`)];
    const products = await loadProductsBySku(counted, skus);
    expect(trips.n).toBe(1);
    expect(products.map((p) => p.sku)).toEqual(["100001", "120001"]);
    expect(products[1]).toMatchObject({
      priceCents: 139,
      taxRate: 7,
      allergens: ["milk"],
      categoryId: "milch",
      stockManaged: true,
      inStock: true,
    });
    expect(products[1].stockQty).toBeGreaterThan(0);
    expect(products[0].allergens).toEqual([]);
  });

  it("reads the product page's detail of a product unchanged", async () => {
    const [product] = await loadProductsBySku(shop.db, ["120001"]);
    const detail = await loadProductDetail(shop.db, "120001");
    expect(product).toEqual(detail?.product);
  });

  it("asks nothing for no SKUs and refuses more than 60 distinct ones", async () => {
    const { counted, trips } = counting(shop.db);
    expect(await loadProductsBySku(counted, [])).toEqual([]);
    expect(trips.n).toBe(0);
    await expect(
      loadProductsBySku(
        counted,
        Array.from({ length: MAX_SKUS_PER_READ + 1 }, (_, i) => `X${i}`),
      ),
    ).rejects.toThrow(RangeError);
    expect(trips.n).toBe(0);
  });
});

describe("GET /rest/V1/url-resolver", () => {
  it.each([
    ["/impressum", { type: "redirect", target: "/pages/legal/impressum", external: false, status: 301 }],
    ["/Filialen/", { type: "redirect", target: "/content/map", external: false, status: 301 }],
    ["/karriere", { type: "redirect", target: "https://karriere.frischkorb.example/", external: true, status: 302 }],
    [
      "/de/catalog/category/milch",
      { type: "redirect", target: "/catalog/category/milch", external: false, status: 301 },
    ],
    ["/catalog/category/milch-eier", { type: "category", id: "milch-eier" }],
    ["/catalog/product/120001", { type: "product", id: "120001" }],
    ["/content/mitgliedschaft", { type: "page", kind: "content", id: "mitgliedschaft" }],
    ["/pages/legal/agb", { type: "page", kind: "legal", id: "agb" }],
  ])("resolves %s", async (path, expected) => {
    expect(await call(`/rest/V1/url-resolver?path=${encodeURIComponent(path)}`)).toEqual(expected);
  });

  it("answers the redirects the pages answer", async () => {
    for (const path of ["/impressum", "/karriere", "/de/catalog/category/milch"]) {
      const answer = await call<{ target: string; status: number }>(
        `/rest/V1/url-resolver?path=${encodeURIComponent(path)}`,
      );
      const res = await shop.fetch(path);
      expect(res.status, path).toBe(answer.status);
      expect(res.headers.get("Location"), path).toBe(answer.target);
    }
  });

  it("answers 404 where there is no page, and 400 for what is not a path of the shop", async () => {
    for (const path of [
      "/nirgends",
      "/catalog/category/gibt-es-nicht",
      "/catalog/product/999999",
      "/catalog/product/12'0001",
      "/content/gibt-es-nicht",
      "/pages/legal/gibt-es-nicht",
    ]) {
      const answer = await call<Failure>(`/rest/V1/url-resolver?path=${encodeURIComponent(path)}`, 404);
      expect(answer).toEqual({ message: "Unter diesem Pfad gibt es keine Seite.", parameters: [path] });
    }
    for (const path of ["impressum", "//evil.example", "/\\evil.example", `/${"a".repeat(2000)}`]) {
      const answer = await call<Failure>(`/rest/V1/url-resolver?path=${encodeURIComponent(path)}`, 400);
      expect(answer.parameters[0]).toMatch(/^query\.path: /);
    }
    await call("/rest/V1/url-resolver", 400);
    await call("/rest/V1/url-resolver?path=/impressum&x=1", 400);
  });
});

describe("the catalogue's calls", () => {
  it("are public, read-only and in the description", async () => {
    const doc = await call<{
      paths: Record<string, Record<string, { tags: string[]; security: unknown[]; parameters?: { name: string }[] }>>;
    }>("/rest/V1/openapi.json");
    const paths = [
      "/rest/V1/els/search",
      "/rest/V1/els/suggestions",
      "/rest/V1/els/categories",
      "/rest/V1/els/category",
      "/rest/V1/els/products",
      "/rest/V1/url-resolver",
    ];
    for (const path of paths) {
      expect(Object.keys(doc.paths[path] ?? {}), path).toEqual(["get"]);
      expect(doc.paths[path].get.tags).toEqual(["Katalog"]);
      expect(doc.paths[path].get.security).toEqual([]);
      const post = await shop.fetch(path, { method: "POST" });
      expect(post.status, path).toBe(405);
      expect(post.headers.get("Allow")).toBe("GET");
    }
    expect(doc.paths["/rest/V1/els/search"].get.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(["q", "page", "sort", "priceMin", "brands", "bio", "inStock"]),
    );
    expect(doc.paths["/rest/V1/els/products"].get.parameters?.map((p) => p.name)).toEqual(["skus"]);
  });
});
