/**
 * The correction of an invoice after a refund (Rechnungskorrektur, docs/decisions/0043-credit-notes.md):
 * what it says, derived from the corrected invoice and the refund. The refunded amount is the
 * reduction of the price (§ 17 Abs. 1 UStG), shared over the invoice's tax rates in proportion to
 * what of each rate is still invoiced (the checkout's largest-remainder rule), and its VAT is
 * computed once per rate as on the invoice, so the parts add up to the refund to the cent. Pure: no I/O.
 */
import { shareProportionally } from "~/domain/cart/totals";
import { type TaxDetail, taxSplit } from "~/domain/money/tax";
import type { PaymentMethodCode, RefundReason } from "~/platform/db.server";
import type { Buyer, InvoiceDocument } from "./invoice";
import type { Seller } from "./seller";

/** The corrections' series, numbered without gaps like the invoices' (docs/decisions/0042). */
export const CREDIT_NOTE_SERIES = "RK";

/** Where the customer downloads a correction of her order's invoice, by its number in the series. */
export const creditNotePath = (incrementId: number, number: number) =>
  `/account/order/${incrementId}/credit-note/${number}`;

/** The invoice a correction refers to, as issued. */
export interface CorrectedInvoice {
  series: string;
  number: number;
  issuedAt: string;
  document: InvoiceDocument;
}

/** The settled refund the correction documents. */
export interface CreditNoteRefund {
  reason: RefundReason;
  note: string;
  providerCents: number;
  balanceCents: number;
  /** The cashback kept back: set off against her refund, still part of the price reduction. */
  cashbackCents: number;
}

/** Everything a correction says; stored with it like an invoice's document. */
export interface CreditNoteDocument {
  kind: "correction";
  seller: Seller;
  buyer: Buyer;
  orderNumber: number;
  orderedAt: string;
  serviceDate: string;
  paymentMethod: PaymentMethodCode;
  corrects: { series: string; number: number; issuedAt: string };
  reason: RefundReason;
  note: string;
  /** Net, VAT and gross per rate of the reduction: negative figures. */
  taxes: TaxDetail[];
  /** The reduction's gross, negative: the sum of `taxes`. */
  totalCents: number;
  /** How the refund reached her (positive figures; their sum is the reduction). */
  providerCents: number;
  balanceCents: number;
  cashbackCents: number;
}

const negated = (d: TaxDetail): TaxDetail => ({
  rate: d.rate,
  grossCents: -d.grossCents,
  netCents: -d.netCents,
  taxCents: -d.taxCents,
});

/**
 * The correction of `invoice` for `refund`, given the corrections issued for it before. Never
 * more than is still invoiced, per rate and in all: a refund beyond that (which the refund rules
 * do not allow) is corrected only up to it. Null when nothing of the invoice is left to correct.
 */
export function creditNoteDocument(
  invoice: CorrectedInvoice,
  refund: CreditNoteRefund,
  earlier: Pick<CreditNoteDocument, "taxes">[],
): CreditNoteDocument | null {
  const doc = invoice.document;
  const left = doc.taxes.map(
    (d) =>
      d.grossCents + earlier.reduce((sum, e) => sum + (e.taxes.find((t) => t.rate === d.rate)?.grossCents ?? 0), 0),
  );
  const refunded = refund.providerCents + refund.balanceCents + refund.cashbackCents;
  const amount = Math.min(
    refunded,
    left.reduce((a, b) => a + Math.max(0, b), 0),
  );
  if (amount <= 0) return null;
  const shares = shareProportionally(
    amount,
    left.map((l) => Math.max(0, l)),
  );
  const taxes = taxSplit(shares.map((grossCents, i) => ({ grossCents, rate: doc.taxes[i].rate })))
    .filter((d) => d.grossCents > 0)
    .map(negated);
  return {
    kind: "correction",
    seller: doc.seller,
    buyer: doc.buyer,
    orderNumber: doc.orderNumber,
    orderedAt: doc.orderedAt,
    serviceDate: doc.serviceDate,
    paymentMethod: doc.paymentMethod,
    corrects: { series: invoice.series, number: invoice.number, issuedAt: invoice.issuedAt },
    reason: refund.reason,
    note: refund.note,
    taxes,
    totalCents: -amount,
    providerCents: refund.providerCents,
    balanceCents: refund.balanceCents,
    cashbackCents: refund.cashbackCents,
  };
}
