/**
 * The checkout through the JSON API (docs/decisions/0034): shipping methods, what a method needs, wish
 * dates and pickup times, and the order submit with its Idempotency-Key. The submit is the checkout
 * page's own order placement: the same refusals, one order per key however many requests race, and
 * nothing changed by a refused one. The payment's address opens the sandbox's page without the shop's
 * session, as a provider's hosted page would.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareTestCustomer } from "../fixtures/customer";
import { Browser, DEMO } from "./browser";
import { checkoutHelpers, SKU } from "./checkout-helpers";
import { startShop, type TestShop } from "./worker";

/** An amount the API wrote in euros, in cents (the test's arithmetic stays in integers). */
const cents = (euros: number) => Math.round(euros * 100);

let shop: TestShop;
let h: ReturnType<typeof checkoutHelpers>;
beforeAll(async () => {
  shop = await startShop();
  h = checkoutHelpers(shop);
});
afterAll(async () => {
  await shop?.dispose();
});

let ip = 1;
let serial = 0;

/** A fresh customer with a Leipzig address (in the delivery area) and 20 × SKU in her cart, and her token. */
async function apiBuyer(qty = 20) {
  const id = 9_400_000 + serial++;
  const email = `api-kasse-${id}@example.org`;
  const addressId = id * 10;
  await shop.db.batch([
    prepareTestCustomer(shop.db, { id, email, firstname: "Ada", lastname: "Api", gender: "w" }),
    shop.db
      .prepare(`INSERT INTO address (id, customer_id, street, house_number, zip, city, is_default_shipping, is_default_billing, created_at)
        VALUES (?, ?, 'Kochstraße', '3', '04275', 'Leipzig', 1, 1, '2026-01-01')`)
      .bind(addressId, id),
    shop.db
      .prepare("INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, ?, 0, ?, '2026-01-01')")
      .bind(id, SKU, qty),
  ]);
  const res = await shop.fetch("/rest/V1/integration/customer/token", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `203.0.113.${ip++ % 250}` },
    body: JSON.stringify({ username: email, password: DEMO.password }),
  });
  expect(res.status).toBe(200);
  const { access_token } = (await res.json()) as { access_token: string };
  return { id, email, addressId, token: access_token };
}

type Buyer = Awaited<ReturnType<typeof apiBuyer>>;

