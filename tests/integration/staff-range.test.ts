/**
 * The range in the back office (issue 33 §2, decision 0046): Rudi Regal changes a price and the
 * product page, the category listing, its copies and facet counts follow at once, with the lowest
 * price of 30 days computed from the price history; bad input and a stale form change nothing;
 * stock corrections and orders at the same moment never lose an update; the edge-cached pages show
 * a change at once (their keys name the range's version).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { correctStock } from "~/domain/range/range.server";
import { staffByEmail } from "~/domain/staff/staff.server";
import type { StaffMember } from "~/domain/staff/roles";
import { Browser, csrfOf } from "./browser";
import { checkoutHelpers } from "./checkout-helpers";
import { DEMO_STAFF, staffBrowser } from "./staff-browser";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
let rudi: Browser;
let rudiMember: StaffMember;
beforeAll(async () => {
  shop = await startShop({ bindings: { EDGE_CACHE_SECONDS: "300" } });
  rudi = await staffBrowser(shop, "rudi");
  rudiMember = (await staffByEmail(shop.db, DEMO_STAFF.rudi))!;
});
afterAll(async () => {
  await shop?.dispose();
});

const one = async <T>(sql: string, ...params: unknown[]) =>
  (await shop.db
    .prepare(sql)
    .bind(...params)
    .first<T>())!;
const auditOf = async (sku: string) =>
  (await one<{ n: number }>("SELECT count(*) AS n FROM audit_entry WHERE subject = ?", sku)).n;
const productOf = (sku: string) =>
  one<{
    price_cents: number;
    regular_price_cents: number | null;
    lowest_price_30d_cents: number | null;
    stock_qty: number;
  }>("SELECT price_cents, regular_price_cents, lowest_price_30d_cents, stock_qty FROM product WHERE sku = ?", sku);
const versionOf = (html: string) => /name="priceVersion" value="(\d+)"/.exec(html)?.[1] ?? "";
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
/** The product page's own part, before its similar products (which show their own prices). */
const productPage = async (sku: string) =>
  text((await new Browser(shop).get(`/catalog/product/${sku}`)).html).split("Ähnliche Produkte")[0];

async function postPrice(sku: string, fields: Record<string, string>) {
  const page = await rudi.get(`/staff/range/${sku}`);
  return rudi.post(
    `/staff/range/${sku}`,
    { intent: "price", priceVersion: versionOf(page.html), ...fields },
    { csrf: csrfOf(page.html) },
  );
}

