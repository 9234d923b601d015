/**
 * An unpaid order's page offers only what can succeed (docs/decisions/0037): "Jetzt bezahlen" while
 * its payment can still be opened or its page paid, otherwise what the shop will do. The checkout form keeps its key after a refusal, so a
 * retry reaches the order a failure may have placed, not a second one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, csrfOf } from "./browser";
import { checkoutHelpers } from "./checkout-helpers";
import { ORIGIN, startShop, type TestShop } from "./worker";
import { reconcilePayments } from "~/domain/order/reconcile-payments.server";
import type { PaymentProvider } from "~/platform/payment-provider";

let shop: TestShop;
let h: ReturnType<typeof checkoutHelpers>;
beforeAll(async () => {
  shop = await startShop();
  h = checkoutHelpers(shop);
});
afterAll(async () => {
  await shop?.dispose();
});

/** An order placed by the checkout whose payment the provider never opened (a failure in between). */
async function unopenedOrder() {
  const { browser, id, addressId } = await h.buyer();
  const form = await h.checkoutForm(browser);
  const placed = await browser.post("/checkout", h.standardOrder(form, addressId), { csrf: form.csrf });
  expect(placed.res.status).toBe(302);
  const order = (await h.orderOf(form.key))!;
  await shop.db
    .prepare("UPDATE payment SET provider_ref = NULL, page_url = NULL WHERE order_id = ?")
    .bind(order.id)
    .run();
  return { browser, id, number: order.increment_id as number, orderId: order.id as string };
}

const agePayment = (orderId: string, minutes: number) =>
  shop.db
    .prepare("UPDATE payment SET created_at = ? WHERE order_id = ?")
    .bind(new Date(Date.now() - minutes * 60_000).toISOString(), orderId)
    .run();

async function orderPage(browser: Browser, number: number) {
  const page = await browser.get(`/account/order/${number}`);
  expect(page.res.status).toBe(200);
  return page.html;
}

describe("an unpaid order's page", () => {
  it("offers to open the payment, which leads to the provider's page", async () => {
    const { browser, number } = await unopenedOrder();
    const html = await orderPage(browser, number);
    expect(html).toContain("Zahlung offen");
    expect(html).toMatch(/<button[^>]*name="intent"[^>]*value="pay"[^>]*>Jetzt bezahlen</);
    const paid = await browser.post(`/account/order/${number}`, { intent: "pay" }, { csrf: csrfOf(html) });
    expect(paid.res.status).toBe(302);
    expect(paid.res.headers.get("Location")).toMatch(/^\/payment\/sandbox\/pay_/);
    // opened now: the page links the provider's page itself
    expect(await orderPage(browser, number)).toMatch(/<a href="\/payment\/sandbox\/pay_[^"]*"[^>]*>Jetzt bezahlen</);
  });

  it("past the window says what happens instead, and a forged 'pay' opens nothing", async () => {
    const { browser, number, orderId } = await unopenedOrder();
    await agePayment(orderId, 11);
    const html = await orderPage(browser, number);
    expect(html).toContain("Wir klären sie mit dem Zahlungsdienst");
    expect(html).not.toContain("Jetzt bezahlen");
    const forged = await browser.post(`/account/order/${number}`, { intent: "pay" }, { csrf: csrfOf(html) });
    expect(forged.res.status).toBe(302);
    expect(forged.res.headers.get("Location")).toBe(`/account/order/${number}`);
    const payment = await shop.db
      .prepare("SELECT provider_ref FROM payment WHERE order_id = ?")
      .bind(orderId)
      .first<{ provider_ref: string | null }>();
    expect(payment?.provider_ref).toBeNull();
  });

  it("another customer's order number opens nothing and answers like an unknown one", async () => {
    const { number } = await unopenedOrder();
    const other = await h.buyer();
    const page = await other.browser.get("/account/order/overview");
    const res = await other.browser.post(`/account/order/${number}`, { intent: "pay" }, { csrf: csrfOf(page.html) });
    expect(res.res.status).toBe(404);
  });
});

describe("a retry of the checkout form", () => {
  it("after the reconciliation cancelled its order says so, and the cart is back", async () => {
    const { browser, id, addressId } = await h.buyer();
    const form = await h.checkoutForm(browser);
    const order = h.standardOrder(form, addressId);
    expect((await browser.post("/checkout", order, { csrf: form.csrf })).res.status).toBe(302);
    const placed = (await h.orderOf(form.key))!;
    await shop.db
      .prepare("UPDATE payment SET provider_ref = NULL, page_url = NULL WHERE order_id = ?")
      .bind(placed.id)
      .run();
    const provider = { name: "sandbox" } as PaymentProvider; // never asked: the payment was never opened
    const report = await reconcilePayments(shop.db, provider, new Date(Date.now() + 16 * 60_000), ORIGIN);
    expect(report.unopened).toBeGreaterThanOrEqual(1);
    expect(await h.cartCount(id)).toBe(1);

    const retried = await browser.post("/checkout", order, { csrf: form.csrf });
    expect(retried.res.status).toBe(302);
    const page = await browser.follow(retried);
    expect(page.html).toContain("Diese Bestellung wurde storniert, weil ihre Zahlung nicht zustande kam.");
    expect(await h.orderCount(id)).toBe(1);
  });
});

describe("the checkout form after a refusal", () => {
  it("keeps its key, so a retry can only reach one order", async () => {
    const { browser, addressId } = await h.buyer();
    const form = await h.checkoutForm(browser);
    const refused = await browser.post("/checkout", h.standardOrder(form, addressId, { expectedTotal: "1" }), {
      csrf: form.csrf,
    });
    expect(refused.res.status).toBe(409);
    expect(refused.html).toContain(`name="idempotencyKey" value="${form.key}"`);
  });
});
