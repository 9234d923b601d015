import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, csrfOf, DEMO, signIn } from "./browser";
import { startShop, type TestShop } from "./worker";
import { signBody } from "../../app/platform/payment.server";

let shop: TestShop;
beforeAll(async () => { shop = await startShop(); });
afterAll(async () => { await shop?.dispose(); });

const SKU = "160009"; // 1,19 €, no deposit
let counter = 0;

/** A fresh active customer with one Leipzig address and `qty` of SKU in the cart. */
async function buyer(qty = 20, sku = SKU) {
  const email = `kasse-${Date.now()}-${counter++}@example.org`;
  const hash = (await shop.db.prepare("SELECT password_hash FROM customer WHERE email = ?").bind(DEMO.active).first<{ password_hash: string }>())!.password_hash;
  const id = 700000 + Math.floor(Math.random() * 1e9);
  const addressId = id + 1;
  await shop.db.batch([
    shop.db.prepare(`INSERT INTO customer (id, email, password_hash, firstname, lastname, dob, telephone, gender, status, consents_at, created_at, updated_at)
      VALUES (?, ?, ?, 'Kai', 'Kasse', '1990-01-01', '', 'd', 'active', '2026-01-01', '2026-01-01', '2026-01-01')`).bind(id, email, hash),
    shop.db.prepare(`INSERT INTO address (id, customer_id, street, house_number, zip, city, is_default_shipping, is_default_billing, created_at)
      VALUES (?, ?, 'Kochstraße', '3', '04275', 'Leipzig', 1, 1, '2026-01-01')`).bind(addressId, id),
    shop.db.prepare("INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, ?, 0, ?, '2026-01-01')").bind(id, sku, qty),
  ]);
  const browser = new Browser(shop);
  await signIn(browser, email);
  return { browser, id, addressId, email };
}

interface Form { csrf: string; key: string; total: string; slots: string[]; pickupSlots: string[] }

async function checkoutForm(browser: Browser, query = ""): Promise<Form> {
  const page = await browser.get(`/checkout${query}`);
  expect(page.res.status).toBe(200);
  const html = page.html;
  return {
    csrf: csrfOf(html),
    key: /name="idempotencyKey" value="([^"]+)"/.exec(html)![1],
    total: /name="expectedTotal" value="(\d+)"/.exec(html)![1],
    slots: [...html.matchAll(/<option value="([^"]+\|[^"]+)"/g)].map((m) => m[1]),
    pickupSlots: [...html.matchAll(/name="pickupSlot" value="([^"]+)"(?! disabled)/g)].map((m) => m[1]),
  };
}

function standardOrder(f: Form, addressId: number, extra: Record<string, string> = {}) {
  return {
    idempotencyKey: f.key, carrier: "myensopackagedelivery", addressId: String(addressId), deliverySlot: f.slots[0],
    paymentMethod: "card", expectedTotal: f.total, comment: "Bitte klingeln", ...extra,
  };
}

const orderOf = (key: string) => shop.db.prepare("SELECT * FROM customer_order WHERE idempotency_key = ?").bind(key).first<Record<string, unknown>>();
const cartCount = async (id: number) => (await shop.db.prepare("SELECT COUNT(*) AS n FROM cart_item WHERE customer_id = ?").bind(id).first<{ n: number }>())!.n;
const stockOf = async (sku: string) => (await shop.db.prepare("SELECT stock_qty FROM product WHERE sku = ?").bind(sku).first<{ stock_qty: number }>())!.stock_qty;

async function pay(browser: Browser, location: string, intent: "approve" | "decline" | "cancel") {
  const page = await browser.get(location);
  expect(page.res.status).toBe(200);
  const res = await browser.post(location, { intent }, { csrf: null });
  expect(res.res.status).toBe(302);
  return browser.follow(res);
}

