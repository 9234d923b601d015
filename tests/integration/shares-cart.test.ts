/**
 * Shares in the cart, the checkout and the payment (docs/decisions/0021 "Shares in the cart and
 * checkout") against the built worker: the share line and "Kauf abbrechen", the cashback shown,
 * a checkout of shares alone and of shares with goods, the payment that makes them binding (member
 * number, ledger, SEPA, group) and credits the cashback once however often it is confirmed, a
 * failed payment that puts the shares back, the order guard, and a withdrawal that takes the
 * cashback back once.
 *
 * Every test makes its own customer; purchases are written straight into D1 in state `in_cart`,
 * as the declaration, signing and the cooperative's check would leave them.
 */
import { HtmlValidate } from "html-validate/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, cartLinkName, csrfOf, signIn } from "./browser";
import { checkoutHelpers, SKU, type CheckoutForm } from "./checkout-helpers";
import { prepareTestCustomer } from "../fixtures/customer";
import { startShop, type TestShop } from "./worker";
import { SHARE_SKU } from "../../app/domain/share/purchase";
import { berlinToday } from "../../app/domain/time/berlin";

let shop: TestShop;
let h: ReturnType<typeof checkoutHelpers>;
beforeAll(async () => {
  shop = await startShop();
  h = checkoutHelpers(shop);
});
afterAll(async () => {
  await shop?.dispose();
});

const SHARE = 10_000;

/** The page as a reader sees it: entities and no-break spaces as plain characters, no React comments. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\u00a0|&nbsp;/g, " ");

const one = <T>(query: string, ...params: unknown[]) =>
  shop.db
    .prepare(query)
    .bind(...params)
    .first<T>();
const rows = async <T>(query: string, ...params: unknown[]) =>
  (
    await shop.db
      .prepare(query)
      .bind(...params)
      .all<T>()
  ).results;

let serial = 0;

interface Options {
  /** Shares held as a member (one purchase); none makes a customer who is no member. */
  held?: number;
  /** Shares waiting in the cart (a purchase in state in_cart). */
  inCart?: number;
  /** Pieces of SKU (1,19 €) in the cart. */
  goods?: number;
  balanceCents?: number;
}

/** A fresh active customer with a Leipzig address, signed in. */
async function customer({ held = 0, inCart = 0, goods = 0, balanceCents = 0 }: Options = {}) {
  const id = 820_000_000 + Math.floor(Math.random() * 1e8) + serial++;
  const email = `anteil-kasse-${id}@example.org`;
  const addressId = id + 1;
  const now = new Date().toISOString();
  const statements = [
    prepareTestCustomer(shop.db, { id, email, firstname: "Mia", lastname: "Anteil", gender: "w" }),
    shop.db
      .prepare(`INSERT INTO address (id, customer_id, street, house_number, zip, city, is_default_shipping, is_default_billing, created_at)
        VALUES (?, ?, 'Kochstraße', '3', '04275', 'Leipzig', 1, 1, '2026-01-01')`)
      .bind(addressId, id),
  ];
  if (held) {
    statements.push(
      shop.db
        .prepare("INSERT INTO shareholder (customer_id, member_number, joined_at) VALUES (?, ?, ?)")
        .bind(id, `T${id}`, "2024-02-01T10:00:00.000Z"),
      shop.db
        .prepare(
          `INSERT INTO share_entry (id, customer_id, type, quantity, value_cents, created_at, effective_at)
           VALUES (?, ?, 'purchase', ?, ?, '2024-02-01T10:00:00.000Z', '2024-02-01')`,
        )
        .bind(`held-${id}`, id, held, held * SHARE),
    );
  }
  const purchaseId = `purchase-${id}`;
  if (inCart) statements.push(purchaseStatement(id, purchaseId, inCart, now));
  if (goods)
    statements.push(
      shop.db
        .prepare("INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, ?, 0, ?, '2026-01-01')")
        .bind(id, SKU, goods),
    );
  if (balanceCents)
    statements.push(
      shop.db.prepare("INSERT INTO customer_balance (customer_id, balance_cents) VALUES (?, ?)").bind(id, balanceCents),
    );
  await shop.db.batch(statements);
  const browser = new Browser(shop);
  expect((await signIn(browser, email)).res.status).toBe(302);
  return { id, email, addressId, browser, purchaseId };
}

