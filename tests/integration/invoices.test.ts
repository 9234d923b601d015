/**
 * The invoice of a completed order (issue 32 §3, docs/decisions/0042-invoices.md): downloaded as a
 * PDF from the order page's link, only by the order's customer and only for a completed order;
 * numbered without gaps or duplicates however many downloads run at once, each order always
 * keeping its number and its document.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartTotals } from "~/domain/cart/totals";
import { formatEuro } from "~/domain/money/format";
import { Browser, DEMO, signIn } from "./browser";
import { pdfText } from "../fixtures/pdf-text";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
let anna: Browser;
const ANNA = 100001;
const DORA = 100004;

/** A copy of a seeded order under a new id and number, for a customer, in a status. */
async function copyOrder(from: string, id: string, number: number, customerId: number, status = "complete") {
  const columns = (
    await shop.db.prepare("SELECT name FROM pragma_table_info('customer_order')").all<{ name: string }>()
  ).results.map((c) => c.name);
  const replaced: Record<string, string> = {
    id: "?1",
    increment_id: "?2",
    customer_id: "?3",
    idempotency_key: "?1",
    status: "?4",
  };
  await shop.db
    .prepare(
      `INSERT INTO customer_order (${columns.join(", ")})
       SELECT ${columns.map((c) => replaced[c] ?? c).join(", ")} FROM customer_order WHERE id = ?5`,
    )
    .bind(id, number, customerId, status, from)
    .run();
  await shop.db
    .prepare(
      `INSERT INTO order_item (order_id, sku, is_gift, name, qty, unit_price_cents, deposit_cents, tax_rate, row_total_cents)
       SELECT ?1, sku, is_gift, name, qty, unit_price_cents, deposit_cents, tax_rate, row_total_cents FROM order_item WHERE order_id = ?2`,
    )
    .bind(id, from)
    .run();
}

const invoiceCount = async () => (await shop.db.prepare("SELECT count(*) AS n FROM invoice").first<{ n: number }>())!.n;

/** The invoice number a download names in its file name ("Rechnung-RE-000007.pdf" → 7). */
const numberOf = (res: Response) =>
  Number(/filename="Rechnung-RE-(\d{6})\.pdf"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1]);