describe("checkout", () => {
  it("orders with standard delivery and card: provider page, signed confirmation, success page, mail, orders list", async () => {
    const { browser, id, addressId, email } = await buyer();
    const stock = await stockOf(SKU);
    const f = await checkoutForm(browser);
    expect(f.total).toBe(String(20 * 119 + 495));
    const res = await browser.post("/checkout", standardOrder(f, addressId), { csrf: f.csrf });
    expect(res.res.status).toBe(302);
    const location = res.res.headers.get("Location")!;
    expect(location).toMatch(/^\/payment\/sandbox\/pay_/);
    const order = (await orderOf(f.key))!;
    expect(order.status).toBe("pending_payment");
    expect(order.grand_total_cents).toBe(20 * 119 + 495);
    expect(await stockOf(SKU)).toBe(stock - 20);
    expect(await cartCount(id)).toBe(0);

    const success = await pay(browser, location, "approve");
    expect(success.res.status).toBe(200);
    expect(success.html).toContain("Vielen Dank für deine Bestellung!");
    expect(success.html).toContain(String(order.increment_id));
    expect((await orderOf(f.key))!.status).toBe("processing");
    const mail = await shop.db.prepare("SELECT subject, text_body FROM outbox WHERE recipient = ? ORDER BY id DESC").bind(email).first<{ subject: string; text_body: string }>();
    expect(mail!.subject).toContain(String(order.increment_id));
    expect(mail!.text_body).toContain("20 × ");
    expect(mail!.text_body).toContain("Widerrufsrecht");
    const list = await browser.get("/account/order/overview?filter=open");
    expect(list.html).toContain(String(order.increment_id));
    const detail = await browser.get(`/account/order/${order.increment_id}`);
    expect(detail.html).toContain("Bitte klingeln");
  });

  it("a declined payment brings the customer back to checkout with the method's message and restores cart and stock", async () => {
    const { browser, id, addressId } = await buyer();
    const stock = await stockOf(SKU);
    const f = await checkoutForm(browser);
    const res = await browser.post("/checkout", standardOrder(f, addressId, { paymentMethod: "paypal" }), { csrf: f.csrf });
    const back = await pay(browser, res.res.headers.get("Location")!, "decline");
    expect(back.html).toContain("Die Zahlung mit PayPal ist fehlgeschlagen oder wurde abgebrochen.");
    expect((await orderOf(f.key))!.status).toBe("canceled");
    expect(await cartCount(id)).toBe(1);
    expect(await stockOf(SKU)).toBe(stock);
  });

  it("20 concurrent submits of the same checkout make exactly one order", async () => {
    const { browser, addressId, id } = await buyer();
    const f = await checkoutForm(browser);
    const results = await Promise.all(Array.from({ length: 20 }, () => browser.post("/checkout", standardOrder(f, addressId), { csrf: f.csrf })));
    expect(results.every((r) => r.res.status === 302)).toBe(true);
    expect(new Set(results.map((r) => r.res.headers.get("Location"))).size).toBe(1);
    expect((await shop.db.prepare("SELECT COUNT(*) AS n FROM customer_order WHERE customer_id = ?").bind(id).first<{ n: number }>())!.n).toBe(1);
  }, 60_000);

  it("stock S with more buyers than S ends with S orders and stock 0", async () => {
    const sku = "130042";
    const S = 4;
    await shop.db.prepare("UPDATE product SET stock_qty = ? WHERE sku = ?").bind(S, sku).run();
    // each buyer wants one of the scarce product plus enough of another to reach the minimum order value
    const buyers = await Promise.all(Array.from({ length: 10 }, async () => {
      const b = await buyer(20);
      await shop.db.prepare("INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, ?, 0, 1, '2026-01-02')").bind(b.id, sku).run();
      return { ...b, form: await checkoutForm(b.browser) };
    }));
    const results = await Promise.all(buyers.map((b) => b.browser.post("/checkout", standardOrder(b.form, b.addressId), { csrf: b.form.csrf })));
    expect(results.some((r) => r.res.status >= 500)).toBe(false);
    expect(results.filter((r) => r.res.status === 302)).toHaveLength(S);
    expect(results.filter((r) => r.res.status === 409)).toHaveLength(10 - S);
    expect(results.find((r) => r.res.status === 409)!.html).toContain("nicht mehr in der gewünschten Menge vorrätig");
    expect(await stockOf(sku)).toBe(0);
  }, 120_000);

  it("a payment confirmation replayed 3 times changes the order once; forged or altered ones change nothing", async () => {
    const { browser, addressId } = await buyer();
    const f = await checkoutForm(browser);
    const res = await browser.post("/checkout", standardOrder(f, addressId), { csrf: f.csrf });
    const paymentId = res.res.headers.get("Location")!.split("/").pop()!;
    const order = (await orderOf(f.key))!;
    const env = { ENVIRONMENT: "test" } as never;
    const send = async (payload: object, signature?: string) => {
      const body = JSON.stringify(payload);
      return shop.fetch("/payment/sandbox/notify", {
        method: "POST", body, headers: { "Content-Type": "application/json", "X-Payment-Signature": signature ?? await signBody(env, body) },
      });
    };
    const confirmation = { confirmationId: "c-1", paymentId, orderId: order.id, amountCents: order.grand_total_cents, currency: "EUR", outcome: "approved" };
    expect((await send({ ...confirmation, amountCents: 1 })).status).toBe(409);
    expect((await send(confirmation, "0".repeat(64))).status).toBe(401);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await (await send(confirmation)).json());
    expect(answers.map((a) => (a as { result: string }).result)).toEqual(["settled", "unchanged", "unchanged"]);
    const late = await (await send({ ...confirmation, confirmationId: "c-2", outcome: "declined" })).json();
    expect((late as { result: string }).result).toBe("unchanged");
    const after = (await orderOf(f.key))!;
    expect(after.status).toBe("processing");
    expect((await shop.db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE subject LIKE ?").bind(`%${order.increment_id}%`).first<{ n: number }>())!.n).toBe(1);
  });
});