function purchaseStatement(customerId: number, purchaseId: string, quantity: number, now: string) {
  return shop.db
    .prepare(
      `INSERT INTO share_purchase (id, customer_id, quantity, status, declaration, signing_ref, order_id, created_at, signed_at, review_due_at, updated_at)
       VALUES (?, ?, ?, 'in_cart', '{}', ?, NULL, ?, ?, ?, ?)`,
    )
    .bind(purchaseId, customerId, quantity, `sig_${purchaseId}`, now, now, now, now);
}

const purchaseOf = (purchaseId: string) =>
  one<{ status: string; order_id: string | null; quantity: number }>(
    "SELECT status, order_id, quantity FROM share_purchase WHERE id = ?",
    purchaseId,
  );
const memberOf = (id: number) =>
  one<{ member_number: string; left_at: string | null }>(
    "SELECT member_number, left_at FROM shareholder WHERE customer_id = ?",
    id,
  );
const entriesOf = (id: number) =>
  rows<{ type: string; quantity: number; value_cents: number; effective_at: string }>(
    "SELECT type, quantity, value_cents, effective_at FROM share_entry WHERE customer_id = ? ORDER BY created_at, id",
    id,
  );
const customerRow = (id: number) =>
  one<{ is_sepa_allowed: string; group_identifier: string }>(
    "SELECT is_sepa_allowed, group_identifier FROM customer WHERE id = ?",
    id,
  );
const balanceOf = async (id: number) =>
  (await one<{ b: number }>("SELECT balance_cents AS b FROM customer_balance WHERE customer_id = ?", id))?.b ?? null;
const ledgerOf = (id: number) =>
  rows<{ type: number; amount_cents: number; note: string; order_id: string | null }>(
    "SELECT type, amount_cents, note, order_id FROM balance_entry WHERE customer_id = ? ORDER BY created_at, type",
    id,
  );
const nextMemberNumber = async () =>
  String(
    (await one<{ n: number }>("SELECT COALESCE(MAX(CAST(member_number AS INTEGER)), 0) + 1 AS n FROM shareholder"))!.n,
  );

/** The checkout form of a cart of shares alone: a payment method, no shipping. */
function sharesOrder(f: CheckoutForm, extra: Record<string, string> = {}) {
  return { idempotencyKey: f.key, paymentMethod: "card", expectedTotal: f.total, ...extra };
}

async function placeSharesOnly(browser: Browser, extra: Record<string, string> = {}) {
  const f = await h.checkoutForm(browser);
  const res = await browser.post("/checkout", sharesOrder(f, extra), { csrf: f.csrf });
  return { f, res, order: await h.orderOf(f.key) };
}

/** The sandbox provider's signed confirmation of the order's payment. */
async function confirmationOf(orderKey: string, outcome: "approved" | "declined" | "canceled" = "approved") {
  const order = (await h.orderOf(orderKey))!;
  const payment = (await one<{ id: string }>("SELECT id FROM payment WHERE order_id = ?", order.id))!;
  return {
    confirmationId: crypto.randomUUID(),
    paymentId: payment.id,
    orderId: String(order.id),
    amountCents: Number(order.grand_total_cents),
    currency: "EUR",
    outcome,
  };
}

