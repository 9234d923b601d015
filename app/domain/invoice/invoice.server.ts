/**
 * Issuing the invoice of a customer's completed order (docs/decisions/0042-invoices.md): once,
 * when it is first asked for, with the next number of its series; every later request gets that
 * same invoice back. Every query is scoped by the customer id, so another customer's order number
 * finds nothing and issues nothing.
 */
import { sql } from "kysely";
import { batch, first, qb } from "~/platform/db.server";
import { sha256 } from "~/platform/tokens.server";
import { addressLines } from "~/domain/address/format";
import type { ShippingAddress } from "~/domain/order/order";
import { hasInvoice, INVOICE_SERIES, invoiceDocument, type Buyer, type InvoiceDocument } from "./invoice";
import { SELLER } from "./seller";

export interface IssuedInvoice {
  id: number;
  series: string;
  number: number;
  issuedAt: string;
  document: InvoiceDocument;
}

type InvoiceRow = { id: number; series: string; number: number; issued_at: string; document: string };

/**
 * Where an archived order's invoice keeps its document (docs/decisions/0052): the archiving issues
 * the invoice of an order that never had one with its document in the archive beside the order's,
 * and the row, which holds the number in the series, names that object and its SHA-256.
 */
export interface InvoiceArchive {
  bucket: R2Bucket;
  /** The object to write the document to when the invoice is issued now (only the archiving). */
  documentKey?: string;
}

type ArchivedDocumentRef = { archived: string; sha256: string };

export class ArchivedInvoiceUnreadable extends Error {}

async function issued(row: InvoiceRow, archive: InvoiceArchive | undefined): Promise<IssuedInvoice> {
  const stored = JSON.parse(row.document) as InvoiceDocument | ArchivedDocumentRef;
  return {
    id: row.id,
    series: row.series,
    number: row.number,
    issuedAt: row.issued_at,
    document: "archived" in stored ? await archivedDocument(stored, archive) : stored,
  };
}

/** The document from the archive, refused unless its bytes are the ones the row's SHA-256 names. */
async function archivedDocument(ref: ArchivedDocumentRef, archive: InvoiceArchive | undefined) {
  const object = await archive?.bucket.get(ref.archived);
  const text = object ? await object.text() : null;
  if (text === null || (await sha256(text)) !== ref.sha256)
    throw new ArchivedInvoiceUnreadable(`invoice document ${ref.archived} missing or changed`);
  return JSON.parse(text) as InvoiceDocument;
}

const invoiceOf = (customerId: number, incrementId: number) =>
  qb
    .selectFrom("invoice as v")
    .innerJoin("customer_order as o", "o.id", "v.order_id")
    .select(["v.id", "v.series", "v.number", "v.issued_at", "v.document"])
    .where("o.customer_id", "=", customerId)
    .where("o.increment_id", "=", incrementId)
    .where("v.kind", "=", "invoice");

/**
 * The invoice of the customer's order, issued now if it has none yet; null if it has no invoice.
 * `archive` reads an archived order's invoice document; with a `documentKey` (the archiving) a new
 * invoice's document is written there and its row only names it.
 */
