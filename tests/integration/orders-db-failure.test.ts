/**
 * "order not loadable", "checkout error": when D1 fails unexpectedly
 * the customer gets the German message, never a 500 or the database's words. The failure is made
 * in this file's own shop by moving a table out of the way for one request, so production code
 * needs no test hook.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "./browser";
import { checkoutHelpers, SKU } from "./checkout-helpers";
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

/** Every statement touching `table` fails ("no such table") while `run` runs. */
async function withoutTable<T>(table: string, run: () => Promise<T>): Promise<T> {
  await shop.db.prepare(`ALTER TABLE ${table} RENAME TO ${table}_away`).run();
  try {
    return await run();
  } finally {
    await shop.db.prepare(`ALTER TABLE ${table}_away RENAME TO ${table}`).run();
  }
}

const NOTHING_INTERNAL = /no such table|SQLITE|D1_ERROR|at \w+ \(/;

/** A buyer with one order awaiting payment. */
async function buyerWithOrder() {
  const b = await h.buyer();
  const f = await h.checkoutForm(b.browser);
  expect((await b.browser.post("/checkout", h.standardOrder(f, b.addressId), { csrf: f.csrf })).res.status).toBe(302);
  return { ...b, number: Number((await h.orderOf(f.key))!.increment_id) };
}

describe("order pages when D1 fails", () => {
  it("the overview says the orders cannot be loaded (200), only the log knows why", async () => {
    const { browser, number } = await buyerWithOrder();
    expect((await browser.get("/account/order/overview")).html).toContain(String(number));
    const page = await withoutTable("customer_order", () => browser.get("/account/order/overview"));
    expect(page.res.status).toBe(200);
    expect(page.html).toContain("Die Bestellungen konnten leider nicht geladen werden.");
    expect(page.html).not.toMatch(NOTHING_INTERNAL);
  });

  it("the detail page says the order cannot be loaded (503); a missing or foreign order stays a 404", async () => {
    const { browser, number } = await buyerWithOrder();
    const foreign = (await shop.db
      .prepare(
        "SELECT o.increment_id AS n FROM customer_order o JOIN customer c ON c.id = o.customer_id WHERE c.email = ? LIMIT 1",
      )
      .bind(DEMO.active)
      .first<{ n: number }>())!.n;
    expect((await browser.get(`/account/order/${number}`)).res.status).toBe(200);
    const page = await withoutTable("order_item", () => browser.get(`/account/order/${number}`));
    expect(page.res.status).toBe(503);
    expect(page.html).toContain("Diese Bestellung konnte leider nicht geladen werden.");
    expect(page.html).toContain("Zurück zu meinen Bestellungen");
    expect(page.html).not.toMatch(NOTHING_INTERNAL);
    expect((await browser.get(`/account/order/${foreign}`)).res.status).toBe(404);
    expect((await browser.get("/account/order/999999999")).res.status).toBe(404);
    expect((await browser.get(`/account/order/${number}`)).res.status).toBe(200);
  });
});

describe("checkout when D1 fails", () => {
  it("a failing order batch answers with the checkout error on the page, keeps the typed values and orders nothing", async () => {
    const { browser, id, addressId } = await h.buyer();
    const stock = await h.stockOf(SKU);
    const f = await h.checkoutForm(browser);
    const res = await withoutTable("order_item", () =>
      browser.post("/checkout", h.standardOrder(f, addressId, { comment: "Hinterhaus, 2. Etage" }), { csrf: f.csrf }),
    );
    expect(res.res.status).toBe(503);
    expect(res.html).toContain("Deine Bestellung konnte leider nicht abgeschlossen werden. Bitte versuche es erneut.");
    expect(res.html).toContain("Hinterhaus, 2. Etage");
    expect(res.html).not.toMatch(NOTHING_INTERNAL);
    expect(await h.orderCount(id)).toBe(0);
    expect(await h.cartCount(id)).toBe(1);
    expect(await h.stockOf(SKU)).toBe(stock);
  });
});
