/**
 * The back office's fulfilment (issue 32, docs/decisions/0041): the board per store and for the
 * warehouse, 404 for an order outside the member's scope, the pick marks, the handover steps with
 * their guards (one step, one mail, one audit entry, also for 20 clicks at once), the tracking
 * number's check, and the customer's timeline.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, csrfOf } from "./browser";
import { checkoutHelpers } from "./checkout-helpers";
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

const STAFF = { paula: 1, lars: 2, sina: 3, gero: 4, ada: 5 } as const;
const GOHLIS = "leipzig-gohlis";

async function staffBrowser(who: keyof typeof STAFF) {
  const browser = new Browser(shop);
  const page = await browser.get("/staff/login");
  const res = await browser.post(
    "/staff/login",
    { staffId: String(STAFF[who]), redirectTo: "/staff" },
    { csrf: csrfOf(page.html) },
  );
  expect(res.res.status).toBe(302);
  return browser;
}

interface Placed {
  number: number;
  id: string;
  email: string;
  browser: Browser;
  slot?: string;
}

/** A paid order (with balance, so paid at once) of two lines: click & collect at a store, or a delivery. */
async function paidOrder(
  kind: { pickup: string } | { carrier: "myensopackagedelivery" | "myensodhlexpress" | "myensofoodshipping" },
): Promise<Placed> {
  const { browser, id, addressId, email } = await h.buyer(4);
  await shop.db.batch([
    shop.db.prepare("INSERT INTO customer_balance (customer_id, balance_cents) VALUES (?, 50000)").bind(id),
    shop.db
      .prepare(
        "INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, '170001', 0, 1, '2026-01-01')",
      )
      .bind(id),
  ]);
  const pickup = "pickup" in kind;
  const query = pickup ? `?carrier=clickandcollect&store=${kind.pickup}` : `?carrier=${kind.carrier}`;
  const f = await h.checkoutForm(browser, query);
  const fields = pickup
    ? {
        ...h.standardOrder(f, 0, {
          carrier: "clickandcollect",
          storeId: kind.pickup,
          pickupSlot: f.pickupSlots[0],
          pickupTerms: "on",
          paymentMethod: "balance",
        }),
        deliverySlot: "",
        addressId: "",
      }
    : h.standardOrder(f, addressId, {
        carrier: kind.carrier,
        paymentMethod: "balance",
        deliverySlot: kind.carrier === "myensodhlexpress" ? "" : f.slots[0],
        telephone: "+49 341 555123",
      });
  const res = await browser.post(`/checkout${query}`, fields, { csrf: f.csrf });
  expect(res.res.headers.get("Location")).toMatch(/^\/checkout\/success\?order=\d+$/);
  const order = (await h.orderOf(f.key))!;
  expect(order.status).toBe("processing");
  return {
    number: order.increment_id as number,
    id: order.id as string,
    email,
    browser,
    ...(pickup ? { slot: f.pickupSlots[0] } : {}),
  };
}

