/**
 * Short lines through the pick list (issue 32 §2, docs/decisions/0041-fulfilment.md): the missing
 * pieces taken off the order, its totals worked out again, the refund through the provider the
 * order was paid with, the customer's mail and one audit entry, all in one batch; the same booking
 * sent 20 times at once makes one; a stale list, bad input and an order no longer being packed
 * change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartTotals } from "~/domain/cart/totals";
import { Browser, csrfOf } from "./browser";
import { checkoutHelpers } from "./checkout-helpers";
import { staffBrowser } from "./staff-browser";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
let h: ReturnType<typeof checkoutHelpers>;
beforeAll(async () => {
  shop = await startShop();
  h = checkoutHelpers(shop);
  await shop.db.prepare("UPDATE product SET stock_qty = 100000 WHERE sku IN (?, ?, ?)").bind(FOOD, DRINK, OTHER).run();
});
afterAll(async () => {
  await shop?.dispose();
});

const GOHLIS = "leipzig-gohlis";
const CREDIT = 300;
const FOOD = "160009";
const OTHER = "170001";
/** A gift of the 50 € step (scripts/seed/cart.mjs). */
const GIFT = "120026";
let DRINK = "";

const one = <T>(sql: string, ...params: unknown[]) =>
  shop.db
    .prepare(sql)
    .bind(...params)
    .first<T>();
const rows = async <T>(sql: string, ...params: unknown[]) =>
  (
    await shop.db
      .prepare(sql)
      .bind(...params)
      .all<T>()
  ).results;
const count = async (sql: string, ...params: unknown[]) => (await one<{ n: number }>(sql, ...params))!.n;
const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/\s+/g, " ");

interface Line {
  sku: string;
  name: string;
  is_gift: number;
  qty: number;
  unit_price_cents: number;
  deposit_cents: number;
  tax_rate: number;
}
const linesOf = (orderId: string) =>
  rows<Line>(
    "SELECT sku, name, is_gift, qty, unit_price_cents, deposit_cents, tax_rate FROM order_item WHERE order_id = ? ORDER BY sku",
    orderId,
  );
const orderRow = (orderId: string) =>
  one<{
    item_count: number;
    subtotal_cents: number;
    discount_cents: number;
    deposit_cents: number;
    shipping_cents: number;
    credit_cents: number;
    grand_total_cents: number;
    tax_details: string;
  }>("SELECT * FROM customer_order WHERE id = ?", orderId);

/**
 * A paid click & collect order at Gohlis: FOOD × 4, a drink with deposit × 6 and OTHER × 1, PayPal
 * through the sandbox with CREDIT of balance used, approved by the sandbox's signed confirmation.
 */
async function paidOrder({ other = 1, gift = false, coupon = "" } = {}) {
  if (!DRINK) {
    const drink = await one<{ sku: string }>(
      "SELECT sku FROM product WHERE deposit_cents > 0 AND price_cents < 200 ORDER BY sku LIMIT 1",
    );
    DRINK = drink!.sku;
    await shop.db.prepare("UPDATE product SET stock_qty = 100000 WHERE sku = ?").bind(DRINK).run();
  }
  const b = await h.buyer(4, FOOD);
  await shop.db.batch([
    shop.db.prepare("INSERT INTO customer_balance (customer_id, balance_cents) VALUES (?, ?)").bind(b.id, CREDIT),
    shop.db
      .prepare("INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, ?, 0, 6, '2026-01-01')")
      .bind(b.id, DRINK),
    shop.db
      .prepare("INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, ?, 0, ?, '2026-01-01')")
      .bind(b.id, OTHER, other),
    ...(coupon
      ? [shop.db.prepare("INSERT INTO cart_state (customer_id, coupon_code) VALUES (?, ?)").bind(b.id, coupon)]
      : []),
    ...(gift
      ? [
          shop.db
            .prepare(
              "INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, ?, 1, 1, '2026-01-01')",
            )
            .bind(b.id, GIFT),
        ]
      : []),
  ]);
  return { ...b, ...(await h.paidPickupOrder(b, GOHLIS)) };
}

