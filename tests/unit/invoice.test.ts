/**
 * The invoice's figures (app/domain/invoice/invoice.ts, docs/decisions/0042-invoices.md): net and
 * VAT per rate from the order's lines as the checkout charged them (the voucher shared over the
 * goods, deposit at its product's rate, shipping at 19 %, tax once per rate on its sum), the
 * deposit on rows of its own, the balance as a means of payment, shares outside the VAT.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cartTotals } from "~/domain/cart/totals";
import {
  hasInvoice,
  type InvoiceOrder,
  InvoiceMismatch,
  invoiceDocument,
  invoiceNumberText,
  serviceDate,
} from "~/domain/invoice/invoice";
import { SELLER } from "~/domain/invoice/seller";

const BUYER = { name: "Anna Schmidt", address: ["Karl-Liebknecht-Straße 45", "04275 Leipzig"] };

const order = (over: Partial<InvoiceOrder> = {}): InvoiceOrder => ({
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
    { name: "Demeter-Vollmilch", qty: 1, isGift: true, unitPriceCents: 189, depositCents: 15, taxRate: 7 },
  ],
  ...over,
});

describe("the invoice's figures", () => {
  it("net and VAT per rate, worked by hand: voucher shared over the goods, deposit at 19 %, shipping at 19 %", () => {
    // goods 398 (7 %) + 2,396 (19 %) = 2,794; the 5 € voucher: 71 on the 7 % goods, 429 on the 19 % ones
    // 7 %: 398 − 71 = 327 gross, VAT round(327 × 7 / 107) = 21
    // 19 %: 2,396 − 429 + deposit 1,320 + shipping 495 = 3,782 gross, VAT round(3,782 × 19 / 119) = 604
    const doc = invoiceDocument(order(), BUYER, SELLER);
    expect(doc.taxes).toEqual([
      { rate: 7, grossCents: 327, taxCents: 21, netCents: 306 },
      { rate: 19, grossCents: 3_782, taxCents: 604, netCents: 3_178 },
    ]);
    expect(doc).toMatchObject({
      subtotalCents: 2_794,
      discountCents: 500,
      depositCents: 1_320,
      shippingCents: 495,
      shippingTaxRate: 19,
      supplyCents: 4_109,
      totalCents: 4_109,
      creditCents: 1_000,
      paidCents: 3_109,
    });
  });

  it("the deposit on a row of its own per line, at its product's rate; a gift costs nothing and charges no deposit", () => {
    const doc = invoiceDocument(order(), BUYER, SELLER);
    expect(doc.deposits).toEqual([
      { name: "Mineralwasser Classic", qty: 4, unitCents: 330, totalCents: 1_320, taxRate: 19 },
    ]);
    expect(doc.lines.map((l) => [l.name, l.qty, l.unitPriceCents, l.totalCents, l.taxRate, l.isGift])).toEqual([
      ["Bio-Bananen", 2, 199, 398, 7, false],
      ["Mineralwasser Classic", 4, 599, 2_396, 19, false],
      ["Demeter-Vollmilch", 1, 0, 0, 7, true],
    ]);
  });

  it("shares bought with the order are added to the total, outside the VAT", () => {
    const doc = invoiceDocument(order({ sharesCents: 20_000, grandTotalCents: 23_109 }), BUYER, SELLER);
    expect(doc.taxes.reduce((n, d) => n + d.grossCents, 0)).toBe(4_109);
    expect(doc).toMatchObject({ supplyCents: 4_109, sharesCents: 20_000, totalCents: 24_109, paidCents: 23_109 });
  });

  it("an order whose lines do not add up to its total gets no invoice with wrong figures", () => {
    expect(() => invoiceDocument(order({ grandTotalCents: 3_110 }), BUYER, SELLER)).toThrow(InvoiceMismatch);
  });

  it("for any order the checkout could make: the VAT the checkout charged, net + VAT = gross per rate, parts add up", () => {
    const line = fc.record({
      name: fc.constant("Artikel"),
      qty: fc.integer({ min: 1, max: 20 }),
      isGift: fc.boolean(),
      unitPriceCents: fc.integer({ min: 1, max: 5_000 }),
      depositCents: fc.constantFrom(0, 8, 15, 25, 150, 330),
      taxRate: fc.constantFrom(7, 19),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.option(fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 50 }))),
        fc.constantFrom(0, 395, 495, 995),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, couponValue, shippingCents, creditCents) => {
          const coupon =
            couponValue === null
              ? null
              : couponValue <= 50
                ? ({ kind: "percent", percent: couponValue } as const)
                : ({ kind: "fixed", amountCents: couponValue } as const);
          const charged = cartTotals({ lines, shippingCents, coupon, creditCents });
          const doc = invoiceDocument(
            order({
              lines,
              discountCents: charged.discountCents,
              shippingCents: charged.shippingCents,
              creditCents: charged.appliedCreditCents,
              grandTotalCents: charged.grandTotalCents,
            }),
            BUYER,
            SELLER,
          );
          expect(doc.taxes).toEqual(charged.taxDetails);
          for (const d of doc.taxes) expect(d.netCents + d.taxCents).toBe(d.grossCents);
          expect(doc.subtotalCents - doc.discountCents + doc.depositCents + doc.shippingCents).toBe(doc.supplyCents);
          expect(doc.totalCents - doc.creditCents).toBe(doc.paidCents);
          const rows = [...doc.lines.map((l) => l.totalCents), ...doc.deposits.map((d) => d.totalCents)];
          expect(rows.reduce((a, b) => a + b, 0)).toBe(doc.subtotalCents + doc.depositCents);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe("which order has an invoice, and its dates and number", () => {
  it("a completed order of goods, online or in a store; not one under way, cancelled, or of shares alone", () => {
    expect(hasInvoice(order())).toBe(true);
    expect(hasInvoice(order({ channel: "store", carrierCode: null }))).toBe(true);
    for (const status of ["pending_payment", "processing", "ready_for_pickup", "canceled"] as const)
      expect(hasInvoice(order({ status }))).toBe(false);
    expect(hasInvoice(order({ carrierCode: null }))).toBe(false);
  });

  it("the delivery date: the purchase in a store, the pickup slot, the wished delivery, else the dispatch after payment", () => {
    expect(serviceDate(order({ channel: "store", carrierCode: null }))).toBe("2026-11-20T09:00:00.000Z");
    expect(serviceDate(order({ carrierCode: "clickandcollect", pickupSlotStart: "2026-11-21T15:00:00.000Z" }))).toBe(
      "2026-11-21T15:00:00.000Z",
    );
    expect(serviceDate(order({ deliveryStart: "2026-11-22T08:00:00.000Z" }))).toBe("2026-11-22T08:00:00.000Z");
    expect(serviceDate(order())).toBe("2026-11-20T09:02:00.000Z");
  });

  it("the number as printed: its series and six digits", () => {
    expect(invoiceNumberText("RE", 42)).toBe("RE-000042");
    expect(invoiceNumberText("RE", 1_234_567)).toBe("RE-1234567");
  });
});
