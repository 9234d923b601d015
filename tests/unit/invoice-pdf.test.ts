/**
 * The invoice PDF (app/domain/invoice/invoice-pdf.server.ts): a long order runs over several pages
 * with the table's head and the footer on each, a character Helvetica's WinAnsi lacks is written
 * as its base letter, and the same stored invoice gives the same bytes.
 */
import { describe, expect, it } from "vitest";
import { invoiceDocument, type InvoiceOrder } from "~/domain/invoice/invoice";
import { invoicePdf } from "~/domain/invoice/invoice-pdf.server";
import { SELLER } from "~/domain/invoice/seller";
import { pdfText } from "../fixtures/pdf-text";

const lines = Array.from({ length: 70 }, (_, i) => ({
  name:
    i === 0 ? "Çiğ köfte − scharf, mit einem sehr langen Namen, der in der Spalte umbrechen muss" : `Artikel ${i + 1}`,
  qty: 1,
  isGift: false,
  unitPriceCents: 100,
  depositCents: i < 2 ? 25 : 0,
  taxRate: i % 2 ? 19 : 7,
}));

const order: InvoiceOrder = {
  incrementId: 100000099,
  channel: "store",
  carrierCode: null,
  status: "complete",
  createdAt: "2026-11-20T09:00:00.000Z",
  paidAt: "2026-11-20T09:00:00.000Z",
  pickupSlotStart: null,
  deliveryStart: null,
  paymentMethod: "storecard",
  couponCode: null,
  discountCents: 0,
  shippingCents: 0,
  creditCents: 0,
  sharesCents: 0,
  grandTotalCents: 7_050,
  lines,
};

const invoice = {
  series: "RE",
  number: 7,
  issuedAt: "2026-11-27T10:00:00.000Z",
  document: invoiceDocument(order, { name: "Mehmet Aydın", address: ["Am Kornmarkt 7", "04109 Leipzig"] }, SELLER),
};

describe("the invoice PDF", () => {
  it("runs over pages, each with the table's head and the footer, the sums kept together", async () => {
    const text = pdfText(await invoicePdf(invoice));
    const pages = text.filter((s) => /^Seite \d von \d$/.test(s));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages).toEqual(pages.map((_, i) => `Seite ${i + 1} von ${pages.length}`));
    // the table's head on every page the table reaches (the sums may start a page of their own)
    const heads = text.filter((s) => s === "Einzelpreis").length;
    expect(heads).toBeGreaterThan(1);
    expect(text.indexOf("Artikel 70")).toBeLessThan(text.indexOf("Warenwert"));
    // the payment and the closing line stay together
    const last = text.slice(text.lastIndexOf(`Seite ${pages.length - 1} von ${pages.length}`));
    expect(last).toContain("Bezahlt mit Kundenkarte im Markt");
    expect(last).toContain("Der Betrag ist bezahlt. Vielen Dank für deinen Einkauf!");
    expect(text.filter((s) => s.startsWith("Frischkorb eG · Sitz: Leipzig"))).toHaveLength(pages.length);
    expect(text).toContain("Artikel 70");
    expect(text).toContain("Pfand: Artikel 2");
    expect(text).toContain("70,50\u00a0€");
  });

  it("writes what WinAnsi lacks as its base letter, and wraps a long name", async () => {
    const text = pdfText(await invoicePdf(invoice));
    expect(text).toContain("Mehmet Aydin");
    expect(text.some((s) => s.startsWith("Çig köfte - scharf"))).toBe(true);
    expect(text).toContain("umbrechen muss");
  });

  it("the same invoice, the same bytes", async () => {
    expect(Buffer.from(await invoicePdf(invoice))).toEqual(Buffer.from(await invoicePdf(invoice)));
  });
});
