/**
 * Money back (issue 32 §3, docs/decisions/0040-refunds.md) in the shop's D1 and through its pages:
 * a withdrawal refunded from the queue and settled by the sandbox's signed event, a partial refund
 * (a short line's) through the module, a staff cancellation, the event settling once, replays, 20
 * concurrent "Erstatten" clicks, and the sandbox's refund page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refundOrder, type ProviderByName } from "~/domain/refund/refund.server";
import { staffById } from "~/domain/staff/staff.server";
import type { StaffMember } from "~/domain/staff/roles";
import type { PaymentProvider } from "~/platform/payment-provider";
import { Browser, csrfOf } from "./browser";
import { checkoutHelpers, sandboxSignature } from "./checkout-helpers";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
let h: ReturnType<typeof checkoutHelpers>;
beforeAll(async () => {
  shop = await startShop();
  h = checkoutHelpers(shop);
  // every test orders QTY of it; withdrawn orders keep theirs
  await shop.db.prepare("UPDATE product SET stock_qty = 100000 WHERE sku = '160009'").run();
});
afterAll(async () => {
  await shop?.dispose();
});

const STAFF = { paula: 1, lars: 2, sina: 3 } as const;
const GOHLIS = "leipzig-gohlis";
const CREDIT = 500;
const QTY = 40;

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
const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/\s+/g, " ");

async function staffBrowser(id: number) {
  const browser = new Browser(shop);
  const res = await browser.submit("/staff/login", { staffId: String(id), redirectTo: "/staff" });
  expect(res.res.status).toBe(302);
  return browser;
}

/**
 * A paid click & collect order at Gohlis: PayPal through the sandbox, with CREDIT of balance used
 * (so a refund has a provider part and a balance part), approved by the sandbox's signed confirmation.
 */
async function paidOrder({ withdraw = false } = {}) {
  const b = await h.buyer(QTY);
  await shop.db
    .prepare("INSERT INTO customer_balance (customer_id, balance_cents) VALUES (?, ?)")
    .bind(b.id, CREDIT)
    .run();
  const placed = await h.paidPickupOrder(b, GOHLIS);
  const { number } = placed;
  if (withdraw) {
    const csrf = csrfOf((await b.browser.get(`/account/order/${number}?widerruf=1`)).html);
    expect((await b.browser.post(`/account/order/${number}`, { intent: "withdraw" }, { csrf })).res.status).toBe(302);
  }
  return { ...b, ...placed };
}

const refundsOf = (orderId: string) =>
  rows<{
    id: string;
    reason: string;
    state: string;
    amount_cents: number;
    provider_cents: number;
    balance_cents: number;
    cashback_cents: number;
    staff_id: number | null;
  }>(
    "SELECT id, reason, state, amount_cents, provider_cents, balance_cents, cashback_cents, staff_id FROM refund WHERE order_id = ? ORDER BY requested_at",
    orderId,
  );
const balanceOf = async (customerId: number) =>
  (await one<{ b: number }>("SELECT balance_cents AS b FROM customer_balance WHERE customer_id = ?", customerId))?.b;
const chargebacksOf = (customerId: number) =>
  rows<{ amount_cents: number; note: string }>(
    "SELECT amount_cents, note FROM balance_entry WHERE customer_id = ? AND type = 5",
    customerId,
  );
const auditCount = async (orderId: string, action: string) =>
  (await one<{ n: number }>(
    "SELECT COUNT(*) AS n FROM audit_entry WHERE order_id = ? AND action = ?",
    orderId,
    action,
  ))!.n;
const mailsTo = (email: string) =>
  rows<{ subject: string; text_body: string }>(
    "SELECT subject, text_body FROM outbox WHERE recipient = ? ORDER BY id",
    email,
  );

/** The sandbox's signed refund event, as its refund page sends it. */
function refundEvent(refund: { id: string; provider_cents: number }, orderId: string, outcome = "succeeded") {
  return {
    confirmationId: crypto.randomUUID(),
    refundId: refund.id,
    orderId,
    amountCents: refund.provider_cents,
    currency: "EUR",
    outcome,
  };
}