const count = async (sql: string, ...params: unknown[]) =>
  (await shop.db
    .prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;
const audits = (orderId: string, action?: string) =>
  action
    ? count("SELECT COUNT(*) AS n FROM audit_entry WHERE order_id = ? AND action = ?", orderId, action)
    : count("SELECT COUNT(*) AS n FROM audit_entry WHERE order_id = ?", orderId);
const mails = (email: string, subject: string) =>
  count("SELECT COUNT(*) AS n FROM outbox WHERE recipient = ? AND subject LIKE ?", email, `%${subject}%`);
const statusOf = async (orderId: string) =>
  (await shop.db.prepare("SELECT status FROM customer_order WHERE id = ?").bind(orderId).first<{ status: string }>())!
    .status;

/** Posts a form of the pick list as the member would, with the page's CSRF token. */
async function post(browser: Browser, number: number, fields: Record<string, string>) {
  return browser.submit(`/staff/orders/${number}`, fields);
}

async function pickAll(browser: Browser, order: Placed) {
  const lines = await shop.db
    .prepare("SELECT sku, is_gift FROM order_item WHERE order_id = ?")
    .bind(order.id)
    .all<{ sku: string; is_gift: number }>();
  for (const line of lines.results) {
    const res = await post(browser, order.number, {
      intent: "pick",
      sku: line.sku,
      gift: String(line.is_gift),
      picked: "1",
    });
    expect(res.res.status).toBe(302);
  }
  return lines.results.length;
}

const boardNumbers = (html: string) => [...html.matchAll(/href="\/staff\/orders\/(\d+)"/g)].map((m) => Number(m[1]));

let pickup: Placed;
let otherStore: Placed;
let delivery: Placed;
let express: Placed;

describe("the board", () => {
  beforeAll(async () => {
    pickup = await paidOrder({ pickup: GOHLIS });
    otherStore = await paidOrder({ pickup: "leipzig-suedvorstadt" });
    delivery = await paidOrder({ carrier: "myensopackagedelivery" });
    express = await paidOrder({ carrier: "myensodhlexpress" });
  });

  it("a store's member sees its click & collect orders, the warehouse the deliveries", async () => {
    const paula = await staffBrowser("paula");
    const board = await paula.get("/staff/orders");
    expect(board.res.status).toBe(200);
    expect(board.html).toContain("Click &amp; Collect im Markt Frischkorb Leipzig-Gohlis");
    const seen = boardNumbers(board.html);
    expect(seen).toContain(pickup.number);
    for (const other of [otherStore, delivery, express]) expect(seen).not.toContain(other.number);
    // the seeded order waiting in Gohlis shows under "Abholbereit"
    expect(boardNumbers((await paula.get("/staff/orders?state=ready")).html)).toContain(100000005);

    const lars = await staffBrowser("lars");
    const warehouse = boardNumbers((await lars.get("/staff/orders")).html);
    expect(warehouse).toEqual(expect.arrayContaining([delivery.number, express.number, 100000006]));
    expect(warehouse).not.toContain(pickup.number);
    expect(warehouse).not.toContain(otherStore.number);
  });

  it("filters by carrier, day and state, in the URL", async () => {
    const lars = await staffBrowser("lars");
    const onlyExpress = boardNumbers((await lars.get("/staff/orders?carrier=myensodhlexpress")).html);
    expect(onlyExpress).toContain(express.number);
    expect(onlyExpress).not.toContain(delivery.number);
    // a click & collect filter is no filter of the warehouse's: ignored
    expect(boardNumbers((await lars.get("/staff/orders?carrier=clickandcollect")).html)).toContain(delivery.number);

    const paula = await staffBrowser("paula");
    const [start] = pickup.slot!.split("|");
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date(start));
    expect(boardNumbers((await paula.get(`/staff/orders?day=${day}`)).html)).toContain(pickup.number);
    expect(boardNumbers((await paula.get("/staff/orders?day=2020-01-01")).html)).not.toContain(pickup.number);
    expect(boardNumbers((await paula.get("/staff/orders?state=handedOver")).html)).not.toContain(pickup.number);
    // nonsense in the URL falls back to the defaults
    expect((await paula.get("/staff/orders?day=gestern&state=x&sort=y&page=-1")).res.status).toBe(200);
  });

  it("the other roles have no board and take no step: 403, nothing changed", async () => {
    for (const who of ["sina", "gero", "ada"] as const) {
      const browser = await staffBrowser(who);
      expect((await browser.get("/staff/orders")).res.status).toBe(403);
      expect((await browser.get(`/staff/orders/${pickup.number}`)).res.status).toBe(403);
      const csrf = csrfOf((await browser.get("/staff")).html);
      for (const intent of ["pick", "ready", "collected", "ship", "deliver"]) {
        const res = await browser.post(
          `/staff/orders/${pickup.number}`,
          { intent, sku: "170001", gift: "0", picked: "1", trackingNumber: "123456789012" },
          { csrf },
        );
        expect(res.res.status).toBe(403);
      }
    }
    expect(await audits(pickup.id)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM order_pick WHERE order_id = ?", pickup.id)).toBe(0);
    expect(await statusOf(pickup.id)).toBe("processing");
  });
});

describe("an order outside the member's scope", () => {
  it("is 404 to read and to change, and nothing changes", async () => {
    const paula = await staffBrowser("paula");
    const lars = await staffBrowser("lars");
    for (const [browser, order] of [
      [paula, otherStore],
      [paula, delivery],
      [lars, pickup],
    ] as const) {
      expect((await browser.get(`/staff/orders/${order.number}`)).res.status).toBe(404);
      const csrf = csrfOf((await browser.get("/staff/orders")).html);
      for (const intent of ["ready", "ship", "deliver", "collected"]) {
        const res = await browser.post(
          `/staff/orders/${order.number}`,
          { intent, trackingNumber: "123456789012" },
          { csrf },
        );
        expect(res.res.status).toBe(404);
      }
      const res = await browser.post(
        `/staff/orders/${order.number}`,
        { intent: "pick", sku: "170001", gift: "0", picked: "1" },
        { csrf },
      );
      expect(res.res.status).toBe(404);
      expect(await audits(order.id)).toBe(0);
      expect(await count("SELECT COUNT(*) AS n FROM order_pick WHERE order_id = ?", order.id)).toBe(0);
      expect(await statusOf(order.id)).toBe("processing");
    }
    expect((await paula.get("/staff/orders/999999999")).res.status).toBe(404);
    expect((await paula.get("/staff/orders/abc")).res.status).toBe(404);
  });
});

describe("click & collect", () => {
  it("picks, refuses 'Abholbereit' before every line is picked, then mails store and time once; 'Abgeholt' completes", async () => {
    const paula = await staffBrowser("paula");
    const list = await paula.get(`/staff/orders/${pickup.number}`);
    expect(list.res.status).toBe(200);
    expect(list.html).toContain("Pickliste");
    expect(list.html).toContain("Fehlmenge");
    expect(list.html).toContain(`href="/staff/orders/${pickup.number}/cancel"`);

    const early = await paula.follow(await post(paula, pickup.number, { intent: "ready" }));
    expect(early.html).toContain("Erst alle Positionen kommissionieren");
    expect(await statusOf(pickup.id)).toBe("processing");
    expect(await audits(pickup.id)).toBe(0);

    const lines = await pickAll(paula, pickup);
    expect(await audits(pickup.id, "orders.pick")).toBe(lines);
    // picked again: nothing changes, no second entry
    await post(paula, pickup.number, { intent: "pick", sku: "170001", gift: "0", picked: "1" });
    expect(await audits(pickup.id, "orders.pick")).toBe(lines);
    // taken back and picked again: two more entries
    await post(paula, pickup.number, { intent: "pick", sku: "170001", gift: "0", picked: "0" });
    expect(await count("SELECT COUNT(*) AS n FROM order_pick WHERE order_id = ?", pickup.id)).toBe(lines - 1);
    await post(paula, pickup.number, { intent: "pick", sku: "170001", gift: "0", picked: "1" });
    expect(await audits(pickup.id, "orders.pick")).toBe(lines + 2);

    const ready = await paula.follow(await post(paula, pickup.number, { intent: "ready" }));
    expect(ready.html).toContain(`Bestellung ${pickup.number} ist abholbereit`);
    expect(await statusOf(pickup.id)).toBe("ready_for_pickup");
    const mail = await shop.db
      .prepare("SELECT subject, text_body FROM outbox WHERE recipient = ? AND subject LIKE '%abholbereit%'")
      .bind(pickup.email)
      .first<{ subject: string; text_body: string }>();
    const [start, end] = pickup.slot!.split("|");
    expect(mail!.subject).toBe(`Deine Bestellung ${pickup.number} ist abholbereit`);
    const store = (await shop.db
      .prepare("SELECT street, house_number, zip, city FROM store WHERE id = ?")
      .bind(GOHLIS)
      .first<{ street: string; house_number: string; zip: string; city: string }>())!;
    expect(mail!.text_body).toContain(
      `Abholung im Markt Frischkorb Leipzig-Gohlis (${store.street} ${store.house_number}, ${store.zip} ${store.city}) am ${formatWindow(start, end)} Uhr.`,
    );
    expect(await audits(pickup.id, "orders.ready")).toBe(1);

    // a second click: nothing more
    const again = await paula.follow(await post(paula, pickup.number, { intent: "ready" }));
    expect(again.html).toContain("inzwischen geändert");
    expect(await mails(pickup.email, "abholbereit")).toBe(1);
    expect(await audits(pickup.id, "orders.ready")).toBe(1);
    // no more picking once it is ready
    await post(paula, pickup.number, { intent: "pick", sku: "170001", gift: "0", picked: "0" });
    expect(await audits(pickup.id, "orders.pick")).toBe(lines + 2);

    const cashbackBefore = await count(
      "SELECT COUNT(*) AS n FROM balance_entry WHERE order_id = ? AND type = 1",
      pickup.id,
    );
    const collected = await paula.follow(await post(paula, pickup.number, { intent: "collected" }));
    expect(collected.html).toContain(`Bestellung ${pickup.number} ist abgeholt`);
    expect(await statusOf(pickup.id)).toBe("complete");
    expect(await audits(pickup.id, "orders.collected")).toBe(1);
    await post(paula, pickup.number, { intent: "collected" });
    expect(await audits(pickup.id, "orders.collected")).toBe(1);
    // completing credits nothing: cashback is credited once, with the payment
    expect(await count("SELECT COUNT(*) AS n FROM balance_entry WHERE order_id = ? AND type = 1", pickup.id)).toBe(
      cashbackBefore,
    );

    const page = (await pickup.browser.get(`/account/order/${pickup.number}`)).html.replace(/<!-- -->/g, "");
    expect(page).toContain("Verlauf");
    for (const step of ["Bestellt", "Bezahlt", "Abholbereit", "Abgeholt"]) expect(page).toContain(step);
    expect(page).not.toContain("steht noch aus");
    expect(page).not.toContain("Versandt");
  });

  it("20 'Abholbereit' at once: one step, one mail, one audit entry", async () => {
    const order = await paidOrder({ pickup: GOHLIS });
    const paula = await staffBrowser("paula");
    await pickAll(paula, order);
    const csrf = csrfOf((await paula.get(`/staff/orders/${order.number}`)).html);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => paula.post(`/staff/orders/${order.number}`, { intent: "ready" }, { csrf })),
    );
    for (const answer of answers) expect(answer.res.status).toBe(302);
    expect(await statusOf(order.id)).toBe("ready_for_pickup");
    expect(await mails(order.email, "abholbereit")).toBe(1);
    expect(await audits(order.id, "orders.ready")).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM order_step WHERE order_id = ?", order.id)).toBe(1);
  });
});