describe("shares in the cart", () => {
  it("show as their own line: quantity, price, total, 'Kauf abbrechen' instead of a stepper; the summary adds them", async () => {
    const { browser, purchaseId } = await customer({ inCart: 3 });
    const page = await browser.get("/cart");
    expect(page.res.status).toBe(200);
    const html = text(page.html);
    expect(html).toContain("Genossenschaftsanteil × 3");
    expect(html).toContain("100,00 € pro Anteil");
    expect(html).toContain("Kauf abbrechen");
    expect(html).toContain(`name="purchaseId" value="${purchaseId}"`);
    expect(html).toContain('name="intent" value="cancelShares"');
    expect(html).not.toContain('name="qty"'); // no stepper, no quantity field
    expect(html).toMatch(/<dt>Genossenschaftsanteile \(3\)<\/dt><dd>300,00 €<\/dd>/);
    expect(html).toMatch(/class="grand-total">300,00 €/);
    // a cart of shares alone: no shipping, no minimum, no voucher, straight to the checkout
    expect(html).not.toContain("Versand (Standardlieferung)");
    expect(html).not.toContain("Mindestbestellwert");
    expect(html).not.toContain('name="code"');
    expect(html).not.toContain("enthaltene MwSt.");
    // one true thing about the tax: no price here includes VAT
    expect(html).toContain("Genossenschaftsanteile sind von der Umsatzsteuer befreit.");
    expect(html).not.toContain("inkl. MwSt. Genossenschaftsanteile");
    expect(html).toContain('href="/checkout"');
    // the header counts them: a cart of shares alone is no empty cart
    expect(cartLinkName(html)).toBe("Warenkorb, 3 Artikel, 300,00 €");
    // no member yet: what shares would save
    expect(html).toMatch(/<a [^>]*href="\/content\/shares">Mit Anteilen bis zu 4 % sparen<\/a>/);
  });

  it("a member sees the cashback on the goods ('Deine Rückvergütung (2,8 %)'); the shares in the cart earn none", async () => {
    const { browser } = await customer({ held: 9, inCart: 2, goods: 30 }); // 35,70 € of goods
    const html = text((await browser.get("/cart")).html);
    expect(html).toMatch(/<dt>Deine Rückvergütung \(2,8 %\)<\/dt><dd>1,00 €<\/dd>/); // 3570 × 28 / 1000 = 99,96 cents, rounded commercially
    expect(html).not.toContain("Mit Anteilen bis zu 4 % sparen");
    // the goods keep their own rules next to the shares: shipping, tax, minimum
    expect(html).toContain("Versand (Standardlieferung)");
    expect(html).toContain("enthaltene MwSt.");
    expect(html).toMatch(/class="grand-total">240,65 €/); // 35,70 + 4,95 + 200,00
  });

  it("goods below the minimum order value next to shares still block the checkout", async () => {
    const { browser } = await customer({ inCart: 5, goods: 2 });
    const html = text((await browser.get("/cart")).html);
    expect(html).toContain("Der Mindestbestellwert beträgt 20,00 €.");
    expect(html).not.toContain('href="/checkout"');
  });

  it("'Kauf abbrechen' cancels the purchase with the page's token and says so; the cart is then empty", async () => {
    const { browser, purchaseId } = await customer({ inCart: 2 });
    const csrf = csrfOf((await browser.get("/cart")).html);
    const res = await browser.post("/cart", { intent: "cancelShares", purchaseId, redirectTo: "/cart" }, { csrf });
    expect(res.res.status).toBe(302);
    expect(res.res.headers.get("Location")).toBe("/cart");
    const cart = text((await browser.follow(res)).html);
    expect(cart).toContain("Der Kauf deiner Anteile wurde abgebrochen.");
    expect(cart).toContain("Dein Warenkorb ist leer.");
    expect((await purchaseOf(purchaseId))!.status).toBe("cancelled");
    // once cancelled, a second post changes nothing and says so
    const again = await browser.post("/cart", { intent: "cancelShares", purchaseId, redirectTo: "/cart" }, { csrf });
    expect(text((await browser.follow(again)).html)).toContain(
      "Der Kauf deiner Anteile konnte nicht abgebrochen werden.",
    );
  });

  it("'Kauf abbrechen' needs the CSRF token, and another customer's purchase id changes nothing", async () => {
    const owner = await customer({ inCart: 4 });
    const other = await customer();
    expect(
      (await other.browser.post("/cart", { intent: "cancelShares", purchaseId: owner.purchaseId }, { csrf: null })).res
        .status,
    ).toBe(403);
    expect(
      (await other.browser.post("/cart", { intent: "cancelShares", purchaseId: owner.purchaseId }, { csrf: "falsch" }))
        .res.status,
    ).toBe(403);
    const csrf = csrfOf((await other.browser.get("/cart")).html);
    const res = await other.browser.post(
      "/cart",
      { intent: "cancelShares", purchaseId: owner.purchaseId, redirectTo: "/cart" },
      { csrf },
    );
    expect(text((await other.browser.follow(res)).html)).toContain(
      "Der Kauf deiner Anteile konnte nicht abgebrochen werden.",
    );
    // the fetcher of the enhanced page gets a 400 for it
    const fetcher = await other.browser.post(
      "/cart",
      { intent: "cancelShares", purchaseId: owner.purchaseId },
      { csrf },
    );
    expect(fetcher.res.status).toBe(400);
    for (const bad of ["", "x".repeat(5000)]) {
      const r = await other.browser.post("/cart", { intent: "cancelShares", purchaseId: bad }, { csrf });
      expect(r.res.status, bad.slice(0, 5)).toBe(400);
    }
    expect((await purchaseOf(owner.purchaseId))!.status).toBe("in_cart");
    expect(text((await owner.browser.get("/cart")).html)).toContain("Genossenschaftsanteil × 4");
  });
});

