/**
 * Bad input at the checkout's edges: credit spent in several tabs at once, and the in-place address dialog
 * (/checkout/address). Each answer is a German message or a clean 4xx, never a 500, and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csrfOf } from "./browser";
import { checkoutHelpers } from "./checkout-helpers";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
let h: ReturnType<typeof checkoutHelpers>;
beforeAll(async () => {
  shop = await startShop();
  h = checkoutHelpers(shop);
});
afterAll(async () => {
  await shop?.dispose();
});

const text = (html: string) => html.replace(/<!-- -->/g, "");
const one = async (sql: string, ...params: unknown[]) =>
  (await shop.db
    .prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;

describe("credit spent in several tabs at once", () => {
  /** Four tabs, each with its own form (and so its own idempotency key), all using the same credit. */
  async function race() {
    const { browser, id, addressId } = await h.buyer();
    await shop.db.prepare("INSERT INTO customer_balance (customer_id, balance_cents) VALUES (?, 1000)").bind(id).run();
    const forms = [];
    for (let i = 0; i < 4; i++) forms.push(await h.checkoutForm(browser));
    const results = await Promise.all(
      forms.map((f) => browser.post("/checkout", h.standardOrder(f, addressId, { useCredit: "on" }), { csrf: f.csrf })),
    );
    expect(results.map((r) => r.res.status).sort()).toEqual([302, 409, 409, 409]);
    expect(await one("SELECT balance_cents AS n FROM customer_balance WHERE customer_id = ?", id)).toBe(0);
    expect(await one("SELECT COUNT(*) AS n FROM balance_entry WHERE customer_id = ?", id)).toBe(1);
    expect(
      await one("SELECT COUNT(*) AS n FROM customer_order WHERE customer_id = ? AND credit_cents = 1000", id),
    ).toBe(1);
    expect(await h.orderCount(id)).toBe(1);
    return results.filter((r) => r.res.status === 409).map((r) => text(r.html));
  }

  it("one tab orders with the credit; the others are refused: the cart changed meanwhile, or it is empty if they came later", async () => {
    for (const html of await race()) {
      expect(
        html.includes("Dein Warenkorb wurde inzwischen geändert") || html.includes("Dein Warenkorb ist leer."),
        html.slice(0, 200),
      ).toBe(true);
    }
  }, 120_000);

  it("credit spent elsewhere between the checkout's reads and its batch refuses the order with the credit error", async () => {
    const { browser, id, addressId } = await h.buyer();
    await shop.db.prepare("INSERT INTO customer_balance (customer_id, balance_cents) VALUES (?, 1000)").bind(id).run();
    const f = await h.checkoutForm(browser);
    // Another order (say, from the shop's app) spends the balance exactly while this order's batch runs.
    await shop.db
      .prepare(`CREATE TRIGGER spend_${id} AFTER INSERT ON customer_order WHEN NEW.customer_id = ${id}
      BEGIN UPDATE customer_balance SET balance_cents = 400 WHERE customer_id = ${id}; END`)
      .run();
    try {
      const res = await browser.post("/checkout", h.standardOrder(f, addressId, { useCredit: "on" }), { csrf: f.csrf });
      expect(res.res.status).toBe(409);
      expect(text(res.html)).toContain("Dein Guthaben konnte nicht verrechnet werden. Bitte lade die Seite neu.");
    } finally {
      await shop.db.prepare(`DROP TRIGGER spend_${id}`).run();
    }
    expect(await h.orderCount(id)).toBe(0);
    expect(await one("SELECT balance_cents AS n FROM customer_balance WHERE customer_id = ?", id)).toBe(1000);
    expect(await h.cartCount(id)).toBe(1);
  });
});

describe("/checkout/address", () => {
  const QUERY = "?carrier=myensofoodshipping";
  const valid = {
    street: "Lindenallee",
    houseNumber: "7b",
    addressAddition: "",
    zip: "04109",
    city: "Leipzig",
    country: "DE",
  };
  const addressCount = (id: number) => one("SELECT COUNT(*) AS n FROM address WHERE customer_id = ?", id);

  it("bad postcodes and overlong fields get a German message, keep what was typed and save nothing", async () => {
    const { browser, id } = await h.buyer();
    const page = await browser.get(`/checkout/address${QUERY}`);
    expect(page.res.status).toBe(200);
    const csrf = csrfOf(page.html);
    const cases: [Record<string, string>, string, string][] = [
      [{ zip: "" }, "Bitte fülle dieses Feld aus.", "Lindenallee"],
      [{ zip: "0410" }, "Bitte gib eine gültige Postleitzahl mit 5 Ziffern ein.", "0410"],
      [{ zip: "04109x" }, "Bitte gib eine gültige Postleitzahl mit 5 Ziffern ein.", "04109x"],
      [{ street: "S".repeat(101) }, "Bitte gib höchstens 100 Zeichen ein.", "S".repeat(101)],
      [{ city: "Leipzig-".repeat(7) }, "Bitte gib höchstens 50 Zeichen ein.", "Leipzig-".repeat(7)],
      [{ houseNumber: "7".repeat(11) }, "Bitte gib höchstens 10 Zeichen ein.", "7".repeat(11)],
      [{ addressAddition: "Hinterhaus ".repeat(10) }, "Bitte gib höchstens 100 Zeichen ein.", "Hinterhaus Hinterhaus"],
      [{ houseNumber: "7 b" }, "Die Hausnummer darf keine Leerzeichen enthalten.", "7 b"],
      [{ country: "XX" }, "Bitte wähle ein Land.", "Lindenallee"],
    ];
    for (const [change, message, kept] of cases) {
      const res = await browser.post(`/checkout/address${QUERY}`, { ...valid, ...change }, { csrf });
      expect(res.res.status, JSON.stringify(change)).toBe(400);
      const html = text(res.html);
      expect(html, JSON.stringify(change)).toContain(message);
      expect(html, JSON.stringify(change)).toContain("Die Adresse konnte nicht gespeichert werden.");
      expect(html, `${JSON.stringify(change)} keeps the typed value`).toContain(`value="${kept.trim()}`);
    }
    expect(await addressCount(id)).toBe(1);
  });

  it("without the page's CSRF token the post is a 403 and saves nothing", async () => {
    const { browser, id } = await h.buyer();
    await browser.get(`/checkout/address${QUERY}`);
    expect((await browser.post(`/checkout/address${QUERY}`, valid, { csrf: null })).res.status).toBe(403);
    expect((await browser.post(`/checkout/address${QUERY}`, valid, { csrf: "gefälscht" })).res.status).toBe(403);
    expect(await addressCount(id)).toBe(1);
  });

  it("a valid address is saved as the delivery address and the checkout comes back with the same choices", async () => {
    const { browser, id } = await h.buyer();
    const res = await browser.submit(`/checkout/address${QUERY}`, valid);
    expect(res.res.status).toBe(302);
    expect(res.res.headers.get("Location")).toBe(`/checkout${QUERY}`);
    expect(
      await one(
        "SELECT COUNT(*) AS n FROM address WHERE customer_id = ? AND street = 'Lindenallee' AND is_default_shipping = 1",
        id,
      ),
    ).toBe(1);
    expect(await addressCount(id)).toBe(2);
  });
});
