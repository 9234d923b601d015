import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutHelpers, SKU, paymentIdOf } from "./checkout-helpers";
import { startShop, type TestShop } from "./worker";
import { formatWindow } from "../../app/domain/order/order";

let shop: TestShop;
let h: ReturnType<typeof checkoutHelpers>;
beforeAll(async () => {
  shop = await startShop();
  h = checkoutHelpers(shop);
});
afterAll(async () => {
  await shop?.dispose();
});

describe("checkout", () => {
  it("orders with standard delivery and card: provider page, signed confirmation, success page, mail, orders list", async () => {
    const { browser, id, addressId, email } = await h.buyer();
    // the courier needs the address's addition too: the confirmation names the whole address
    await shop.db.prepare("UPDATE address SET address_addition = 'Hinterhaus' WHERE id = ?").bind(addressId).run();
    const stock = await h.stockOf(SKU);
    const f = await h.checkoutForm(browser);
    expect(f.total).toBe(String(20 * 119 + 495));
    const res = await browser.post("/checkout", h.standardOrder(f, addressId), { csrf: f.csrf });
    expect(res.res.status).toBe(302);
    const location = res.res.headers.get("Location")!;
    expect(location).toMatch(/^\/payment\/sandbox\/pay_/);
    const order = (await h.orderOf(f.key))!;
    expect(order.status).toBe("pending_payment");
    expect(order.grand_total_cents).toBe(20 * 119 + 495);
    expect(await h.stockOf(SKU)).toBe(stock - 20);
    expect(await h.cartCount(id)).toBe(0);

    const success = await h.pay(browser, location, "approve");
    expect(success.res.status).toBe(200);
    expect(success.html).toContain("Vielen Dank für deine Bestellung!");
    expect(success.html).toContain(String(order.increment_id));
    expect((await h.orderOf(f.key))!.status).toBe("processing");
    const mail = await shop.db
      .prepare("SELECT subject, text_body FROM outbox WHERE recipient = ? ORDER BY id DESC")
      .bind(email)
      .first<{ subject: string; text_body: string }>();
    expect(mail!.subject).toContain(String(order.increment_id));
    expect(mail!.text_body).toContain("20 × ");
    expect(mail!.text_body).toContain("Widerrufsrecht");
    expect(mail!.text_body).toMatch(/ an: [^\n]+, Hinterhaus, \d{5} /);
    const [start, end] = f.slots[0].split("|");
    expect(mail!.text_body).toMatch(
      /\nWunschtermin: (Mo|Di|Mi|Do|Fr|Sa)\., \d\d\.\d\d\.\d{4}, (08:00 – 14:00|14:00 – 20:00) Uhr\n/,
    );
    expect(mail!.text_body).toContain(`Wunschtermin: ${formatWindow(start, end)} Uhr`);
    const list = await browser.get("/account/order/overview?filter=open");
    expect(list.html).toContain(String(order.increment_id));
    const detail = await browser.get(`/account/order/${order.increment_id}`);
    expect(detail.html).toContain("Bitte klingeln");
  });

  it("click & collect paid with credit: the mail and the order page name the store and the pickup window", async () => {
    const { browser, id, email } = await h.buyer();
    await shop.db.prepare("INSERT INTO customer_balance (customer_id, balance_cents) VALUES (?, 5000)").bind(id).run();
    const query = "?carrier=clickandcollect&store=leipzig-suedvorstadt";
    const f = await h.checkoutForm(browser, query);
    const slot = f.pickupSlots[0];
    const res = await browser.post(
      `/checkout${query}`,
      {
        ...h.standardOrder(f, 0, {
          carrier: "clickandcollect",
          storeId: "leipzig-suedvorstadt",
          pickupSlot: slot,
          pickupTerms: "on",
          paymentMethod: "balance",
        }),
        deliverySlot: "",
        addressId: "",
      },
      { csrf: f.csrf },
    );
    expect(res.res.headers.get("Location")).toMatch(/^\/checkout\/success\?order=\d+$/);
    const [start, end] = slot.split("|");
    const mail = await shop.db
      .prepare("SELECT text_body FROM outbox WHERE recipient = ?")
      .bind(email)
      .first<{ text_body: string }>();
    expect(mail!.text_body).toContain(
      `Abholung im Markt Frischkorb Leipzig-Südvorstadt (Floßmühlenstraße 14, 04275 Leipzig) am ${formatWindow(start, end)} Uhr.`,
    );
    expect(mail!.text_body).not.toContain("Wunschtermin");
    const order = (await h.orderOf(f.key))!;
    expect(order.pickup_slot_end).toBe(end);
    const detail = await browser.get(`/account/order/${order.increment_id}`);
    expect(detail.html.replace(/<!-- -->/g, "")).toMatch(
      /Abholung im Markt Frischkorb Leipzig-Südvorstadt \(Floßmühlenstraße 14, 04275 Leipzig\), \d\d\.\d\d\.\d{4}, \d\d:\d\d – \d\d:\d\d Uhr/,
    );
  });

  it("a declined payment brings the customer back to checkout with the method's message and restores cart and stock", async () => {
    const { browser, id, addressId } = await h.buyer();
    const stock = await h.stockOf(SKU);
    const f = await h.checkoutForm(browser);
    const res = await browser.post("/checkout", h.standardOrder(f, addressId, { paymentMethod: "paypal" }), {
      csrf: f.csrf,
    });
    const back = await h.pay(browser, res.res.headers.get("Location")!, "decline");
    expect(back.html).toContain("Die Zahlung mit PayPal ist fehlgeschlagen oder wurde abgebrochen.");
    expect((await h.orderOf(f.key))!.status).toBe("canceled");
    expect(await h.cartCount(id)).toBe(1);
    expect(await h.stockOf(SKU)).toBe(stock);
  });

  it("20 concurrent submits of the same checkout make exactly one order", async () => {
    const { browser, addressId, id } = await h.buyer();
    const f = await h.checkoutForm(browser);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => browser.post("/checkout", h.standardOrder(f, addressId), { csrf: f.csrf })),
    );
    expect(results.every((r) => r.res.status === 302)).toBe(true);
    expect(new Set(results.map((r) => r.res.headers.get("Location"))).size).toBe(1);
    expect(
      (await shop.db
        .prepare("SELECT COUNT(*) AS n FROM customer_order WHERE customer_id = ?")
        .bind(id)
        .first<{ n: number }>())!.n,
    ).toBe(1);
  }, 60_000);

  it("the same cart ordered at once from two tabs (two checkout pages) makes exactly one order", async () => {
    const { browser, addressId, id } = await h.buyer();
    const stock = await h.stockOf(SKU);
    const tabs = [await h.checkoutForm(browser), await h.checkoutForm(browser)];
    expect(tabs[0].key).not.toBe(tabs[1].key);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        browser.post("/checkout", h.standardOrder(tabs[i % 2], addressId), { csrf: tabs[i % 2].csrf }),
      ),
    );
    expect(results.some((r) => r.res.status >= 500)).toBe(false);
    expect(
      (await shop.db
        .prepare("SELECT COUNT(*) AS n FROM customer_order WHERE customer_id = ?")
        .bind(id)
        .first<{ n: number }>())!.n,
    ).toBe(1);
    expect(await h.stockOf(SKU)).toBe(stock - 20);
    expect(await h.cartCount(id)).toBe(0);
    expect((await shop.db.prepare("SELECT COUNT(*) AS n FROM order_guard").first<{ n: number }>())!.n).toBe(0);
  }, 60_000);

  it("an order whose cart lines are gone by the time its batch runs (another tab's order) is refused as a whole", async () => {
    const { browser, addressId, id } = await h.buyer();
    const stock = await h.stockOf(SKU);
    const f = await h.checkoutForm(browser);
    // The other tab's order converts the cart exactly between this order's reads and its batch:
    // a trigger empties the cart when this order's row is written, inside the batch.
    await shop.db
      .prepare(`CREATE TRIGGER other_tab_${id} AFTER INSERT ON customer_order WHEN NEW.customer_id = ${id}
      BEGIN DELETE FROM cart_item WHERE customer_id = ${id}; END`)
      .run();
    try {
      const res = await browser.post("/checkout", h.standardOrder(f, addressId), { csrf: f.csrf });
      expect(res.res.status).toBe(409);
      expect(res.html).toContain("Dein Warenkorb wurde inzwischen geändert, zum Beispiel in einem anderen Fenster.");
    } finally {
      await shop.db.prepare(`DROP TRIGGER other_tab_${id}`).run();
    }
    expect(await h.orderCount(id)).toBe(0);
    expect(await h.stockOf(SKU)).toBe(stock);
    expect(await h.cartCount(id)).toBe(1); // the batch was rolled back with the trigger's change
  });

  it("stock S with more buyers than S ends with S orders and stock 0", async () => {
    const sku = "130042";
    const S = 4;
    await shop.db.prepare("UPDATE product SET stock_qty = ? WHERE sku = ?").bind(S, sku).run();
    // each buyer wants one of the scarce product plus enough of another to reach the minimum order value
    const buyers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const b = await h.buyer(20);
        await shop.db
          .prepare("INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, ?, 0, 1, '2026-01-02')")
          .bind(b.id, sku)
          .run();
        return { ...b, form: await h.checkoutForm(b.browser) };
      }),
    );
    const results = await Promise.all(
      buyers.map((b) => b.browser.post("/checkout", h.standardOrder(b.form, b.addressId), { csrf: b.form.csrf })),
    );
    expect(results.some((r) => r.res.status >= 500)).toBe(false);
    expect(results.filter((r) => r.res.status === 302)).toHaveLength(S);
    expect(results.filter((r) => r.res.status === 409)).toHaveLength(10 - S);
    expect(results.find((r) => r.res.status === 409)!.html).toContain("nicht mehr in der gewünschten Menge vorrätig");
    expect(await h.stockOf(sku)).toBe(0);
  }, 120_000);

  it("a payment confirmation replayed 3 times changes the order once; forged or altered ones change nothing", async () => {
    const { browser, addressId } = await h.buyer();
    const f = await h.checkoutForm(browser);
    const res = await browser.post("/checkout", h.standardOrder(f, addressId), { csrf: f.csrf });
    const paymentId = paymentIdOf(res.res.headers.get("Location")!);
    const order = (await h.orderOf(f.key))!;
    const send = h.notify;
    const confirmation = {
      confirmationId: "c-1",
      paymentId,
      orderId: order.id,
      amountCents: order.grand_total_cents,
      currency: "EUR",
      outcome: "approved",
    };
    expect((await send({ ...confirmation, amountCents: 1 })).status).toBe(409);
    expect((await send(confirmation, "0".repeat(64))).status).toBe(401);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await (await send(confirmation)).json());
    expect(answers.map((a) => (a as { result: string }).result)).toEqual(["settled", "unchanged", "unchanged"]);
    const late = await (await send({ ...confirmation, confirmationId: "c-2", outcome: "declined" })).json();
    expect((late as { result: string }).result).toBe("unchanged");
    const after = (await h.orderOf(f.key))!;
    expect(after.status).toBe("processing");
    expect(
      (await shop.db
        .prepare("SELECT COUNT(*) AS n FROM outbox WHERE subject LIKE ?")
        .bind(`%${order.increment_id}%`)
        .first<{ n: number }>())!.n,
    ).toBe(1);
  });
});