describe("checkout of shares alone", () => {
  it("asks for no shipping; sandbox payment; the customer becomes a member with number, ledger, SEPA and group", async () => {
    const { id, browser, purchaseId, email } = await customer({ inCart: 3 });
    const page = text((await browser.get("/checkout")).html);
    expect(page).toContain("Genossenschaftsanteile werden nicht verschickt");
    expect(page).not.toContain("1. Versandart");
    expect(page).not.toContain('name="carrier"');
    expect(page).not.toContain("2. Lieferadresse");
    expect(page).not.toContain('name="addressId"');
    expect(page).toContain("1. Zahlungsart");
    expect(page).toContain("3 × Genossenschaftsanteil");
    expect(page).toMatch(/class="grand-total">300,00 €/);
    expect((await customerRow(id))!.group_identifier).toBe("general");

    const { f, res, order } = await placeSharesOnly(browser);
    expect(f.total).toBe("30000");
    expect(res.res.status).toBe(302);
    const location = res.res.headers.get("Location")!;
    expect(location).toMatch(/^\/payment\/sandbox\/pay_/);
    expect(order).toMatchObject({
      status: "pending_payment",
      carrier_code: null,
      shipping_address: null,
      shares_cents: 30_000,
      cashback_cents: 0,
      grand_total_cents: 30_000,
      shipping_cents: 0,
      subtotal_cents: 0,
      tax_details: "[]",
    });
    expect(await purchaseOf(purchaseId)).toEqual({ status: "ordered", order_id: order!.id, quantity: 3 });
    expect(
      await rows(
        "SELECT sku, qty, unit_price_cents, deposit_cents, tax_rate, row_total_cents FROM order_item WHERE order_id = ?",
        order!.id,
      ),
    ).toEqual([
      {
        sku: SHARE_SKU,
        qty: 3,
        unit_price_cents: SHARE,
        deposit_cents: 0,
        tax_rate: 0,
        row_total_cents: 30_000,
      },
    ]);
    // the cart is empty while the order waits for its payment
    expect(text((await browser.get("/cart")).html)).toContain("Dein Warenkorb ist leer.");

    const number = await nextMemberNumber();
    const success = await h.pay(browser, location, "approve");
    expect(success.res.status).toBe(200);
    const done = text(success.html);
    expect(done).toContain("Vielen Dank für deine Bestellung!");
    expect(done).toContain("Deine Anteile werden mit der Bezahlung verbindlich.");
    expect(done).not.toContain("liefern sie zum gewählten Termin");
    expect((await purchaseOf(purchaseId))!.status).toBe("paid");
    expect(await memberOf(id)).toEqual({ member_number: number, left_at: null });
    expect(await entriesOf(id)).toEqual([
      { type: "purchase", quantity: 3, value_cents: 30_000, effective_at: berlinToday(new Date()) },
    ]);
    expect(await customerRow(id)).toEqual({ is_sepa_allowed: "1", group_identifier: "shareholder" });
    expect((await h.orderOf(f.key))!.status).toBe("complete");
    // no cashback on the shares themselves
    expect(await ledgerOf(id)).toEqual([]);

    const shareholder = text((await browser.get("/account/shareholder")).html);
    expect(shareholder).toContain(number);
    const mail = await one<{ text_body: string }>(
      "SELECT text_body FROM outbox WHERE recipient = ? ORDER BY id DESC",
      email,
    );
    expect(text(mail!.text_body)).toContain("3 × Genossenschaftsanteil – 300,00 €");
    expect(text(mail!.text_body)).toContain("Genossenschaftsanteile: 300,00 €");
    expect(mail!.text_body).not.toContain("Versand:");

    // the order page: the share line, no delivery, no VAT, no shipping
    const detail = text((await browser.get(`/account/order/${order!.increment_id}`)).html);
    expect(detail).toContain("3 × Genossenschaftsanteil");
    expect(detail).toContain("Genossenschaftsanteile sind von der Umsatzsteuer befreit.");
    expect(detail).not.toContain("<dt>Lieferung</dt>");
    expect(detail).not.toContain("<dt>Versand");
    expect(detail).not.toContain("<dt>Zwischensumme");
    expect(detail).not.toContain("enthaltene MwSt.");
    // no goods, nothing to withdraw from: a member leaves by cancelling shares
    expect(detail).not.toContain("Vertrag widerrufen");
    const withdraw = await browser.post(
      `/account/order/${order!.increment_id}`,
      { intent: "withdraw" },
      { csrf: csrfOf((await browser.get(`/account/order/${order!.increment_id}?widerruf=1`)).html) },
    );
    expect(text((await browser.follow(withdraw)).html)).toContain("Der Widerruf konnte nicht gespeichert werden.");
    expect((await h.orderOf(f.key))!.withdrawn_at).toBeNull();
  });

  it("a shipping method sent along is ignored; the order ships nothing", async () => {
    const { browser } = await customer({ inCart: 1 });
    const f = await h.checkoutForm(browser);
    const res = await browser.post(
      "/checkout",
      sharesOrder(f, { carrier: "myensodhlexpress", addressId: "0", telephone: "" }),
      { csrf: f.csrf },
    );
    expect(res.res.status).toBe(302);
    expect(await h.orderOf(f.key)).toMatchObject({ carrier_code: null, shipping_cents: 0, grand_total_cents: SHARE });
  });

  it("paid with the balance as it is placed: a member at once, with no provider", async () => {
    const { id, browser, purchaseId } = await customer({ inCart: 2, balanceCents: 25_000 });
    const { res, order } = await placeSharesOnly(browser, { paymentMethod: "balance" });
    expect(res.res.headers.get("Location")).toBe(`/checkout/success?order=${order!.increment_id}`);
    expect(order).toMatchObject({ status: "complete", payment_method: "balance", credit_cents: 20_000 });
    expect((await purchaseOf(purchaseId))!.status).toBe("paid");
    expect(await memberOf(id)).not.toBeNull();
    expect(await entriesOf(id)).toHaveLength(1);
    expect(await customerRow(id)).toEqual({ is_sepa_allowed: "1", group_identifier: "shareholder" });
    expect(await balanceOf(id)).toBe(5_000);
  });

  it("a former member buying again is a member again and keeps the number", async () => {
    const { id, browser } = await customer({ held: 2, inCart: 1 });
    await shop.db.batch([
      shop.db
        .prepare(
          `INSERT INTO share_entry (id, customer_id, type, quantity, value_cents, created_at, effective_at, payout_at)
           VALUES (?, ?, 'cancellation', 2, 20000, '2024-06-01T10:00:00.000Z', '2024-12-31', '2025-06-30')`,
        )
        .bind(`gone-${id}`, id),
      shop.db.prepare("UPDATE shareholder SET left_at = '2024-12-31' WHERE customer_id = ?").bind(id),
    ]);
    const { res } = await placeSharesOnly(browser);
    await h.pay(browser, res.res.headers.get("Location")!, "approve");
    expect(await memberOf(id)).toEqual({ member_number: `T${id}`, left_at: null });
    expect((await entriesOf(id)).map((e) => e.type)).toEqual(["purchase", "cancellation", "purchase"]);
  });

  it("a cart with goods still needs a shipping method: the server decides from the cart, not the form", async () => {
    const { id, browser } = await customer({ inCart: 1, goods: 20 });
    const f = await h.checkoutForm(browser);
    expect(f.total).toBe(String(20 * 119 + 495 + SHARE));
    const res = await browser.post("/checkout", sharesOrder(f), { csrf: f.csrf });
    expect(res.res.status).toBe(400);
    expect(text(res.html)).toContain("Bitte wähle eine Versandart.");
    expect(await h.orderCount(id)).toBe(0);
  });
});