describe("a withdrawal refunded from the queue", () => {
  it("Sina sees it with its due day, refunds it, the sandbox confirms it signed: settled, credit back, mail, one audit entry", async () => {
    const o = await paidOrder({ withdraw: true });
    const sina = await staffBrowser(STAFF.sina);
    const queue = await sina.get(`/staff/withdrawals?q=${o.number}`);
    expect(queue.res.status).toBe(200);
    const row = text(queue.html);
    expect(row).toContain(String(o.number));
    expect(row).toMatch(/Fällig bis/);
    expect(row).toContain("§ 357 Abs. 4 BGB");
    expect(row).toContain(`${((o.paid + CREDIT) / 100).toFixed(2).replace(".", ",")} €`);

    const posted = await sina.post("/staff/withdrawals", { order: String(o.number) }, { csrf: csrfOf(queue.html) });
    expect(posted.res.status).toBe(302);
    const pageUrl = posted.res.headers.get("Location")!;
    expect(pageUrl).toMatch(/^\/payment\/sandbox\/refund\/[\w-]+\?key=[0-9a-f]+$/);
    const [refund] = await refundsOf(o.orderId);
    expect(refund).toMatchObject({
      reason: "withdrawal",
      state: "requested",
      amount_cents: o.paid + CREDIT,
      provider_cents: o.paid,
      balance_cents: CREDIT,
      cashback_cents: 0,
      staff_id: STAFF.sina,
    });
    expect(await auditCount(o.orderId, "withdrawals.refund")).toBe(1);
    // requested is not settled: nothing credited, no mail yet
    expect(await chargebacksOf(o.id)).toEqual([]);
    const mailsBefore = (await mailsTo(o.email)).length;

    const page = await sina.get(pageUrl);
    expect(page.res.status).toBe(200);
    expect(text(page.html)).toContain("Erstattung bestätigen");
    const confirmed = await sina.post(pageUrl, { intent: "confirm" }, { csrf: null });
    expect(confirmed.res.status).toBe(302);
    expect(confirmed.res.headers.get("Location")).toBe("/staff/withdrawals");
    expect(text((await sina.follow(confirmed)).html)).toContain(
      `Die Erstattung zu Bestellung ${o.number} ist bestätigt.`,
    );

    expect((await refundsOf(o.orderId))[0].state).toBe("settled");
    expect(await chargebacksOf(o.id)).toEqual([{ amount_cents: CREDIT, note: "Erstattung" }]);
    expect(await balanceOf(o.id)).toBe(CREDIT);
    const mails = await mailsTo(o.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)!.subject).toBe(`Erstattung zu deiner Bestellung ${o.number}`);
    expect(mails.at(-1)!.text_body).toContain("haben wir deinem Guthaben gutgeschrieben");

    // the customer's order page shows it; the queue no longer lists it as open
    const detail = text((await o.browser.get(`/account/order/${o.number}`)).html);
    expect(detail).toContain("Erstattungen");
    expect(detail).toMatch(/Widerruf\s*:/);
    expect(detail).toContain("Erstattet am");
    expect(text((await sina.get(`/staff/withdrawals?q=${o.number}`)).html)).toContain("Keine Einträge.");
    expect(text((await sina.get(`/staff/withdrawals?q=${o.number}&state=done`)).html)).toContain("Erstattet");

    // the page once more: already decided, nothing to press
    expect(text((await sina.get(pageUrl)).html)).toContain("Diese Erstattung ist bereits abgeschlossen.");
    expect((await sina.post(pageUrl, { intent: "confirm" }, { csrf: null })).res.status).toBe(302);
    expect(await chargebacksOf(o.id)).toHaveLength(1);
  });

  it("20 concurrent clicks on „Erstatten“ make exactly one refund and one audit entry", async () => {
    const o = await paidOrder({ withdraw: true });
    const sina = await staffBrowser(STAFF.sina);
    const csrf = csrfOf((await sina.get("/staff/withdrawals")).html);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => sina.post("/staff/withdrawals", { order: String(o.number) }, { csrf })),
    );
    expect(answers.map((a) => a.res.status)).toEqual(answers.map(() => 302));
    expect(await refundsOf(o.orderId)).toHaveLength(1);
    expect(await auditCount(o.orderId, "withdrawals.refund")).toBe(1);
  });

  it("the provider's event settles once: replays, one after another and at the same moment, change nothing", async () => {
    const o = await paidOrder({ withdraw: true });
    const sina = await staffBrowser(STAFF.sina);
    const csrf = csrfOf((await sina.get("/staff/withdrawals")).html);
    await sina.post("/staff/withdrawals", { order: String(o.number) }, { csrf });
    const [refund] = await refundsOf(o.orderId);
    const event = refundEvent(refund, o.orderId);
    const mailsBefore = (await mailsTo(o.email)).length;
    const answers = [
      ...(await Promise.all([1, 2, 3, 4, 5].map(() => h.notify(event)))),
      await h.notify(event),
      await h.notify({ ...event, confirmationId: crypto.randomUUID() }),
    ];
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const results = await Promise.all(answers.map(async (a) => ((await a.json()) as { result: string }).result));
    expect(results.filter((r) => r === "settled")).toHaveLength(1);
    expect(results.filter((r) => r === "unchanged")).toHaveLength(6);
    expect(await chargebacksOf(o.id)).toEqual([{ amount_cents: CREDIT, note: "Erstattung" }]);
    expect(await balanceOf(o.id)).toBe(CREDIT);
    expect(await mailsTo(o.email)).toHaveLength(mailsBefore + 1);
  });

  it("an unsigned, wrongly signed or mismatched event changes nothing", async () => {
    const o = await paidOrder({ withdraw: true });
    const sina = await staffBrowser(STAFF.sina);
    await sina.post(
      "/staff/withdrawals",
      { order: String(o.number) },
      { csrf: csrfOf((await sina.get("/staff/withdrawals")).html) },
    );
    const [refund] = await refundsOf(o.orderId);
    const event = refundEvent(refund, o.orderId);
    expect((await h.notify(event, null)).status).toBe(401);
    expect((await h.notify(event, sandboxSignature("something else"))).status).toBe(401);
    expect((await h.notify({ ...event, amountCents: event.amountCents + 1 })).status).toBe(409);
    expect((await h.notify({ ...event, refundId: "nope" })).status).toBe(404);
    expect((await refundsOf(o.orderId))[0].state).toBe("requested");
    expect(await chargebacksOf(o.id)).toEqual([]);
  });

  it("a failed refund gives nothing back; „Erstatten“ again makes a new one", async () => {
    const o = await paidOrder({ withdraw: true });
    const sina = await staffBrowser(STAFF.sina);
    const csrf = csrfOf((await sina.get("/staff/withdrawals")).html);
    const first = await sina.post("/staff/withdrawals", { order: String(o.number) }, { csrf });
    const failed = await sina.post(first.res.headers.get("Location")!, { intent: "fail" }, { csrf: null });
    expect(failed.res.status).toBe(302);
    expect((await refundsOf(o.orderId)).map((r) => r.state)).toEqual(["failed"]);
    expect(await chargebacksOf(o.id)).toEqual([]);
    expect(text((await sina.get(`/staff/withdrawals?q=${o.number}`)).html)).toContain("Fehlgeschlagen");
    const again = await sina.post("/staff/withdrawals", { order: String(o.number) }, { csrf });
    expect(again.res.headers.get("Location")).toMatch(/^\/payment\/sandbox\/refund\//);
    expect((await refundsOf(o.orderId)).map((r) => r.state)).toEqual(["failed", "requested"]);
  });
});