/** Her order with deposit, a gift and the voucher FRISCH5, its totals made as the checkout makes them. */
async function orderWithDepositAndVoucher(id: string, number: number) {
  await copyOrder("seed-order-2", id, number, ANNA);
  await shop.db.prepare("DELETE FROM order_item WHERE order_id = ?").bind(id).run();
  const lines = [
    {
      sku: "160001",
      name: "Mineralwasser Classic",
      qty: 4,
      unitPriceCents: 599,
      depositCents: 330,
      taxRate: 19,
      isGift: false,
    },
    {
      sku: "120003",
      name: "Demeter-Vollmilch",
      qty: 3,
      unitPriceCents: 189,
      depositCents: 15,
      taxRate: 7,
      isGift: false,
    },
    { sku: "100001", name: "Bio-Bananen", qty: 1, unitPriceCents: 229, depositCents: 0, taxRate: 7, isGift: true },
  ];
  const totals = cartTotals({ lines, shippingCents: 495, coupon: { kind: "fixed", amountCents: 500 }, creditCents: 0 });
  for (const l of lines)
    await shop.db
      .prepare(
        `INSERT INTO order_item (order_id, sku, is_gift, name, qty, unit_price_cents, deposit_cents, tax_rate, row_total_cents)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        id,
        l.sku,
        l.isGift ? 1 : 0,
        l.name,
        l.qty,
        l.unitPriceCents,
        l.depositCents,
        l.taxRate,
        l.isGift ? 0 : l.unitPriceCents * l.qty,
      )
      .run();
  await shop.db
    .prepare(
      `UPDATE customer_order SET coupon_code = 'FRISCH5', subtotal_cents = ?, discount_cents = ?, deposit_cents = ?,
         shipping_cents = ?, credit_cents = 0, grand_total_cents = ?, tax_details = ? WHERE id = ?`,
    )
    .bind(
      totals.subtotalCents,
      totals.discountCents,
      totals.depositCents,
      totals.shippingCents,
      totals.grandTotalCents,
      JSON.stringify(totals.taxDetails),
      id,
    )
    .run();
  return totals;
}

/** A download as the browser makes it, its body kept as bytes (Browser.request reads it as text). */
async function download(pathname: string): Promise<{ res: Response; bytes: Uint8Array }> {
  const res = await shop.fetch(pathname, {
    headers: {
      Cookie: anna.cookieHeader(),
      "CF-Connecting-IP": anna.ip,
      "X-Forwarded-Host": new URL(shop.origin).host,
    },
  });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

beforeAll(async () => {
  shop = await startShop();
  // six more completed orders of hers, one of another customer's, and one of hers still on its way
  for (let i = 1; i <= 6; i++) await copyOrder("seed-order-2", `invoice-test-${i}`, 190000000 + i, ANNA);
  await copyOrder("seed-order-4", "invoice-test-dora", 190000100, DORA);
  await copyOrder("seed-order-2", "invoice-test-open", 190000200, ANNA, "processing");
  anna = new Browser(shop);
  expect((await signIn(anna, DEMO.active)).res.status).toBe(302);
});
afterAll(async () => {
  await shop?.dispose();
});

describe("invoice numbers", () => {
  it("20 downloads at once across ten orders: numbers 1 to 10, no gap, none twice, each order one", async () => {
    const numbers = [100000001, 100000002, 100000003, 100000004, ...[1, 2, 3, 4, 5, 6].map((i) => 190000000 + i)];
    const requests = [...numbers, ...numbers].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(requests.map((n) => anna.request(`/account/order/${n}/invoice`)));
    const byOrder = new Map<number, Set<number>>();
    for (const [i, { res }] of answers.entries()) {
      expect(res.status).toBe(200);
      byOrder.set(requests[i], (byOrder.get(requests[i]) ?? new Set()).add(numberOf(res)));
    }
    for (const got of byOrder.values()) expect(got.size).toBe(1);
    const given = [...byOrder.values()].map((s) => [...s][0]).sort((a, b) => a - b);
    expect(given).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const rows = await shop.db.prepare("SELECT series, number FROM invoice ORDER BY number").all();
    expect(rows.results).toEqual(given.map((number) => ({ series: "RE", number })));
  });

  it("an issued invoice is never changed or deleted", async () => {
    await expect(shop.db.prepare("UPDATE invoice SET document = '{}'").run()).rejects.toThrow(/append-only/);
    await expect(shop.db.prepare("DELETE FROM invoice").run()).rejects.toThrow(/append-only/);
    expect(await invoiceCount()).toBe(10);
  });
});

describe("the invoice PDF", () => {
  it("downloads as a private PDF attachment that reads right: number, seller, lines, deposit, VAT, totals", async () => {
    const { res, bytes } = await download("/account/order/100000002/invoice");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const number = numberOf(res);
    expect(res.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Rechnung-RE-${String(number).padStart(6, "0")}.pdf"`,
    );
    expect(Buffer.from(bytes.slice(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = pdfText(bytes);
    const order = (await shop.db
      .prepare(
        "SELECT grand_total_cents, deposit_cents, subtotal_cents, tax_details FROM customer_order WHERE id = 'seed-order-2'",
      )
      .first<{ grand_total_cents: number; deposit_cents: number; subtotal_cents: number; tax_details: string }>())!;
    const title = `Rechnung RE-${String(number).padStart(6, "0")}`;
    expect(text).toContain(title);
    expect(text).toContain("Frischkorb eG");
    expect(text).toContain("Am Kornmarkt 7 · 04109 Leipzig");
    expect(text).toContain("DE 298 765 431");
    expect(text).toContain("Anna Schmidt");
    expect(text).toContain("Karl-Liebknecht-Straße 45");
    expect(text).toContain("100000002");
    // German amounts with their no-break space, umlauts and the euro sign as WinAnsi writes them
    expect(text).toContain(formatEuro(order.subtotal_cents));
    expect(text).toContain(formatEuro(order.grand_total_cents));
    expect(formatEuro(order.grand_total_cents)).toMatch(/^\d+,\d\d\u00a0€$/);
    expect(text).toContain("Der Betrag ist bezahlt. Vielen Dank für deinen Einkauf!");
    // net and VAT per rate as the order was charged
    for (const tax of JSON.parse(order.tax_details) as { rate: number; netCents: number; taxCents: number }[]) {
      expect(text).toContain(`${tax.rate}\u00a0%`);
      expect(text).toContain(formatEuro(tax.netCents));
      expect(text).toContain(formatEuro(tax.taxCents));
    }
    expect(text).toContain(
      "Vorstand: Johanna Brandt (Vorsitzende), Mehmet Aydin · Vorsitzender des Aufsichtsrats: Dr. Klaus Reimers",
    );
    expect(text).toContain("Seite 1 von 1");
  });

  it("deposit on rows of its own at its product's rate, the gift at 0 €, the voucher lowering the VAT", async () => {
    const totals = await orderWithDepositAndVoucher("invoice-test-pfand", 190000300);
    const { res, bytes } = await download("/account/order/190000300/invoice");
    expect(res.status).toBe(200);
    const text = pdfText(bytes);
    const after = (label: string, n = 1) => text[text.indexOf(label) + n];
    // each row draws quantity, unit price, rate and amount before its item
    expect(
      text.slice(text.indexOf("Pfand: Mineralwasser Classic") - 4, text.indexOf("Pfand: Mineralwasser Classic")),
    ).toEqual(["4", "3,30\u00a0€", "19\u00a0%", "13,20\u00a0€"]);
    expect(text.slice(text.indexOf("Pfand: Demeter-Vollmilch") - 4, text.indexOf("Pfand: Demeter-Vollmilch"))).toEqual([
      "3",
      "0,15\u00a0€",
      "7\u00a0%",
      "0,45\u00a0€",
    ]);
    expect(text).toContain("Bio-Bananen (Gratis-Zugabe)");
    expect(text).toContain("Versand: Standardlieferung");
    // the sums: label, then amount
    expect(after("Warenwert", -1)).toBe(formatEuro(totals.subtotalCents));
    expect(text).toContain("Gutschein FRISCH5");
    expect(text).toContain("-5,00\u00a0€");
    expect(totals.depositCents).toBe(1_365);
    expect(text).toContain("13,65\u00a0€");
    for (const tax of totals.taxDetails) {
      const at = text.indexOf(`${tax.rate}\u00a0%`, text.indexOf("Brutto"));
      expect(text.slice(at, at + 4)).toEqual([
        `${tax.rate}\u00a0%`,
        formatEuro(tax.netCents),
        formatEuro(tax.taxCents),
        formatEuro(tax.grossCents),
      ]);
    }
    expect(text).toContain(formatEuro(totals.grandTotalCents));
  });

  it("the stored invoice says what the order was charged, and downloads again byte for byte", async () => {
    const row = (await shop.db
      .prepare(
        "SELECT v.document, o.tax_details FROM invoice v JOIN customer_order o ON o.id = v.order_id WHERE o.id = 'seed-order-4'",
      )
      .first<{ document: string; tax_details: string }>())!;
    const document = JSON.parse(row.document);
    expect(document.taxes).toEqual(JSON.parse(row.tax_details));
    expect(document).toMatchObject({ orderNumber: 100000004, creditCents: 1_000, seller: { vatId: "DE 298 765 431" } });
    const first = await download("/account/order/100000004/invoice");
    const again = await download("/account/order/100000004/invoice");
    expect(Buffer.from(again.bytes)).toEqual(Buffer.from(first.bytes));
    expect(pdfText(first.bytes)).toContain("Mit Guthaben bezahlt");
  });
});

describe("only the customer's own completed order", () => {
  it("another customer's order, an order on its way, a cancelled one and an unknown number: 404, nothing issued", async () => {
    const before = await invoiceCount();
    for (const number of [190000100, 190000200, 100000005, 100000007, 999999999, 0]) {
      const { res } = await anna.request(`/account/order/${number}/invoice`);
      expect(res.status, String(number)).toBe(404);
      expect(res.headers.get("Content-Type")).not.toBe("application/pdf");
    }
    expect((await anna.request("/account/order/abc/invoice")).res.status).toBe(404);
    expect(await invoiceCount()).toBe(before);
  });

  it("signed out: to the sign-in, nothing issued", async () => {
    const before = await invoiceCount();
    const { res } = await new Browser(shop).request("/account/order/190000100/invoice");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login/);
    expect(await invoiceCount()).toBe(before);
  });

  it("the order page links the invoice of a completed order only", async () => {
    const complete = await anna.get("/account/order/100000002");
    expect(complete.html).toContain('href="/account/order/100000002/invoice"');
    expect(complete.html).toContain("Rechnung herunterladen");
    const open = await anna.get("/account/order/100000005");
    expect(open.html).not.toContain("/invoice");
  });
});
