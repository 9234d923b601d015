import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

async function html(pathname: string) {
  const res = await shop.fetch(pathname);
  expect(res.status, pathname).toBe(200);
  return res.text();
}

const tileSkus = (page: string) =>
  [
    ...page.matchAll(
      /class="tile-link"[^>]*href="\/catalog\/product\/(\d+)"|href="\/catalog\/product\/(\d+)"[^>]*class="tile-link"/g,
    ),
  ].map((m) => m[1] ?? m[2]);
const count = (page: string) => Number(/([\d.]+) Produkte?</.exec(page)?.[1]?.replaceAll(".", "") ?? "NaN");
const prices = (page: string) =>
  [...page.matchAll(/class="price-current[^"]*">([\d.]+,\d\d)/g)].map((m) =>
    Number(m[1].replace(".", "").replace(",", ".")),
  );

describe("filters and sorting", () => {
  it("bad filter values give a normal page, never a 500", async () => {
    const bad = [
      "priceMin=-5&priceMax=abc",
      "priceMin=1e308",
      "sugarMax=999999999999",
      "fatMin=NaN&fatMax=-1",
      "brands=%00%27%22%3Cscript%3E",
      "allergens=unbekannt",
      `categories=${"x".repeat(500)}`,
      "page=-3",
      "page=1.5",
      "page=99999999999",
      "sort=DROP%20TABLE",
      "vegan=maybe",
      `brands=${Array.from({ length: 200 }, (_, i) => `b${i}`).join("&brands=")}`,
    ];
    for (const q of bad) {
      const res = await shop.fetch(`/catalog/category/milch-eier?${q}`);
      expect(res.status, q).toBe(200);
    }
  });

  it("price ascending and descending sort the tiles", async () => {
    const asc = prices(await html("/catalog/category/milch-eier?sort=price_asc"));
    const desc = prices(await html("/catalog/category/milch-eier?sort=price_desc"));
    expect(asc.length).toBeGreaterThan(5);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it("a flag filter narrows the list and its facet count matches", async () => {
    const all = await html("/catalog/category/milch-eier");
    const flagCount = Number(/name="bio"[^>]*\/?>Bio(?:<!-- -->)? <span class="facet-count">\((\d+)\)/.exec(all)?.[1]);
    const organic = await html("/catalog/category/milch-eier?bio=1");
    expect(count(organic)).toBe(flagCount);
    expect(count(organic)).toBeLessThan(count(all));
  });

  it("price range keeps prices inside the range", async () => {
    const page = await html("/catalog/category/milch-eier?priceMin=1&priceMax=2,00");
    const p = prices(page);
    expect(p.length).toBeGreaterThan(0);
    expect(p.every((v) => v >= 1 && v <= 2)).toBe(true);
  });

  it("excluding an allergen removes every product that contains it", async () => {
    const page = await html("/catalog/category/milch-eier?allergens=milk");
    for (const sku of tileSkus(page)) {
      const detail = await html(`/catalog/product/${sku}`);
      expect(detail, sku).not.toMatch(/<h3>Allergene<\/h3><p>[^<]*Milch/);
    }
  });

  it("sold-out products are hidden in lists but their page says sold out", async () => {
    const { results } = await shop.db
      .prepare("SELECT sku, category_id FROM product WHERE stock_qty = 0 LIMIT 1")
      .all<{ sku: string; category_id: string }>();
    expect(results.length).toBe(1);
    const [{ sku, category_id }] = results;
    expect(tileSkus(await html(`/catalog/category/${category_id}`))).not.toContain(sku);
    expect(await html(`/catalog/product/${sku}`)).toContain("Ausverkauft");
  });

  it("pages hold 60 products; 'more' leads to the next 60", async () => {
    const first = await html("/catalog/category/startseite");
    expect(tileSkus(first).length).toBe(60);
    expect(first).toContain("Mehr Produkte anzeigen");
    const second = await html("/catalog/category/startseite?page=2");
    const overlap = tileSkus(second).filter((s) => tileSkus(first).includes(s));
    expect(overlap).toEqual([]);
  });
});

describe("search", () => {
  it("'milch' finds compounds like Vollmilch and Hafermilch/-drink products", async () => {
    const page = await html("/search/find?q=milch");
    expect(page).toMatch(/Vollmilch/);
    expect(count(page)).toBeGreaterThan(3);
  });

  it("'kase' finds Käse (umlauts ignored)", async () => {
    const page = await html("/search/find?q=kase");
    expect(page).toMatch(/Käse/);
    expect(count(page)).toBeGreaterThan(3);
  });

  it("too short input shows the minimum-length hint", async () => {
    const page = await html("/search/find?q=ei");
    expect(page).toContain("Bitte gib mindestens 3 Zeichen ein");
  });

  it("no hits: a helpful empty page with category links", async () => {
    const page = await html("/search/find?q=xylophonzubehoer");
    expect(page).toContain("haben wir leider nichts gefunden");
    expect(page).toContain('href="/catalog/category/obst-gemuese"');
  });

  it("a plain query with hits may be indexed and has a description; empty, short and filtered ones may not", async () => {
    const hits = await html("/search/find?q=milch");
    expect(hits).toContain('<meta name="robots" content="index, follow"/>');
    expect(hits).toMatch(
      /<meta name="description" content="\d+ Produkte zu „milch“ bei Frischkorb: Preise inkl\. MwSt\./,
    );
    for (const q of ["xylophonzubehoer", "ei", "milch&bio=1"]) {
      const page = await html(`/search/find?q=${q}`);
      expect(page, q).toContain('<meta name="robots" content="noindex, follow"/>');
      if (q !== "milch&bio=1") expect(page, q).not.toContain('name="description"');
    }
  });

  it("FTS syntax in the input is just text", async () => {
    for (const q of ['"', "milch OR", "NEAR(a b)", "*", 'milch" OR "x', "^^^", "a".repeat(500)]) {
      const res = await shop.fetch(`/search/find?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
  });

  it("suggestions answer with categories and products", async () => {
    const res = await shop.fetch("/search/suggest?q=kase");
    const body = (await res.json()) as { categories: { name: string }[]; products: unknown[] };
    expect(body.categories.map((c) => c.name)).toContain("Käse");
    expect(body.products.length).toBeGreaterThan(0);
  });
});

describe("images and translations", () => {
  it("product images are generated SVGs", async () => {
    const res = await shop.fetch("/images/products/120001.svg?w=480");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(res.headers.get("Content-Security-Policy")).toBe("default-src 'none'");
    const svg = await res.text();
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]* role="img" aria-label="Frische Vollmilch 3,8 %"/,
    );
    expect(svg).not.toContain("<style");
    expect((await shop.fetch("/images/products/nope.svg")).status).toBe(404);
  });

  it("a listing draws the packs into its tiles, in their category's colour, instead of linking image files", async () => {
    const html = await (await shop.fetch("/catalog/category/milch-eier")).text();
    const tile = html.slice(html.indexOf('href="/catalog/product/120001"'));
    const pack =
      /^[^>]*><span class="tile-pack"><svg viewBox="0 0 512 512" aria-hidden="true"[^>]*>(.*?)<\/svg><\/span>/.exec(
        tile,
      );
    expect(pack, "the first tile's pack").not.toBeNull();
    expect(pack?.[1]).toContain("LINDENAUER");
    expect(pack?.[1]).toContain('<use href="#pack-carton"/>');
    // milch-eier's colour (scripts/seed), the pack's body
    expect(pack?.[0]).toContain('color="#3f7fb5"');
    // the page defines each shape its packs use once, after its last tile
    expect(html.match(/<g id="pack-carton">/g)).toHaveLength(1);
    expect(html.lastIndexOf('<use href="#pack-carton"/>')).toBeLessThan(html.indexOf('<g id="pack-carton">'));
    expect(html).not.toContain('id="pack-tube"');
    expect(html).not.toContain("/images/products/");
    // the product page keeps its image file: it is the lightbox's large image too
    expect(await (await shop.fetch("/catalog/product/120001")).text()).toContain("/images/products/120001.svg?w=480");
  });

  it("translation files are served for the browser", async () => {
    const res = await shop.fetch("/locales/de/catalog.json");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { filter: { title: string } }).filter.title).toBe("Filtern");
    expect((await shop.fetch("/locales/xx/catalog.json")).status).toBe(404);
  });
});