/** The pick list's shortage form as the page fills it: every line, `missing` where given. */
function shortageFields(lines: Line[], missing: Record<string, string>) {
  const fields: Record<string, string> = { intent: "short" };
  lines.forEach((line, i) => {
    fields[`lines[${i}].sku`] = line.sku;
    fields[`lines[${i}].gift`] = String(line.is_gift);
    fields[`lines[${i}].expected`] = String(line.qty);
    if (missing[line.sku] !== undefined) fields[`lines[${i}].missing`] = missing[line.sku];
  });
  return fields;
}

/** Everything a booking changes, to prove that a refused one changed nothing. */
const snapshot = async (orderId: string) =>
  JSON.stringify({
    lines: await linesOf(orderId),
    order: await orderRow(orderId),
    shorts: await count("SELECT COUNT(*) AS n FROM order_short WHERE order_id = ?", orderId),
    refunds: await count("SELECT COUNT(*) AS n FROM refund WHERE order_id = ?", orderId),
    audit: await count("SELECT COUNT(*) AS n FROM audit_entry WHERE order_id = ?", orderId),
    mails: await count("SELECT COUNT(*) AS n FROM outbox WHERE subject LIKE 'Fehlende Artikel%'"),
  });

describe("Paula books short lines on the pick list", () => {
  it("takes them off the order, works out its totals again, refunds through PayPal and mails the customer", async () => {
    const o = await paidOrder();
    const paula = await staffBrowser(shop, "paula");
    const before = await linesOf(o.orderId);
    const list = await paula.get(`/staff/orders/${o.number}`);
    expect(text(list.html)).toContain("Fehlmengen buchen");
    expect(list.html).toMatch(/aria-label="Fehlmenge für [^"]+ \(von 4\)"/);

    // one of FOOD missing, and the whole drink line with its deposit
    const posted = await paula.post(
      `/staff/orders/${o.number}`,
      shortageFields(before, { [FOOD]: "1", [DRINK]: "6" }),
      { csrf: csrfOf(list.html) },
    );
    expect(posted.res.status).toBe(302);
    const pageUrl = posted.res.headers.get("Location")!;
    expect(pageUrl).toMatch(/^\/payment\/sandbox\/refund\/[\w-]+\?key=[0-9a-f]+$/);

    const food = before.find((l) => l.sku === FOOD)!;
    const drink = before.find((l) => l.sku === DRINK)!;
    const refundCents = food.unit_price_cents + 6 * (drink.unit_price_cents + drink.deposit_cents);
    const after = await linesOf(o.orderId);
    expect(after.map((l) => [l.sku, l.qty])).toEqual(
      before.filter((l) => l.sku !== DRINK).map((l) => [l.sku, l.sku === FOOD ? 3 : l.qty]),
    );
    const expected = cartTotals({
      lines: after.map((l) => ({
        ...l,
        unitPriceCents: l.unit_price_cents,
        depositCents: l.deposit_cents,
        taxRate: l.tax_rate,
        isGift: l.is_gift === 1,
      })),
      shippingCents: 0,
      coupon: null,
      creditCents: CREDIT,
    });
    const order = (await orderRow(o.orderId))!;
    expect(order).toMatchObject({
      item_count: expected.itemCount,
      subtotal_cents: expected.subtotalCents,
      deposit_cents: expected.depositCents,
      credit_cents: CREDIT,
      grand_total_cents: expected.grandTotalCents,
    });
    expect(JSON.parse(order.tax_details)).toEqual(expected.taxDetails);
    expect(o.paid + CREDIT - refundCents).toBe(expected.grandTotalCents + CREDIT);

    const [refund] = await rows<{
      id: string;
      reason: string;
      state: string;
      amount_cents: number;
      provider_cents: number;
    }>("SELECT id, reason, state, amount_cents, provider_cents FROM refund WHERE order_id = ?", o.orderId);
    expect(refund).toMatchObject({
      reason: "short",
      state: "requested",
      amount_cents: refundCents,
      provider_cents: refundCents,
    });
    expect(await count("SELECT COUNT(*) AS n FROM order_short WHERE order_id = ?", o.orderId)).toBe(2);
    expect(
      await count("SELECT COUNT(*) AS n FROM audit_entry WHERE order_id = ? AND action = 'orders.short'", o.orderId),
    ).toBe(1);
    const mail = await one<{ subject: string; text_body: string }>(
      "SELECT subject, text_body FROM outbox WHERE recipient = ? AND subject LIKE 'Fehlende Artikel%'",
      o.email,
    );
    expect(mail!.subject).toBe(`Fehlende Artikel in deiner Bestellung ${o.number}`);
    expect(mail!.text_body).toContain("– 1 × ");
    expect(mail!.text_body).toContain("– 6 × ");
    expect(mail!.text_body.replace(/\u00a0/g, " ")).toContain(
      `Wir erstatten dir ${(refundCents / 100).toFixed(2).replace(".", ",")} €`,
    );

    // the sandbox confirms: settled, and the pick list says what was booked
    const confirmed = await paula.post(pageUrl, { intent: "confirm" }, { csrf: null });
    expect(confirmed.res.headers.get("Location")).toBe(`/staff/orders/${o.number}`);
    expect((await one<{ state: string }>("SELECT state FROM refund WHERE id = ?", refund.id))!.state).toBe("settled");
    const again = text((await paula.follow(confirmed)).html);
    expect(again).toContain("Gebuchte Fehlmengen");
    expect(again).toContain(`1 × ${food.name}`);
    expect(again).toContain(`6 × ${drink.name}`);

    // the customer's order page lists what was missing and the refund
    const page = text((await o.browser.get(`/account/order/${o.number}`)).html);
    expect(page).toContain("Nicht lieferbar");
    expect(page).toContain("Fehlender Artikel");
    expect(page).toContain("Erstattet");
  });

  it("the same booking sent 20 times at once is booked once: one refund, one mail, one audit entry", async () => {
    const o = await paidOrder();
    const paula = await staffBrowser(shop, "paula");
    const before = await linesOf(o.orderId);
    const csrf = csrfOf((await paula.get(`/staff/orders/${o.number}`)).html);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        paula.post(`/staff/orders/${o.number}`, shortageFields(before, { [FOOD]: "2" }), { csrf }),
      ),
    );
    expect(answers.every((a) => a.res.status === 302)).toBe(true);
    expect((await linesOf(o.orderId)).find((l) => l.sku === FOOD)!.qty).toBe(2);
    expect(await count("SELECT COUNT(*) AS n FROM refund WHERE order_id = ?", o.orderId)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM order_short WHERE order_id = ?", o.orderId)).toBe(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM audit_entry WHERE order_id = ? AND action = 'orders.short'", o.orderId),
    ).toBe(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM outbox WHERE recipient = ? AND subject LIKE 'Fehlende Artikel%'", o.email),
    ).toBe(1);
  });

  it("a list read before a colleague's booking changes nothing; a second shortage found later is booked", async () => {
    const o = await paidOrder();
    const paula = await staffBrowser(shop, "paula");
    const before = await linesOf(o.orderId);
    const first = await paula.submit(`/staff/orders/${o.number}`, shortageFields(before, { [FOOD]: "1" }));
    expect(first.res.status).toBe(302);
    const state = await snapshot(o.orderId);
    // the old list again (expects 4 of FOOD): refused, nothing changed
    const stale = await paula.submit(
      `/staff/orders/${o.number}`,
      shortageFields(before, { [OTHER]: "1", [FOOD]: "1" }),
    );
    expect(stale.res.status).toBe(302);
    expect(text((await paula.follow(stale)).html)).toContain("Die Bestellung hat sich inzwischen geändert.");
    expect(await snapshot(o.orderId)).toBe(state);
    // the new list: another piece of FOOD missing, booked as a second refund
    const later = await paula.submit(
      `/staff/orders/${o.number}`,
      shortageFields(await linesOf(o.orderId), { [FOOD]: "1" }),
    );
    expect(later.res.status).toBe(302);
    expect((await linesOf(o.orderId)).find((l) => l.sku === FOOD)!.qty).toBe(2);
    expect(await count("SELECT COUNT(*) AS n FROM refund WHERE order_id = ?", o.orderId)).toBe(2);
  });

  it("bad input gets its German message at the field, keeps what was typed and changes nothing", async () => {
    const o = await paidOrder();
    const paula = await staffBrowser(shop, "paula");
    const lines = await linesOf(o.orderId);
    const state = await snapshot(o.orderId);
    const cases: [Record<string, string>, string][] = [
      [{ [FOOD]: "zwei" }, "Bitte eine ganze Zahl ab 0."],
      [{ [FOOD]: "-1" }, "Bitte eine ganze Zahl ab 0."],
      [{ [FOOD]: "5" }, "Höchstens so viele, wie bestellt sind."],
      [{}, "Trage bei mindestens einer Position ein, wie viele fehlen."],
    ];
    for (const [missing, message] of cases) {
      const res = await paula.submit(`/staff/orders/${o.number}`, shortageFields(lines, missing));
      expect(res.res.status).toBe(400);
      expect(text(res.html)).toContain(message);
      if (missing[FOOD]) expect(res.html).toContain(`value="${missing[FOOD]}"`);
    }
    // every piece of the order missing: that is a cancellation
    const all = Object.fromEntries(lines.map((l) => [l.sku, String(l.qty)]));
    const whole = await paula.submit(`/staff/orders/${o.number}`, shortageFields(lines, all));
    expect(text((await paula.follow(whole)).html)).toContain("Bitte storniere sie stattdessen.");
    expect(await snapshot(o.orderId)).toBe(state);
  });

  it("once the order is ready, or for another store's picker, nothing is booked", async () => {
    const o = await paidOrder();
    const lines = await linesOf(o.orderId);
    const lars = await staffBrowser(shop, "lars");
    const state = await snapshot(o.orderId);
    const csrf = csrfOf((await lars.get("/staff/orders")).html);
    const foreign = await lars.post(`/staff/orders/${o.number}`, shortageFields(lines, { [FOOD]: "1" }), { csrf });
    expect(foreign.res.status).toBe(404);
    expect(await snapshot(o.orderId)).toBe(state);

    const paula = await staffBrowser(shop, "paula");
    for (const line of lines)
      await paula.submit(`/staff/orders/${o.number}`, {
        intent: "pick",
        sku: line.sku,
        gift: String(line.is_gift),
        picked: "1",
      });
    expect((await paula.submit(`/staff/orders/${o.number}`, { intent: "ready" })).res.status).toBe(302);
    const ready = await snapshot(o.orderId);
    const page = await paula.get(`/staff/orders/${o.number}`);
    expect(text(page.html)).not.toContain("Fehlmengen buchen");
    const late = await paula.post(`/staff/orders/${o.number}`, shortageFields(lines, { [FOOD]: "1" }), {
      csrf: csrfOf(page.html),
    });
    expect(text((await paula.follow(late)).html)).toContain("Die Bestellung hat sich inzwischen geändert.");
    expect(await snapshot(o.orderId)).toBe(ready);
  });
});

