/**
 * The correction of an invoice after a refund (app/domain/invoice/credit-note.ts,
 * docs/decisions/0043-credit-notes.md): the refunded amount as negative figures, shared over the
 * invoice's rates in proportion to what is still invoiced of each, net + VAT = gross per rate, the
 * parts adding up to the refund to the cent, never more than was invoiced; and its PDF.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cartTotals } from "~/domain/cart/totals";
import { type CreditNoteDocument, type CreditNoteRefund, creditNoteDocument } from "~/domain/invoice/credit-note";
import { type InvoiceOrder, invoiceDocument } from "~/domain/invoice/invoice";
import { invoicePdf } from "~/domain/invoice/invoice-pdf.server";
import { SELLER } from "~/domain/invoice/seller";
import { pdfText } from "../fixtures/pdf-text";

const BUYER = { name: "Anna Schmidt", address: ["Karl-Liebknecht-Straße 45", "04275 Leipzig"] };

const ORDER: InvoiceOrder = {
  incrementId: 100000042,
  channel: "online",
  carrierCode: "myensopackagedelivery",
  status: "complete",
  createdAt: "2026-11-20T09:00:00.000Z",
  paidAt: "2026-11-20T09:02:00.000Z",
  pickupSlotStart: null,
  deliveryStart: null,
  paymentMethod: "paypal",
  couponCode: "FRISCH5",
  discountCents: 500,
  shippingCents: 495,
  creditCents: 1_000,
  sharesCents: 0,
  grandTotalCents: 3_109,
  lines: [
    { name: "Bio-Bananen", qty: 2, isGift: false, unitPriceCents: 199, depositCents: 0, taxRate: 7 },
    { name: "Mineralwasser Classic", qty: 4, isGift: false, unitPriceCents: 599, depositCents: 330, taxRate: 19 },
  ],
};

// the invoice of tests/unit/invoice.test.ts's worked example: 7 % 327 gross, 19 % 3,782 gross, 41,09 €
const INVOICE = {
  series: "RE",
  number: 12,
  issuedAt: "2026-11-23T10:00:00.000Z",
  document: invoiceDocument(ORDER, BUYER, SELLER),
};

const refund = (over: Partial<CreditNoteRefund> = {}): CreditNoteRefund => ({
  reason: "withdrawal",
  note: "",
  providerCents: 3_109,
  balanceCents: 1_000,
  cashbackCents: 0,
  ...over,
});

const sum = (doc: CreditNoteDocument, key: "grossCents" | "netCents" | "taxCents") =>
  doc.taxes.reduce((n, d) => n + d[key], 0);

describe("the correction's figures", () => {
  it("a withdrawal refunded in full takes back the invoice's net and VAT per rate exactly, as negative figures", () => {
    const doc = creditNoteDocument(INVOICE, refund(), [])!;
    expect(INVOICE.document.supplyCents).toBe(4_109);
    expect(doc.taxes).toEqual([
      { rate: 7, grossCents: -327, netCents: -306, taxCents: -21 },
      { rate: 19, grossCents: -3_782, netCents: -3_178, taxCents: -604 },
    ]);
    expect(doc.totalCents).toBe(-4_109);
    expect(doc).toMatchObject({
      kind: "correction",
      corrects: { series: "RE", number: 12, issuedAt: INVOICE.issuedAt },
      reason: "withdrawal",
      buyer: BUYER,
      seller: SELLER,
      orderNumber: 100000042,
      providerCents: 3_109,
      balanceCents: 1_000,
    });
  });

  it("a partial refund, worked by hand: shared by the rates' supply (largest remainder), VAT once per rate", () => {
    // 1,000 × 327 / 4,109 = 79.58 → 79 + the remaining cent = 80; 1,000 × 3,782 / 4,109 = 920.42 → 920
    // 7 %: VAT round(80 × 7 / 107) = 5; 19 %: VAT round(920 × 19 / 119) = 147
    const doc = creditNoteDocument(INVOICE, refund({ providerCents: 1_000, balanceCents: 0 }), [])!;
    expect(doc.taxes).toEqual([
      { rate: 7, grossCents: -80, netCents: -75, taxCents: -5 },
      { rate: 19, grossCents: -920, netCents: -773, taxCents: -147 },
    ]);
    expect(doc.totalCents).toBe(-1_000);
  });

  it("the cashback kept back is set off, not a smaller reduction: the correction is the whole refunded amount", () => {
    const doc = creditNoteDocument(
      INVOICE,
      refund({ providerCents: 3_109, balanceCents: 800, cashbackCents: 200 }),
      [],
    )!;
    expect(doc.totalCents).toBe(-4_109);
    expect(doc.cashbackCents).toBe(200);
  });

  it("never more than invoiced: a second full correction is none; an amount beyond the invoice is cut to it", () => {
    const first = creditNoteDocument(INVOICE, refund(), [])!;
    expect(creditNoteDocument(INVOICE, refund(), [first])).toBeNull();
    const beyond = creditNoteDocument(INVOICE, refund({ balanceCents: 5_000 }), [])!;
    expect(beyond.totalCents).toBe(-4_109);
    const part = creditNoteDocument(INVOICE, refund({ providerCents: 4_000, balanceCents: 0 }), [])!;
    expect(creditNoteDocument(INVOICE, refund({ providerCents: 1_000, balanceCents: 0 }), [part])!.totalCents).toBe(
      -109,
    );
  });

  it("for any invoice and any refunds: parts add up to the cent, net + VAT = gross, no rate beyond its supply", () => {
    const line = fc.record({
      name: fc.constant("Artikel"),
      qty: fc.integer({ min: 1, max: 20 }),
      isGift: fc.constant(false),
      unitPriceCents: fc.integer({ min: 1, max: 5_000 }),
      depositCents: fc.constantFrom(0, 15, 25, 330),
      taxRate: fc.constantFrom(7, 19),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        (lines, amounts, refundAll) => {
          const charged = cartTotals({ lines, shippingCents: 495, coupon: null, creditCents: 0 });
          const invoice = {
            ...INVOICE,
            document: invoiceDocument(
              {
                ...ORDER,
                lines,
                couponCode: null,
                discountCents: 0,
                creditCents: 0,
                shippingCents: charged.shippingCents,
                grandTotalCents: charged.grandTotalCents,
              },
              BUYER,
              SELLER,
            ),
          };
          const supply = invoice.document.supplyCents;
          const notes: CreditNoteDocument[] = [];
          let left = supply;
          for (const amount of refundAll ? [...amounts, supply] : amounts) {
            const doc = creditNoteDocument(invoice, refund({ providerCents: amount, balanceCents: 0 }), notes);
            if (left === 0) {
              expect(doc).toBeNull();
              continue;
            }
            expect(doc!.totalCents).toBe(-Math.min(amount, left));
            expect(sum(doc!, "grossCents")).toBe(doc!.totalCents);
            for (const d of doc!.taxes) {
              expect(d.netCents + d.taxCents).toBe(d.grossCents);
              expect(d.grossCents).toBeLessThan(0);
              expect(d.taxCents).toBeLessThanOrEqual(0);
            }
            left -= Math.min(amount, left);
            notes.push(doc!);
          }
          for (const rate of invoice.document.taxes) {
            const corrected = -notes.reduce(
              (n, d) => n + (d.taxes.find((t) => t.rate === rate.rate)?.grossCents ?? 0),
              0,
            );
            expect(corrected).toBeLessThanOrEqual(rate.grossCents);
            if (left === 0) expect(corrected).toBe(rate.grossCents);
          }
        },
      ),
      { numRuns: 1_000 },
    );
  });
});

describe("the correction's PDF", () => {
  const note = {
    series: "RK",
    number: 1,
    issuedAt: "2026-11-27T10:00:00.000Z",
    document: creditNoteDocument(
      INVOICE,
      refund({ providerCents: 3_109, balanceCents: 800, cashbackCents: 200, note: "Ware zurückgesandt" }),
      [],
    )!,
  };

  it("is titled Rechnungskorrektur, refers to the invoice, says why, and draws the reduction negative", async () => {
    const text = pdfText(await invoicePdf(note));
    expect(text).toContain("Rechnungskorrektur RK-000001");
    expect(text).toContain("Rechnungskorrektur RK-000001 zur Rechnung RE-000012 vom 23.11.2026");
    expect(text).toContain("Grund: Widerruf (Ware zurückgesandt)");
    expect(text).toContain("Frischkorb eG");
    expect(text).toContain("DE 298 765 431");
    expect(text).toContain("Anna Schmidt");
    expect(text).toContain("RE-000012");
    expect(text).toContain("100000042");
    expect(text).toContain("Minderung des Entgelts zu 7\u00a0% USt");
    // label, then amount; the minus sign written as WinAnsi can
    const after = (label: string) => text[text.indexOf(label) - 1];
    expect(after("Korrekturbetrag")).toBe("-41,09\u00a0€");
    for (const d of note.document.taxes) {
      const at = text.indexOf(`${d.rate}\u00a0%`, text.indexOf("Brutto"));
      expect(text.slice(at, at + 4)).toEqual([
        `${d.rate}\u00a0%`,
        `-${(-d.netCents / 100).toFixed(2).replace(".", ",")}\u00a0€`,
        `-${(-d.taxCents / 100).toFixed(2).replace(".", ",")}\u00a0€`,
        `-${(-d.grossCents / 100).toFixed(2).replace(".", ",")}\u00a0€`,
      ]);
    }
    expect(text).toContain("Erstattet über PayPal");
    expect(text).toContain("Mit der Rückvergütung verrechnet");
    expect(text).toContain("Seite 1 von 1");
  });

  it("the same correction, the same bytes", async () => {
    expect(Buffer.from(await invoicePdf(note))).toEqual(Buffer.from(await invoicePdf(note)));
  });
});