function call(
  b: Buyer,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return shop.fetch(path, {
    method: init.method ?? "GET",
    headers: {
      Authorization: `Bearer ${b.token}`,
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return JSON.parse(text) as T;
}

interface Dates {
  carrier_code: string;
  store_id: string | null;
  dates: { start: string; end: string; date: string; from: string; to: string; remaining: number | null }[];
}
interface Info {
  addresses: { id: number; zip: string; deliverable: boolean }[];
  stores: { id: string; name: string; distance_km: number | null }[];
  telephone: string;
  totals: { grand_total: number; shipping: number };
}
interface Submitted {
  increment_id: string;
  heidelpay_redirect_url: string;
  status: string;
  payment_status: string | null;
  redirect_url: string;
}
interface Failure {
  message: string;
  parameters: string[];
}

/** The standard delivery's first wish date and the total with its shipping, as an app reads them. */
async function standardOrder(b: Buyer, extra: Record<string, unknown> = {}) {
  const [dates, info] = await Promise.all([
    json<Dates>(call(b, "/rest/V1/carts/mine/wish-dates?carrier=myensopackagedelivery")),
    json<Info>(call(b, "/rest/V1/carts/mine/shipping-information?carrier=myensopackagedelivery")),
  ]);
  return {
    paymentMethod: "card",
    shippingRuleset: "myensopackagedelivery",
    shippingAddressId: b.addressId,
    shippingDate: dates.dates[0].start,
    shippingDateEnd: dates.dates[0].end,
    orderComment: "Bitte klingeln",
    grandTotal: info.totals.grand_total,
    ...extra,
  };
}

let keys = 0;
const newKey = () => `api-kasse-${Date.now()}-${keys++}`.padEnd(24, "x");

function submit(b: Buyer, body: unknown, key: string | null = newKey()) {
  return call(b, "/rest/V1/order/mine/submit", {
    method: "POST",
    body,
    headers: key === null ? {} : { "Idempotency-Key": key },
  });
}

describe("what the checkout offers", () => {
  it("lists the shipping methods the cart can use, filtered by the delivery area, with prices in euros", async () => {
    const b = await apiBuyer();
    const methods = await json<{ carrier_code: string; amount: number; carrier_title: string }[]>(
      call(b, "/rest/V1/carts/mine/shipping-methods"),
    );
    expect(methods.map((m) => m.carrier_code)).toEqual([
      "myensopackagedelivery",
      "myensodhlexpress",
      "clickandcollect",
      "myensofoodshipping",
    ]);
    expect(methods[0].carrier_title).toBe("Standardlieferung");
    // Outside the delivery area, the shop's own chilled vans are not offered.
    await shop.db.prepare("UPDATE address SET zip = '80331', city = 'München' WHERE id = ?").bind(b.addressId).run();
    const outside = await json<{ carrier_code: string }[]>(call(b, "/rest/V1/carts/mine/shipping-methods"));
    expect(outside.map((m) => m.carrier_code)).not.toContain("myensofoodshipping");
    const info = await json<Info>(call(b, "/rest/V1/carts/mine/shipping-information?carrier=myensofoodshipping"));
    expect(info.addresses).toEqual([expect.objectContaining({ id: b.addressId, zip: "80331", deliverable: false })]);
  });

  it("offers no shipping method for an empty cart", async () => {
    const b = await apiBuyer();
    await shop.db.prepare("DELETE FROM cart_item WHERE customer_id = ?").bind(b.id).run();
    expect(await json(call(b, "/rest/V1/carts/mine/shipping-methods"))).toEqual([]);
  });

  it("prices the cart with the chosen method and lists click & collect stores nearest first", async () => {
    const b = await apiBuyer();
    const standard = await json<Info>(
      call(b, "/rest/V1/carts/mine/shipping-information?carrier=myensopackagedelivery"),
    );
    const express = await json<Info>(call(b, "/rest/V1/carts/mine/shipping-information?carrier=myensodhlexpress"));
    expect(express.totals.shipping).toBeGreaterThan(standard.totals.shipping);
    expect(cents(express.totals.grand_total) - cents(standard.totals.grand_total)).toBe(
      cents(express.totals.shipping) - cents(standard.totals.shipping),
    );
    // The cart's own totals are priced as the cart page prices them: with standard delivery.
    expect(await json<Info["totals"]>(call(b, "/rest/V1/carts/mine/totals/complete"))).toEqual(standard.totals);
    expect(standard.addresses).toEqual([expect.objectContaining({ id: b.addressId, deliverable: true })]);
    expect(standard.stores).toEqual([]);
    const pickup = await json<Info>(call(b, "/rest/V1/carts/mine/shipping-information?carrier=clickandcollect"));
    expect(pickup.addresses).toEqual([]);
    expect(pickup.stores[0].name).toContain("Leipzig");
    const distances = pickup.stores.map((s) => s.distance_km ?? Number.POSITIVE_INFINITY);
    expect(distances).toEqual([...distances].sort((x, y) => x - y));
  });

  it("answers the wish dates of a delivery and a store's pickup times with their free places", async () => {
    const b = await apiBuyer();
    const standard = await json<Dates>(call(b, "/rest/V1/carts/mine/wish-dates?carrier=myensopackagedelivery"));
    expect(standard.dates.length).toBeGreaterThan(0);
    expect(standard.dates[0]).toMatchObject({ remaining: null, from: "08:00", to: "14:00" });
    expect(Date.parse(standard.dates[0].start)).toBeGreaterThan(Date.now());
    const express = await json<Dates>(call(b, "/rest/V1/carts/mine/wish-dates?carrier=myensodhlexpress"));
    expect(express.dates).toEqual([]);
    const pickup = await json<Dates>(
      call(b, "/rest/V1/carts/mine/wish-dates?carrier=clickandcollect&store=leipzig-suedvorstadt"),
    );
    expect(pickup.store_id).toBe("leipzig-suedvorstadt");
    expect(pickup.dates[0].remaining).toBeGreaterThan(0);
    const more = await json<Dates>(
      call(b, "/rest/V1/carts/mine/wish-dates?carrier=clickandcollect&store=leipzig-suedvorstadt&more=1"),
    );
    expect(more.dates.length).toBeGreaterThan(pickup.dates.length);
    const unknown = await json<Failure>(
      call(b, "/rest/V1/carts/mine/wish-dates?carrier=clickandcollect&store=gibt-es-nicht"),
      404,
    );
    expect(unknown.message).toBe("Bitte wähle einen Markt für die Abholung.");
    const wrong = await json<Failure>(call(b, "/rest/V1/carts/mine/wish-dates?carrier=brieftaube"), 400);
    expect(wrong.parameters).toEqual(["query.carrier: Bitte wähle eine Versandart."]);
  });
});

describe("the order submit", () => {
  it("takes the spec's body alone: her default delivery address and the cart's total as it stands", async () => {
    const b = await apiBuyer();
    const { shippingAddressId: _address, grandTotal: _total, ...spec } = await standardOrder(b);
    const key = newKey();
    const placed = await json<Submitted>(submit(b, spec, key));
    expect(placed.status).toBe("pending_payment");
    const row = await shop.db
      .prepare("SELECT shipping_address FROM customer_order WHERE increment_id = ?")
      .bind(Number(placed.increment_id))
      .first<{ shipping_address: string }>();
    expect(JSON.parse(row?.shipping_address ?? "{}")).toMatchObject({ zip: expect.any(String) });
  });

  it("places the order, answers its number and the payment page, which the app opens without a session", async () => {
    const b = await apiBuyer();
    const stockBefore = await h.stockOf(SKU);
    const key = newKey();
    const placed = await json<Submitted>(submit(b, await standardOrder(b), key));
    expect(placed).toMatchObject({ status: "pending_payment", payment_status: "pending" });
    expect(placed.redirect_url).toMatch(/^http:\/\/[^/]+\/payment\/sandbox\/pay_[\w-]+\?key=[0-9a-f]+$/);
    // the spec's name for it (section 3 "Order response")
    expect(placed.heidelpay_redirect_url).toBe(placed.redirect_url);
    expect(placed.increment_id).toMatch(/^\d+$/);
    const order = await h.orderOf(key);
    expect(order).toMatchObject({
      increment_id: Number(placed.increment_id),
      customer_id: b.id,
      comment: "Bitte klingeln",
    });
    expect(await h.cartCount(b.id)).toBe(0);
    expect(await h.stockOf(SKU)).toBe(stockBefore - 20);

    // The app's browser has no shop session: the page's address is enough, as at a real provider.
    const { pathname, search } = new URL(placed.redirect_url);
    const webview = new Browser(shop);
    const page = await webview.get(`${pathname}${search}`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain("Zahlung beim Zahlungsdienstleister (Sandbox)");
    // The form sends the key along, so the page works without JavaScript.
    expect(page.html).toMatch(/<form method="post" action="[^"]*\?key=[0-9a-f]+"/);
    const paid = await webview.post(`${pathname}${search}`, { intent: "approve" }, { csrf: null });
    expect(paid.res.status).toBe(302);
    const after = await json<{ status: string; payment: { status: string } | null }>(
      call(b, `/rest/V1/orders/mine/${placed.increment_id}`),
    );
    expect(after.status).not.toBe("pending_payment");

    // The same key again: the same order, no second one.
    const again = await json<Submitted>(submit(b, await standardOrder(b), key));
    expect(again.increment_id).toBe(placed.increment_id);
    expect(await h.orderCount(b.id)).toBe(1);
  });

  it("without the key, or with a wrong one, the page is the signed-in owner's only", async () => {
    const b = await apiBuyer();
    const placed = await json<Submitted>(submit(b, await standardOrder(b)));
    const { pathname } = new URL(placed.redirect_url);
    const stranger = new Browser(shop);
    const bare = await stranger.get(pathname);
    expect(bare.res.status).toBe(302);
    expect(bare.res.headers.get("Location")).toMatch(/^\/login/);
    const forged = await stranger.get(`${pathname}?key=${"0".repeat(64)}`);
    expect(forged.res.status).toBe(302);
    const posted = await stranger.post(`${pathname}?key=${"0".repeat(64)}`, { intent: "approve" }, { csrf: null });
    expect(posted.res.status).toBe(302);
    expect(posted.res.headers.get("Location")).toMatch(/^\/login/);
    const payment = await shop.db
      .prepare("SELECT p.status FROM payment p JOIN customer_order o ON o.id = p.order_id WHERE o.increment_id = ?")
      .bind(placed.increment_id)
      .first<{ status: string }>();
    expect(payment?.status).toBe("pending");
  });

  it("20 concurrent submits with one key make one order, and every answer names it", async () => {
    const b = await apiBuyer();
    const body = await standardOrder(b);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(b, body, key)));
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: await r.text() })));
    expect(bodies.map((a) => a.status)).toEqual(Array(20).fill(200));
    const numbers = new Set(bodies.map((a) => (JSON.parse(a.body) as Submitted).increment_id));
    expect(numbers.size).toBe(1);
    const urls = new Set(bodies.map((a) => (JSON.parse(a.body) as Submitted).redirect_url));
    expect(urls.size).toBe(1);
    expect(await h.orderCount(b.id)).toBe(1);
    const payments = await shop.db
      .prepare("SELECT COUNT(*) AS n FROM payment p JOIN customer_order o ON o.id = p.order_id WHERE o.customer_id = ?")
      .bind(b.id)
      .first<{ n: number }>();
    expect(payments?.n).toBe(1);
  });

  it("pays with the balance without a provider: the answer leads to the confirmation", async () => {
    const b = await apiBuyer();
    await shop.db
      .prepare("INSERT INTO customer_balance (customer_id, balance_cents) VALUES (?, 100000)")
      .bind(b.id)
      .run();
    const placed = await json<Submitted>(submit(b, await standardOrder(b, { paymentMethod: "balance" })));
    expect(placed.payment_status).toBeNull();
    expect(placed.redirect_url).toBe(
      `${new URL(placed.redirect_url).origin}/checkout/success?order=${placed.increment_id}`,
    );
    const balance = await shop.db
      .prepare("SELECT balance_cents FROM customer_balance WHERE customer_id = ?")
      .bind(b.id)
      .first<{ balance_cents: number }>();
    expect(balance?.balance_cents).toBeLessThan(100000);
  });

  it("picks up in a store: the pickup time's start and end, the store and the accepted terms", async () => {
    const b = await apiBuyer();
    const pickup = await json<Dates>(
      call(b, "/rest/V1/carts/mine/wish-dates?carrier=clickandcollect&store=leipzig-suedvorstadt"),
    );
    const info = await json<Info>(call(b, "/rest/V1/carts/mine/shipping-information?carrier=clickandcollect"));
    const slot = pickup.dates.find((d) => (d.remaining ?? 0) > 0)!;
    const body = {
      paymentMethod: "paypal",
      shippingRuleset: "clickandcollect",
      pickupStore: "leipzig-suedvorstadt",
      pickupDate: slot.start,
      pickupDateEnd: slot.end,
      pickupLocation: { name: "Frischkorb Leipzig-Südvorstadt", city: "Leipzig" },
      pickupTermsAccepted: true,
      grandTotal: info.totals.grand_total,
    };
    const withoutTerms = await json<Failure>(submit(b, { ...body, pickupTermsAccepted: false }), 400);
    expect(withoutTerms.parameters).toEqual(["body.pickupTermsAccepted: Bitte bestätige die Abholbedingungen."]);
    const key = newKey();
    await json<Submitted>(submit(b, body, key));
    expect(await h.orderOf(key)).toMatchObject({
      carrier_code: "clickandcollect",
      store_id: "leipzig-suedvorstadt",
      pickup_slot_start: slot.start,
    });
  });
});

