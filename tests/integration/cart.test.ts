import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, csrfOf, signIn } from "./browser";
import { prepareTestCustomer } from "../fixtures/customer";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

let counter = 0;

async function customer() {
  const email = `warenkorb-${Date.now()}-${counter++}@example.org`;
  const id = 600000 + Math.floor(Math.random() * 1e9);
  await prepareTestCustomer(shop.db, { id, email, firstname: "Lea", lastname: "Korb", gender: "w" }).run();
  const browser = new Browser(shop);
  await signIn(browser, email);
  const csrf = csrfOf((await browser.get("/cart")).html);
  const post = (fields: Record<string, string>) => browser.post("/cart", fields, { csrf });
  const qty = async (sku: string) =>
    (
      await shop.db
        .prepare("SELECT qty FROM cart_item WHERE customer_id = ? AND sku = ? AND is_gift = 0")
        .bind(id, sku)
        .first<{ qty: number }>()
    )?.qty ?? 0;
  return { browser, id, csrf, post, qty };
}

describe("cart", () => {
  it("adds from a product page without JavaScript and comes back with a notice", async () => {
    const { browser, csrf, qty } = await customer();
    const added = await browser.post(
      "/cart",
      { intent: "add", sku: "120001", qty: "1", redirectTo: "/catalog/product/120001" },
      { csrf },
    );
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
    expect((await browser.follow(refused)).html).toContain(
      "Von diesem Artikel kannst du leider nicht mehr in den Warenkorb legen.",
    );
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
    // all 200 in flight at once
    const results = await Promise.all(Array.from({ length: 200 }, () => post({ intent: "add", sku: "160009" })));
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

  const giftCount = async (id: number) =>
    (await shop.db
      .prepare("SELECT COUNT(*) AS n FROM cart_item WHERE customer_id = ? AND is_gift = 1")
      .bind(id)
      .first<{ n: number }>())!.n;
  const addGift = (id: number, sku: string, at: string) =>
    shop.db
      .prepare("INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, ?, 1, 1, ?)")
      .bind(id, sku, at)
      .run();
  const plain = (html: string) => html.replace(/<!-- -->/g, "").replace(/\u00a0/g, " ");

  it("drops gifts the subtotal no longer earns, with the 'removed by force' notice naming how many", async () => {
    const { id, post, browser } = await customer();
    await post({ intent: "add", sku: "160009", qty: "90" }); // 107,10 €: the 100 € step, three gifts
    await addGift(id, "120026", "2026-01-01");
    await addGift(id, "120001", "2026-01-02");
    await addGift(id, "100001", "2026-01-03");
    const toStep75 = await post({ intent: "setQuantity", sku: "160009", qty: "70", redirectTo: "/cart" }); // 83,30 €
    expect(plain((await browser.follow(toStep75)).html)).toContain(
      "Dein Einkaufswert reicht nicht mehr für alle Gratis-Zugaben, deshalb haben wir eine Gratis-Zugabe entfernt.",
    );
    expect(await giftCount(id)).toBe(2);
    const belowAll = await post({ intent: "setQuantity", sku: "160009", qty: "2", redirectTo: "/cart" });
    expect(plain((await browser.follow(belowAll)).html)).toContain("deshalb haben wir 2 Gratis-Zugaben entfernt.");
    expect(await giftCount(id)).toBe(0);
  });

  it("a gift the customer takes out says 'removed by choice': another may be chosen", async () => {
    const { id, post, browser } = await customer();
    await post({ intent: "add", sku: "160009", qty: "50" });
    await addGift(id, "120026", "2026-01-01");
    const removed = await post({ intent: "remove", sku: "120026", gift: "1", redirectTo: "/cart" });
    const cart = plain((await browser.follow(removed)).html);
    expect(cart).toContain("Die Gratis-Zugabe wurde entfernt. Du kannst stattdessen eine andere auswählen.");
    expect(cart).toContain("Gratis-Zugabe für dich");
    expect(await giftCount(id)).toBe(0);
    // the same gift again, or a bought line that is not there: messages.api.itemRemovalFailed
    for (const fields of [
      { sku: "120026", gift: "1" },
      { sku: "120026", gift: "0" },
    ]) {
      const again = await post({ intent: "remove", ...fields, redirectTo: "/cart" });
      expect(plain((await browser.follow(again)).html)).toContain(
        "Der Artikel konnte nicht aus dem Warenkorb entfernt werden.",
      );
    }
  });

  it("bad quantities when adding are refused with a German message and change nothing", async () => {
    const { post, qty, browser } = await customer();
    await post({ intent: "add", sku: "100001", qty: "2" });
    for (const bad of ["-1", "0", "1.5", "abc", "100", "99999999999", "1e3", " "]) {
      const res = await post({ intent: "add", sku: "100001", qty: bad, redirectTo: "/cart" });
      expect(res.res.status, bad).toBe(302);
      expect((await browser.follow(res)).html, bad).toContain("Bitte gib eine ganze Zahl zwischen 0 und 99 ein.");
    }
    const unknown = await post({ intent: "add", sku: "999999", redirectTo: "/cart" });
    expect((await browser.follow(unknown)).html).toContain("Diesen Artikel gibt es nicht (mehr).");
    expect(await qty("100001")).toBe(2);
  });

  it("setting 0 for a line that is not in the cart says itemRemovalFailed instead of pretending", async () => {
    const { post, browser } = await customer();
    const res = await post({ intent: "setQuantity", sku: "120001", qty: "0", redirectTo: "/cart" });
    const html = (await browser.follow(res)).html;
    expect(html).toContain("Der Artikel konnte nicht aus dem Warenkorb entfernt werden.");
    expect(html).not.toContain("wurde aus dem Warenkorb entfernt");
    expect((await post({ intent: "setQuantity", sku: "120001", qty: "0" })).res.status).toBe(400);
  });

  it("another customer's cart lines cannot be changed or removed", async () => {
    const owner = await customer();
    const other = await customer();
    await owner.post({ intent: "add", sku: "120001", qty: "4" });
    expect((await other.post({ intent: "setQuantity", sku: "120001", qty: "9" })).res.status).toBe(400);
    expect((await other.post({ intent: "setQuantity", sku: "120001", qty: "0" })).res.status).toBe(400);
    expect((await other.post({ intent: "remove", sku: "120001" })).res.status).toBe(400);
    expect(await owner.qty("120001")).toBe(4);
  });

  it("a coupon below its minimum waits in the cart and counts again once reached; an expired one no longer counts", async () => {
    const { id, post, browser } = await customer();
    await post({ intent: "add", sku: "160009", qty: "25" }); // 29,75 €
    expect((await post({ intent: "applyCoupon", code: "FRISCH5" })).res.status).toBe(200);
    expect(plain((await browser.get("/cart")).html)).toContain("−5,00 €");
    await post({ intent: "setQuantity", sku: "160009", qty: "18" }); // 21,42 €: below 25 €
    let cart = plain((await browser.get("/cart")).html);
    expect(cart).toContain(
      "Der Gutschein „FRISCH5“ gilt ab einem Warenwert von 25,00 €. Sobald dein Einkauf diesen Wert erreicht, wird er angerechnet.",
    );
    expect(cart).toContain('data-type="info"');
    expect(cart).toContain("noch nicht angerechnet");
    expect(cart).not.toContain("−5,00 €");
    expect(cart).toMatch(/class="grand-total">26,37 €/); // 21,42 € + 4,95 € shipping, no discount
    await post({ intent: "setQuantity", sku: "160009", qty: "22" }); // 26,18 €
    cart = plain((await browser.get("/cart")).html);
    expect(cart).toContain("−5,00 €");
    expect(cart).not.toContain("Sobald dein Einkauf diesen Wert erreicht");
    // a code that expired while it sat in the cart
    await shop.db.prepare("UPDATE cart_state SET coupon_code = 'SOMMER2025' WHERE customer_id = ?").bind(id).run();
    cart = plain((await browser.get("/cart")).html);
    expect(cart).toContain("Der Gutschein „SOMMER2025“ ist abgelaufen und wird nicht mehr angerechnet.");
    expect(cart).toContain('data-type="warning"');
    expect(cart).not.toContain("Gutschein 5");
    expect(cart).toContain('name="code"'); // the field to enter another code
  });

  it("refuses empty and overlong voucher codes with the invalid-coupon message", async () => {
    const { post, browser } = await customer();
    await post({ intent: "add", sku: "160009", qty: "30" });
    for (const code of ["", "   ", "X".repeat(5000)]) {
      const res = await post({ intent: "applyCoupon", code, redirectTo: "/cart" });
      expect((await browser.follow(res)).html).toContain("Dieser Gutscheincode ist leider ungültig.");
    }
  });

  it("shows a sold-out line as an error-type cart message and blocks the checkout", async () => {
    const { post, browser } = await customer();
    await post({ intent: "add", sku: "120001", qty: "30" });
    const stock = await shop.db
      .prepare("SELECT stock_qty FROM product WHERE sku = '120001'")
      .first<{ stock_qty: number }>();
    await shop.db.prepare("UPDATE product SET stock_qty = 0 WHERE sku = '120001'").run();
    try {
      const cart = plain((await browser.get("/cart")).html);
      expect(cart).toContain('data-type="error"');
      expect(cart).toContain("Einige Artikel sind ausverkauft oder nicht mehr in der gewünschten Menge vorrätig.");
      expect(cart).toContain("„Frische Vollmilch 3,8 %“ ist leider nicht mehr vorrätig.");
      expect(cart).not.toContain('href="/checkout"');
    } finally {
      await shop.db.prepare("UPDATE product SET stock_qty = ? WHERE sku = '120001'").bind(stock!.stock_qty).run();
    }
  });

  it("an update that fails unexpectedly answers with global.error, keeps the cart and is only logged", async () => {
    const { id, post, qty, browser } = await customer();
    await post({ intent: "add", sku: "100001", qty: "3" });
    // A storage failure nobody foresaw, for this one customer's lines only
    await shop.db
      .prepare(`CREATE TRIGGER fail_cart_${id} BEFORE UPDATE ON cart_item WHEN NEW.customer_id = ${id}
      BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`)
      .run();
    try {
      const failed = await post({ intent: "setQuantity", sku: "100001", qty: "5", redirectTo: "/cart" });
      expect(failed.res.status).toBe(302);
      const cart = await browser.follow(failed);
      expect(cart.res.status).toBe(200);
      expect(cart.html).toContain("Es ist ein Fehler aufgetreten. Bitte versuche es erneut.");
      expect(cart.html).not.toContain("disk I/O error");
      const fetcher = await post({ intent: "setQuantity", sku: "100001", qty: "6" });
      expect(fetcher.res.status).toBe(400);
      expect(fetcher.html).not.toContain("disk I/O error");
    } finally {
      await shop.db.prepare(`DROP TRIGGER fail_cart_${id}`).run();
    }
    expect(await qty("100001")).toBe(3);
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
