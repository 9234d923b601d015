/**
 * Orders out of the live database (issue 35 §2, docs/decisions/0052-order-archive-and-pruning.md).
 * An order past its open period is written to the archive as one document with everything its
 * pages show (the customer's order page, the back office's order page) and its rows as they were,
 * the invoice PDF beside it, each put checked by R2 against its SHA-256; only then are the order's
 * detail rows deleted, in a batch that claims the order only if it is unchanged since it was read.
 * A run cut off between leaves the order whole in D1, and the next run writes the same keys again;
 * a second run at the same time finds the order archived (or changed) and its claim does nothing:
 * never lost, never twice.
 */
import { sql } from "kysely";
import { all, batch, prepare, qb } from "~/platform/db.server";
import { coalescing } from "~/platform/d1-coalesce.server";
import { sha256Hex } from "~/platform/photo-store.server";
import { SHARE_SKU } from "~/domain/share/purchase";
import { isPickupCarrier } from "~/domain/checkout/carriers";
import { findFulfilmentOrder, orderProgress } from "~/domain/fulfilment/order.server";
import { orderShortages } from "~/domain/fulfilment/shortage.server";
import { creditNoteNumbers } from "~/domain/invoice/credit-note.server";
import { invoicePdf } from "~/domain/invoice/invoice-pdf.server";
import { invoiceForOrder } from "~/domain/invoice/invoice.server";
import { remainingToRefund } from "~/domain/refund/refund.server";
import { orderRefunds } from "~/domain/refund/refunds.server";
import { findOrder } from "./order.server";

/**
 * Days after an order's last event (ordered, delivered or collected, refunded, withdrawn) before it
 * is archived. The withdrawal period is 14 days from receipt (the Widerrufsbelehrung), and receipt
 * is the delivery or collection, the last event of a finished order; a declaration sent on the last
 * day is in time, so 7 more days let it arrive. No refund starts on an archived order (a cancel
 * only before shipping, short lines at picking, a withdrawal only on a live order, and a withdrawn
 * order stays until its refund is settled), so nothing the shop does with money is still to come.
 * Short, because D1 must hold every live order (docs/scaling.md, "Order archive").
 */
export const ARCHIVE_AFTER_DAYS = 21;
/** How long a run holds the orders it claimed; a run takes seconds, a cut-off one lets go after this. */
export const ARCHIVE_CLAIM_MINUTES = 5;
/** Orders per cron run; the rest wait for the next minute. */
export const ARCHIVE_BATCH = 100;
/**
 * Orders read, written and taken out of D1 together within a run: their reads share round trips
 * (app/platform/d1-coalesce.server.ts), their deletes one batch; 20 keep a batch's bound
 * parameters (D1: 100 a statement) and its size small.
 */
const GROUP = 20;
/** The document's layout; a reader meeting another version knows it must convert. */
export const ARCHIVE_VERSION = 1;

export const archiveKey = (orderId: string) => `orders/${orderId}.json`;
export const archivedInvoiceKey = (orderId: string) => `orders/${orderId}.invoice.pdf`;
/** The document of an invoice the archiving issued; its D1 row names it (domain/invoice/invoice.server.ts). */
export const archivedInvoiceDocumentKey = (orderId: string) => `orders/${orderId}.invoice.json`;

type CustomerPage = {
  order: NonNullable<Awaited<ReturnType<typeof findOrder>>>;
  progress: Awaited<ReturnType<typeof orderProgress>>;
  shortages: Awaited<ReturnType<typeof orderShortages>>;
  refunds: Awaited<ReturnType<typeof orderRefunds>>;
  creditNotes: Awaited<ReturnType<typeof creditNoteNumbers>>;
};

type StaffPage = {
  order: NonNullable<Awaited<ReturnType<typeof findFulfilmentOrder>>>;
  shortages: Awaited<ReturnType<typeof orderShortages>>;
};

/** One archived order: its pages as they were shown, and its rows as they were stored. */
export interface ArchivedOrder {
  version: typeof ARCHIVE_VERSION;
  orderId: string;
  incrementId: number;
  customerId: number;
  /** The order's state when it was archived (FINGERPRINT); the delete checks it again. */
  fingerprint: string;
  customerPage: CustomerPage;
  /** Null for an order the back office's order page never showed (in the store, never paid). */
  staffPage: StaffPage | null;
  /** What the back office's cancel page said was left to refund. */
  remainingToRefundCents: number;
  /** The invoice (series and number) whose PDF lies beside the document, if the order has one. */
  invoice: { series: string; number: number } | null;
  rows: Record<string, unknown[]>;
  /** The audit entries about the order (they stay in D1, append-only): their ids. */
  auditEntryIds: number[];
}

