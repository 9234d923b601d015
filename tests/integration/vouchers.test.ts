/**
 * Vouchers run by marketing (issue 33 §3, docs/decisions/0044) against the built worker: a usage
 * limit and "once per customer" hold under concurrent checkouts (the use is taken in the order's
 * own batch), a refused checkout changes nothing and says so at the voucher, a cancelled or
 * withdrawn order gives its use back once, the cart refuses a used-up, already used or deactivated
 * code in German, and the demo vouchers stay usable by everyone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVoucher, setVoucherActive } from "~/domain/promotion/vouchers.server";
import { withdrawOrder } from "~/domain/order/withdrawal.server";
import { staffByEmail } from "~/domain/staff/staff.server";
import type { StaffMember } from "~/domain/staff/roles";
import { csrfOf, type Browser, type Page } from "./browser";
import { staffBrowser, staffCsrf } from "./staff-browser";
import { checkoutHelpers, SKU } from "./checkout-helpers";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
let h: ReturnType<typeof checkoutHelpers>;
let mia: StaffMember;
beforeAll(async () => {
  shop = await startShop();
  h = checkoutHelpers(shop);
  mia = (await staffByEmail(shop.db, "mia.marketing@frischkorb.example"))!;
});
afterAll(async () => {
  await shop?.dispose();
});

const text = (page: Page) => page.html.replace(/<!-- -->/g, "").replace(/\u00a0|&nbsp;/g, " ");
const GONE = "Dein Gutschein kann nicht mehr eingelöst werden";

let counter = 0;
async function voucher(options: { usageLimit?: number | null; oncePerCustomer?: boolean } = {}) {
  const code = `TEST-${Date.now()}-${counter++}`;
  const result = await createVoucher(shop.db, mia, {
    code,
    kind: "fixed",
    value: 100,
    minOrderCents: 0,
    validUntil: null,
    usageLimit: options.usageLimit ?? null,
    oncePerCustomer: options.oncePerCustomer ?? false,
    label: "1 € Testgutschein",
  });
  expect(result).toEqual({ ok: true });
  return code;
}

async function redeem(browser: Browser, code: string): Promise<Page> {
  const csrf = csrfOf((await browser.get("/cart")).html);
  const posted = await browser.post("/cart", { intent: "applyCoupon", code, redirectTo: "/cart" }, { csrf });
  return browser.follow(posted);
}

const uses = async (code: string) =>
  (await shop.db.prepare("SELECT COUNT(*) AS n FROM coupon_use WHERE code = ?").bind(code).first<{ n: number }>())!.n;
const storedCoupon = async (id: number) =>
  (
    await shop.db
      .prepare("SELECT coupon_code AS c FROM cart_state WHERE customer_id = ?")
      .bind(id)
      .first<{ c: string | null }>()
  )?.c ?? null;

describe("a voucher's usage limit under concurrent checkouts", () => {
  it("20 customers order at once with a single-use voucher: exactly one order uses it, 19 are refused and lose nothing", async () => {
    const code = await voucher({ usageLimit: 1 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => h.buyer(20)));
    for (const b of buyers)
      expect(text(await redeem(b.browser, code))).toContain(`Der Gutschein „${code}“ wurde eingelöst.`);
    const forms = await Promise.all(buyers.map((b) => h.checkoutForm(b.browser)));
    const stock = await h.stockOf(SKU);
    const results = await Promise.all(
      buyers.map((b, i) =>
        b.browser.post("/checkout", h.standardOrder(forms[i], b.addressId), { csrf: forms[i].csrf }),
      ),
    );
    expect(results.some((r) => r.res.status >= 500)).toBe(false);
    const placed = buyers.filter((_, i) => results[i].res.status === 302);
    expect(placed).toHaveLength(1);
    expect(await uses(code)).toBe(1);
    expect(
      (await shop.db
        .prepare("SELECT COUNT(*) AS n FROM customer_order WHERE coupon_code = ?")
        .bind(code)
        .first<{ n: number }>())!.n,
    ).toBe(1);
    // one order's 20 items left the stock, nothing else
    expect(await h.stockOf(SKU)).toBe(stock - 20);
    const refused = results.filter((r) => r.res.status !== 302);
    for (const r of refused) {
      expect(r.res.status).toBe(409);
      expect(text(r)).toContain(GONE);
      expect(text(r)).toContain("Dieser Gutschein ist leider schon aufgebraucht.");
    }
    for (const b of buyers.filter((b) => !placed.includes(b))) {
      expect(await h.orderCount(b.id)).toBe(0);
      expect(await h.cartCount(b.id)).toBe(1);
      expect(await storedCoupon(b.id)).toBe(code);
    }
    expect((await shop.db.prepare("SELECT COUNT(*) AS n FROM coupon_guard").first<{ n: number }>())!.n).toBe(0);
  }, 180_000);

  it("a voucher used up between the checkout's reads and its batch: the batch aborts whole", async () => {
    const code = await voucher({ usageLimit: 5 });
    const b = await h.buyer(20);
    await redeem(b.browser, code);
    const f = await h.checkoutForm(b.browser);
    const stock = await h.stockOf(SKU);
    // marketing switches the voucher off exactly while this order's batch runs
    await shop.db
      .prepare(`CREATE TRIGGER voucher_off_${b.id} AFTER INSERT ON customer_order WHEN NEW.customer_id = ${b.id}
        BEGIN UPDATE coupon SET active = 0 WHERE code = '${code}'; END`)
      .run();
    try {
      const res = await b.browser.post("/checkout", h.standardOrder(f, b.addressId), { csrf: f.csrf });
      expect(res.res.status).toBe(409);
      expect(text(res)).toContain(GONE);
    } finally {
      await shop.db.prepare(`DROP TRIGGER voucher_off_${b.id}`).run();
    }
    expect(await h.orderCount(b.id)).toBe(0);
    expect(await h.stockOf(SKU)).toBe(stock);
    expect(await h.cartCount(b.id)).toBe(1);
    expect(await uses(code)).toBe(0);
    // the trigger's change went with the batch: the voucher is still active
    const row = await shop.db
      .prepare("SELECT active FROM coupon WHERE code = ?")
      .bind(code)
      .first<{ active: number }>();
    expect(row!.active).toBe(1);
  });
});

describe("once per customer", () => {
  it("two concurrent checkouts of one customer with her once-per-customer voucher make one use; afterwards the cart refuses it", async () => {
    const code = await voucher({ oncePerCustomer: true });
    const b = await h.buyer(20);
    await redeem(b.browser, code);
    const tabs = [await h.checkoutForm(b.browser), await h.checkoutForm(b.browser)];
    const results = await Promise.all(
      tabs.map((f) => b.browser.post("/checkout", h.standardOrder(f, b.addressId), { csrf: f.csrf })),
    );
    expect(results.some((r) => r.res.status >= 500)).toBe(false);
    expect(results.filter((r) => r.res.status === 302)).toHaveLength(1);
    expect(await uses(code)).toBe(1);
    expect(await h.orderCount(b.id)).toBe(1);

    // a new cart: the code is refused with its reason, another customer may still use it
    await shop.db
      .prepare("INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, ?, 0, 20, '2026-01-03')")
      .bind(b.id, SKU)
      .run();
    expect(text(await redeem(b.browser, code))).toContain(
      "Diesen Gutschein hast du schon eingelöst; er gilt nur einmal pro Kundin und Kunde.",
    );
    expect(await storedCoupon(b.id)).toBeNull();
    const other = await h.buyer(20);
    expect(text(await redeem(other.browser, code))).toContain(`Der Gutschein „${code}“ wurde eingelöst.`);

    // a code stored in her cart before the first order (another tab): the checkout refuses, nothing changes
    await shop.db.prepare("UPDATE cart_state SET coupon_code = ? WHERE customer_id = ?").bind(code, b.id).run();
    const cart = await b.browser.get("/cart");
    expect(text(cart)).toContain(`Der Gutschein „${code}“ wird nicht angerechnet`);
    const f = await h.checkoutForm(b.browser);
    const res = await b.browser.post("/checkout", h.standardOrder(f, b.addressId), { csrf: f.csrf });
    expect(res.res.status).toBe(409);
    expect(text(res)).toContain(GONE);
    expect(await h.orderCount(b.id)).toBe(1);
    expect(await uses(code)).toBe(1);
  }, 60_000);
});

describe("a cancelled or withdrawn order gives its use back", () => {
  it("a declined payment cancels the order: the use is back and the voucher in the cart again, usable by the next order", async () => {
    const code = await voucher({ usageLimit: 1 });
    const b = await h.buyer(20);
    await redeem(b.browser, code);
    const f = await h.checkoutForm(b.browser);
    const res = await b.browser.post("/checkout", h.standardOrder(f, b.addressId, { paymentMethod: "paypal" }), {
      csrf: f.csrf,
    });
    expect(res.res.status).toBe(302);
    expect(await uses(code)).toBe(1);
    // meanwhile nobody else gets it
    const other = await h.buyer(20);
    expect(text(await redeem(other.browser, code))).toContain("Dieser Gutschein ist leider schon aufgebraucht.");

    await h.pay(b.browser, res.res.headers.get("Location")!, "decline");
    expect((await h.orderOf(f.key))!.status).toBe("canceled");
    expect(await uses(code)).toBe(0);
    expect(await storedCoupon(b.id)).toBe(code);

    const again = await h.checkoutForm(b.browser);
    const placed = await b.browser.post("/checkout", h.standardOrder(again, b.addressId), { csrf: again.csrf });
    expect(placed.res.status).toBe(302);
    expect((await h.orderOf(again.key))!.coupon_code).toBe(code);
    expect(await uses(code)).toBe(1);
  }, 60_000);

  it("an order cancelled by support gives its use back, once", async () => {
    const code = await voucher({ usageLimit: 1 });
    const b = await h.buyer(20);
    await redeem(b.browser, code);
    const f = await h.checkoutForm(b.browser);
    const res = await b.browser.post("/checkout", h.standardOrder(f, b.addressId), { csrf: f.csrf });
    await h.pay(b.browser, res.res.headers.get("Location")!, "approve");
    const order = (await h.orderOf(f.key))!;
    expect(await uses(code)).toBe(1);
    const sina = await staffBrowser(shop, "sina");
    const path = `/staff/orders/${order.increment_id}/cancel`;
    const csrf = await staffCsrf(sina, path);
    const cancelled = await sina.post(path, { reason: "Die Kundin hat angerufen." }, { csrf });
    expect(cancelled.res.status).toBe(302);
    expect((await h.orderOf(f.key))!.status).toBe("canceled");
    expect(await uses(code)).toBe(0);
    expect(await storedCoupon(b.id)).toBe(code);
    // a second click changes nothing more
    await sina.post(path, { reason: "Die Kundin hat angerufen." }, { csrf });
    expect(await uses(code)).toBe(0);
  }, 60_000);

  it("a withdrawn order gives its use back once", async () => {
    const code = await voucher({ usageLimit: 1 });
    const b = await h.buyer(20);
    await redeem(b.browser, code);
    const f = await h.checkoutForm(b.browser);
    const res = await b.browser.post("/checkout", h.standardOrder(f, b.addressId), { csrf: f.csrf });
    await h.pay(b.browser, res.res.headers.get("Location")!, "approve");
    const order = (await h.orderOf(f.key))!;
    expect(await uses(code)).toBe(1);
    const customer = { id: b.id, email: b.email, firstname: "Kai" };
    expect(await withdrawOrder(shop.db, customer, order.increment_id as number)).toBe(true);
    expect(await uses(code)).toBe(0);
    expect(await withdrawOrder(shop.db, customer, order.increment_id as number)).toBe(false);
    // usable again, by someone else
    const other = await h.buyer(20);
    expect(text(await redeem(other.browser, code))).toContain(`Der Gutschein „${code}“ wurde eingelöst.`);
  }, 60_000);
});

describe("the cart's voucher field", () => {
  it("a deactivated code is refused; one already in a cart no longer counts and says why", async () => {
    const code = await voucher();
    const b = await h.buyer(20);
    await redeem(b.browser, code);
    expect(await setVoucherActive(shop.db, mia, code, false)).toEqual({ ok: true });
    const cart = await b.browser.get("/cart");
    expect(text(cart)).toContain(
      `Der Gutschein „${code}“ wird nicht angerechnet: Dieser Gutschein gilt leider nicht mehr.`,
    );
    expect(text(cart)).not.toContain("1 € Testgutschein");
    expect(text(cart)).not.toContain("gilt ab einem Warenwert");
    const other = await h.buyer(20);
    expect(text(await redeem(other.browser, code))).toContain("Dieser Gutschein gilt leider nicht mehr.");
    expect(await storedCoupon(other.id)).toBeNull();
    // a click on a stale list changes nothing
    expect(await setVoucherActive(shop.db, mia, code, false)).toEqual({ ok: false, reason: "changedMeanwhile" });
    expect(await setVoucherActive(shop.db, mia, code, true)).toEqual({ ok: true });
    expect(text(await b.browser.get("/cart"))).not.toContain("wird nicht angerechnet");
  }, 60_000);

  it("the demo voucher FRISCH5 stays usable by everyone on every order, and its uses are counted", async () => {
    const before = await uses("FRISCH5");
    for (let i = 0; i < 2; i++) {
      const b = await h.buyer(25);
      await redeem(b.browser, "FRISCH5");
      for (let order = 0; order < 2; order++) {
        if (order > 0) {
          await shop.db
            .prepare(
              "INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, ?, 0, 25, '2026-01-03')",
            )
            .bind(b.id, SKU)
            .run();
          await redeem(b.browser, "FRISCH5");
        }
        const f = await h.checkoutForm(b.browser);
        const res = await b.browser.post("/checkout", h.standardOrder(f, b.addressId), { csrf: f.csrf });
        expect(res.res.status).toBe(302);
        expect((await h.orderOf(f.key))!.coupon_code).toBe("FRISCH5");
      }
    }
    expect(await uses("FRISCH5")).toBe(before + 4);
  }, 60_000);
});
