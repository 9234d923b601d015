import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutHelpers } from "./checkout-helpers";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
let h: ReturnType<typeof checkoutHelpers>;
beforeAll(async () => {
  shop = await startShop();
  h = checkoutHelpers(shop);
});
afterAll(async () => {
  await shop?.dispose();
});

const text = (html: string) => html.replace(/<!-- -->/g, "");

describe("checkout input", () => {
  it("bad input gets a German message next to the field, keeps what was typed and orders nothing", async () => {
    const { browser, id, addressId } = await h.buyer();
    const f = await h.checkoutForm(browser);
    const cases: [Record<string, string>, string][] = [
      [{ deliverySlot: "" }, "Bitte wähle einen Wunschliefertermin."],
      [{ deliverySlot: "2020-01-01T08:00:00.000Z|2020-01-01T12:00:00.000Z" }, "Bitte wähle einen Wunschliefertermin."],
      [{ paymentMethod: "" }, "Bitte wähle eine Zahlungsart."],
      [{ paymentMethod: "bitcoin" }, "Bitte wähle eine Zahlungsart."],
      [{ carrier: "drohne" }, "Bitte wähle eine Versandart."],
      [{ addressId: "" }, "Bitte wähle eine Lieferadresse oder lege eine neue an."],
      [{ addressId: "200001" }, "Bitte wähle eine Lieferadresse oder lege eine neue an."], // Anna's address
      [{ addressId: "-1" }, "Bitte wähle eine Lieferadresse oder lege eine neue an."],
      [
        { carrier: "myensodhlexpress", deliverySlot: "", telephone: "" },
        "Für die Expresslieferung brauchen wir eine gültige Telefonnummer.",
      ],
      [{ carrier: "myensodhlexpress", telephone: "abc" }, "Bitte gib eine gültige Telefonnummer ein"],
      [{ expectedTotal: "1" }, "Der Gesamtbetrag hat sich geändert."],
      [{ expectedTotal: "2,5" }, "Der Gesamtbetrag hat sich geändert."],
      [
        { paymentMethod: "sepa", iban: "DE00 1234", bic: "X" },
        "Diese Zahlungsart steht dir leider nicht zur Verfügung.",
      ],
      [{ paymentMethod: "balance" }, "Dein Guthaben reicht für diese Bestellung nicht aus."],
      [{ carrier: "clickandcollect", storeId: "leipzig-suedvorstadt", pickupSlot: "" }, "Bitte wähle eine Abholzeit."],
      [
        {
          carrier: "clickandcollect",
          storeId: "leipzig-suedvorstadt",
          pickupSlot: "2030-01-07T08:00:00.000Z|2030-01-07T10:00:00.000Z",
          pickupTerms: "on",
        },
        "Bitte wähle eine Abholzeit.",
      ],
      [
        { carrier: "clickandcollect", storeId: "leipzig-suedvorstadt", pickupSlot: "morgen früh", pickupTerms: "on" },
        "Bitte wähle eine Abholzeit.",
      ],
      [
        {
          carrier: "clickandcollect",
          storeId: "gibt-es-nicht",
          pickupSlot: "2030-01-07T08:00:00.000Z|2030-01-07T10:00:00.000Z",
          pickupTerms: "on",
        },
        "Bitte wähle einen Markt für die Abholung.",
      ],
      [
        { carrier: "clickandcollect", storeId: "x".repeat(61), pickupTerms: "on" },
        "Bitte wähle einen Markt für die Abholung.",
      ],
      [{ carrier: "myensofoodshipping", addressId: "0" }, "Bitte wähle eine Lieferadresse"],
      [{ comment: "x".repeat(501) }, "500"],
      [{ idempotencyKey: "kurz" }, "Deine Bestellung konnte leider nicht abgeschlossen werden."],
    ];
    for (const [change, message] of cases) {
      // the form posts to the page it is on, whose query names the shipping method
      const path =
        change.carrier && change.carrier !== "drohne"
          ? `/checkout?carrier=${change.carrier}${change.storeId ? `&store=${change.storeId}` : ""}`
          : "/checkout";
      const res = await browser.post(path, h.standardOrder(f, addressId, { comment: "Hinterhaus", ...change }), {
        csrf: f.csrf,
      });
      expect(res.res.status, JSON.stringify(change)).toBeGreaterThanOrEqual(400);
      expect(res.res.status, JSON.stringify(change)).toBeLessThan(500);
      expect(text(res.html).includes(message), `${JSON.stringify(change)} shows ${message}`).toBe(true);
      if (!change.comment)
        expect(res.html.includes("Hinterhaus"), `${JSON.stringify(change)} keeps the comment`).toBe(true);
    }
    expect(await h.orderCount(id)).toBe(0);
    expect(await h.cartCount(id)).toBe(1);
  }, 60_000);

  it("SEPA: IBAN and BIC are checked and the mandate is required, for customers allowed to use it", async () => {
    const { browser, id, addressId } = await h.buyer();
    await shop.db.prepare("UPDATE customer SET is_sepa_allowed = '1' WHERE id = ?").bind(id).run();
    const f = await h.checkoutForm(browser);
    const bad = await browser.post(
      "/checkout",
      h.standardOrder(f, addressId, {
        paymentMethod: "sepa",
        sepaBank: "Sparkasse",
        iban: "DE89 3704 0044 0532 0130 01",
        bic: "12",
      }),
      { csrf: f.csrf },
    );
    expect(bad.res.status).toBe(400);
    expect(bad.html).toContain("Bitte gib eine gültige IBAN ein.");
    expect(bad.html).toContain("Bitte gib eine gültige BIC ein.");
    expect(bad.html).toContain("Bitte erteile das SEPA-Lastschriftmandat.");
    expect(bad.html).toContain("DE89 3704 0044 0532 0130 01");
    const good = await browser.post(
      "/checkout",
      h.standardOrder(f, addressId, {
        paymentMethod: "sepa",
        sepaBank: "Sparkasse",
        iban: "DE89 3704 0044 0532 0130 00",
        bic: "COBADEFFXXX",
        sepaConsent: "on",
      }),
      { csrf: f.csrf },
    );
    expect(good.res.status).toBe(302);
    expect(JSON.parse(String((await h.orderOf(f.key))!.sepa_mandate)).iban).toBe("DE89370400440532013000");
  });

  it("click & collect books a slot; a full slot is offered as sold out and refused", async () => {
    const { browser, addressId } = await h.buyer();
    const query = "?carrier=clickandcollect&store=leipzig-suedvorstadt";
    const f = await h.checkoutForm(browser, query);
    expect(f.pickupSlots.length).toBeGreaterThan(0);
    const [first, second] = f.pickupSlots;
    const start = first.split("|")[0];
    await shop.db
      .prepare(
        "INSERT INTO pickup_booking (store_id, slot_start, capacity, booked) VALUES ('leipzig-suedvorstadt', ?, 6, 6)",
      )
      .bind(start)
      .run();
    const order = (slot: string, key = f.key) => ({
      ...h.standardOrder(f, addressId, {
        carrier: "clickandcollect",
        storeId: "leipzig-suedvorstadt",
        pickupSlot: slot,
        pickupTerms: "on",
        paymentMethod: "paypal",
        idempotencyKey: key,
      }),
      deliverySlot: "",
      addressId: "",
    });
    const full = await browser.post(`/checkout${query}`, order(first), { csrf: f.csrf });
    expect(full.res.status).toBe(409);
    expect(full.html).toContain("Diese Abholzeit ist inzwischen ausgebucht.");
    expect(full.html).toContain("ausgebucht");
    const noTerms = await browser.post(`/checkout${query}`, { ...order(second), pickupTerms: "" }, { csrf: f.csrf });
    expect(noTerms.html).toContain("Bitte bestätige die Abholbedingungen.");
    const ok = await browser.post(`/checkout${query}`, order(second), { csrf: f.csrf });
    expect(ok.res.status).toBe(302);
    const booked = await shop.db
      .prepare("SELECT booked FROM pickup_booking WHERE store_id = 'leipzig-suedvorstadt' AND slot_start = ?")
      .bind(second.split("|")[0])
      .first<{ booked: number }>();
    expect(booked!.booked).toBe(1);
    expect((await h.orderOf(f.key))!.store_id).toBe("leipzig-suedvorstadt");
  });

  it("local delivery only to postcodes in the delivery area", async () => {
    const { browser, id } = await h.buyer();
    const outside = id + 2;
    await shop.db
      .prepare(
        `INSERT INTO address (id, customer_id, street, house_number, zip, city, created_at) VALUES (?, ?, 'Hauptstraße', '1', '01067', 'Dresden', '2026-01-02')`,
      )
      .bind(outside, id)
      .run();
    const f = await h.checkoutForm(browser, "?carrier=myensofoodshipping");
    const res = await browser.post("/checkout", h.standardOrder(f, outside, { carrier: "myensofoodshipping" }), {
      csrf: f.csrf,
    });
    expect(res.res.status).toBe(409);
    expect(res.html).toContain("Diese Adresse liegt nicht in unserem Liefergebiet");
  });

  it("account balance pays in full (no provider) or in part; it is debited in the ledger and never below zero", async () => {
    const full = await h.buyer();
    await shop.db
      .prepare("INSERT INTO customer_balance (customer_id, balance_cents) VALUES (?, 5000)")
      .bind(full.id)
      .run();
    let f = await h.checkoutForm(full.browser);
    const paid = await full.browser.post(
      "/checkout",
      h.standardOrder(f, full.addressId, { paymentMethod: "balance" }),
      { csrf: f.csrf },
    );
    expect(paid.res.headers.get("Location")).toMatch(/^\/checkout\/success\?order=\d+$/);
    const total = 20 * 119 + 495;
    expect(
      (await shop.db
        .prepare("SELECT balance_cents FROM customer_balance WHERE customer_id = ?")
        .bind(full.id)
        .first<{ balance_cents: number }>())!.balance_cents,
    ).toBe(5000 - total);
    expect(
      await shop.db.prepare("SELECT amount_cents, type FROM balance_entry WHERE customer_id = ?").bind(full.id).first(),
    ).toEqual({ amount_cents: -total, type: 2 });
    expect((await h.orderOf(f.key))!.status).toBe("processing");

    const part = await h.buyer();
    await shop.db
      .prepare("INSERT INTO customer_balance (customer_id, balance_cents) VALUES (?, 1000)")
      .bind(part.id)
      .run();
    f = await h.checkoutForm(part.browser);
    const res = await part.browser.post("/checkout", h.standardOrder(f, part.addressId, { useCredit: "on" }), {
      csrf: f.csrf,
    });
    expect(res.res.headers.get("Location")).toMatch(/^\/payment\/sandbox\//);
    const order = (await h.orderOf(f.key))!;
    expect(order.credit_cents).toBe(1000);
    expect(order.grand_total_cents).toBe(total - 1000);
    // declined: the credit comes back as a chargeback entry
    await h.pay(part.browser, res.res.headers.get("Location")!, "cancel");
    expect(
      (await shop.db
        .prepare("SELECT balance_cents FROM customer_balance WHERE customer_id = ?")
        .bind(part.id)
        .first<{ balance_cents: number }>())!.balance_cents,
    ).toBe(1000);
    expect(
      (await shop.db
        .prepare("SELECT COUNT(*) AS n FROM balance_entry WHERE customer_id = ? AND type = 5")
        .bind(part.id)
        .first<{ n: number }>())!.n,
    ).toBe(1);
  });

  it("an empty cart or one below the minimum cannot be ordered; another customer's order is a 404", async () => {
    const { browser, id, addressId } = await h.buyer(2);
    const f = await h.checkoutForm(browser);
    const low = await browser.post("/checkout", h.standardOrder(f, addressId), { csrf: f.csrf });
    expect(low.res.status).toBe(409);
    expect(low.html).toContain("Der Mindestbestellwert ist nicht erreicht.");
    await shop.db.prepare("DELETE FROM cart_item WHERE customer_id = ?").bind(id).run();
    expect((await browser.get("/checkout")).html).toContain("Dein Warenkorb ist leer");
    expect((await browser.get("/account/order/100000001")).res.status).toBe(404);
    expect((await browser.get("/account/order/abc")).res.status).toBe(404);
    expect((await browser.get("/checkout/success?order=100000001")).res.status).toBe(302);
  });

  it("more wanted than is left: the cart says how many are left and the order is refused", async () => {
    const sku = "200009";
    const { browser, id, addressId } = await h.buyer();
    await shop.db.batch([
      shop.db.prepare("UPDATE product SET stock_qty = 2 WHERE sku = ?").bind(sku),
      shop.db
        .prepare("INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, ?, 0, 5, '2026-01-02')")
        .bind(id, sku),
    ]);
    expect((await browser.get("/cart")).html).toContain("Nur noch 2\u00a0Stück vorrätig");
    const f = await h.checkoutForm(browser);
    const res = await browser.post("/checkout", h.standardOrder(f, addressId), { csrf: f.csrf });
    expect(res.res.status).toBe(409);
    expect(res.html).toContain("nicht mehr in der gewünschten Menge vorrätig");
    expect(await h.stockOf(sku)).toBe(2);
    expect(await h.orderCount(id)).toBe(0);
  });
});