describe("the balance part and the cashback", () => {
  it("a member's cashback is kept back once: what the withdrawal took from the balance counts", async () => {
    const o = await paidOrder({ withdraw: true });
    // as if the order had credited 3,00 € cashback and the withdrawal had taken 1,00 € of it back
    await shop.db.batch([
      shop.db
        .prepare("UPDATE customer_order SET cashback_cents = 300, cashback_credited_at = ? WHERE id = ?")
        .bind(new Date().toISOString(), o.orderId),
      shop.db
        .prepare(
          "INSERT INTO balance_entry (id, customer_id, type, amount_cents, order_id, note, created_at) VALUES (?, ?, 3, -100, ?, 'Rückvergütung storniert', ?)",
        )
        .bind(crypto.randomUUID(), o.id, o.orderId, new Date().toISOString()),
    ]);
    const sina = await staffBrowser(STAFF.sina);
    const csrf = csrfOf((await sina.get("/staff/withdrawals")).html);
    const posted = await sina.post("/staff/withdrawals", { order: String(o.number) }, { csrf });
    expect(await refundsOf(o.orderId)).toEqual([
      expect.objectContaining({ provider_cents: o.paid, balance_cents: CREDIT - 200, cashback_cents: 200 }),
    ]);
    await sina.post(posted.res.headers.get("Location")!, { intent: "confirm" }, { csrf: null });
    expect(await balanceOf(o.id)).toBe(CREDIT - 200);
    expect((await mailsTo(o.email)).at(-1)!.text_body).toContain("Rückvergütung, die wir dir für diese Bestellung");
    expect(text((await o.browser.get(`/account/order/${o.number}`)).html)).toContain("2,00 € Rückvergütung verrechnet");
  });

  it("an order paid with the balance alone is refunded to the balance at once, without a provider", async () => {
    const b = await h.buyer(QTY);
    await shop.db
      .prepare("INSERT INTO customer_balance (customer_id, balance_cents) VALUES (?, 100000)")
      .bind(b.id)
      .run();
    const query = `?carrier=clickandcollect&store=${GOHLIS}`;
    const f = await h.checkoutForm(b.browser, query);
    const res = await b.browser.post(
      `/checkout${query}`,
      {
        ...h.standardOrder(f, b.addressId, {
          carrier: "clickandcollect",
          storeId: GOHLIS,
          pickupSlot: f.pickupSlots[0],
          pickupTerms: "on",
          paymentMethod: "balance",
        }),
        deliverySlot: "",
        addressId: "",
      },
      { csrf: f.csrf },
    );
    expect(res.res.status).toBe(302);
    const order = (await h.orderOf(f.key))!;
    const used = Number(order.credit_cents);
    expect(used).toBeGreaterThan(0);
    const sina = await staffBrowser(STAFF.sina);
    const page = await sina.get(`/staff/orders/${order.increment_id}/cancel`);
    const done = await sina.post(
      `/staff/orders/${order.increment_id}/cancel`,
      { reason: "Markt geschlossen" },
      { csrf: csrfOf(page.html) },
    );
    expect(done.res.headers.get("Location")).toBe(`/staff/orders/${order.increment_id}/cancel`);
    expect(await refundsOf(String(order.id))).toEqual([
      expect.objectContaining({ state: "settled", provider_cents: 0, balance_cents: used }),
    ]);
    expect(await balanceOf(b.id)).toBe(100000);
    expect((await mailsTo(b.email)).map((m) => m.subject).slice(-2)).toEqual([
      `Deine Bestellung ${order.increment_id} wurde storniert`,
      `Erstattung zu deiner Bestellung ${order.increment_id}`,
    ]);
  });
});

