/**
 * Publishing, withdrawing and moving a product (issue 33 §2, decision 0047): a withdrawn product
 * leaves every list, facet count, the search and its page, and carts lose it with a notice; published
 * again it is back. A product moved to another category, or given other allergens, is listed and
 * counted there at once. The facet counts stay what a count from scratch gives.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, csrfOf, DEMO, signIn } from "./browser";
import { staffBrowser } from "./staff-browser";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
let rudi: Browser;
beforeAll(async () => {
  shop = await startShop();
  rudi = await staffBrowser(shop, "rudi");
});
afterAll(async () => {
  await shop?.dispose();
});

const rows = async <T>(sql: string, ...params: unknown[]) =>
  (
    await shop.db
      .prepare(sql)
      .bind(...params)
      .all<T>()
  ).results;
const one = async <T>(sql: string, ...params: unknown[]) => (await rows<T>(sql, ...params))[0];
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const audits = async (sku: string) =>
  (await one<{ n: number }>("SELECT count(*) AS n FROM audit_entry WHERE subject = ?", sku)).n;
const version = async () => (await one<{ version: number }>("SELECT version FROM catalogue_version")).version;

/** The facet counts as migration 0015 computes them from scratch, against the kept ones. */
async function expectExactFacetCounts() {
  const fresh = await rows<{ key: string; count: number }>(
    `SELECT category_id || '|' || facet || '|' || value AS key, count(*) AS count FROM (
      SELECT category_id, 'total' AS facet, '' AS value FROM product_category WHERE in_stock = 1
      UNION ALL SELECT category_id, 'brands', brand FROM product_category WHERE in_stock = 1
      UNION ALL SELECT pc.category_id, 'allergens', a.allergen FROM product_category pc JOIN product_allergen a ON a.sku = pc.sku WHERE pc.in_stock = 1
      UNION ALL SELECT pc.category_id, 'flavoringIngredients', f.flavoring FROM product_category pc JOIN product_flavoring f ON f.sku = pc.sku WHERE pc.in_stock = 1
    ) GROUP BY category_id, facet, value ORDER BY key`,
  );
  const kept = await rows<{ key: string; count: number }>(
    `SELECT category_id || '|' || facet || '|' || value AS key, count FROM category_facet_count
      WHERE count > 0 AND facet <> 'flags' ORDER BY key`,
  );
  expect(kept).toEqual(fresh);
}

async function publish(sku: string, published: "0" | "1") {
  const page = await rudi.get(`/staff/range/${sku}`);
  return rudi.post(`/staff/range/${sku}`, { intent: "publish", published }, { csrf: csrfOf(page.html) });
}

describe("withdrawing and publishing again", () => {
  it("a withdrawn product leaves lists, counts, search, its page and carts; published again it is back", async () => {
    const sku = "120004";
    const name = "Laktosefreie Milch 1,5 %";
    const visitor = new Browser(shop);
    expect(text((await visitor.get("/catalog/category/milch")).html)).toContain(name);
    const anna = new Browser(shop);
    await signIn(anna);
    const customer = await one<{ id: number }>("SELECT id FROM customer WHERE email = ?", DEMO.active);
    await shop.db
      .prepare("INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, ?, 0, 2, ?)")
      .bind(customer.id, sku, new Date().toISOString())
      .run();
    const [auditBefore, versionBefore] = [await audits(sku), await version()];

    const withdrawn = await publish(sku, "0");
    expect(withdrawn.res.status).toBe(302);
    expect(text((await rudi.get(`/staff/range/${sku}`)).html)).toContain("Der Artikel ist zurückgezogen");
    expect(await audits(sku)).toBe(auditBefore + 1);
    expect(await version()).toBeGreaterThan(versionBefore);
    expect(await rows("SELECT * FROM product_category WHERE sku = ?", sku)).toEqual([]);
    await expectExactFacetCounts();
    expect(text((await visitor.get("/catalog/category/milch")).html)).not.toContain(name);
    expect(text((await visitor.get("/search/find?q=Laktosefreie")).html)).not.toContain(name);
    expect((await visitor.get(`/catalog/product/${sku}`)).res.status).toBe(404);
    // the staff list still finds it, under its category and as withdrawn
    expect(text((await rudi.get("/staff/range?category=milch-eier&show=withdrawn")).html)).toContain(name);

    // the cart takes it out and says so; it cannot be added again
    const cart = text((await anna.get("/cart")).html);
    expect(cart).toContain(`„${name}“ gibt es nicht mehr in unserem Sortiment`);
    expect(await rows("SELECT * FROM cart_item WHERE customer_id = ? AND sku = ?", customer.id, sku)).toEqual([]);
    const add = await anna.submit(`/catalog/product/120001`, { intent: "add", sku, qty: "1" }, "/cart");
    expect(add.res.status).toBeLessThan(500);
    expect(await rows("SELECT * FROM cart_item WHERE customer_id = ? AND sku = ?", customer.id, sku)).toEqual([]);

    // a second click (the page from before) changes nothing and leaves no second entry
    const again = await rudi.post(
      `/staff/range/${sku}`,
      { intent: "publish", published: "0" },
      { csrf: csrfOf((await rudi.get(`/staff/range/${sku}`)).html) },
    );
    expect(again.res.status).toBe(409);
    expect(text(again.html)).toContain("Der Artikel wurde inzwischen geändert");
    expect(await audits(sku)).toBe(auditBefore + 1);

    expect((await publish(sku, "1")).res.status).toBe(302);
    expect(text((await visitor.get("/catalog/category/milch")).html)).toContain(name);
    expect(text((await visitor.get("/search/find?q=Laktosefreie")).html)).toContain(name);
    expect((await visitor.get(`/catalog/product/${sku}`)).res.status).toBe(200);
    expect(
      (
        await rows<{ category_id: string }>("SELECT category_id FROM product_category WHERE sku = ? ORDER BY 1", sku)
      ).map((r) => r.category_id),
    ).toEqual(["milch", "milch-eier", "startseite"]);
    await expectExactFacetCounts();
  });
});