describe("refusals change nothing", () => {
  async function unchanged(b: Buyer, run: () => Promise<void>) {
    const before = [await h.orderCount(b.id), await h.cartCount(b.id), await h.stockOf(SKU)];
    await run();
    expect([await h.orderCount(b.id), await h.cartCount(b.id), await h.stockOf(SKU)]).toEqual(before);
  }

  it("asks for the Idempotency-Key (400, as 428 means 'not activated' to the spec's app) and refuses a malformed one (400)", async () => {
    const b = await apiBuyer();
    const body = await standardOrder(b);
    await unchanged(b, async () => {
      const missing = await json<Failure>(submit(b, body, null), 400);
      expect(missing).toEqual({
        message:
          "Bitte sende einen Header Idempotency-Key mit: Er sorgt dafür, dass eine wiederholte Bestellung nur einmal angelegt wird.",
        parameters: ["header.Idempotency-Key"],
      });
      const short = await json<Failure>(submit(b, body, "kurz"), 400);
      expect(short.parameters).toEqual(["header.Idempotency-Key"]);
    });
  });

  it("refuses a changed total, a missing or foreign address and a wish date not offered, in German", async () => {
    const b = await apiBuyer();
    const other = await apiBuyer();
    const body = await standardOrder(b);
    await unchanged(b, async () => {
      const total = await json<Failure>(submit(b, { ...body, grandTotal: (cents(body.grandTotal) - 1) / 100 }), 409);
      expect(total.message).toBe(
        "Der Gesamtbetrag hat sich geändert. Bitte prüfe deine Bestellung und bestelle erneut.",
      );
      // without an address the default delivery address stands in (the spec's body has none); a
      // customer without one is asked for it
      const noDefault = shop.db.prepare("UPDATE address SET is_default_shipping = ?1 WHERE id = ?2");
      await noDefault.bind(0, b.addressId).run();
      const missing = await json<Failure>(submit(b, { ...body, shippingAddressId: undefined }), 400);
      expect(missing.parameters).toEqual([
        "body.shippingAddressId: Bitte wähle eine Lieferadresse oder lege eine neue an.",
      ]);
      await noDefault.bind(1, b.addressId).run();
      // Another customer's address is no address of hers (the owner check).
      const foreign = await json<Failure>(submit(b, { ...body, shippingAddressId: other.addressId }), 409);
      expect(foreign).toEqual({
        message: "Bitte wähle eine Lieferadresse oder lege eine neue an.",
        parameters: ["body.shippingAddressId: Bitte wähle eine Lieferadresse oder lege eine neue an."],
      });
      const late = await json<Failure>(
        submit(b, { ...body, shippingDate: "2020-01-01T07:00:00.000Z", shippingDateEnd: "2020-01-01T13:00:00.000Z" }),
        409,
      );
      expect(late.message).toBe("Bitte wähle einen Wunschliefertermin.");
      const notADate = await json<Failure>(submit(b, { ...body, shippingDate: "morgen" }), 400);
      expect(notADate.parameters[0]).toMatch(/^body\.shippingDate: /);
    });
    expect(await h.orderCount(other.id)).toBe(0);
  });

  it("refuses a payment method the customer is not offered, and an empty cart", async () => {
    const b = await apiBuyer();
    const body = await standardOrder(b);
    await unchanged(b, async () => {
      const sepa = await json<Failure>(
        submit(b, {
          ...body,
          paymentMethod: "sepa",
          sepa: { bank: "Sparkasse", iban: "DE89370400440532013000", mandateAccepted: true },
        }),
        409,
      );
      expect(sepa.parameters[0]).toMatch(/^body\.paymentMethod: /);
      const balance = await json<Failure>(submit(b, { ...body, paymentMethod: "balance" }), 409);
      expect(balance.parameters[0]).toMatch(/^body\.paymentMethod: /);
    });
    await shop.db.prepare("DELETE FROM cart_item WHERE customer_id = ?").bind(b.id).run();
    const empty = await json<Failure>(submit(b, body), 409);
    expect(empty.message).toBe("Dein Warenkorb ist leer.");
    expect(await h.orderCount(b.id)).toBe(0);
  });

  it("never reaches another customer's order through a replayed key", async () => {
    const a = await apiBuyer();
    const b = await apiBuyer();
    const key = newKey();
    const first = await json<Submitted>(submit(a, await standardOrder(a), key));
    // The same key from another customer is her own new order, not the first one's.
    const second = await json<Submitted>(submit(b, await standardOrder(b), key));
    expect(second.increment_id).not.toBe(first.increment_id);
    expect(await h.orderCount(a.id)).toBe(1);
    expect(await h.orderCount(b.id)).toBe(1);
  });
});
