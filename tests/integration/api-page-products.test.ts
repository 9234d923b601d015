/**
 * The products a page shows, through the JSON API (`GET /v1/page/products?path=`, docs/decisions/0034):
 * the home page's rows, a category's and a search's list with the page's parameters, read by the
 * same functions as the pages and the catalogue calls.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

interface Section {
  key: string;
  title: string;
  products: { sku: string }[];
  total: number;
  hasMore: boolean;
}

async function get(path: string) {
  const res = await shop.fetch(path);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { sections: Section[] } };
}

const pageProducts = (path: string) => get(`/v1/page/products?path=${encodeURIComponent(path)}`);
const skus = (products: { sku: string }[]) => products.map((p) => p.sku);

describe("the products of a page", () => {
  it("of the home page: its rows in the page's order and with its headings", async () => {
    const res = await pageProducts("/");
    expect(res.status).toBe(200);
    expect(res.body.type).toBe("home");
    const titles: Record<string, string> = {
      sale: "Aktuelle Angebote",
      new: "Neu im Sortiment",
      pioneer: "Pionierprodukte",
    };
    expect(res.body.sections.length).toBeGreaterThan(0);
    const keys = res.body.sections.map((s) => s.key);
    expect(keys).toEqual(["sale", "new", "pioneer"].filter((k) => keys.includes(k)));
    for (const s of res.body.sections) {
      expect(s.title).toBe(titles[s.key]);
      expect(s.products.length).toBeGreaterThan(0);
      expect(s.products.length).toBeLessThanOrEqual(8);
    }
    // the page shows the same products
    const html = await (await shop.fetch("/")).text();
    for (const sku of skus(res.body.sections[0].products)) expect(html).toContain(`/catalog/product/${sku}`);
  });

  it("of a category page with its filters and sort: the catalogue call's list", async () => {
    const res = await pageProducts("/catalog/category/milch-eier?sort=price_asc&bio=1");
    expect(res.status).toBe(200);
    const listing = await get("/rest/V1/els/category?id=milch-eier&sort=price_asc&bio=1");
    expect(res.body.type).toBe("category");
    expect(res.body.sections).toHaveLength(1);
    const [section] = res.body.sections;
    expect(section.key).toBe("category");
    expect(section.title).toBe((listing.body.category as { name: string }).name);
    expect(skus(section.products)).toEqual(skus(listing.body.products as { sku: string }[]));
    expect(section.total).toBe(listing.body.total);
    expect(section.hasMore).toBe(listing.body.hasMore);
  });

  it("of the search page: the search call's list; a term too short lists nothing", async () => {
    const res = await pageProducts("/search/find?q=milch&page=1");
    const search = await get("/rest/V1/els/search?q=milch&page=1");
    expect(res.body.type).toBe("search");
    expect(res.body.sections[0]).toMatchObject({ key: "search", title: "milch", total: search.body.total });
    expect(skus(res.body.sections[0].products)).toEqual(skus(search.body.products as { sku: string }[]));
    expect((await pageProducts("/search/find?q=m")).body).toEqual({
      path: "/search/find?q=m",
      type: "search",
      sections: [],
    });
  });

  it("in the catalogue calls' shape, prices in euros; the page's own price filter (euros, „1,40“) as the page reads it", async () => {
    const res = await pageProducts("/catalog/category/milch-eier?priceMin=1,40&priceMax=2,00&sort=price_asc");
    const listing = await get("/rest/V1/els/category?id=milch-eier&priceMin=1.40&priceMax=2.00&sort=price_asc");
    expect(listing.status).toBe(200);
    const [section] = res.body.sections;
    expect(section.products).toEqual(listing.body.products);
    expect(section.total).toBe(listing.body.total);
    expect(section.total).toBeGreaterThan(0);
    for (const p of section.products as unknown as { price: { value: number } }[]) {
      expect(p.price.value).toBeGreaterThanOrEqual(1.4);
      expect(p.price.value).toBeLessThanOrEqual(2);
    }
    const raw = await (await shop.fetch(`/v1/page/products?path=${encodeURIComponent("/")}`)).text();
    expect(raw).toMatch(/"price":\{"value":\d+\.\d\d,/);
    expect(raw).not.toContain("priceCents");
  });

  it("of pages without a product list: no sections; a path with nothing: 404", async () => {
    expect((await pageProducts("/catalog/product/120001")).body).toEqual({
      path: "/catalog/product/120001",
      type: "product",
      sections: [],
    });
    expect((await pageProducts("/pages/legal/impressum")).body).toMatchObject({ type: "page", sections: [] });
    expect(await pageProducts("/nirgends/hier")).toEqual({
      status: 404,
      body: { message: "Unter diesem Pfad gibt es keine Seite.", parameters: ["/nirgends/hier"] },
    });
    expect((await pageProducts("/catalog/category/gibt-es-nicht")).status).toBe(404);
  });

  it("refuses bad input with a German 400", async () => {
    for (const query of ["", "?path=//evil.example", "?path=milch", "?path=/&x=1", `?path=/${"a".repeat(2001)}`]) {
      const res = await get(`/v1/page/products${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBe("Die Anfrage ist ungültig. Bitte überprüfe die Angaben.");
    }
  });
});