describe("checkout of goods and shares", () => {
  it("one order: goods shipped, shares outside tax and voucher; the member's cashback on the goods only", async () => {
    const { id, browser, addressId, purchaseId } = await customer({ held: 21, inCart: 2, goods: 30 });
    await shop.db.prepare("INSERT INTO cart_state (customer_id, coupon_code) VALUES (?, 'HERBST10')").bind(id).run();
    const page = text((await browser.get("/checkout")).html);
    expect(page).toMatch(/<dt>Deine Rückvergütung \(4 %\)<\/dt><dd>1,43 €<\/dd>/); // 3570 × 40 / 1000 = 142,8 cents, rounded commercially
    expect(page).toContain("2 × Genossenschaftsanteil");
    const f = await h.checkoutForm(browser);
    // 35,70 € − 3,57 € voucher + 4,95 € shipping + 200 € shares
    expect(f.total).toBe(String(3_570 - 357 + 495 + 2 * SHARE));
    const res = await browser.post("/checkout", h.standardOrder(f, addressId), { csrf: f.csrf });
    expect(res.res.status).toBe(302);
    const order = (await h.orderOf(f.key))!;
    expect(order).toMatchObject({
      carrier_code: "myensopackagedelivery",
      subtotal_cents: 3_570,
      discount_cents: 357,
      shares_cents: 20_000,
      cashback_cents: 143,
      item_count: 32,
    });
    const taxed = (JSON.parse(String(order.tax_details)) as { grossCents: number }[]).reduce(
      (s, d) => s + d.grossCents,
      0,
    );
    expect(taxed).toBe(3_570 - 357 + 495);
    expect((await purchaseOf(purchaseId))!.status).toBe("ordered");
    await h.pay(browser, res.res.headers.get("Location")!, "approve");
    expect((await h.orderOf(f.key))!.status).toBe("processing");
    expect((await entriesOf(id)).map((e) => e.quantity)).toEqual([21, 2]);
    expect(await ledgerOf(id)).toEqual([{ type: 1, amount_cents: 143, note: "Rückvergütung", order_id: order.id }]);
    expect(await balanceOf(id)).toBe(143);
    const detail = text((await browser.get(`/account/order/${order.increment_id}`)).html);
    expect(detail).toContain("<dt>Lieferung</dt>");
    expect(detail).toContain("2 × Genossenschaftsanteil");
    expect(detail).toMatch(/<dt>Rückvergütung<\/dt><dd>1,43 €, am [^<]+ deinem Guthaben gutgeschrieben<\/dd>/);
  });

  it("a declined payment puts the shares back into the cart as shares (no cart line) and the goods as lines", async () => {
    const { id, browser, addressId, purchaseId } = await customer({ inCart: 3, goods: 20 });
    const f = await h.checkoutForm(browser);
    const res = await browser.post("/checkout", h.standardOrder(f, addressId, { paymentMethod: "paypal" }), {
      csrf: f.csrf,
    });
    expect((await purchaseOf(purchaseId))!.status).toBe("ordered");
    const back = await h.pay(browser, res.res.headers.get("Location")!, "decline");
    expect(text(back.html)).toContain("Die Zahlung mit PayPal ist fehlgeschlagen oder wurde abgebrochen.");
    expect((await h.orderOf(f.key))!.status).toBe("canceled");
    expect(await purchaseOf(purchaseId)).toEqual({ status: "in_cart", order_id: null, quantity: 3 });
    expect(await rows("SELECT sku, qty FROM cart_item WHERE customer_id = ?", id)).toEqual([{ sku: SKU, qty: 20 }]);
    expect(await memberOf(id)).toBeNull();
    expect(text(back.html)).toContain("3 × Genossenschaftsanteil");
    // and they can be ordered again
    const again = await h.checkoutForm(browser);
    const res2 = await browser.post("/checkout", h.standardOrder(again, addressId), { csrf: again.csrf });
    expect(res2.res.status).toBe(302);
    expect((await purchaseOf(purchaseId))!.status).toBe("ordered");
  });

  it("a cancelled payment of shares alone puts them back too", async () => {
    const { id, browser, purchaseId } = await customer({ inCart: 2 });
    const { res } = await placeSharesOnly(browser);
    await h.pay(browser, res.res.headers.get("Location")!, "cancel");
    expect(await purchaseOf(purchaseId)).toEqual({ status: "in_cart", order_id: null, quantity: 2 });
    expect(await h.cartCount(id)).toBe(0);
  });

  it("shares cancelled (another tab) between the checkout's reads and its batch refuse the whole order", async () => {
    const { id, browser, addressId, purchaseId } = await customer({ inCart: 2, goods: 20 });
    const stock = await h.stockOf(SKU);
    const f = await h.checkoutForm(browser);
    await shop.db
      .prepare(`CREATE TRIGGER other_tab_shares_${id} AFTER INSERT ON customer_order WHEN NEW.customer_id = ${id}
        BEGIN UPDATE share_purchase SET status = 'cancelled' WHERE customer_id = ${id}; END`)
      .run();
    try {
      const res = await browser.post("/checkout", h.standardOrder(f, addressId), { csrf: f.csrf });
      expect(res.res.status).toBe(409);
      expect(text(res.html)).toContain("Dein Warenkorb wurde inzwischen geändert");
    } finally {
      await shop.db.prepare(`DROP TRIGGER other_tab_shares_${id}`).run();
    }
    expect(await h.orderCount(id)).toBe(0);
    expect(await h.stockOf(SKU)).toBe(stock);
    expect((await purchaseOf(purchaseId))!.status).toBe("in_cart"); // rolled back with the batch
  });

  it("shares cancelled after the checkout page was shown: the total shown no longer holds", async () => {
    const { id, browser, purchaseId } = await customer({ inCart: 2 });
    const f = await h.checkoutForm(browser);
    await shop.db.prepare("UPDATE share_purchase SET status = 'cancelled' WHERE id = ?").bind(purchaseId).run();
    const res = await browser.post("/checkout", sharesOrder(f), { csrf: f.csrf });
    expect(res.res.status).toBe(409);
    expect(await h.orderCount(id)).toBe(0);
  });
});

