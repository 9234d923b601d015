/** Reading a customer's orders. Every query is scoped by the customer id (docs/architecture.md "Sessions and security"). */
import { batch, first, prepare, qb } from "~/platform/db.server";
import { PICKUP_CARRIER_CODES } from "~/domain/checkout/carriers";
import { addressLine } from "~/domain/address/format";
import { OPEN_STATUSES, returnPath, type OrderDetail, type OrderFilter, type OrderSummary } from "./order";

export interface PlacedOrder {
  id: string;
  incrementId: number;
  status: string;
  paymentId: string | null;
  paymentStatus: string | null;
}

export async function findOrderByKey(db: D1Database, customerId: number, key: string): Promise<PlacedOrder | null> {
  const row = await first(
    db,
    qb
      .selectFrom("customer_order as o")
      .leftJoin("payment as p", "p.order_id", "o.id")
      .select(["o.id", "o.increment_id", "o.status", "p.id as payment_id", "p.status as payment_status"])
      .where("o.customer_id", "=", customerId)
      .where("o.idempotency_key", "=", key),
  );
  return row
    ? {
        id: row.id,
        incrementId: row.increment_id,
        status: row.status,
        paymentId: row.payment_id,
        paymentStatus: row.payment_status,
      }
    : null;
}

/**
 * The step after ordering, for an order whose payment needs nothing more from the customer:
 * the return page while the provider has not confirmed yet, else the outcome.
 */
export function orderNextStep(order: PlacedOrder): string {
  if (order.paymentId && order.paymentStatus === "pending") return returnPath(order.paymentId);
  if (order.status === "canceled") return "/checkout";
  return `/checkout/success?order=${order.incrementId}`;
}

function filtered(customerId: number, filter: OrderFilter) {
  let q = qb
    .selectFrom("customer_order as o")
    .leftJoin("store as s", "s.id", "o.store_id")
    .where("o.customer_id", "=", customerId);
  if (filter === "open") q = q.where("o.status", "in", OPEN_STATUSES);
  if (filter === "complete") q = q.where("o.status", "=", "complete");
  if (filter === "store") q = q.where("o.channel", "=", "store");
  if (filter === "online") q = q.where("o.channel", "=", "online");
  if (filter === "pickup") q = q.where("o.carrier_code", "in", PICKUP_CARRIER_CODES);
  return q;
}

const SUMMARY_COLUMNS = [
  "o.increment_id",
  "o.created_at",
  "o.status",
  "o.channel",
  "o.carrier_code",
  "o.item_count",
  "o.grand_total_cents",
  "s.name as store_name",
] as const;

type SummaryRow = {
  increment_id: number;
  created_at: string;
  status: OrderSummary["status"];
  channel: OrderSummary["channel"];
  carrier_code: string | null;
  item_count: number;
  grand_total_cents: number;
  store_name: string | null;
};

const toSummary = (r: SummaryRow): OrderSummary => ({
  incrementId: r.increment_id,
  createdAt: r.created_at,
  status: r.status,
  channel: r.channel,
  carrierCode: r.carrier_code,
  itemCount: r.item_count,
  grandTotalCents: r.grand_total_cents,
  storeName: r.store_name,
});

export async function listOrders(db: D1Database, customerId: number, filter: OrderFilter): Promise<OrderSummary[]> {
  const rows = await prepare(
    db,
    filtered(customerId, filter).select(SUMMARY_COLUMNS).orderBy("o.created_at", "desc").limit(200),
  ).all<SummaryRow>();
  return rows.results.map(toSummary);
}

export async function findOrder(db: D1Database, customerId: number, incrementId: number): Promise<OrderDetail | null> {
  const [orders, items] = await batch(db, [
    qb
      .selectFrom("customer_order as o")
      .leftJoin("store as s", "s.id", "o.store_id")
      .leftJoin("payment as p", "p.order_id", "o.id")
      .select([
        ...SUMMARY_COLUMNS,
        "o.id",
        "o.payment_method",
        "p.status as payment_status",
        "o.shipping_address",
        "o.pickup_slot_start",
        "o.pickup_slot_end",
        "o.delivery_start",
        "o.delivery_end",
        "o.comment",
        "o.coupon_code",
        "o.subtotal_cents",
        "o.discount_cents",
        "o.deposit_cents",
        "o.shipping_cents",
        "o.credit_cents",
        "o.shares_cents",
        "o.cashback_cents",
        "o.cashback_credited_at",
        "o.tax_details",
        "o.withdrawn_at",
        "s.street",
        "s.house_number",
        "s.zip",
        "s.city",
      ])
      .where("o.customer_id", "=", customerId)
      .where("o.increment_id", "=", incrementId)
      // an archived order's detail is in the archive (archive.server.ts archivedOrderPage)
      .where("o.archived_at", "is", null),
    qb
      .selectFrom("order_item as i")
      .innerJoin("customer_order as o", "o.id", "i.order_id")
      .select(["i.sku", "i.name", "i.qty", "i.is_gift", "i.unit_price_cents", "i.deposit_cents", "i.row_total_cents"])
      .where("o.customer_id", "=", customerId)
      .where("o.increment_id", "=", incrementId)
      .orderBy("i.is_gift")
      .orderBy("i.name"),
  ] as const);
  const o = orders[0];
  if (!o) return null;
  return {
    ...toSummary(o as SummaryRow),
    id: o.id,
    paymentMethod: o.payment_method,
    paymentStatus: o.payment_status,
    lines: items.map((i) => ({
      sku: i.sku,
      name: i.name,
      qty: i.qty,
      isGift: i.is_gift === 1,
      unitPriceCents: i.unit_price_cents,
      depositCents: i.deposit_cents,
      rowTotalCents: i.row_total_cents,
    })),
    shippingAddress: o.shipping_address ? JSON.parse(o.shipping_address) : null,
    pickupSlotStart: o.pickup_slot_start,
    pickupSlotEnd: o.pickup_slot_end,
    deliveryStart: o.delivery_start,
    deliveryEnd: o.delivery_end,
    comment: o.comment,
    couponCode: o.coupon_code,
    subtotalCents: o.subtotal_cents,
    discountCents: o.discount_cents,
    depositCents: o.deposit_cents,
    shippingCents: o.shipping_cents,
    creditCents: o.credit_cents,
    sharesCents: o.shares_cents,
    cashbackCents: o.cashback_cents,
    cashbackCreditedAt: o.cashback_credited_at,
    taxDetails: JSON.parse(o.tax_details),
    storeAddress: o.street
      ? addressLine({ street: o.street, houseNumber: o.house_number ?? "", zip: o.zip ?? "", city: o.city ?? "" })
      : null,
    withdrawnAt: o.withdrawn_at,
  };
}

/** The payment of the customer's own order, as far as its way forward needs it (payment-window.ts). */
export async function findOrderPayment(db: D1Database, customerId: number, incrementId: number) {
  const row = await first(
    db,
    qb
      .selectFrom("payment as p")
      .innerJoin("customer_order as o", "o.id", "p.order_id")
      .select(["p.id", "p.status", "p.provider_ref", "p.page_url", "p.created_at"])
      .where("o.customer_id", "=", customerId)
      .where("o.increment_id", "=", incrementId),
  );
  return row
    ? {
        id: row.id,
        status: row.status,
        providerRef: row.provider_ref,
        pageUrl: row.page_url,
        createdAt: row.created_at,
      }
    : null;
}
