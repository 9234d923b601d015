/**
 * The correction of an invoice after a refund (issue 32 §3: "a refund produces a credit note",
 * docs/decisions/0043-credit-notes.md): issued with the refund's settlement, once, numbered in its
 * own gap-free series however many settlements and replays run at once; none for a failed refund
 * or an order still on its way; the invoice issued first when it never was; and downloaded only by
 * the order's customer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refundOrder, type ProviderByName } from "~/domain/refund/refund.server";
import { staffById } from "~/domain/staff/staff.server";
import type { StaffMember } from "~/domain/staff/roles";
import type { PaymentProvider } from "~/platform/payment-provider";
import { Browser, DEMO, signIn } from "./browser";
import { pdfText } from "../fixtures/pdf-text";
import { checkoutHelpers } from "./checkout-helpers";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
let h: ReturnType<typeof checkoutHelpers>;
let anna: Browser;
let sina: StaffMember;
const ANNA = 100001;
const DORA = 100004;
const PAID = 1699 + 495;

const provider = {
  name: "sandbox",
  async refund(r) {
    return { providerRef: r.refundId, pageUrl: null };
  },
} as PaymentProvider;
const providers: ProviderByName = () => provider;

beforeAll(async () => {
  shop = await startShop();
  h = checkoutHelpers(shop);
  sina = (await staffById(shop.db, 3))!;
  anna = new Browser(shop);
  expect((await signIn(anna, DEMO.active)).res.status).toBe(302);
});
afterAll(async () => {
  await shop?.dispose();
});

let next = 0;

/**
 * A delivered (complete) order of one coffee and shipping, paid through the sandbox, or with the
 * balance alone (`paidWith: "balance"`), made in D1 as the e2e tests make theirs.
 */
async function order({
  customerId = ANNA,
  status = "complete",
  paidWith = "paypal",
}: {
  customerId?: number;
  status?: string;
  paidWith?: "paypal" | "balance";
} = {}) {
  next += 1;
  const number = 192_000_000 + next;
  const id = `credit-note-${number}`;
  const now = new Date().toISOString();
  const address = JSON.stringify({
    name: "Anna Schmidt",
    street: "Karl-Liebknecht-Straße",
    houseNumber: "45",
    zip: "04275",
    city: "Leipzig",
    country: "DE",
  });
  const tax = JSON.stringify([
    { rate: 7, grossCents: 1699, taxCents: 111, netCents: 1588 },
    { rate: 19, grossCents: 495, taxCents: 79, netCents: 416 },
  ]);
  const balance = paidWith === "balance";
  await shop.db
    .prepare(
      `INSERT INTO customer_order (id, increment_id, customer_id, idempotency_key, channel, status, carrier_code, shipping_address,
         payment_method, comment, item_count, subtotal_cents, discount_cents, deposit_cents, shipping_cents, credit_cents,
         grand_total_cents, tax_details, created_at, paid_at, withdrawn_at)
       VALUES (?1, ?2, ?3, ?1, 'online', ?4, 'myensopackagedelivery', ?5, ?6, '', 1, 1699, 0, 0, 495, ?7, ?8, ?9, ?10, ?10, ?10)`,
    )
    .bind(id, number, customerId, status, address, paidWith, balance ? PAID : 0, balance ? 0 : PAID, tax, now)
    .run();
  await shop.db
    .prepare(
      `INSERT INTO order_item (order_id, sku, is_gift, name, qty, unit_price_cents, deposit_cents, tax_rate, row_total_cents)
       VALUES (?, '170001', 0, 'Caffè Crema ganze Bohne', 1, 1699, 0, 7, 1699)`,
    )
    .bind(id)
    .run();
  if (!balance)
    await shop.db
      .prepare(
        `INSERT INTO payment (id, order_id, method, amount_cents, currency, status, settled_by, created_at, settled_at, provider, provider_ref)
         VALUES (?1, ?2, 'paypal', ?3, 'EUR', 'approved', ?4, ?5, ?5, 'sandbox', ?1)`,
      )
      .bind(`pay_${id}`, id, PAID, `seeded-${id}`, now)
      .run();
  return { id, number };
}

/** Support refunds the whole order for its withdrawal (the queue's refund, through the module). */
async function refundWithdrawal(orderId: string) {
  const key = `withdrawal-${orderId}-0`;
  const started = await refundOrder(
    shop.db,
    providers,
    sina,
    "withdrawals.refund",
    { orderId, reason: "withdrawal", amountCents: PAID, key },
    shop.origin,
  );
  expect(started.ok).toBe(true);
  const refund = (await shop.db
    .prepare("SELECT id, provider_cents FROM refund WHERE idempotency_key = ?")
    .bind(key)
    .first<{ id: string; provider_cents: number }>())!;
  return { key, refund };
}

/** The sandbox's signed event on the refund. */
const refundEvent = (refund: { id: string; provider_cents: number }, orderId: string, outcome = "succeeded") => ({
  confirmationId: crypto.randomUUID(),
  refundId: refund.id,
  orderId,
  amountCents: refund.provider_cents,
  currency: "EUR",
  outcome,
});

