/**
 * Issuing and reading the corrections of an order's invoice (docs/decisions/0043-credit-notes.md).
 * A correction is written by the refund's settlement, in its batch and under its condition, so a
 * refund settled once has one correction and a failed or replayed one none; its number is taken
 * in the statement that writes it, like an invoice's (docs/decisions/0042-invoices.md).
 */
import { type RawBuilder, sql } from "kysely";
import { all, first, prepare, qb } from "~/platform/db.server";
import { CREDIT_NOTE_SERIES, type CreditNoteDocument, type CreditNoteRefund, creditNoteDocument } from "./credit-note";
import { InvoiceMismatch } from "./invoice";
import { invoiceOfOrderId } from "./invoice.server";

export interface IssuedCreditNote {
  series: string;
  number: number;
  issuedAt: string;
  document: CreditNoteDocument;
}

/**
 * The statement that writes the correction a settled refund makes of the order's invoice, to run
 * in the settlement's batch while `applying` holds; null when there is nothing to correct. Only a
 * completed order has an invoice to correct: its invoice is issued now if it has none yet. An
 * order still on its way gets none: its invoice, issued once it is complete, shows what is left.
 */
export async function creditNoteStatement(
  db: D1Database,
  { orderId, key, refund }: { orderId: string; key: string; refund: CreditNoteRefund },
  applying: RawBuilder<boolean>,
  now: Date,
): Promise<D1PreparedStatement | null> {
  let invoice: Awaited<ReturnType<typeof invoiceOfOrderId>>;
  try {
    invoice = await invoiceOfOrderId(db, orderId, now);
  } catch (error) {
    // as for the invoice itself: no document with wrong figures; the money still goes back
    if (!(error instanceof InvoiceMismatch)) throw error;
    console.error(`refund ${key}: no correction, the order's invoice cannot be issued`, error);
    return null;
  }
  if (!invoice) return null;
  const earlier = await all(
    db,
    qb.selectFrom("invoice").select("document").where("corrects_id", "=", invoice.id).orderBy("number"),
  );
  const document = creditNoteDocument(
    invoice,
    refund,
    earlier.map((e) => JSON.parse(e.document) as CreditNoteDocument),
  );
  if (!document) return null;
  return prepare(
    db,
    sql`INSERT INTO invoice (series, number, kind, order_id, corrects_id, source_key, issued_at, document)
      SELECT ${CREDIT_NOTE_SERIES},
        COALESCE((SELECT MAX(number) FROM invoice WHERE series = ${CREDIT_NOTE_SERIES}), 0) + 1,
        'correction', ${orderId}, ${invoice.id}, ${key}, ${now.toISOString()}, ${JSON.stringify(document)}
      WHERE ${applying}
      ON CONFLICT (source_key) DO NOTHING`,
  );
}

const creditNotesOf = (customerId: number, incrementId: number) =>
  qb
    .selectFrom("invoice as v")
    .innerJoin("customer_order as o", "o.id", "v.order_id")
    .where("o.customer_id", "=", customerId)
    .where("o.increment_id", "=", incrementId)
    .where("v.kind", "=", "correction");

/** The numbers of the corrections of the customer's order, oldest first (for its page's links). */
export async function creditNoteNumbers(
  db: D1Database,
  customerId: number,
  incrementId: number,
): Promise<{ series: string; number: number }[]> {
  const rows = await all(
    db,
    creditNotesOf(customerId, incrementId).select(["v.series", "v.number"]).orderBy("v.number"),
  );
  return rows.map((r) => ({ series: r.series, number: r.number }));
}

/** One correction of the customer's order by its number; null if she has none of that number. */
export async function creditNoteForOrder(
  db: D1Database,
  customerId: number,
  incrementId: number,
  number: number,
): Promise<IssuedCreditNote | null> {
  const row = await first(
    db,
    creditNotesOf(customerId, incrementId)
      .select(["v.series", "v.number", "v.issued_at", "v.document"])
      .where("v.number", "=", number),
  );
  return row
    ? { series: row.series, number: row.number, issuedAt: row.issued_at, document: JSON.parse(row.document) }
    : null;
}
