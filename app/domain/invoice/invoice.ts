/**
 * The invoice of a completed order (issue 32 §3, docs/decisions/0042-invoices.md): what it says,
 * derived from the order's lines by the checkout's own totals (cartTotals), so net and VAT per rate
 * are the figures the customer was charged, to the cent. Pure: no I/O.
 */
import { cartTotals, SHIPPING_TAX_RATE } from "~/domain/cart/totals";
import type { TaxDetail } from "~/domain/money/tax";
import type { OrderStatus, PaymentMethodCode } from "~/platform/db.server";
import type { Seller } from "./seller";

/** The invoices' series; corrections after a refund will count in a series of their own. */
export const INVOICE_SERIES = "RE";

/** "RE-000042": the series and its gap-free number, as printed and in the file name. */
export function invoiceNumberText(series: string, number: number): string {
  return `${series}-${String(number).padStart(6, "0")}`;
}

/** Where the customer downloads the invoice of her order. */
export const invoicePath = (incrementId: number) => `/account/order/${incrementId}/invoice`;

/** The order as the invoice needs it. */
export interface InvoiceOrder {
  incrementId: number;
  channel: "online" | "store";
  carrierCode: string | null;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  pickupSlotStart: string | null;
  deliveryStart: string | null;
  paymentMethod: PaymentMethodCode;
  couponCode: string | null;
  discountCents: number;
  shippingCents: number;
  creditCents: number;
  sharesCents: number;
  grandTotalCents: number;
  lines: {
    name: string;
    qty: number;
    isGift: boolean;
    unitPriceCents: number;
    depositCents: number;
    taxRate: number;
  }[];
}

/**
 * Only a completed order of goods has an invoice. An order of the cooperative's shares alone has
 * none: a member's capital contribution is no supply (the share ledger records it).
 */
export const hasInvoice = (order: Pick<InvoiceOrder, "status" | "channel" | "carrierCode">) =>
  order.status === "complete" && !(order.channel === "online" && order.carrierCode === null);

/**
 * The day of delivery (§ 14 Abs. 4 Nr. 6 UStG): a store purchase is handed over when bought, a
 * click & collect order in its pickup slot, a delivery on its wished day; a parcel's delivery
 * counts from its dispatch, which follows the payment.
 */
export function serviceDate(order: InvoiceOrder): string {
  if (order.channel === "store") return order.createdAt;
  return order.pickupSlotStart ?? order.deliveryStart ?? order.paidAt ?? order.createdAt;
}

export interface InvoiceLine {
  name: string;
  qty: number;
  unitPriceCents: number;
  totalCents: number;
  taxRate: number;
  isGift: boolean;
}

/** The deposit (Pfand) of a line: its own row, taxed at its product's rate. */
export interface InvoiceDeposit {
  name: string;
  qty: number;
  unitCents: number;
  totalCents: number;
  taxRate: number;
}

export interface Buyer {
  name: string;
  address: string[];
}

/** Everything an invoice says; stored with it, so it is drawn again exactly as first issued. */
export interface InvoiceDocument {
  seller: Seller;
  buyer: Buyer;
  orderNumber: number;
  orderedAt: string;
  serviceDate: string;
  paymentMethod: PaymentMethodCode;
  carrierCode: string | null;
  lines: InvoiceLine[];
  deposits: InvoiceDeposit[];
  subtotalCents: number;
  couponCode: string | null;
  discountCents: number;
  depositCents: number;
  shippingCents: number;
  shippingTaxRate: number;
  /** Net, VAT and gross per rate of the supply (goods after the voucher, deposit, shipping). */
  taxes: TaxDetail[];
  /** The supply's gross: the sum of `taxes`. */
  supplyCents: number;
  /** The cooperative's shares bought with the order: no supply, no VAT. */
  sharesCents: number;
  totalCents: number;
  /** Account balance used: a means of payment, no reduction of the price. */
  creditCents: number;
  paidCents: number;
}

export class InvoiceMismatch extends Error {}

export function invoiceDocument(order: InvoiceOrder, buyer: Buyer, seller: Seller): InvoiceDocument {
  const totals = cartTotals({
    lines: order.lines,
    shippingCents: order.shippingCents,
    // the discount as it was granted: a percentage was already turned into cents at the checkout
    coupon: order.discountCents ? { kind: "fixed", amountCents: order.discountCents } : null,
    creditCents: order.creditCents,
    sharesCents: order.sharesCents,
  });
  if (totals.grandTotalCents !== order.grandTotalCents || totals.discountCents !== order.discountCents)
    throw new InvoiceMismatch(`order ${order.incrementId}: its lines do not add up to its total`);
  const paid = order.lines.filter((l) => !l.isGift);
  const supplyCents = totals.taxDetails.reduce((sum, d) => sum + d.grossCents, 0);
  return {
    seller,
    buyer,
    orderNumber: order.incrementId,
    orderedAt: order.createdAt,
    serviceDate: serviceDate(order),
    paymentMethod: order.paymentMethod,
    carrierCode: order.carrierCode,
    lines: order.lines.map((l) => ({
      name: l.name,
      qty: l.qty,
      unitPriceCents: l.isGift ? 0 : l.unitPriceCents,
      totalCents: l.isGift ? 0 : l.unitPriceCents * l.qty,
      taxRate: l.taxRate,
      isGift: l.isGift,
    })),
    deposits: paid
      .filter((l) => l.depositCents > 0)
      .map((l) => ({
        name: l.name,
        qty: l.qty,
        unitCents: l.depositCents,
        totalCents: l.depositCents * l.qty,
        taxRate: l.taxRate,
      })),
    subtotalCents: totals.subtotalCents,
    couponCode: order.couponCode,
    discountCents: totals.discountCents,
    depositCents: totals.depositCents,
    shippingCents: totals.shippingCents,
    shippingTaxRate: SHIPPING_TAX_RATE,
    taxes: totals.taxDetails,
    supplyCents,
    sharesCents: totals.sharesCents,
    totalCents: supplyCents + totals.sharesCents,
    creditCents: totals.appliedCreditCents,
    paidCents: totals.grandTotalCents,
  };
}