/**
 * Everything that can still change about an order, as one text: the delete batch compares it with
 * the one the document was written from, so a change in between (a late refund, a step) aborts it.
 */
const FINGERPRINT = (id: ReturnType<typeof sql.ref>) => sql<string>`(o.status || '|' || COALESCE(o.paid_at, '') || '|'
  || COALESCE(o.withdrawn_at, '') || '|' || COALESCE(o.cashback_credited_at, '') || '|' || o.grand_total_cents || '|'
  || (SELECT COUNT(*) || ':' || TOTAL(qty) FROM order_item WHERE order_id = ${id}) || '|'
  || (SELECT COUNT(*) FROM order_pick WHERE order_id = ${id}) || '|'
  || (SELECT COUNT(*) || ':' || TOTAL(state = 'settled') || ':' || TOTAL(state = 'failed') FROM refund WHERE order_id = ${id}) || '|'
  || (SELECT COUNT(*) FROM order_step WHERE order_id = ${id}) || '|'
  || (SELECT COUNT(*) FROM order_short WHERE order_id = ${id}) || '|'
  || (SELECT COUNT(*) FROM invoice WHERE order_id = ${id}) || '|'
  || COALESCE((SELECT status FROM payment WHERE order_id = ${id}), ''))`;

/** The tables holding an order's detail, deleted with the archiving (order_pick before order_item). */
const DETAIL_TABLES = ["order_pick", "order_item", "order_step", "order_short", "refund", "payment"] as const;

/**
 * Claims the next orders whose open period ended before `cutoff`, oldest first, for this run until
 * `until`: orders another run claimed and still holds are passed over, so two runs at once share
 * the work. The claim only saves work; what keeps an order from being archived twice is the guarded
 * take-out (`takeOut`), so a run that outlives its claim is still safe.
 */
function claimArchivable(cutoff: string, now: string, until: string, limit: number) {
  return sql<{ id: string; customer_id: number; increment_id: number }>`UPDATE customer_order
    SET archive_claimed_until = ${until}
    WHERE id IN (SELECT o.id FROM customer_order o
      WHERE o.archived_at IS NULL AND o.status IN ('complete', 'canceled') AND o.created_at < ${cutoff}
        AND (o.archive_claimed_until IS NULL OR o.archive_claimed_until < ${now})
        AND NOT EXISTS (SELECT 1 FROM order_step s WHERE s.order_id = o.id AND s.at >= ${cutoff})
        AND NOT EXISTS (SELECT 1 FROM refund r WHERE r.order_id = o.id
          AND (r.state = 'requested' OR r.requested_at >= ${cutoff} OR r.settled_at >= ${cutoff}))
        AND NOT EXISTS (SELECT 1 FROM payment p WHERE p.order_id = o.id AND p.status = 'pending')
        -- a withdrawn order waits for its money back (the withdrawals queue) before it is done
        AND (o.withdrawn_at IS NULL OR (o.withdrawn_at < ${cutoff} AND EXISTS (SELECT 1 FROM refund r
          WHERE r.order_id = o.id AND r.reason = 'withdrawal' AND r.state = 'settled')))
        AND NOT EXISTS (SELECT 1 FROM share_purchase sp WHERE sp.order_id = o.id AND sp.status = 'ordered')
      ORDER BY o.created_at LIMIT ${limit})
    RETURNING id, customer_id, increment_id`;
}

export interface ArchiveReport {
  archived: number;
  /** Orders whose batch aborted (changed meanwhile, or another run archived them first). */
  skipped: number;
  failed: number;
}

/**
 * One cron run's archiving: up to `limit` orders, in groups of GROUP. A group's orders are read
 * through one collector (`coalescing`: the same loaders as the pages, a few round trips for the
 * whole group), written to the archive, and taken out of D1 in one batch.
 */
