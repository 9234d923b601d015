/**
 * The checkout's examples (examples.ts): the test customer gets a cart above the minimum order
 * value and a delivery address first, and the submit takes the first wish date and the total the
 * shipping-information call shows, as an app would.
 */
import type { TestShop } from "../worker";
import type { Example, ExampleContext } from "./examples";

/** 20 × 1,19 € (no deposit): above the minimum order value. */
const SKU = "160009";
const CARRIER = "myensopackagedelivery";

async function tokenOf(shop: TestShop, c: ExampleContext): Promise<string> {
  const res = await shop.fetch("/rest/V1/integration/customer/token", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: c.customer.email, password: c.customer.password }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The test customer's cart is 20 × SKU, she has an address in Leipzig, and the context knows date and total. */
async function readyToOrder(shop: TestShop, c: ExampleContext): Promise<void> {
  const addressId = c.customer.id * 10;
  await shop.db.batch([
    shop.db.prepare("DELETE FROM cart_item WHERE customer_id = ?").bind(c.customer.id),
    shop.db.prepare("DELETE FROM cart_state WHERE customer_id = ?").bind(c.customer.id),
    shop.db
      .prepare("INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, ?, 0, 20, '2026-01-01')")
      .bind(c.customer.id, SKU),
    shop.db
      .prepare(
        `INSERT OR IGNORE INTO address (id, customer_id, street, house_number, zip, city, is_default_shipping, is_default_billing, created_at)
         VALUES (?, ?, 'Kochstraße', '3', '04275', 'Leipzig', 1, 1, '2026-01-01')`,
      )
      .bind(addressId, c.customer.id),
  ]);
  const headers = { Authorization: `Bearer ${await tokenOf(shop, c)}` };
  const [dates, info] = await Promise.all([
    shop.fetch(`/rest/V1/carts/mine/wish-dates?carrier=${CARRIER}`, { headers }),
    shop.fetch(`/rest/V1/carts/mine/shipping-information?carrier=${CARRIER}`, { headers }),
  ]);
  const [first] = ((await dates.json()) as { dates: { start: string; end: string }[] }).dates;
  const total = ((await info.json()) as { totals: { grand_total: number } }).totals.grand_total;
  c.checkout = { addressId, start: first.start, end: first.end, total };
}

const order = (c: ExampleContext, grandTotal = c.checkout?.total ?? 0) => ({
  paymentMethod: "card",
  shippingRuleset: CARRIER,
  shippingAddressId: c.checkout?.addressId ?? 1,
  shippingDate: c.checkout?.start,
  shippingDateEnd: c.checkout?.end,
  orderComment: "Bitte beim Nachbarn abgeben",
  grandTotal,
});

let keys = 0;
/** A new key for each call (an example's call is a new order). */
const idempotencyKey = () => `vertrag-${Date.now()}-${keys++}`.padEnd(24, "0");

export const CHECKOUT_EXAMPLES: Record<string, readonly Example[]> = {
  "GET /rest/V1/carts/mine/shipping-methods": [
    { name: "the methods for a cart with goods", token: true, prepare: readyToOrder, status: 200 },
  ],
  "GET /rest/V1/carts/mine/shipping-information": [
    { name: "standard delivery", token: true, query: { carrier: CARRIER }, status: 200 },
    { name: "click & collect", token: true, query: { carrier: "clickandcollect" }, status: 200 },
    { name: "an unknown method", token: true, query: { carrier: "brieftaube" }, status: 400 },
  ],
  "GET /rest/V1/carts/mine/wish-dates": [
    { name: "wish dates of the standard delivery", token: true, query: { carrier: CARRIER }, status: 200 },
    {
      name: "pickup times of a store",
      token: true,
      query: { carrier: "clickandcollect", store: "leipzig-suedvorstadt" },
      status: 200,
    },
    { name: "click & collect without a store", token: true, query: { carrier: "clickandcollect" }, status: 404 },
  ],
  "POST /rest/V1/order/mine/submit": [
    {
      name: "an order paid by card",
      token: true,
      prepare: readyToOrder,
      get headers() {
        return { "Idempotency-Key": idempotencyKey() };
      },
      body: (c: ExampleContext) => order(c),
      status: 200,
    },
    {
      name: "without an Idempotency-Key",
      token: true,
      prepare: readyToOrder,
      body: (c: ExampleContext) => order(c),
      status: 400,
    },
    {
      name: "a total the cart does not have",
      token: true,
      prepare: readyToOrder,
      get headers() {
        return { "Idempotency-Key": idempotencyKey() };
      },
      body: (c: ExampleContext) => order(c, 0.01),
      status: 409,
    },
  ],
};
