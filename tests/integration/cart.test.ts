import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, DEMO, csrfOf, signIn } from "./browser";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => { shop = await startShop(); });
afterAll(async () => { await shop?.dispose(); });

let counter = 0;

async function customer() {
  const email = `warenkorb-${Date.now()}-${counter++}@example.org`;
  const hash = (await shop.db.prepare("SELECT password_hash FROM customer WHERE email = ?").bind(DEMO.active).first<{ password_hash: string }>())!.password_hash;
  const id = 600000 + Math.floor(Math.random() * 1e9);
  await shop.db.prepare(`INSERT INTO customer (id, email, password_hash, firstname, lastname, dob, telephone, gender, status, consents_at, created_at, updated_at)
    VALUES (?, ?, ?, 'Lea', 'Korb', '1990-01-01', '', 'w', 'active', '2026-01-01', '2026-01-01', '2026-01-01')`).bind(id, email, hash).run();
  const browser = new Browser(shop);
  await signIn(browser, email);
  const csrf = csrfOf((await browser.get("/cart")).html);
  const post = (fields: Record<string, string>) => browser.post("/cart", fields, { csrf });
  const qty = async (sku: string) => (await shop.db.prepare("SELECT qty FROM cart_item WHERE customer_id = ? AND sku = ? AND is_gift = 0").bind(id, sku).first<{ qty: number }>())?.qty ?? 0;
  return { browser, id, csrf, post, qty };
}