const documentsOf = async (orderId: string) =>
  (
    await shop.db
      .prepare(
        "SELECT id, series, number, kind, corrects_id, source_key, document FROM invoice WHERE order_id = ? ORDER BY id",
      )
      .bind(orderId)
      .all<{
        id: number;
        series: string;
        number: number;
        kind: string;
        corrects_id: number | null;
        source_key: string;
        document: string;
      }>()
  ).results;

async function download(browser: Browser, pathname: string) {
  const res = await shop.fetch(pathname, {
    headers: {
      Cookie: browser.cookieHeader(),
      "CF-Connecting-IP": browser.ip,
      "X-Forwarded-Host": new URL(shop.origin).host,
    },
  });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const rk = (n: number) => `RK-${String(n).padStart(6, "0")}`;

describe("numbers under concurrency", () => {
  it("20 settlements and replays at once across ten withdrawn orders: RK 1 to 10, one each, no gap", async () => {
    const orders = await Promise.all(Array.from({ length: 10 }, () => order()));
    const refunds = [];
    for (const o of orders) refunds.push({ o, ...(await refundWithdrawal(o.id)) });
    const events = refunds.map(({ o, refund }) => refundEvent(refund, o.id));
    // each event twice (a replay), and every order's refund also under a second event of its own
    const sent = [...events, ...events].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(sent.map((e) => h.notify(e)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const again = await Promise.all(events.map((e) => h.notify({ ...e, confirmationId: crypto.randomUUID() })));
    expect(again.map((a) => a.status)).toEqual(again.map(() => 200));
    const numbers: number[] = [];
    for (const { o, key } of refunds) {
      const docs = await documentsOf(o.id);
      const [invoice, ...corrections] = docs;
      expect(invoice).toMatchObject({ kind: "invoice", series: "RE", source_key: `order:${o.id}` });
      expect(corrections).toHaveLength(1);
      expect(corrections[0]).toMatchObject({
        kind: "correction",
        series: "RK",
        corrects_id: invoice.id,
        source_key: key,
      });
      numbers.push(corrections[0].number);
    }
    expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe("a withdrawal refunded after delivery", () => {
  it("her never downloaded invoice is issued first, then corrected in full; a replayed event issues nothing more", async () => {
    const o = await order();
    expect(await documentsOf(o.id)).toEqual([]);
    const { refund, key } = await refundWithdrawal(o.id);
    // requested is not settled: no correction yet
    expect((await documentsOf(o.id)).filter((d) => d.kind === "correction")).toEqual([]);
    const event = refundEvent(refund, o.id);
    expect((await h.notify(event)).status).toBe(200);
    const [invoice, correction, ...more] = await documentsOf(o.id);
    expect(more).toEqual([]);
    expect(correction).toMatchObject({ kind: "correction", corrects_id: invoice.id, source_key: key });
    const invoiceDoc = JSON.parse(invoice.document);
    const doc = JSON.parse(correction.document);
    expect(doc).toMatchObject({
      kind: "correction",
      reason: "withdrawal",
      corrects: { series: "RE", number: invoice.number },
      totalCents: -PAID,
      providerCents: PAID,
      balanceCents: 0,
      cashbackCents: 0,
      buyer: invoiceDoc.buyer,
    });
    expect(doc.taxes).toEqual(
      invoiceDoc.taxes.map((d: Record<string, number>) => ({
        rate: d.rate,
        grossCents: -d.grossCents,
        netCents: -d.netCents,
        taxCents: -d.taxCents,
      })),
    );
    for (const replay of [event, { ...event, confirmationId: crypto.randomUUID() }])
      expect((await h.notify(replay)).status).toBe(200);
    expect(await documentsOf(o.id)).toHaveLength(2);
    expect(await refundMail(o.number)).toContain(CREDIT_NOTE_LINE);

    // her order page links it beside the invoice, and it downloads as a private PDF, the same every time
    const page = await anna.get(`/account/order/${o.number}`);
    const path = `/account/order/${o.number}/credit-note/${correction.number}`;
    expect(page.html).toContain(`href="${path}"`);
    expect(page.html).toContain(`Rechnungskorrektur ${rk(correction.number)} (PDF)`);
    const first = await download(anna, path);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("Content-Type")).toBe("application/pdf");
    expect(first.res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(first.res.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Rechnungskorrektur-${rk(correction.number)}.pdf"`,
    );
    const text = pdfText(first.bytes);
    const invoiceText = `RE-${String(invoice.number).padStart(6, "0")}`;
    expect(text).toContain(`Rechnungskorrektur ${rk(correction.number)}`);
    expect(
      text.some((s) => s.startsWith(`Rechnungskorrektur ${rk(correction.number)} zur Rechnung ${invoiceText} vom `)),
    ).toBe(true);
    expect(text).toContain("Grund: Widerruf");
    expect(text).toContain("-21,94\u00a0€");
    const again = await download(anna, path);
    expect(Buffer.from(again.bytes)).toEqual(Buffer.from(first.bytes));
  });

  it("a failed refund issues no correction; the next refund, settled, issues one", async () => {
    const o = await order();
    const { refund } = await refundWithdrawal(o.id);
    expect((await h.notify(refundEvent(refund, o.id, "failed"))).status).toBe(200);
    expect((await documentsOf(o.id)).filter((d) => d.kind === "correction")).toEqual([]);
    const key = `withdrawal-${o.id}-1`;
    await refundOrder(
      shop.db,
      providers,
      sina,
      "withdrawals.refund",
      { orderId: o.id, reason: "withdrawal", amountCents: PAID, key },
      shop.origin,
    );
    const second = (await shop.db
      .prepare("SELECT id, provider_cents FROM refund WHERE idempotency_key = ?")
      .bind(key)
      .first<{ id: string; provider_cents: number }>())!;
    expect((await h.notify(refundEvent(second, o.id))).status).toBe(200);
    expect((await documentsOf(o.id)).filter((d) => d.kind === "correction")).toEqual([
      expect.objectContaining({ source_key: key }),
    ]);
  });

  it("an invoice already downloaded is the one corrected: no second invoice", async () => {
    const o = await order();
    expect((await anna.request(`/account/order/${o.number}/invoice`)).res.status).toBe(200);
    const [invoice] = await documentsOf(o.id);
    const { refund } = await refundWithdrawal(o.id);
    await h.notify(refundEvent(refund, o.id));
    const docs = await documentsOf(o.id);
    expect(docs.map((d) => d.kind)).toEqual(["invoice", "correction"]);
    expect(docs[1].corrects_id).toBe(invoice.id);
  });

  it("a refund to the balance alone is settled as it is requested, and corrected in the same batch", async () => {
    const o = await order({ paidWith: "balance" });
    const { key } = await refundWithdrawal(o.id);
    expect(
      (await shop.db
        .prepare("SELECT state FROM refund WHERE idempotency_key = ?")
        .bind(key)
        .first<{ state: string }>())!.state,
    ).toBe("settled");
    const docs = await documentsOf(o.id);
    expect(docs.map((d) => [d.kind, d.source_key])).toEqual([
      ["invoice", `order:${o.id}`],
      ["correction", key],
    ]);
    expect(JSON.parse(docs[1].document)).toMatchObject({ totalCents: -PAID, providerCents: 0, balanceCents: PAID });
  });

  it("an order not complete gets no correction (nor an invoice): its invoice, later, shows what is left", async () => {
    const o = await order({ status: "processing" });
    const { refund } = await refundWithdrawal(o.id);
    expect((await h.notify(refundEvent(refund, o.id))).status).toBe(200);
    expect(
      (await shop.db.prepare("SELECT state FROM refund WHERE id = ?").bind(refund.id).first<{ state: string }>())!
        .state,
    ).toBe("settled");
    expect(await documentsOf(o.id)).toEqual([]);
    expect((await anna.get(`/account/order/${o.number}`)).html).not.toContain("/credit-note/");
    expect(await refundMail(o.number)).not.toContain(CREDIT_NOTE_LINE);
  });
});

const CREDIT_NOTE_LINE =
  "Die Rechnungskorrektur zu deiner Rechnung kannst du auf der Seite deiner Bestellung herunterladen.";

/** The refund's mail to the customer: it points to the credit note where there is one. */
async function refundMail(number: number): Promise<string> {
  const row = await shop.db
    .prepare("SELECT text_body FROM outbox WHERE subject = ? ORDER BY id DESC LIMIT 1")
    .bind(`Erstattung zu deiner Bestellung ${number}`)
    .first<{ text_body: string }>();
  return row!.text_body;
}

describe("only her own", () => {
  it("another customer's correction, another order's number, an unknown one: 404, private", async () => {
    const dora = await order({ customerId: DORA });
    const { refund } = await refundWithdrawal(dora.id);
    await h.notify(refundEvent(refund, dora.id));
    const [, doraNote] = await documentsOf(dora.id);
    const mine = await order();
    const own = await refundWithdrawal(mine.id);
    await h.notify(refundEvent(own.refund, mine.id));
    const [, myNote] = await documentsOf(mine.id);
    expect((await download(anna, `/account/order/${mine.number}/credit-note/${myNote.number}`)).res.status).toBe(200);
    for (const path of [
      `/account/order/${dora.number}/credit-note/${doraNote.number}`,
      `/account/order/${mine.number}/credit-note/${doraNote.number}`,
      `/account/order/${mine.number}/credit-note/999999`,
      `/account/order/${mine.number}/credit-note/0`,
      `/account/order/${mine.number}/credit-note/abc`,
      `/account/order/abc/credit-note/${myNote.number}`,
    ]) {
      const { res } = await download(anna, path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("Content-Type"), path).not.toBe("application/pdf");
      expect(res.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    const signedOut = await new Browser(shop).request(`/account/order/${mine.number}/credit-note/${myNote.number}`);
    expect(signedOut.res.status).toBe(302);
    expect(signedOut.res.headers.get("Location")).toMatch(/^\/login/);
  });
});
