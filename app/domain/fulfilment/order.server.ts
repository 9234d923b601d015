/**
 * One paid online order as the fulfilment team sees it: only within the member's scope (another
 * store's order, or the other kind, is not found), with its lines for picking and its steps.
 */
import { sql } from "kysely";
import { batch, qb } from "~/platform/db.server";
import type { OrderStatus } from "~/platform/db.server";
import { addressLine } from "~/domain/address/format";
import type { CarrierCode } from "~/domain/checkout/carriers";
import type { ShippingAddress } from "~/domain/order/order";
import { SHARE_SKU } from "~/domain/share/purchase";
import { fulfilmentState, type FulfilmentState, type OrderStep } from "./progress";
import type { PickLine } from "./pick-list";
import { inScope, type FulfilmentScope } from "./scope";

export interface FulfilmentOrder {
  id: string;
  number: number;
  customerId: number;
  customer: { email: string; firstname: string; lastname: string };
  status: OrderStatus;
  state: FulfilmentState;
  carrier: CarrierCode;
  storeName: string | null;
  storeAddress: string | null;
  pickupSlotStart: string | null;
  pickupSlotEnd: string | null;
  deliveryStart: string | null;
  deliveryEnd: string | null;
  shippingAddress: ShippingAddress | null;
  telephone: string | null;
  comment: string;
  paidAt: string;
  withdrawnAt: string | null;
  steps: OrderStep[];
  lines: PickLine[];
}

export async function findFulfilmentOrder(
  db: D1Database,
  scope: FulfilmentScope,
  number: number,
): Promise<FulfilmentOrder | null> {
  const [orders, lines, steps] = await batch(db, [
    qb
      .selectFrom("customer_order as o")
      .innerJoin("customer as u", "u.id", "o.customer_id")
      .leftJoin("store as s", "s.id", "o.store_id")
      .select([
        "o.id",
        "o.increment_id",
        "o.customer_id",
        "u.email",
        "u.firstname",
        "u.lastname",
        "o.status",
        "o.carrier_code",
        "o.store_id",
        "s.name as store_name",
        "s.street",
        "s.house_number",
        "s.zip",
        "s.city",
        "o.pickup_slot_start",
        "o.pickup_slot_end",
        "o.delivery_start",
        "o.delivery_end",
        "o.shipping_address",
        "o.telephone",
        "o.comment",
        "o.paid_at",
        "o.withdrawn_at",
      ])
      .where("o.increment_id", "=", number)
      .where("o.channel", "=", "online")
      .where("o.paid_at", "is not", null)
      // an archived order's page is in the archive (domain/order/archive.server.ts archivedStaffPage)
      .where("o.archived_at", "is", null),
    qb
      .selectFrom("order_item as i")
      .innerJoin("customer_order as o", "o.id", "i.order_id")
      .leftJoin("product as p", "p.sku", "i.sku")
      .leftJoin("category as c", "c.id", "p.category_id")
      .select([
        "i.sku",
        "i.is_gift",
        "i.name",
        "i.qty",
        "p.brand",
        "p.net_quantity",
        "p.unit",
        "p.is_chilled",
        "p.min_age",
        "c.name as category",
        sql<number>`EXISTS (SELECT 1 FROM order_pick k WHERE k.order_id = i.order_id AND k.sku = i.sku AND k.is_gift = i.is_gift)`.as(
          "picked",
        ),
      ])
      .where("o.increment_id", "=", number)
      .where("i.sku", "<>", SHARE_SKU),
    qb
      .selectFrom("order_step as s")
      .innerJoin("customer_order as o", "o.id", "s.order_id")
      .select(["s.step", "s.at", "s.tracking_number"])
      .where("o.increment_id", "=", number)
      .orderBy("s.at"),
  ] as const);
  const o = orders[0];
  if (!o?.paid_at || !inScope(scope, { carrierCode: o.carrier_code, storeId: o.store_id })) return null;
  const orderSteps = steps.map((s) => ({ step: s.step, at: s.at, trackingNumber: s.tracking_number }));
  return {
    id: o.id,
    number: o.increment_id,
    customerId: o.customer_id,
    customer: { email: o.email, firstname: o.firstname, lastname: o.lastname },
    status: o.status,
    state: fulfilmentState(
      o.status,
      orderSteps.some((s) => s.step === "shipped"),
    ),
    carrier: o.carrier_code as CarrierCode,
    storeName: o.store_name,
    storeAddress: o.street
      ? addressLine({ street: o.street, houseNumber: o.house_number ?? "", zip: o.zip ?? "", city: o.city ?? "" })
      : null,
    pickupSlotStart: o.pickup_slot_start,
    pickupSlotEnd: o.pickup_slot_end,
    deliveryStart: o.delivery_start,
    deliveryEnd: o.delivery_end,
    shippingAddress: o.shipping_address ? JSON.parse(o.shipping_address) : null,
    telephone: o.telephone,
    comment: o.comment,
    paidAt: o.paid_at,
    withdrawnAt: o.withdrawn_at,
    steps: orderSteps,
    lines: lines.map((l) => ({
      sku: l.sku,
      isGift: l.is_gift === 1,
      name: l.name,
      qty: l.qty,
      brand: l.brand ?? "",
      contents: l.net_quantity && l.unit ? `${String(l.net_quantity).replace(".", ",")} ${l.unit}` : "",
      chilled: l.is_chilled === 1,
      minAge: l.min_age ?? 0,
      category: l.category,
      picked: l.picked === 1,
    })),
  };
}

/** The paid date and the recorded steps of the customer's own order, for her order page's timeline. */
export async function orderProgress(db: D1Database, orderId: string) {
  const [orders, steps] = await batch(db, [
    qb.selectFrom("customer_order").select(["paid_at"]).where("id", "=", orderId),
    qb.selectFrom("order_step").select(["step", "at", "tracking_number"]).where("order_id", "=", orderId).orderBy("at"),
  ] as const);
  return {
    paidAt: orders[0]?.paid_at ?? null,
    steps: steps.map((s): OrderStep => ({ step: s.step, at: s.at, trackingNumber: s.tracking_number })),
  };
}