describe("the checkout's rules after a short line", () => {
  it("a gift the smaller order no longer earns leaves it too; the mail says why", async () => {
    const o = await paidOrder({ other: 3, gift: true });
    const before = await linesOf(o.orderId);
    expect(before.some((l) => l.is_gift === 1 && l.sku === GIFT)).toBe(true);
    const paula = await staffBrowser(shop, "paula");
    const res = await paula.submit(`/staff/orders/${o.number}`, shortageFields(before, { [OTHER]: "2" }));
    expect(res.res.status).toBe(302);
    const after = await linesOf(o.orderId);
    expect(after.some((l) => l.is_gift === 1)).toBe(false);
    expect(after.find((l) => l.sku === OTHER)!.qty).toBe(1);
    const shorts = await rows<{ sku: string; reason: string }>(
      "SELECT sku, reason FROM order_short WHERE order_id = ? ORDER BY id",
      o.orderId,
    );
    expect(shorts).toEqual([
      { sku: OTHER, reason: "missing" },
      { sku: GIFT, reason: "giftRule" },
    ]);
    const mail = await one<{ text_body: string }>(
      "SELECT text_body FROM outbox WHERE recipient = ? AND subject LIKE 'Fehlende Artikel%'",
      o.email,
    );
    expect(mail!.text_body).toContain(
      "Weil der Bestellwert die Stufe für deine Gratisartikel nicht mehr erreicht, entfallen auch:",
    );
    // the refund is the missing piece alone: the gift cost nothing
    const other = before.find((l) => l.sku === OTHER)!;
    const refund = await one<{ amount_cents: number }>("SELECT amount_cents FROM refund WHERE order_id = ?", o.orderId);
    expect(refund!.amount_cents).toBe(2 * (other.unit_price_cents + other.deposit_cents));
  });

  it("a voucher the smaller order no longer reaches stops counting, its use goes back, the mail says so", async () => {
    // FRISCH5: 5 € off from 25 €
    const o = await paidOrder({ coupon: "FRISCH5" });
    const order = (await orderRow(o.orderId))!;
    expect(order.discount_cents).toBe(500);
    expect(await count("SELECT COUNT(*) AS n FROM coupon_use WHERE order_id = ?", o.orderId)).toBe(1);
    const before = await linesOf(o.orderId);
    const paula = await staffBrowser(shop, "paula");
    const res = await paula.submit(`/staff/orders/${o.number}`, shortageFields(before, { [OTHER]: "1" }));
    expect(res.res.status).toBe(302);
    const after = (await orderRow(o.orderId))!;
    expect(after.discount_cents).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM coupon_use WHERE order_id = ?", o.orderId)).toBe(0);
    const other = before.find((l) => l.sku === OTHER)!;
    const refund = await one<{ amount_cents: number }>("SELECT amount_cents FROM refund WHERE order_id = ?", o.orderId);
    expect(refund!.amount_cents).toBe(other.unit_price_cents - 500);
    const mail = await one<{ text_body: string }>(
      "SELECT text_body FROM outbox WHERE recipient = ? AND subject LIKE 'Fehlende Artikel%'",
      o.email,
    );
    expect(mail!.text_body).toContain("Dein Gutschein FRISCH5 gilt nicht mehr");
  });

  it("a missing gift alone refunds nothing and says so", async () => {
    const o = await paidOrder({ other: 3, gift: true });
    const paula = await staffBrowser(shop, "paula");
    const lines = await linesOf(o.orderId);
    const fields = shortageFields(lines, {});
    const index = lines.findIndex((l) => l.is_gift === 1);
    fields[`lines[${index}].missing`] = "1";
    const res = await paula.submit(`/staff/orders/${o.number}`, fields);
    expect(text((await paula.follow(res)).html)).toContain("es ist nichts zu erstatten");
    expect(await count("SELECT COUNT(*) AS n FROM refund WHERE order_id = ?", o.orderId)).toBe(0);
    const mail = await one<{ text_body: string }>(
      "SELECT text_body FROM outbox WHERE recipient = ? AND subject LIKE 'Fehlende Artikel%'",
      o.email,
    );
    expect(mail!.text_body).toContain("Für diese Artikel hast du nichts bezahlt");
  });
});

describe("the customer's side", () => {
  it("another customer's browser does not see the shortage (her order is 404 to him)", async () => {
    const o = await paidOrder();
    const paula = await staffBrowser(shop, "paula");
    await paula.submit(`/staff/orders/${o.number}`, shortageFields(await linesOf(o.orderId), { [OTHER]: "1" }));
    const stranger = await h.buyer(1);
    expect((await stranger.browser.get(`/account/order/${o.number}`)).res.status).toBe(404);
    expect((await new Browser(shop).get(`/account/order/${o.number}`)).res.status).toBe(302);
  });
});