export async function invoiceForOrder(
  db: D1Database,
  customerId: number,
  incrementId: number,
  now = new Date(),
  archive?: InvoiceArchive,
): Promise<IssuedInvoice | null> {
  const [invoices, orders, items, customers] = await batch(db, [
    invoiceOf(customerId, incrementId),
    qb
      .selectFrom("customer_order")
      .select([
        "id",
        "increment_id",
        "channel",
        "carrier_code",
        "status",
        "created_at",
        "paid_at",
        "pickup_slot_start",
        "delivery_start",
        "payment_method",
        "coupon_code",
        "discount_cents",
        "shipping_cents",
        "credit_cents",
        "shares_cents",
        "grand_total_cents",
        "shipping_address",
        "archived_at",
      ])
      .where("customer_id", "=", customerId)
      .where("increment_id", "=", incrementId),
    qb
      .selectFrom("order_item as i")
      .innerJoin("customer_order as o", "o.id", "i.order_id")
      .select(["i.name", "i.qty", "i.is_gift", "i.unit_price_cents", "i.deposit_cents", "i.tax_rate"])
      .where("o.customer_id", "=", customerId)
      .where("o.increment_id", "=", incrementId)
      .orderBy("i.is_gift")
      .orderBy("i.name"),
    qb
      .selectFrom("customer as c")
      .leftJoin("address as a", "a.customer_id", "c.id")
      .select(["c.firstname", "c.lastname", "a.street", "a.house_number", "a.address_addition", "a.zip", "a.city"])
      .where("c.id", "=", customerId)
      .orderBy("a.is_default_billing", "desc")
      .orderBy("a.is_default_shipping", "desc")
      .orderBy("a.created_at")
      .limit(1),
  ] as const);
  if (invoices[0]) return issued(invoices[0], archive);
  const o = orders[0];
  // an archived order's invoice was issued before its lines left D1 (domain/order/archive.server.ts)
  if (!o || o.archived_at) return null;
  const order = {
    incrementId: o.increment_id,
    channel: o.channel,
    carrierCode: o.carrier_code,
    status: o.status,
    createdAt: o.created_at,
    paidAt: o.paid_at,
    pickupSlotStart: o.pickup_slot_start,
    deliveryStart: o.delivery_start,
    paymentMethod: o.payment_method,
    couponCode: o.coupon_code,
    discountCents: o.discount_cents,
    shippingCents: o.shipping_cents,
    creditCents: o.credit_cents,
    sharesCents: o.shares_cents,
    grandTotalCents: o.grand_total_cents,
    lines: items.map((i) => ({
      name: i.name,
      qty: i.qty,
      isGift: i.is_gift === 1,
      unitPriceCents: i.unit_price_cents,
      depositCents: i.deposit_cents,
      taxRate: i.tax_rate,
    })),
  };
  if (!hasInvoice(order)) return null;
  const document = invoiceDocument(order, buyerOf(o.shipping_address, customers[0]), SELLER);
  const sourceKey = `order:${o.id}`;
  // Written before the row: a row never names a document that is not there. The same order gives the
  // same document, so a second run writing it again (or a run whose row then loses to another's)
  // leaves the archive as it was.
  let stored = JSON.stringify(document);
  if (archive?.documentKey) {
    await archive.bucket.put(archive.documentKey, stored, {
      httpMetadata: { contentType: "application/json" },
      sha256: await sha256(stored),
    });
    stored = JSON.stringify({
      archived: archive.documentKey,
      sha256: await sha256(stored),
    } satisfies ArchivedDocumentRef);
  }
  // The number is taken in the statement that writes the invoice: D1 runs one statement at a time,
  // so two orders never get the same one, and a failed statement takes none (no gap). The order's
  // status is checked again in it; a concurrent request for the same order writes nothing
  // (source_key) and reads the first one's invoice.
  const [, rows] = await batch(db, [
    sql`INSERT INTO invoice (series, number, kind, order_id, source_key, issued_at, document)
      SELECT ${INVOICE_SERIES},
        COALESCE((SELECT MAX(number) FROM invoice WHERE series = ${INVOICE_SERIES}), 0) + 1,
        'invoice', id, ${sourceKey}, ${now.toISOString()}, ${stored}
      FROM customer_order WHERE id = ${o.id} AND customer_id = ${customerId} AND status = 'complete'
      ON CONFLICT (source_key) DO NOTHING`,
    invoiceOf(customerId, incrementId),
  ] as const);
  return rows[0] ? issued(rows[0], archive) : null;
}

/**
 * The invoice of an order by its id, issued now if it has none yet (a refund's correction needs
 * one to refer to, docs/decisions/0043-credit-notes.md); null if the order has no invoice.
 */
export async function invoiceOfOrderId(
  db: D1Database,
  orderId: string,
  now = new Date(),
): Promise<IssuedInvoice | null> {
  const order = await first(
    db,
    qb.selectFrom("customer_order").select(["customer_id", "increment_id"]).where("id", "=", orderId),
  );
  return order ? invoiceForOrder(db, order.customer_id, order.increment_id, now) : null;
}

type CustomerRow = {
  firstname: string;
  lastname: string;
  street: string | null;
  house_number: string | null;
  address_addition: string | null;
  zip: string | null;
  city: string | null;
};

/**
 * Whom the invoice is made out to (§ 14 Abs. 4 Nr. 1 UStG): the delivery address as ordered; for a
 * pickup or a store purchase the customer with her billing address (else her first address).
 */
function buyerOf(shippingAddress: string | null, customer: CustomerRow | undefined): Buyer {
  if (shippingAddress) {
    const address = JSON.parse(shippingAddress) as ShippingAddress;
    return { name: address.name, address: addressLines(address) };
  }
  if (!customer) return { name: "", address: [] };
  const name = `${customer.firstname} ${customer.lastname}`;
  if (!customer.street) return { name, address: [] };
  return {
    name,
    address: addressLines({
      street: customer.street,
      houseNumber: customer.house_number ?? "",
      addressAddition: customer.address_addition ?? "",
      zip: customer.zip ?? "",
      city: customer.city ?? "",
    }),
  };
}