describe("the sandbox's refund page", () => {
  it("without its key, or with another refund's key, is a 404; an unknown intent is a 400", async () => {
    const o = await paidOrder({ withdraw: true });
    const sina = await staffBrowser(STAFF.sina);
    const posted = await sina.post(
      "/staff/withdrawals",
      { order: String(o.number) },
      { csrf: csrfOf((await sina.get("/staff/withdrawals")).html) },
    );
    const pageUrl = posted.res.headers.get("Location")!;
    const bare = pageUrl.split("?")[0];
    expect((await sina.get(bare)).res.status).toBe(404);
    expect((await sina.get(`${bare}?key=${"0".repeat(64)}`)).res.status).toBe(404);
    expect((await sina.post(bare, { intent: "confirm" }, { csrf: null })).res.status).toBe(404);
    expect((await sina.post(pageUrl, { intent: "maybe" }, { csrf: null })).res.status).toBe(400);
    expect((await refundsOf(o.orderId))[0].state).toBe("requested");
  });
});

describe("a partial refund through the module (a short line's)", () => {
  const requested: string[] = [];
  const provider = {
    name: "sandbox",
    async refund(r) {
      requested.push(`${r.key}:${r.amountCents}`);
      return { providerRef: r.refundId, pageUrl: null };
    },
  } as PaymentProvider;
  const providers: ProviderByName = () => provider;
  let paula: StaffMember;
  beforeAll(async () => {
    paula = (await staffById(shop.db, STAFF.paula))!;
  });

  it("gives back part through the provider first; the same key again is the same refund; more than is left is refused", async () => {
    const o = await paidOrder();
    const request = {
      orderId: o.orderId,
      reason: "short" as const,
      amountCents: 119,
      key: `short-${o.orderId}-160009`,
      note: "1 × Apfelsaft klar",
    };
    const first = await refundOrder(shop.db, providers, paula, "orders.pick", request, shop.origin);
    expect(first).toMatchObject({ ok: true, created: true, pageUrl: null });
    const again = await refundOrder(shop.db, providers, paula, "orders.pick", request, shop.origin);
    expect(again).toMatchObject({ ok: true, created: false });
    expect(await refundsOf(o.orderId)).toEqual([
      expect.objectContaining({
        reason: "short",
        amount_cents: 119,
        provider_cents: 119,
        balance_cents: 0,
        state: "requested",
      }),
    ]);
    expect(await auditCount(o.orderId, "orders.pick")).toBe(1);
    // the provider was asked with the refund's own key (twice: the repeat asks again, safely)
    expect(requested.filter((r) => r.startsWith(request.key))).toEqual([`${request.key}:119`, `${request.key}:119`]);

    const tooMuch = await refundOrder(
      shop.db,
      providers,
      paula,
      "orders.pick",
      { ...request, key: `short-${o.orderId}-other`, amountCents: o.paid + CREDIT },
      shop.origin,
    );
    expect(tooMuch).toEqual({ ok: false, reason: "tooMuch" });
    expect(await auditCount(o.orderId, "orders.pick")).toBe(1);

    const [refund] = await refundsOf(o.orderId);
    expect((await h.notify(refundEvent(refund, o.orderId))).status).toBe(200);
    expect((await refundsOf(o.orderId))[0].state).toBe("settled");
    const mail = (await mailsTo(o.email)).at(-1)!;
    expect(mail.subject).toBe(`Erstattung zu deiner Bestellung ${o.number}`);
    expect(mail.text_body).toContain("Grund: 1 × Apfelsaft klar");
    expect(mail.text_body).toContain("über den Zahlungsweg deiner Bestellung");
  });

  it("the rest of the order then goes back through the provider up to what it holds, the remainder to the balance", async () => {
    const o = await paidOrder();
    await refundOrder(
      shop.db,
      providers,
      paula,
      "orders.pick",
      { orderId: o.orderId, reason: "short", amountCents: 200, key: `short-${o.orderId}-a` },
      shop.origin,
    );
    const rest = o.paid + CREDIT - 200;
    const second = await refundOrder(
      shop.db,
      providers,
      paula,
      "orders.pick",
      { orderId: o.orderId, reason: "short", amountCents: rest, key: `short-${o.orderId}-b` },
      shop.origin,
    );
    expect(second.ok).toBe(true);
    expect((await refundsOf(o.orderId)).map((r) => [r.provider_cents, r.balance_cents])).toEqual([
      [200, 0],
      [o.paid - 200, CREDIT],
    ]);
    const nothing = await refundOrder(
      shop.db,
      providers,
      paula,
      "orders.pick",
      { orderId: o.orderId, reason: "short", amountCents: 1, key: `short-${o.orderId}-c` },
      shop.origin,
    );
    expect(nothing).toEqual({ ok: false, reason: "nothingToRefund" });
  });
});