describe("category and allergens", () => {
  const revisionOf = (html: string) => /name="revision" value="(\d+)"/.exec(html)?.[1] ?? "";
  const details = {
    intent: "details",
    name: "Bio-Vollmilch 3,8 %",
    brand: "Gläserne Molkerei",
    taxRate: "7",
    netQuantity: "1",
    unit: "l",
    packCount: "1",
    minAge: "0",
  };

  it("moved to another category with other allergens: listed and counted there at once, gone from the old one", async () => {
    const sku = "120005";
    const page = await rudi.get(`/staff/range/${sku}`);
    const saved = await rudi.post(
      `/staff/range/${sku}`,
      {
        ...details,
        revision: revisionOf(page.html),
        categoryId: "joghurt-quark",
        allergens: ["milk", "nuts"],
        flavorings: "Vanille, Zimt,  Vanille",
      },
      { csrf: csrfOf(page.html) },
    );
    expect(saved.res.status).toBe(302);
    expect(
      (
        await rows<{ category_id: string }>("SELECT category_id FROM product_category WHERE sku = ? ORDER BY 1", sku)
      ).map((r) => r.category_id),
    ).toEqual(["joghurt-quark", "milch-eier", "startseite"]);
    expect(
      (await rows<{ allergen: string }>("SELECT allergen FROM product_allergen WHERE sku = ? ORDER BY 1", sku)).map(
        (r) => r.allergen,
      ),
    ).toEqual(["milk", "nuts"]);
    expect(
      (await rows<{ flavoring: string }>("SELECT flavoring FROM product_flavoring WHERE sku = ? ORDER BY 1", sku)).map(
        (r) => r.flavoring,
      ),
    ).toEqual(["Vanille", "Zimt"]);
    await expectExactFacetCounts();
    const visitor = new Browser(shop);
    expect(text((await visitor.get("/catalog/category/joghurt-quark")).html)).toContain("Bio-Vollmilch 3,8 %");
    expect(text((await visitor.get("/catalog/category/joghurt-quark?flavoringIngredients=Zimt")).html)).toContain(
      "Bio-Vollmilch 3,8 %",
    );
    expect(text((await visitor.get("/catalog/category/milch")).html)).not.toContain("Bio-Vollmilch 3,8 %");
    const shown = text((await visitor.get(`/catalog/product/${sku}`)).html);
    expect(shown).toContain("Schalenfrüchte");
    // the form shows what was saved
    const again = await rudi.get(`/staff/range/${sku}`);
    expect(again.html).toMatch(/<option value="joghurt-quark" selected="">/);
    expect(/<input[^>]*value="nuts"[^>]*>/.exec(again.html)?.[0]).toContain("checked");
    expect(/<input[^>]*value="eggs"[^>]*>/.exec(again.html)?.[0]).not.toContain("checked");
  });

  it("an unknown category or allergen: a German message, nothing changed", async () => {
    const sku = "120002";
    const before = await one("SELECT * FROM product WHERE sku = ?", sku);
    const allergensBefore = await rows("SELECT * FROM product_allergen WHERE sku = ?", sku);
    const page = await rudi.get(`/staff/range/${sku}`);
    const revision = revisionOf(page.html);
    const unknown = await rudi.post(
      `/staff/range/${sku}`,
      { ...details, revision, categoryId: "gibt-es-nicht", allergens: ["milk"] },
      { csrf: csrfOf(page.html) },
    );
    expect(unknown.res.status).toBe(409);
    expect(text(unknown.html)).toContain("Diese Kategorie oder diesen Lieferanten gibt es nicht");
    const badAllergen = await rudi.post(
      `/staff/range/${sku}`,
      { ...details, revision, categoryId: "milch", allergens: ["milk", "plutonium"] },
      { csrf: csrfOf(page.html) },
    );
    expect(badAllergen.res.status).toBe(400);
    expect(text(badAllergen.html)).toContain("Bitte wähle nur Allergene aus der Liste.");
    const badAlcohol = await rudi.post(
      `/staff/range/${sku}`,
      { ...details, revision, categoryId: "milch", allergens: ["milk"], alcoholPercent: "4,9,1" },
      { csrf: csrfOf(page.html) },
    );
    expect(badAlcohol.res.status).toBe(400);
    expect(text(badAlcohol.html)).toContain("Bitte einen Alkoholgehalt wie 4,9 angeben");
    expect(badAlcohol.html).toContain('value="4,9,1"');
    expect(await one("SELECT * FROM product WHERE sku = ?", sku)).toEqual(before);
    expect(await rows("SELECT * FROM product_allergen WHERE sku = ?", sku)).toEqual(allergensBefore);
  });
});