describe("cart", () => {
  it("adds from a product page without JavaScript and comes back with a notice", async () => {
    const { browser, csrf, qty } = await customer();
    const added = await browser.post("/cart", { intent: "add", sku: "120001", qty: "1", redirectTo: "/catalog/product/120001" }, { csrf });
    expect(added.res.headers.get("Location")).toBe("/catalog/product/120001");
    expect((await browser.follow(added)).html).toContain("„Frische Vollmilch 3,8 %“ liegt jetzt im Warenkorb.");
    expect(await qty("120001")).toBe(1);
    const cart = await browser.get("/cart");
    expect(cart.res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(cart.html).toContain("Frische Vollmilch 3,8 %");
    expect(cart.html).toContain("Steuer");
    expect(cart.html).toContain("Der Mindestbestellwert beträgt 20,00");
  });

  it("changes quantities, removes lines, and refuses bad quantities with a German message", async () => {
    const { post, qty, browser } = await customer();
    await post({ intent: "add", sku: "100001" });
    expect((await post({ intent: "setQuantity", sku: "100001", qty: "5" })).res.status).toBe(200);
    expect(await qty("100001")).toBe(5);
    for (const bad of ["-1", "1.5", "abc", "100", "99999999999", ""]) {
      const res = await post({ intent: "setQuantity", sku: "100001", qty: bad, redirectTo: "/cart" });
      expect(res.res.status, bad).toBe(302);
      expect((await browser.follow(res)).html, bad).toContain("Bitte gib eine ganze Zahl zwischen 0 und 99 ein.");
    }
    expect(await qty("100001")).toBe(5);
    expect((await post({ intent: "add", sku: "100001", qty: "0" })).res.status).toBe(400);
    expect((await post({ intent: "add", sku: "999999" })).res.status).toBe(400);
    expect((await post({ intent: "setQuantity", sku: "100001", qty: "0" })).res.status).toBe(200);
    expect(await qty("100001")).toBe(0);
    expect((await post({ intent: "remove", sku: "100001" })).res.status).toBe(400);
    expect((await post({ intent: "nonsense" })).res.status).toBe(400);
  });

  it("limits a 'last chance' product to 3 and any other to 99 (messages.api.productMaxQuantity)", async () => {
    const { post, qty, browser } = await customer();
    for (let i = 0; i < 3; i++) expect((await post({ intent: "add", sku: "100011" })).res.status).toBe(200);
    const refused = await post({ intent: "add", sku: "100011", redirectTo: "/cart" });
    expect((await browser.follow(refused)).html).toContain("Von diesem Artikel kannst du leider nicht mehr in den Warenkorb legen.");
    expect(await qty("100011")).toBe(3);
    expect((await post({ intent: "setQuantity", sku: "100011", qty: "4" })).res.status).toBe(400);
    expect((await post({ intent: "setQuantity", sku: "100001", qty: "99" })).res.status).toBe(400);
    expect((await post({ intent: "add", sku: "100001", qty: "99" })).res.status).toBe(200);
    expect((await post({ intent: "add", sku: "100001" })).res.status).toBe(400);
    expect(await qty("100001")).toBe(99);
  });

  it("refuses sold-out products with product.outOfStockNotification", async () => {
    const { post, qty } = await customer();
    expect((await post({ intent: "add", sku: "100010" })).res.status).toBe(400);
    expect(await qty("100010")).toBe(0);
  });

  it("200 concurrent 'add one' requests end at the limit of 99; the rest are refused cleanly", async () => {
    const { post, qty } = await customer();
    // 200 requests, 50 in flight at a time (Miniflare's loopback resets more open sockets at once)
    const results = [];
    for (let wave = 0; wave < 4; wave++) results.push(...await Promise.all(Array.from({ length: 50 }, () => post({ intent: "add", sku: "160009" }))));
    const statuses = results.map((r) => r.res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(99);
    expect(statuses.filter((s) => s === 400)).toHaveLength(101);
    expect(statuses.some((s) => s >= 500)).toBe(false);
    expect(await qty("160009")).toBe(99);
  }, 120_000);

  it("applies and removes vouchers; unknown, expired and too-small orders are refused", async () => {
    const { post, browser } = await customer();
    await post({ intent: "add", sku: "160009", qty: "10" });
    const unknown = await post({ intent: "applyCoupon", code: "GIBTSNICHT", redirectTo: "/cart" });
    expect((await browser.follow(unknown)).html).toContain("Dieser Gutscheincode ist leider ungültig.");
    expect((await post({ intent: "applyCoupon", code: "SOMMER2025" })).res.status).toBe(400);
    const minimum = await post({ intent: "applyCoupon", code: "FRISCH5", redirectTo: "/cart" });
    expect((await browser.follow(minimum)).html).toContain("Diesen Gutschein kannst du ab einem Warenwert von 25,00");
    expect((await post({ intent: "applyCoupon", code: "herbst10" })).res.status).toBe(200);
    const cart = await browser.get("/cart");
    expect(cart.html).toContain("Gutschein 10 % Herbstrabatt");
    expect(cart.html.replace(/<!-- -->/g, "")).toMatch(/−1,19[\s\u00a0]€/);
    await post({ intent: "removeCoupon" });
    expect((await browser.get("/cart")).html).not.toContain("Gutschein 10 % Herbstrabatt");
  });

  it("drops gifts the subtotal no longer earns, with the 'removed by force' notice", async () => {
    const { id, post, browser } = await customer();
    await post({ intent: "add", sku: "160009", qty: "50" });
    await shop.db.prepare("INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, '120026', 1, 1, '2026-01-01')").bind(id).run();
    const lowered = await post({ intent: "setQuantity", sku: "160009", qty: "2", redirectTo: "/cart" });
    expect((await browser.follow(lowered)).html).toContain("deshalb wurden Gratis-Zugaben entfernt");
    expect((await shop.db.prepare("SELECT COUNT(*) AS n FROM cart_item WHERE customer_id = ? AND is_gift = 1").bind(id).first<{ n: number }>())!.n).toBe(0);
  });

  it("needs a signed-in customer and the CSRF token", async () => {
    const visitor = new Browser(shop);
    const res = await visitor.post("/cart", { intent: "add", sku: "120001" }, { csrf: null });
    expect(res.res.status).toBe(302);
    expect(res.res.headers.get("Location")).toBe("/login?redirectTo=%2Fcart");
    const { browser } = await customer();
    expect((await browser.post("/cart", { intent: "add", sku: "120001" }, { csrf: "falsch" })).res.status).toBe(403);
  });
});