export async function archiveOrders(
  db: D1Database,
  archive: R2Bucket,
  now: Date,
  limit = ARCHIVE_BATCH,
): Promise<ArchiveReport> {
  const cutoff = new Date(now.getTime() - ARCHIVE_AFTER_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const until = new Date(now.getTime() + ARCHIVE_CLAIM_MINUTES * 60 * 1000).toISOString();
  const due = (
    await prepare(db, claimArchivable(cutoff, now.toISOString(), until, limit)).all<{
      id: string;
      customer_id: number;
      increment_id: number;
    }>()
  ).results;
  const report: ArchiveReport = { archived: 0, skipped: 0, failed: 0 };
  for (let i = 0; i < due.length; i += GROUP) {
    const reads = coalescing(db);
    const group = due.slice(i, i + GROUP);
    const written = await Promise.all(
      group.map(async (order) => {
        try {
          return await writeOrder(reads, archive, order, now);
        } catch (error) {
          // the order stays whole in D1; the next run tries again and overwrites the same keys
          console.error(`order ${order.id} could not be archived`, error);
          report.failed += 1;
          return "failed" as const;
        }
      }),
    );
    const documents = written.filter((w): w is ArchivedOrder => typeof w === "object");
    report.skipped += written.filter((w) => w === "skipped").length;
    let taken = 0;
    if (documents.length > 0) {
      try {
        taken = await takeOut(db, documents, now);
        report.archived += taken;
        report.skipped += documents.length - taken;
      } catch (error) {
        console.error(`orders ${documents.map((d) => d.orderId).join(", ")} could not be taken out of D1`, error);
        report.failed += documents.length;
      }
    }
    if (taken < group.length) await releaseClaims(db, group, until);
  }
  return report;
}

/**
 * Lets go of the group's orders this run claimed but did not archive (changed meanwhile, or failed),
 * so the next run takes them up again at once instead of after ARCHIVE_CLAIM_MINUTES. A claim that
 * another run has taken over since (its own `until`) is left to that run.
 */
async function releaseClaims(db: D1Database, group: { id: string }[], until: string) {
  await prepare(
    db,
    qb
      .updateTable("customer_order")
      .set({ archive_claimed_until: null })
      .where(
        "id",
        "in",
        group.map((o) => o.id),
      )
      .where("archived_at", "is", null)
      .where("archive_claimed_until", "=", until),
  ).run();
}

/**
 * The order's document (and invoice PDF) written to the archive. R2 checks each object's SHA-256
 * against the bytes it received and refuses the write when they differ, so a put that succeeds
 * holds exactly what was sent; the keys are the order's id, so a repeated run overwrites, never
 * adds. "skipped" when the order is no longer there to archive (another run took it).
 */
async function writeOrder(
  db: D1Database,
  archive: R2Bucket,
  order: { id: string; customer_id: number; increment_id: number },
  now: Date,
): Promise<ArchivedOrder | "skipped"> {
  // The invoice is issued now if it was not yet (the download issues it on first request): the
  // order's lines leave D1, the numbered document stays there, its PDF goes beside the archive.
  const invoice = await invoiceForOrder(db, order.customer_id, order.increment_id, now, {
    bucket: archive,
    documentKey: archivedInvoiceDocumentKey(order.id),
  });
  const document = await snapshot(db, order, invoice ? { series: invoice.series, number: invoice.number } : null);
  if (!document) return "skipped";
  const text = new TextEncoder().encode(JSON.stringify(document));
  const pdf = invoice ? await invoicePdf(invoice) : null;
  await Promise.all([
    archive.put(archiveKey(order.id), text, {
      httpMetadata: { contentType: "application/json" },
      sha256: await sha256Hex(text),
    }),
    pdf
      ? archive.put(archivedInvoiceKey(order.id), pdf, {
          httpMetadata: { contentType: "application/pdf" },
          sha256: await sha256Hex(pdf),
        })
      : null,
  ]);
  return document;
}

/**
 * One batch for the group: each order is claimed (marked archived, its bulky columns emptied, the
 * board's counts kept) only if it is still unarchived and its fingerprint is the one its document
 * was written from; then the detail rows of the group's archived orders are deleted. An order that
 * changed since, or that a concurrent run took first, is left as it is (its claim changes nothing).
 * Returns how many orders this batch archived.
 */
async function takeOut(db: D1Database, documents: ArchivedOrder[], now: Date): Promise<number> {
  const ids = documents.map((d) => d.orderId);
  const archivedIds = sql`(SELECT id FROM customer_order WHERE id IN (${sql.join(ids)}) AND archived_at IS NOT NULL)`;
  const results = await db.batch([
    ...documents.map((document) =>
      prepare(
        db,
        qb
          .updateTable("customer_order as o")
          .set({
            archived_at: now.toISOString(),
            archive_key: archiveKey(document.orderId),
            archived_lines: sql<number>`(SELECT COUNT(*) FROM order_item i WHERE i.order_id = o.id AND i.sku <> ${SHARE_SKU})`,
            archived_picked: sql<number>`(SELECT COUNT(*) FROM order_pick p WHERE p.order_id = o.id)`,
            shipping_address: null,
            sepa_mandate: null,
            telephone: null,
            comment: "",
            tax_details: "[]",
          })
          .where("o.id", "=", document.orderId)
          .where("o.archived_at", "is", null)
          .where(FINGERPRINT(sql.ref("o.id")), "=", document.fingerprint),
      ),
    ),
    ...DETAIL_TABLES.map((table) => prepare(db, sql`DELETE FROM ${sql.table(table)} WHERE order_id IN ${archivedIds}`)),
  ]);
  return results.slice(0, documents.length).reduce((sum, r) => sum + (r.meta.changes ?? 0), 0);
}

/** The order's fingerprint (FINGERPRINT) while it is not archived; no row once it is. */
function unarchivedFingerprint(id: string) {
  return qb
    .selectFrom("customer_order as o")
    .select(FINGERPRINT(sql.ref("o.id")).as("fingerprint"))
    .where("o.id", "=", id)
    .where("o.archived_at", "is", null);
}

async function snapshot(
  db: D1Database,
  order: { id: string; customer_id: number; increment_id: number },
  invoice: ArchivedOrder["invoice"],
): Promise<ArchivedOrder | null> {
  const { id, customer_id: customerId, increment_id: incrementId } = order;
  const [fingerprints, rowsOrder, items, payments, refunds, steps, picks, shorts, coupons, invoices, audits] =
    await batch(db, [
      unarchivedFingerprint(id),
      qb.selectFrom("customer_order").selectAll().where("id", "=", id),
      qb.selectFrom("order_item").selectAll().where("order_id", "=", id).orderBy("sku").orderBy("is_gift"),
      qb.selectFrom("payment").selectAll().where("order_id", "=", id),
      qb.selectFrom("refund").selectAll().where("order_id", "=", id).orderBy("requested_at").orderBy("id"),
      qb.selectFrom("order_step").selectAll().where("order_id", "=", id).orderBy("at"),
      qb.selectFrom("order_pick").selectAll().where("order_id", "=", id).orderBy("sku").orderBy("is_gift"),
      qb.selectFrom("order_short").selectAll().where("order_id", "=", id).orderBy("id"),
      qb.selectFrom("coupon_use").selectAll().where("order_id", "=", id),
      qb.selectFrom("invoice").select(["id", "series", "number", "kind", "issued_at"]).where("order_id", "=", id),
      qb.selectFrom("audit_entry").select("id").where("order_id", "=", id).orderBy("id"),
    ] as const);
  const fingerprint = fingerprints[0]?.fingerprint;
  if (fingerprint === undefined) return null;
  const customerOrder = await findOrder(db, customerId, incrementId);
  if (!customerOrder) return null;
  const row = rowsOrder[0];
  const [progress, shortages, refundViews, creditNotes, fulfilment, remaining] = await Promise.all([
    orderProgress(db, id),
    orderShortages(db, id),
    orderRefunds(db, id),
    creditNoteNumbers(db, customerId, incrementId),
    row?.carrier_code
      ? findFulfilmentOrder(
          db,
          isPickupCarrier(row.carrier_code) && row.store_id
            ? { kind: "store", storeId: row.store_id }
            : { kind: "warehouse" },
          incrementId,
        )
      : null,
    remainingToRefund(db, id),
  ]);
  // The pages above are read after the rows, in round trips of their own: a run that took the
  // order out of D1 meanwhile (a run whose claim outlived ours) leaves them without the order's
  // refunds, shortages and steps. Such a snapshot must not be written over that run's document.
  // The take-out is one batch, so an order still unarchived and unchanged now was so at every
  // read before.
  const [still] = await batch(db, [unarchivedFingerprint(id)] as const);
  if (still[0]?.fingerprint !== fingerprint) return null;
  return {
    version: ARCHIVE_VERSION,
    orderId: id,
    incrementId,
    customerId,
    fingerprint,
    customerPage: { order: customerOrder, progress, shortages, refunds: refundViews, creditNotes },
    staffPage: fulfilment ? { order: fulfilment, shortages } : null,
    remainingToRefundCents: remaining,
    invoice,
    rows: {
      customer_order: rowsOrder,
      order_item: items,
      payment: payments,
      refund: refunds,
      order_step: steps,
      order_pick: picks,
      order_short: shorts,
      coupon_use: coupons,
      invoice: invoices,
    },
    auditEntryIds: audits.map((a) => a.id),
  };
}

/** The archived document of an order, or null when the archive has none under its key. */
export async function readArchivedOrder(archive: R2Bucket, archiveKeyOfOrder: string): Promise<ArchivedOrder | null> {
  const object = await archive.get(archiveKeyOfOrder);
  return object ? ((await object.json()) as ArchivedOrder) : null;
}

/** The archive key of the customer's own order, when its detail is in the archive. */
export async function archivedOrderKey(db: D1Database, customerId: number, incrementId: number) {
  const rows = await all(
    db,
    qb
      .selectFrom("customer_order")
      .select(["archive_key"])
      .where("customer_id", "=", customerId)
      .where("increment_id", "=", incrementId)
      .where("archived_at", "is not", null),
  );
  return rows[0]?.archive_key ?? null;
}

/** The customer's order page of an archived order of hers, as it was shown when archived. */
export async function archivedOrderPage(
  db: D1Database,
  archive: R2Bucket,
  customerId: number,
  incrementId: number,
): Promise<CustomerPage | null> {
  const key = await archivedOrderKey(db, customerId, incrementId);
  const document = key ? await readArchivedOrder(archive, key) : null;
  return document && document.customerId === customerId ? document.customerPage : null;
}

/** The back office's order page of an archived order, for the staff whose scope it is in. */
export async function archivedStaffPage(
  db: D1Database,
  archive: R2Bucket,
  inScopeOf: (order: { carrierCode: string | null; storeId: string | null }) => boolean,
  incrementId: number,
): Promise<StaffPage | null> {
  const rows = await all(
    db,
    qb
      .selectFrom("customer_order")
      .select(["archive_key", "carrier_code", "store_id"])
      .where("increment_id", "=", incrementId)
      .where("archived_at", "is not", null),
  );
  const row = rows[0];
  if (!row?.archive_key || !inScopeOf({ carrierCode: row.carrier_code, storeId: row.store_id })) return null;
  return (await readArchivedOrder(archive, row.archive_key))?.staffPage ?? null;
}

/** Every archived document of a customer (the data export, the erasure). */
export async function archivedOrdersOf(db: D1Database, archive: R2Bucket, customerId: number) {
  const rows = await all(
    db,
    qb
      .selectFrom("customer_order")
      .select(["archive_key"])
      .where("customer_id", "=", customerId)
      .where("archived_at", "is not", null)
      .orderBy("created_at"),
  );
  const documents = await Promise.all(
    rows.map((row) => (row.archive_key ? readArchivedOrder(archive, row.archive_key) : null)),
  );
  return documents.filter((d): d is ArchivedOrder => d !== null);
}

/**
 * The erasure's part in the archive (docs/gdpr.md): as in D1, the telephone and the comment go from
 * every order, the address and mandate from orders never paid. Written before the erasure's batch;
 * harmless if that batch then aborts, as archived orders are handed over long ago.
 */
export async function eraseFromArchive(db: D1Database, archive: R2Bucket, customerId: number): Promise<void> {
  for (const document of await archivedOrdersOf(db, archive, customerId)) {
    const unpaid = document.rows.customer_order.every((r) => !(r as { paid_at: string | null }).paid_at);
    document.rows.customer_order = document.rows.customer_order.map((r) => ({
      ...(r as object),
      telephone: null,
      comment: "",
      ...(unpaid ? { shipping_address: null, sepa_mandate: null } : {}),
    }));
    document.customerPage.order = {
      ...document.customerPage.order,
      comment: "",
      ...(unpaid ? { shippingAddress: null } : {}),
    };
    if (document.staffPage)
      document.staffPage.order = {
        ...document.staffPage.order,
        telephone: null,
        comment: "",
        ...(unpaid ? { shippingAddress: null } : {}),
      };
    await archive.put(archiveKey(document.orderId), JSON.stringify(document), {
      httpMetadata: { contentType: "application/json" },
    });
  }
}

/**
 * The refunds of an archived order and what was left to refund, as they were; null for an order
 * still in D1 (the back office's cancel page).
 */
export async function archivedRefunds(db: D1Database, archive: R2Bucket, orderId: string) {
  const rows = await all(
    db,
    qb
      .selectFrom("customer_order")
      .select("archive_key")
      .where("id", "=", orderId)
      .where("archived_at", "is not", null),
  );
  const key = rows[0]?.archive_key;
  if (!key) return null;
  const document = await readArchivedOrder(archive, key);
  return document ? { refunds: document.customerPage.refunds, remaining: document.remainingToRefundCents } : null;
}
