/**
 * The cart through the JSON API (docs/decisions/0034): the spec's cart shape with amounts in euros,
 * line changes by the line's own item_id with the cart page's rules and refusals, gifts, vouchers,
 * 200 concurrent changes that lose nothing, and a token that only ever reaches its own customer's
 * cart (another customer's item_id is the same 404 as an unknown one).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareTestCustomer } from "../fixtures/customer";
import { DEMO } from "./browser";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  shop = await startShop();
  for (const [id, name] of [
    [9201, "wagen-eins"],
    [9202, "wagen-zwei"],
    [9203, "wagen-drei"],
  ] as const) {
    const email = `${name}@example.org`;
    await prepareTestCustomer(shop.db, { id, email, firstname: "Wagen", lastname: "Kundin", gender: "w" }).run();
    const res = await shop.fetch("/rest/V1/integration/customer/token", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": `192.0.2.${id % 250}` },
      body: JSON.stringify({ username: email, password: DEMO.password }),
    });
    tokens[name] = ((await res.json()) as { access_token: string }).access_token;
  }
});
afterAll(async () => {
  await shop?.dispose();
});

interface CartAnswer {
  id: number;
  items: {
    item_id: number;
    sku: string;
    qty: number;
    options: string;
    row_total_incl_tax: number;
    extension_attributes: { free_product: boolean };
  }[];
  items_count: number;
  itemCount: number;
  subtotal: number;
  subTotal: number;
  grand_total: number;
  grandTotal: number;
  valid: boolean;
  coupon: string | null;
  discount: { amount: number; code: string | null; applied: boolean };
  total_segments: { code: string; title: string; value: number }[];
  extension_attributes: {
    minimum_order_value: number;
    minimum_reached: boolean;
    free_products: string[];
    validation_message: string;
    free_product_rules: unknown[];
  };
}

function call(who: string, method: string, path: string, body?: unknown) {
  return shop.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${tokens[who]}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

const update = (who: string, cartItem: Record<string, unknown>) =>
  call(who, "PUT", "/rest/V1/carts/mine/update", { cartItem });

/** The item_id of a customer's bought line, as the cart answers it. */
async function lineOf(who: string, sku: string): Promise<number> {
  const cart = (await (await call(who, "GET", "/rest/V1/carts/mine/totals/complete")).json()) as CartAnswer;
  const line = cart.items.find((i) => i.sku === sku && !i.extension_attributes.free_product);
  if (!line) throw new Error(`${sku} is not in the cart`);
  return line.item_id;
}