describe("a staff cancellation", () => {
  it("another store's or the warehouse's staff get a 404; a missing reason is a German message; then everything comes back", async () => {
    const o = await paidOrder();
    const stock = await h.stockOf("160009");
    const lars = await staffBrowser(STAFF.lars);
    expect((await lars.get(`/staff/orders/${o.number}/cancel`)).res.status).toBe(404);
    const paula = await staffBrowser(STAFF.paula);
    const page = await paula.get(`/staff/orders/${o.number}/cancel`);
    expect(page.res.status).toBe(200);
    expect(text(page.html)).toContain(`Bestellung ${o.number} stornieren`);
    const csrf = csrfOf(page.html);
    expect(
      (
        await lars.post(
          `/staff/orders/${o.number}/cancel`,
          { reason: "Ware fehlt" },
          { csrf: csrfOf((await lars.get("/staff")).html) },
        )
      ).res.status,
    ).toBe(404);

    const empty = await paula.post(`/staff/orders/${o.number}/cancel`, { reason: " " }, { csrf });
    expect(empty.res.status).toBe(400);
    expect(text(empty.html)).toContain("Bitte gib einen Grund an");
    expect((await h.orderOf(o.key))!.status).toBe("processing");

    const done = await paula.post(`/staff/orders/${o.number}/cancel`, { reason: "Kühlung ausgefallen" }, { csrf });
    expect(done.res.status).toBe(302);
    const pageUrl = done.res.headers.get("Location")!;
    expect(pageUrl).toMatch(/^\/payment\/sandbox\/refund\//);
    expect((await h.orderOf(o.key))!.status).toBe("canceled");
    expect(await h.stockOf("160009")).toBe(stock + QTY);
    expect(await h.cartCount(o.id)).toBe(1);
    expect(await auditCount(o.orderId, "orders.cancel")).toBe(1);
    expect(await refundsOf(o.orderId)).toEqual([
      expect.objectContaining({
        reason: "cancel",
        amount_cents: o.paid + CREDIT,
        provider_cents: o.paid,
        balance_cents: CREDIT,
      }),
    ]);
    const mail = (await mailsTo(o.email)).at(-1)!;
    expect(mail.subject).toBe(`Deine Bestellung ${o.number} wurde storniert`);
    expect(mail.text_body).toContain("Grund: Kühlung ausgefallen");

    // again (a second click, another member of staff): nothing more
    const twice = await paula.post(`/staff/orders/${o.number}/cancel`, { reason: "Kühlung ausgefallen" }, { csrf });
    expect(twice.res.status).toBe(302);
    expect(text((await paula.follow(twice)).html)).toContain("Diese Bestellung ist storniert.");
    expect(await h.stockOf("160009")).toBe(stock + QTY);
    expect(await auditCount(o.orderId, "orders.cancel")).toBe(1);
    expect(await refundsOf(o.orderId)).toHaveLength(1);

    const confirmed = await paula.post(pageUrl, { intent: "confirm" }, { csrf: null });
    expect(confirmed.res.headers.get("Location")).toBe(`/staff/orders/${o.number}/cancel`);
    expect(await chargebacksOf(o.id)).toEqual([{ amount_cents: CREDIT, note: "Erstattung" }]);
    expect(await balanceOf(o.id)).toBe(CREDIT);
  });

  it("support may cancel any store's order; a finished order cannot be cancelled", async () => {
    const o = await paidOrder();
    await shop.db.prepare("UPDATE customer_order SET status = 'complete' WHERE id = ?").bind(o.orderId).run();
    const sina = await staffBrowser(STAFF.sina);
    const page = await sina.get(`/staff/orders/${o.number}/cancel`);
    expect(page.res.status).toBe(200);
    expect(text(page.html)).toContain("lässt sich nicht stornieren");
    const res = await sina.post(
      `/staff/orders/${o.number}/cancel`,
      { reason: "Versehen" },
      { csrf: csrfOf(page.html) },
    );
    expect(res.res.status).toBe(302);
    expect((await h.orderOf(o.key))!.status).toBe("complete");
    expect(await refundsOf(o.orderId)).toEqual([]);
    expect(await auditCount(o.orderId, "orders.cancel")).toBe(0);
  });
});

describe("roles", () => {
  it("fulfilment and the cooperative may not open the withdrawals queue nor refund (403, nothing changed)", async () => {
    const o = await paidOrder({ withdraw: true });
    for (const id of [STAFF.paula, 4]) {
      const browser = await staffBrowser(id);
      expect((await browser.get("/staff/withdrawals")).res.status).toBe(403);
      const csrf = csrfOf((await browser.get("/staff")).html);
      expect((await browser.post("/staff/withdrawals", { order: String(o.number) }, { csrf })).res.status).toBe(403);
    }
    expect(await refundsOf(o.orderId)).toEqual([]);
  });
});