describe("the range list", () => {
  it("finds products by name, brand and SKU, by category, sold out and reduced; sorted and paged in the URL", async () => {
    const all = await rudi.get("/staff/range");
    expect(all.res.status).toBe(200);
    expect(all.res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(all.html).toContain("Sortiment");
    expect(text((await rudi.get("/staff/range?q=Vollmilch")).html)).toContain("Frische Vollmilch 3,8 %");
    expect(text((await rudi.get("/staff/range?q=12000")).html)).toContain("120001");
    expect(text((await rudi.get("/staff/range?q=Lindenauer")).html)).toContain("Frische Vollmilch");
    const cheese = text((await rudi.get("/staff/range?category=milch&sort=price&dir=desc")).html);
    expect(cheese).toContain("Frische Vollmilch");
    const reduced = await rudi.get("/staff/range?show=reduced");
    expect(text(reduced.html)).toContain("100006");
    expect(text(reduced.html)).not.toContain("120001 ");
    // nonsense parameters fall back to the defaults
    expect((await rudi.get("/staff/range?sort=%27&dir=x&page=-4&show=%3Cb%3E&category=nope")).res.status).toBe(200);
  });
});

describe("a price change", () => {
  it("lowered as a reduction: the product page shows the computed lowest price; raised again: no reduction", async () => {
    const sku = "120001";
    const before = await productOf(sku);
    expect(before).toMatchObject({ price_cents: 139, regular_price_cents: null });
    const audits = await auditOf(sku);

    const lowered = await postPrice(sku, { price: "1,19", reduction: "on" });
    expect(lowered.res.status).toBe(302);
    expect(await productOf(sku)).toMatchObject({
      price_cents: 119,
      regular_price_cents: 139,
      lowest_price_30d_cents: 139,
    });
    expect(await auditOf(sku)).toBe(audits + 1);
    const page = await productPage(sku);
    expect(page).toContain("1,19");
    expect(page).toContain("Niedrigster Preis der letzten 30 Tage: 1,39");
    // the listing copies and the facet counts follow in the same batch
    expect(
      await one("SELECT price_cents, on_sale FROM product_category WHERE sku = ? AND category_id = 'milch'", sku),
    ).toEqual({ price_cents: 119, on_sale: 1 });
    const listing = text((await new Browser(shop).get("/catalog/category/milch?sale=1")).html);
    expect(listing).toContain("Frische Vollmilch 3,8 %");

    const raised = await postPrice(sku, { price: "1,49" });
    expect(raised.res.status).toBe(302);
    expect(await productOf(sku)).toMatchObject({
      price_cents: 149,
      regular_price_cents: null,
      lowest_price_30d_cents: null,
    });
    const after = await productPage(sku);
    expect(after).toContain("1,49");
    expect(after).not.toContain("Niedrigster Preis der letzten 30 Tage");

    // reduced again from 1,49: the lowest price of the 30 days before is the 1,19 of a moment ago
    expect((await postPrice(sku, { price: "1,29", reduction: "on" })).res.status).toBe(302);
    expect(await productOf(sku)).toMatchObject({
      price_cents: 129,
      regular_price_cents: 149,
      lowest_price_30d_cents: 119,
    });
    const again = await productPage(sku);
    expect(again).toContain("Niedrigster Preis der letzten 30 Tage: 1,19");
    const history = await one<{ n: number }>("SELECT count(*) AS n FROM price_history WHERE sku = ?", sku);
    expect(history.n).toBe(4);
  });

  it("bad input: a German message at the field, the input kept, nothing changed", async () => {
    const sku = "120002";
    const before = await productOf(sku);
    const audits = await auditOf(sku);
    for (const price of ["", "abc", "0", "-1", "2,999", "12345678", "1e3"]) {
      const answer = await postPrice(sku, { price });
      expect(answer.res.status, price).toBe(400);
      expect(text(answer.html), price).toMatch(/Bitte einen Preis|Der Preis ist zu hoch/);
      if (price) expect(answer.html).toContain(`value="${price}"`);
    }
    // a reduction needs a higher price before it
    const dearer = await postPrice(sku, { price: "99,00", reduction: "on" });
    expect(dearer.res.status).toBe(409);
    expect(text(dearer.html)).toContain("Eine Ermäßigung braucht einen höheren Preis davor");
    expect(await productOf(sku)).toEqual(before);
    expect(await auditOf(sku)).toBe(audits);
  });

  it("a stale form (the history changed since the page was shown) is refused; nothing changes twice", async () => {
    const sku = "120003";
    const page = await rudi.get(`/staff/range/${sku}`);
    const fields = { intent: "price", priceVersion: versionOf(page.html), price: "2,22" };
    const answers = await Promise.all(
      [0, 1, 2].map(() => rudi.post(`/staff/range/${sku}`, fields, { csrf: csrfOf(page.html) })),
    );
    expect(answers.map((a) => a.res.status).sort()).toEqual([302, 409, 409]);
    const stale = answers.find((a) => a.res.status === 409)!;
    expect(text(stale.html)).toContain("Der Artikel wurde inzwischen geändert");
    expect((await productOf(sku)).price_cents).toBe(222);
    expect(await auditOf(sku)).toBe(1);
  });
});

describe("stock", () => {
  it("a correction with its reason; below zero refused; at 0 the shop shows sold out", async () => {
    const sku = "120004";
    const { stock_qty } = await productOf(sku);
    const page = await rudi.get(`/staff/range/${sku}`);
    const csrf = csrfOf(page.html);
    const missing = await rudi.post(`/staff/range/${sku}`, { intent: "stock", delta: "-3", reason: "" }, { csrf });
    expect(missing.res.status).toBe(400);
    expect(text(missing.html)).toContain("Bitte einen Grund nennen");
    const tooMany = await rudi.post(
      `/staff/range/${sku}`,
      { intent: "stock", delta: String(-(stock_qty + 1)), reason: "Inventur" },
      { csrf },
    );
    expect(tooMany.res.status).toBe(409);
    expect(text(tooMany.html)).toContain("Der Bestand kann nicht unter 0 fallen");
    expect((await productOf(sku)).stock_qty).toBe(stock_qty);
    const empty = await rudi.post(
      `/staff/range/${sku}`,
      { intent: "stock", delta: String(-stock_qty), reason: "Inventur: Regal leer" },
      { csrf },
    );
    expect(empty.res.status).toBe(302);
    expect((await productOf(sku)).stock_qty).toBe(0);
    expect(await one("SELECT delta, qty_after, reason FROM stock_change WHERE sku = ? ORDER BY id DESC", sku)).toEqual({
      delta: -stock_qty,
      qty_after: 0,
      reason: "Inventur: Regal leer",
    });
    expect(await productPage(sku)).toMatch(/ausverkauft/i);
  });

  it("corrections and orders at the same moment: none is lost, stock never below zero", async () => {
    const sku = "120005";
    const { stock_qty: start } = await productOf(sku);
    // orders take stock as the checkout does (place-order.server.ts): stock_qty - qty, CHECK >= 0
    const order = (qty: number) =>
      shop.db
        .prepare("UPDATE product SET stock_qty = stock_qty - ? WHERE sku = ? AND stock_managed = 1")
        .bind(qty, sku)
        .run()
        .then(() => -qty)
        .catch(() => 0);
    const corrections = Array.from({ length: 15 }, (_, i) => (i % 3 === 0 ? -2 : 5));
    const results = await Promise.all([
      ...corrections.map((delta) =>
        correctStock(shop.db, rudiMember, sku, { delta, reason: "Lieferung gezählt" }).then((r) => (r.ok ? delta : 0)),
      ),
      ...Array.from({ length: 15 }, () => order(1)),
    ]);
    const applied = results.reduce((sum, d) => sum + d, 0);
    expect((await productOf(sku)).stock_qty).toBe(start + applied);
    const logged = await one<{ n: number }>("SELECT count(*) AS n FROM stock_change WHERE sku = ?", sku);
    expect(logged.n).toBe(results.slice(0, corrections.length).filter((d) => d !== 0).length);
  });
});

describe("stock against real checkouts", () => {
  it("five checkouts and ten corrections at once: every order's stock and every correction counted", async () => {
    const { buyer, checkoutForm, standardOrder, stockOf } = checkoutHelpers(shop);
    const sku = "160009";
    const buyers = await Promise.all(Array.from({ length: 5 }, () => buyer(20, sku)));
    const forms = await Promise.all(buyers.map((b) => checkoutForm(b.browser)));
    const start = await stockOf(sku);
    const page = await rudi.get(`/staff/range/${sku}`);
    const deltas = [3, -1, 4, -2, 5, -1, 2, -3, 6, 1];
    const [orders, corrections] = await Promise.all([
      Promise.all(
        buyers.map((b, i) =>
          b.browser.post("/checkout", standardOrder(forms[i], b.addressId), { csrf: forms[i].csrf }),
        ),
      ),
      Promise.all(
        deltas.map((delta) =>
          rudi.post(
            `/staff/range/${sku}`,
            { intent: "stock", delta: String(delta), reason: "Nachzählung" },
            { csrf: csrfOf(page.html) },
          ),
        ),
      ),
    ]);
    expect(corrections.map((c) => c.res.status)).toEqual(deltas.map(() => 302));
    const placed = (
      await one<{ n: number }>(
        `SELECT coalesce(sum(i.qty), 0) AS n FROM order_item i JOIN customer_order o ON o.id = i.order_id
          WHERE i.sku = ? AND o.customer_id IN (${buyers.map(() => "?").join(", ")})`,
        sku,
        ...buyers.map((b) => b.id),
      )
    ).n;
    expect(orders.map((o) => o.res.status)).toEqual(buyers.map(() => 302));
    // each cart holds 20 (above the minimum order value)
    expect(placed).toBe(100);
    expect(await stockOf(sku)).toBe(start - placed + deltas.reduce((a, b) => a + b, 0));
  }, 60_000);
});

describe("the master data", () => {
  const revisionOf = (html: string) => /name="revision" value="(\d+)"/.exec(html)?.[1] ?? "";
  const base = {
    intent: "details",
    name: "Frische Weidemilch 3,8 %",
    brand: "Lindenauer",
    description: "Von Kühen auf der Weide.",
    ingredients: "Vollmilch (_Milch_)",
    taxRate: "7",
    deposit: "0,15",
    netQuantity: "1",
    unit: "l",
    packCount: "1",
    minAge: "0",
    categoryId: "milch",
    allergens: "milk",
    is_vegetarian: "on",
    is_organic: "on",
    fat: "3,8",
    salt: "0,13",
  };

  it("a new name, flags and nutrition: the shop's page, its search and its facet counts follow at once", async () => {
    const sku = "120040";
    const page = await rudi.get(`/staff/range/${sku}`);
    const organicBefore = await one<{ count: number }>(
      "SELECT count FROM category_facet_count WHERE category_id = 'milch-eier' AND facet = 'flags' AND value = 'bio'",
    );
    const saved = await rudi.post(
      `/staff/range/${sku}`,
      { ...base, revision: revisionOf(page.html) },
      { csrf: csrfOf(page.html) },
    );
    expect(saved.res.status).toBe(302);
    const shown = await productPage(sku);
    expect(shown).toContain("Frische Weidemilch 3,8 %");
    expect(shown).toContain("0,15 € Pfand");
    expect(text((await new Browser(shop).get("/search/find?q=Weidemilch")).html)).toContain("Frische Weidemilch 3,8 %");
    const organicAfter = await one<{ count: number }>(
      "SELECT count FROM category_facet_count WHERE category_id = 'milch-eier' AND facet = 'flags' AND value = 'bio'",
    );
    expect(organicAfter.count).toBe(organicBefore.count + 1);
    const entry = await one<{ after_json: string }>(
      "SELECT after_json FROM audit_entry WHERE action = 'range.details' AND subject = ? ORDER BY id DESC",
      sku,
    );
    expect(JSON.parse(entry.after_json)).toMatchObject({
      name: "Frische Weidemilch 3,8 %",
      is_organic: 1,
      deposit_cents: 15,
    });
  });

  it("bad numbers and an empty name: German messages at the fields, nothing changed; a stale form is refused", async () => {
    const sku = "120041";
    const before = await one("SELECT * FROM product WHERE sku = ?", sku);
    const page = await rudi.get(`/staff/range/${sku}`);
    const revision = revisionOf(page.html);
    const bad = await rudi.post(
      `/staff/range/${sku}`,
      { ...base, revision, name: " ", fat: "drei", netQuantity: "0", deposit: "-1", taxRate: "16", unit: "fass" },
      { csrf: csrfOf(page.html) },
    );
    expect(bad.res.status).toBe(400);
    const message = text(bad.html);
    for (const expected of [
      "Bitte ausfüllen.",
      "Bitte eine Zahl wie 3,8 eingeben.",
      "Bitte den Inhalt als Zahl größer als 0 eingeben",
      "Bitte einen Betrag wie 0,25 eingeben",
      "Bitte 7 % oder 19 % wählen.",
      "Bitte eine Einheit wählen.",
    ])
      expect(message).toContain(expected);
    expect(bad.html).toContain('value="drei"');
    expect(await one("SELECT * FROM product WHERE sku = ?", sku)).toEqual(before);

    const ok = await rudi.post(
      `/staff/range/${sku}`,
      { ...base, revision, name: "Erste Fassung" },
      { csrf: csrfOf(page.html) },
    );
    expect(ok.res.status).toBe(302);
    const stale = await rudi.post(
      `/staff/range/${sku}`,
      { ...base, revision, name: "Zweite Fassung" },
      { csrf: csrfOf(page.html) },
    );
    expect(stale.res.status).toBe(409);
    expect(text(stale.html)).toContain("Der Artikel wurde inzwischen geändert");
    expect((await one<{ name: string }>("SELECT name FROM product WHERE sku = ?", sku)).name).toBe("Erste Fassung");
  });
});

describe("the edge cache", () => {
  it("a cached product page and its category page show a price change at once", async () => {
    const sku = "120006";
    const visitor = new Browser(shop);
    const paths = [`/catalog/product/${sku}`, "/catalog/category/milch"];
    for (const path of paths) {
      await visitor.get(path);
      // the store is written after the answer; ask until the copy is there
      await expect.poll(async () => (await visitor.get(path)).res.headers.get("X-Edge-Cache")).toBe("HIT");
    }
    expect((await postPrice(sku, { price: "0,99", reduction: "on" })).res.status).toBe(302);
    for (const path of paths) {
      const page = await visitor.get(path);
      expect(page.res.headers.get("X-Edge-Cache"), path).toBeNull();
      expect(text(page.html), path).toContain("0,99");
    }
  });
});