describe("cashback credited once, taken back once", () => {
  /** A member's paid-to-be order of goods (35,70 €) and one share, by card: the cashback is 1,00 € at 2,8 %. */
  async function memberOrder() {
    const c = await customer({ held: 9, inCart: 1, goods: 30 });
    const f = await h.checkoutForm(c.browser);
    const res = await c.browser.post("/checkout", h.standardOrder(f, c.addressId), { csrf: f.csrf });
    expect(res.res.status).toBe(302);
    const order = (await h.orderOf(f.key))!;
    expect(order.cashback_cents).toBe(100);
    return { ...c, key: f.key, order, confirmation: await confirmationOf(f.key) };
  }

  it("an approval replayed 3 times and sent 5 times at once credits the cashback and the shares exactly once", async () => {
    const o = await memberOrder();
    const sequential = [await h.notify(o.confirmation), await h.notify(o.confirmation), await h.notify(o.confirmation)];
    const concurrent = await Promise.all([1, 2, 3, 4, 5].map(() => h.notify(o.confirmation)));
    // other confirmations of the same payment (a provider retrying with new ids) change nothing either
    const others = await Promise.all(
      [1, 2, 3].map(() => h.notify({ ...o.confirmation, confirmationId: crypto.randomUUID() })),
    );
    const answers = [...sequential, ...concurrent, ...others];
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const results = await Promise.all(answers.map(async (a) => ((await a.json()) as { result: string }).result));
    expect(results.filter((r) => r === "settled")).toHaveLength(1);
    expect(await ledgerOf(o.id)).toEqual([{ type: 1, amount_cents: 100, note: "Rückvergütung", order_id: o.order.id }]);
    expect(await balanceOf(o.id)).toBe(100);
    expect((await h.orderOf(o.key))!.cashback_credited_at).not.toBeNull();
    expect((await entriesOf(o.id)).map((e) => e.quantity)).toEqual([9, 1]);
    expect((await purchaseOf(o.purchaseId))!.status).toBe("paid");
  });

  it("withdrawing the paid order takes the cashback back once, also when asked 5 times at once", async () => {
    const o = await memberOrder();
    await h.notify(o.confirmation);
    expect(await balanceOf(o.id)).toBe(100);
    const number = o.order.increment_id;
    const csrf = csrfOf((await o.browser.get(`/account/order/${number}?widerruf=1`)).html);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => o.browser.post(`/account/order/${number}`, { intent: "withdraw" }, { csrf })),
    );
    expect(answers.every((a) => a.res.status === 302)).toBe(true);
    expect(await balanceOf(o.id)).toBe(0);
    expect(await ledgerOf(o.id)).toEqual([
      { type: 1, amount_cents: 100, note: "Rückvergütung", order_id: o.order.id },
      { type: 3, amount_cents: -100, note: "Rückvergütung storniert", order_id: o.order.id },
    ]);
    const detail = text((await o.browser.get(`/account/order/${number}`)).html);
    expect(detail).toContain("Dein Widerruf ist am");
  });

  it("takes back at most what the balance still holds (it never goes below 0); the rest is for the back office", async () => {
    const o = await memberOrder();
    await h.notify(o.confirmation);
    // the customer spent most of it meanwhile
    await shop.db.prepare("UPDATE customer_balance SET balance_cents = 40 WHERE customer_id = ?").bind(o.id).run();
    const number = o.order.increment_id;
    const csrf = csrfOf((await o.browser.get(`/account/order/${number}?widerruf=1`)).html);
    const res = await o.browser.post(`/account/order/${number}`, { intent: "withdraw" }, { csrf });
    expect(text((await o.browser.follow(res)).html)).toContain("Wir haben deinen Widerruf erhalten.");
    expect(await balanceOf(o.id)).toBe(0);
    expect((await ledgerOf(o.id)).at(-1)).toEqual({
      type: 3,
      amount_cents: -40,
      note: "Rückvergütung storniert",
      order_id: o.order.id,
    });
  });

  it("an order withdrawn before its payment is confirmed earns no cashback", async () => {
    const o = await memberOrder();
    const number = o.order.increment_id;
    const csrf = csrfOf((await o.browser.get(`/account/order/${number}?widerruf=1`)).html);
    await o.browser.post(`/account/order/${number}`, { intent: "withdraw" }, { csrf });
    await h.notify(o.confirmation);
    expect((await h.orderOf(o.key))!.status).toBe("processing");
    expect(await ledgerOf(o.id)).toEqual([]);
    expect(await balanceOf(o.id)).toBeNull();
  });

  it("new members paying at the same moment get different member numbers", async () => {
    const buyers = await Promise.all([1, 2, 3, 4].map(() => customer({ inCart: 1 })));
    const orders = await Promise.all(buyers.map((b) => placeSharesOnly(b.browser)));
    const confirmations = await Promise.all(orders.map((o) => confirmationOf(o.f.key)));
    await Promise.all(confirmations.map((c) => h.notify(c)));
    const numbers = await Promise.all(buyers.map(async (b) => (await memberOf(b.id))!.member_number));
    expect(new Set(numbers).size).toBe(4);
    for (const n of numbers) expect(n).toMatch(/^\d+$/);
  });
});

