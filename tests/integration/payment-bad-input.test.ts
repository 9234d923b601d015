/**
 * Bad input at the sandbox provider: its pay page (/payment/sandbox/{id}) and its server-to-server
 * confirmation (/payment/sandbox/notify). Each answer is a clean 4xx and leaves payment, order,
 * stock and outbox as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser } from "./browser";
import { checkoutHelpers, SKU, paymentIdOf } from "./checkout-helpers";
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

/** A buyer whose card payment waits at the provider. */
async function pendingPayment() {
  const b = await h.buyer();
  const f = await h.checkoutForm(b.browser);
  const res = await b.browser.post("/checkout", h.standardOrder(f, b.addressId), { csrf: f.csrf });
  const location = res.res.headers.get("Location")!;
  const order = (await h.orderOf(f.key))!;
  return { ...b, location, paymentId: paymentIdOf(location), order };
}

/** Everything a confirmation could change. */
async function state(paymentId: string, orderId: unknown) {
  const one = (sql: string, ...p: unknown[]) =>
    shop.db
      .prepare(sql)
      .bind(...p)
      .first();
  return {
    payment: await one("SELECT status, settled_by FROM payment WHERE id = ?", paymentId),
    order: await one("SELECT status, paid_at FROM customer_order WHERE id = ?", orderId),
    stock: await h.stockOf(SKU),
    outbox: await one("SELECT COUNT(*) AS n FROM outbox"),
  };
}

describe("sandbox pay page", () => {
  it("an unknown intent or a body that is no form is a 400 and settles nothing", async () => {
    const p = await pendingPayment();
    const before = await state(p.paymentId, p.order.id);
    for (const intent of ["", "steal", "constructor", "__proto__", "APPROVE"]) {
      expect((await p.browser.post(p.location, { intent }, { csrf: null })).res.status, intent).toBe(400);
    }
    expect((await p.browser.post(p.location, {}, { csrf: null })).res.status).toBe(400);
    const notAForm = await p.browser.request(p.location, {
      method: "POST",
      body: '{"intent":"approve"',
      headers: { Origin: "http://shop.test", "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(notAForm.res.status).toBe(400);
    expect(await state(p.paymentId, p.order.id)).toEqual(before);
    expect((await p.browser.get(p.location)).html).toContain("Zahlung bestätigen");
  });

  it("an unknown payment id is a 404", async () => {
    const p = await pendingPayment();
    expect((await p.browser.get("/payment/sandbox/pay_gibtesnicht")).res.status).toBe(404);
    expect(
      (await p.browser.post("/payment/sandbox/pay_gibtesnicht", { intent: "approve" }, { csrf: null })).res.status,
    ).toBe(404);
  });

  it("without the page's key, another customer's payment is a 404, to look at and to settle; signed out goes to the login", async () => {
    const p = await pendingPayment();
    const otherKey = new URL((await pendingPayment()).location, "http://shop.test").search;
    const other = await h.buyer();
    const before = await state(p.paymentId, p.order.id);
    // The address the shop handed out carries the key (a provider's page is open to whoever has it);
    // the bare address, or a key of another payment, is the owner's only.
    const bare = `/payment/sandbox/${p.paymentId}`;
    for (const address of [bare, `${bare}${otherKey}`]) {
      expect((await other.browser.get(address)).res.status, address).toBe(404);
      for (const intent of ["approve", "decline", "cancel"]) {
        expect((await other.browser.post(address, { intent }, { csrf: null })).res.status, intent).toBe(404);
      }
    }
    const anonymous = await new Browser(shop).get(bare);
    expect(anonymous.res.status).toBe(302);
    expect(anonymous.res.headers.get("Location")).toMatch(/^\/login/);
    expect(await state(p.paymentId, p.order.id)).toEqual(before);
  });
});

describe("sandbox confirmation endpoint", () => {
  it("malformed JSON or missing fields are a 400, a missing or wrong signature a 401; nothing changes", async () => {
    const p = await pendingPayment();
    const before = await state(p.paymentId, p.order.id);
    const valid = {
      confirmationId: "c-bad",
      paymentId: p.paymentId,
      orderId: p.order.id,
      amountCents: p.order.grand_total_cents,
      currency: "EUR",
      outcome: "approved",
    };
    const { confirmationId: _c, ...noId } = valid;
    const { outcome: _o, ...noOutcome } = valid;
    const signedBadPayloads: object[] = [
      {},
      noId,
      noOutcome,
      { ...valid, outcome: "maybe" },
      { ...valid, amountCents: "2875" },
      { ...valid, amountCents: 1.5 },
      { ...valid, paymentId: 42 },
      [valid],
      { payload: valid },
    ];
    for (const payload of signedBadPayloads) {
      const res = await h.notify(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(await res.json()).toEqual({ result: "badPayload" });
    }
    // not JSON at all, signed: the signature is over the raw body, so it holds; the payload does not
    for (const body of ["", "{", "null", '"approved"', '{"paymentId":']) {
      expect((await h.notify(body)).status, body).toBe(400);
    }
    expect((await h.notify("{", null)).status).toBe(401);
    expect((await h.notify(valid, null)).status).toBe(401);
    expect((await h.notify(valid, "nicht-hex")).status).toBe(401);
    expect((await h.notify(valid, "0".repeat(64))).status).toBe(401);
    expect((await shop.fetch("/payment/sandbox/notify")).status).toBe(405);
    expect(await state(p.paymentId, p.order.id)).toEqual(before);
    expect((before.payment as { status: string }).status).toBe("pending");
  });
});