describe("delivery", () => {
  it("'Versandt' checks the tracking number at its field, mails the tracking link, then 'Zugestellt'", async () => {
    const lars = await staffBrowser("lars");
    await pickAll(lars, delivery);
    for (const bad of ["12345", "ABCDEFGHIJKL", "1234567890"]) {
      const res = await post(lars, delivery.number, { intent: "ship", trackingNumber: bad });
      expect(res.res.status).toBe(400);
      expect(res.html).toContain("Bitte gib eine gültige DHL-Sendungsnummer ein");
      expect(res.html).toMatch(
        new RegExp(`name="trackingNumber"[^>]*value="${bad}"|value="${bad}"[^>]*name="trackingNumber"`),
      );
      expect(res.html).toContain('aria-invalid="true"');
    }
    const empty = await post(lars, delivery.number, { intent: "ship", trackingNumber: "" });
    expect(empty.res.status).toBe(400);
    expect(await audits(delivery.id, "orders.ship")).toBe(0);
    expect(await mails(delivery.email, "unterwegs")).toBe(0);

    const shipped = await lars.follow(
      await post(lars, delivery.number, { intent: "ship", trackingNumber: "0034 0434 1234 5678 9012" }),
    );
    expect(shipped.html).toContain(`Bestellung ${delivery.number} ist versandt`);
    expect(shipped.html).toContain("00340434123456789012");
    expect(await statusOf(delivery.id)).toBe("processing");
    const mail = await shop.db
      .prepare("SELECT text_body FROM outbox WHERE recipient = ? AND subject LIKE '%unterwegs%'")
      .bind(delivery.email)
      .first<{ text_body: string }>();
    expect(mail!.text_body).toContain(
      "https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434123456789012",
    );
    expect(await audits(delivery.id, "orders.ship")).toBe(1);
    await post(lars, delivery.number, { intent: "ship", trackingNumber: "123456789012" });
    expect(await audits(delivery.id, "orders.ship")).toBe(1);
    expect(await mails(delivery.email, "unterwegs")).toBe(1);

    const customer = (await delivery.browser.get(`/account/order/${delivery.number}`)).html.replace(/<!-- -->/g, "");
    expect(customer).toContain("Sendung 00340434123456789012 verfolgen");
    expect(customer).toContain("steht noch aus");

    const delivered = await lars.follow(await post(lars, delivery.number, { intent: "deliver" }));
    expect(delivered.html).toContain(`Bestellung ${delivery.number} ist zugestellt`);
    expect(await statusOf(delivery.id)).toBe("complete");
    expect(await audits(delivery.id, "orders.deliver")).toBe(1);
    await post(lars, delivery.number, { intent: "deliver" });
    expect(await audits(delivery.id, "orders.deliver")).toBe(1);
    const done = (await delivery.browser.get(`/account/order/${delivery.number}`)).html.replace(/<!-- -->/g, "");
    expect(done).toContain("Zugestellt");
    expect(done).not.toContain("steht noch aus");
  });

  it("express takes a 10 digit waybill number; the own vans need none", async () => {
    const lars = await staffBrowser("lars");
    await pickAll(lars, express);
    const bad = await post(lars, express.number, { intent: "ship", trackingNumber: "123456789012" });
    expect(bad.res.status).toBe(400);
    expect(bad.html).toContain("Bitte gib eine gültige DHL-Express-Sendungsnummer ein");
    expect((await post(lars, express.number, { intent: "ship", trackingNumber: "1234567890" })).res.status).toBe(302);
    expect(await audits(express.id, "orders.ship")).toBe(1);

    const vans = await paidOrder({ carrier: "myensofoodshipping" });
    await pickAll(lars, vans);
    expect((await post(lars, vans.number, { intent: "ship" })).res.status).toBe(302);
    expect(await audits(vans.id, "orders.ship")).toBe(1);
    const mail = await shop.db
      .prepare("SELECT text_body FROM outbox WHERE recipient = ? AND subject LIKE '%unterwegs%'")
      .bind(vans.email)
      .first<{ text_body: string }>();
    expect(mail!.text_body).toContain("Wunschtermin");
    expect(mail!.text_body).not.toContain("verfolgen");
  });

  it("an unknown intent is a 400 and a form without its token changes nothing", async () => {
    const order = await paidOrder({ carrier: "myensopackagedelivery" });
    const lars = await staffBrowser("lars");
    expect((await post(lars, order.number, { intent: "explode" })).res.status).toBe(400);
    const res = await lars.post(
      `/staff/orders/${order.number}`,
      { intent: "pick", sku: "170001", gift: "0", picked: "1" },
      { csrf: "falsch" },
    );
    expect(res.res.status).toBeGreaterThanOrEqual(400);
    expect(await audits(order.id)).toBe(0);
  });
});