describe("the pages with shares are valid HTML", () => {
  it("cart, checkout, success and order page of shares alone, and a member's cart with goods and shares", async () => {
    const validator = new HtmlValidate({ extends: ["html-validate:standard"] });
    const problems = async (html: string) =>
      (await validator.validateString(html)).results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`));
    const alone = await customer({ inCart: 2, balanceCents: 30_000 });
    for (const pathname of ["/cart", "/checkout"]) {
      const { res, html } = await alone.browser.get(pathname);
      expect(res.status, pathname).toBe(200);
      expect(await problems(html), pathname).toEqual([]);
    }
    const { order } = await placeSharesOnly(alone.browser, { paymentMethod: "balance" });
    for (const pathname of [
      `/checkout/success?order=${order!.increment_id}`,
      `/account/order/${order!.increment_id}`,
    ]) {
      const { res, html } = await alone.browser.get(pathname);
      expect(res.status, pathname).toBe(200);
      expect(await problems(html), pathname).toEqual([]);
    }
    const member = await customer({ held: 5, inCart: 1, goods: 30 });
    for (const pathname of ["/cart", "/checkout"]) {
      const { res, html } = await member.browser.get(pathname);
      expect(res.status, pathname).toBe(200);
      expect(await problems(html), pathname).toEqual([]);
    }
  });
});