describe("the cart", () => {
  it("is created once per customer and read with totals, segments and the minimum order value", async () => {
    const created = await call("wagen-eins", "POST", "/rest/V1/carts/mine");
    expect(created.status).toBe(200);
    expect(await created.json()).toBe(9201);
    const res = await call("wagen-eins", "GET", "/rest/V1/carts/mine/totals/complete");
    expect(res.status).toBe(200);
    const cart = (await res.json()) as CartAnswer;
    expect(cart).toMatchObject({ id: 9201, items: [], itemCount: 0, subTotal: 0, valid: false });
    expect(cart.extension_attributes.minimum_order_value).toBe(20);
    expect(cart.extension_attributes.free_product_rules).toHaveLength(3);
  });

  it("adds without an itemId, sets with one, and takes the line out at 0", async () => {
    let res = await update("wagen-eins", { itemId: null, sku: "120001", qty: 2 });
    expect(res.status).toBe(200);
    const text = await res.text();
    // euros with exactly two places, written from cents
    expect(text).toContain('"row_total_incl_tax":2.78,"base_price_incl_tax":1.39');
    let cart = JSON.parse(text) as CartAnswer;
    expect(cart.items).toEqual([
      expect.objectContaining({ item_id: expect.any(Number), sku: "120001", qty: 2, row_total_incl_tax: 2.78 }),
    ]);
    const milk = cart.items[0].item_id;
    expect(JSON.parse(cart.items[0].options)).toMatchObject({
      name: "Frische Vollmilch 3,8 %",
      price: { value: 1.39 },
    });
    expect(cart.subTotal).toBe(2.78);
    expect(cart.extension_attributes.minimum_reached).toBe(false);

    res = await update("wagen-eins", { itemId: null, sku: "120001", qty: 3 });
    cart = (await res.json()) as CartAnswer;
    expect(cart.items[0]).toMatchObject({ item_id: milk, qty: 5 });
    res = await update("wagen-eins", { itemId: milk, sku: "120001", qty: 20 });
    cart = (await res.json()) as CartAnswer;
    expect(cart.items[0].qty).toBe(20);
    expect(cart.subTotal).toBe(27.8);
    expect(cart.extension_attributes.minimum_reached).toBe(true);
    expect(cart.valid).toBe(true);
    expect(cart.total_segments.find((s) => s.code === "grand_total")?.value).toBe(cart.grandTotal);

    res = await update("wagen-eins", { itemId: milk, sku: "120001", qty: 0 });
    expect(((await res.json()) as CartAnswer).items).toEqual([]);
  });

  it("refuses what the cart page refuses, with its German texts, and changes nothing", async () => {
    await update("wagen-eins", { itemId: null, sku: "120002", qty: 99 });
    const before = (await shop.db.prepare("SELECT sku, qty FROM cart_item WHERE customer_id = 9201 ORDER BY sku").all())
      .results;
    const more = await update("wagen-eins", { itemId: null, sku: "120002", qty: 1 });
    expect(more.status).toBe(400);
    expect(((await more.json()) as { message: string }).message).toBe(
      "Von diesem Artikel kannst du leider nicht mehr in den Warenkorb legen.",
    );
    const unknown = await update("wagen-eins", { itemId: null, sku: "999999", qty: 1 });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe("Diesen Artikel gibt es nicht (mehr).");
    const line = (before as { sku: string }[]).length ? await lineOf("wagen-eins", "120002") : 0;
    const mismatch = await update("wagen-eins", { itemId: line, sku: "120001", qty: 1 });
    expect(mismatch.status).toBe(400);
    const unknownLine = await update("wagen-eins", { itemId: 99_999_999, sku: "120002", qty: 1 });
    expect(unknownLine.status).toBe(404);
    for (const bad of [
      { itemId: null, sku: "120002", qty: 100 },
      { itemId: null, sku: "120002", qty: 1.5 },
      { itemId: null, sku: "120002", qty: "1" },
      { itemId: null, sku: "", qty: 1 },
      { itemId: null, sku: "120002", qty: 0 },
      { itemId: "120002", sku: "120002", qty: 1 },
      { itemId: 1.5, sku: "120002", qty: 1 },
      { sku: "120002", qty: 1 },
    ]) {
      const res = await update("wagen-eins", bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(((await res.json()) as { message: string }).message).not.toMatch(/Expected|Required|undefined/);
    }
    expect(
      (await shop.db.prepare("SELECT sku, qty FROM cart_item WHERE customer_id = 9201 ORDER BY sku").all()).results,
    ).toEqual(before);
    await update("wagen-eins", { itemId: line, sku: "120002", qty: 0 });
  });

  it("takes a gift at a reached step and refuses one that is not offered", async () => {
    await update("wagen-eins", { itemId: null, sku: "120001", qty: 40 });
    const gift = await update("wagen-eins", {
      itemId: null,
      sku: "120026",
      qty: 1,
      extension_attributes: { free_product: true },
    });
    expect(gift.status).toBe(200);
    const cart = (await gift.json()) as CartAnswer;
    const giftLine = cart.items.find((i) => i.extension_attributes.free_product);
    expect(giftLine).toMatchObject({ sku: "120026", item_id: expect.any(Number), row_total_incl_tax: 0 });
    expect(giftLine?.item_id).not.toBe(cart.items.find((i) => i.sku === "120001")?.item_id);
    expect(JSON.parse(cart.extension_attributes.free_products[0])).toMatchObject({ sku: "120026", qty: 1 });
    const notOffered = await update("wagen-eins", {
      itemId: null,
      sku: "120001",
      qty: 1,
      extension_attributes: { free_product: true },
    });
    expect(notOffered.status).toBe(409);
    // the gift line named by its item_id goes at 0, as a bought line would
    const out = await update("wagen-eins", { itemId: giftLine?.item_id, sku: "120026", qty: 0 });
    expect(out.status).toBe(200);
    expect(((await out.json()) as CartAnswer).items.some((i) => i.extension_attributes.free_product)).toBe(false);
  });

  it("redeems a voucher with the cart page's rules and removes it", async () => {
    const invalid = await call("wagen-zwei", "PUT", "/rest/V1/carts/mine/coupons", { code: "SOMMER2025" });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { message: string }).message).toBe("Dieser Gutscheincode ist leider ungültig.");
    await update("wagen-zwei", { itemId: null, sku: "120001", qty: 2 });
    const minimum = await call("wagen-zwei", "PUT", "/rest/V1/carts/mine/coupons", { code: "FRISCH5" });
    expect(minimum.status).toBe(409);
    expect(((await minimum.json()) as { message: string }).message).toBe(
      "Diesen Gutschein kannst du ab einem Warenwert von 25,00\u00a0€ einlösen.",
    );
    const applied = await call("wagen-zwei", "PUT", "/rest/V1/carts/mine/coupons", { code: "HERBST10" });
    expect(applied.status).toBe(200);
    const cart = (await applied.json()) as CartAnswer;
    expect(cart.discount).toMatchObject({ code: "HERBST10", amount: 0.27, applied: true });
    expect(cart.coupon).toBe("HERBST10");
    const removed = await call("wagen-zwei", "DELETE", "/rest/V1/carts/mine/coupons");
    expect(((await removed.json()) as CartAnswer).discount.code).toBeNull();
  });

  it("loses no update among 200 concurrent ones", async () => {
    const skus = ["120001", "120002", "100001", "110001"];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => update("wagen-drei", { itemId: null, sku: skus[i % 4], qty: 1 })),
    );
    expect(answers.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const rows = (
      await shop.db
        .prepare("SELECT sku, qty FROM cart_item WHERE customer_id = 9203 ORDER BY sku")
        .all<{ sku: string; qty: number }>()
    ).results;
    expect(rows).toEqual(skus.map((sku) => ({ sku, qty: 50 })).sort((a, b) => a.sku.localeCompare(b.sku)));
  });

  it("offers the payment methods of the checkout: SEPA only after a paid order, the balance only with credit", async () => {
    const fresh = await call("wagen-eins", "GET", "/rest/V1/carts/mine/payment-methods");
    expect(fresh.status).toBe(200);
    expect(await fresh.json()).toEqual([
      { code: "paypal", title: "PayPal" },
      { code: "card", title: "Kredit- oder Debitkarte" },
    ]);
    await shop.db.batch([
      shop.db.prepare("UPDATE customer SET is_sepa_allowed = '1' WHERE id = 9202"),
      shop.db.prepare("INSERT INTO customer_balance (customer_id, balance_cents) VALUES (9202, 1250)"),
    ]);
    const member = (await (await call("wagen-zwei", "GET", "/rest/V1/carts/mine/payment-methods")).json()) as {
      code: string;
      title: string;
    }[];
    expect(member.map((m) => m.code)).toEqual(["paypal", "card", "sepa", "balance"]);
    expect(member[3].title).toBe("Guthaben (12,50\u00a0€ verfügbar)");
  });

  it("is only ever the token's own customer's cart", async () => {
    const before = (await shop.db.prepare("SELECT * FROM cart_item WHERE customer_id = 9203 ORDER BY sku").all())
      .results;
    const own = (await (await call("wagen-zwei", "GET", "/rest/V1/carts/mine/totals/complete")).json()) as CartAnswer;
    expect(own.id).toBe(9202);
    expect(own.items.map((i) => i.sku)).toEqual(["120001"]);
    // another customer's line by its item_id: the same 404 as an unknown one, nothing changes
    const foreign = await lineOf("wagen-drei", "110001");
    expect((await update("wagen-zwei", { itemId: foreign, sku: "110001", qty: 0 })).status).toBe(404);
    expect(
      (await shop.db.prepare("SELECT * FROM cart_item WHERE customer_id = 9203 ORDER BY sku").all()).results,
    ).toEqual(before);
    expect((await shop.fetch("/rest/V1/carts/mine/totals/complete")).status).toBe(401);
  });
});
