/** Shared steps of the checkout integration tests: a fresh buyer with a cart, the checkout form's values, lookups. */
import { expect } from "vitest";
import { Browser, csrfOf, signIn } from "./browser";
import { prepareTestCustomer } from "../fixtures/customer";
import type { TestShop } from "./worker";
import { createHmac } from "node:crypto";
import development from "../../app/platform/development-secrets.json";
import type { PaymentConfirmation } from "../../app/platform/payment-provider";

export const SKU = "160009"; // 1,19 €, no deposit

/**
 * What the sandbox provider signs its confirmations with: HMAC-SHA-256 over the raw body with the
 * development PAYMENT_WEBHOOK_SECRET, in hex (computed here on its own, not by the shop's code).
 */
export function sandboxSignature(body: string): string {
  return createHmac("sha256", development.PAYMENT_WEBHOOK_SECRET).update(body).digest("hex");
}

/** The payment id in the address of the sandbox's page (`/payment/sandbox/{id}?key=…`). */
export function paymentIdOf(location: string): string {
  return new URL(location, "http://shop.test").pathname.split("/").pop()!;
}

export interface CheckoutForm {
  csrf: string;
  key: string;
  total: string;
  slots: string[];
  pickupSlots: string[];
}

export function checkoutHelpers(shop: TestShop) {
  let counter = 0;
  const db = shop.db;

  /** A fresh active customer with one Leipzig address and `qty` of SKU in the cart. */
  async function buyer(qty = 20, sku = SKU) {
    const email = `kasse-${Date.now()}-${counter++}@example.org`;
    const id = 700000 + Math.floor(Math.random() * 1e9);
    const addressId = id + 1;
    await db.batch([
      prepareTestCustomer(db, { id, email, firstname: "Kai", lastname: "Kasse", gender: "d" }),
      db
        .prepare(`INSERT INTO address (id, customer_id, street, house_number, zip, city, is_default_shipping, is_default_billing, created_at)
        VALUES (?, ?, 'Kochstraße', '3', '04275', 'Leipzig', 1, 1, '2026-01-01')`)
        .bind(addressId, id),
      db
        .prepare("INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, ?, 0, ?, '2026-01-01')")
        .bind(id, sku, qty),
    ]);
    const browser = new Browser(shop);
    await signIn(browser, email);
    return { browser, id, addressId, email };
  }

  async function checkoutForm(browser: Browser, query = ""): Promise<CheckoutForm> {
    const page = await browser.get(`/checkout${query}`);
    expect(page.res.status).toBe(200);
    const html = page.html;
    return {
      csrf: csrfOf(html),
      key: /name="idempotencyKey" value="([^"]+)"/.exec(html)![1],
      total: /name="expectedTotal" value="(\d+)"/.exec(html)![1],
      slots: [...html.matchAll(/<option value="([^"]+\|[^"]+)"/g)].map((m) => m[1]),
      // free slots: the radios without `disabled`, whatever the order of their attributes
      pickupSlots: [...html.matchAll(/<input[^>]*name="pickupSlot"[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => !/\sdisabled/.test(tag))
        .map((tag) => /value="([^"]+)"/.exec(tag)![1]),
    };
  }

  function standardOrder(f: CheckoutForm, addressId: number, extra: Record<string, string> = {}) {
    return {
      idempotencyKey: f.key,
      carrier: "myensopackagedelivery",
      addressId: String(addressId),
      deliverySlot: f.slots[0],
      paymentMethod: "card",
      expectedTotal: f.total,
      comment: "Bitte klingeln",
      ...extra,
    };
  }

  const orderOf = (key: string) =>
    db.prepare("SELECT * FROM customer_order WHERE idempotency_key = ?").bind(key).first<Record<string, unknown>>();
  const count = async (sql: string, ...params: unknown[]) =>
    (await db
      .prepare(sql)
      .bind(...params)
      .first<{ n: number }>())!.n;
  const cartCount = (id: number) => count("SELECT COUNT(*) AS n FROM cart_item WHERE customer_id = ?", id);
  const orderCount = (id: number) => count("SELECT COUNT(*) AS n FROM customer_order WHERE customer_id = ?", id);
  const stockOf = async (sku: string) =>
    (await db.prepare("SELECT stock_qty FROM product WHERE sku = ?").bind(sku).first<{ stock_qty: number }>())!
      .stock_qty;

  /** On the sandbox provider's page: approve, decline or cancel, then follow back into the shop. */
  async function pay(browser: Browser, location: string, intent: "approve" | "decline" | "cancel") {
    expect((await browser.get(location)).res.status).toBe(200);
    const res = await browser.post(location, { intent }, { csrf: null });
    expect(res.res.status).toBe(302);
    return browser.follow(res);
  }

  /**
   * The provider's server-to-server confirmation: an object goes as JSON, a string as it is. Signed
   * with the test secret unless a signature is given; `null` sends none.
   */
  async function notify(confirmation: PaymentConfirmation | object | string, signature?: string | null) {
    const body = typeof confirmation === "string" ? confirmation : JSON.stringify(confirmation);
    const sign = signature === undefined ? sandboxSignature(body) : signature;
    return shop.fetch("/payment/sandbox/notify", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", ...(sign === null ? {} : { "X-Payment-Signature": sign }) },
    });
  }

  /**
   * The buyer's cart ordered for click & collect at `store`, by PayPal through the sandbox with her
   * balance used, and approved by the sandbox's signed confirmation: a paid order whose refunds have
   * a provider part and a balance part.
   */
  async function paidPickupOrder(b: { browser: Browser; addressId: number }, store: string) {
    const query = `?carrier=clickandcollect&store=${store}`;
    const f = await checkoutForm(b.browser, query);
    const res = await b.browser.post(
      `/checkout${query}`,
      {
        ...standardOrder(f, b.addressId, {
          carrier: "clickandcollect",
          storeId: store,
          pickupSlot: f.pickupSlots[0],
          pickupTerms: "on",
          paymentMethod: "paypal",
          useCredit: "on",
        }),
        deliverySlot: "",
        addressId: "",
      },
      { csrf: f.csrf },
    );
    expect(res.res.status, /form-message-error" role="alert">([^<]*)/.exec(res.html)?.[1]).toBe(302);
    const order = (await orderOf(f.key))!;
    const paid = Number(order.grand_total_cents);
    const approved = await notify({
      confirmationId: crypto.randomUUID(),
      paymentId: paymentIdOf(res.res.headers.get("Location")!),
      orderId: String(order.id),
      amountCents: paid,
      currency: "EUR",
      outcome: "approved",
    });
    expect(approved.status).toBe(200);
    return { orderId: String(order.id), number: Number(order.increment_id), paid, key: f.key };
  }

  return { buyer, checkoutForm, standardOrder, orderOf, cartCount, orderCount, stockOf, pay, notify, paidPickupOrder };
}
