/**
 * The back office's fulfilment steps (issue 32): marking lines picked, click & collect "ready" and
 * "collected", a delivery "shipped" and "delivered". Each is one D1 batch with its audit entry and,
 * where the customer is told, her mail. Each batch first changes the order only from the state the
 * page showed (a conditional statement), then aborts itself through staff_guard when that changed
 * nothing: a second click, a colleague's click at the same moment, or an order cancelled meanwhile
 * leaves no second step, mail or entry.
 *
 * Completing an order credits nothing: a member's cashback is credited once, with the payment
 * (domain/order/cashback.server.ts).
 */
import { sql, type RawBuilder } from "kysely";
import { failedConstraint, isConstraint, prepare } from "~/platform/db.server";
import { queueMail } from "~/platform/mailer.server";
import { PICKUP_CARRIER_CODES } from "~/domain/checkout/carriers";
import { auditEntry } from "~/domain/staff/audit.server";
import type { StaffMember } from "~/domain/staff/roles";
import { SHARE_SKU } from "~/domain/share/purchase";
import { readyForPickupMail, shippedMail } from "./mails.server";
import type { FulfilmentOrder } from "./order.server";
import { canPick, nextStep, type StepName } from "./progress";
import { scopeOf, type FulfilmentScope } from "./scope";
import { hasTracking, normalizeTrackingNumber } from "./shipment";

export type HandoverResult = "done" | "changedMeanwhile" | "notPicked" | "withdrawn";

const PICKUP = sql.join(PICKUP_CARRIER_CODES.map((code) => sql.lit(code)));

/** The order's own conditions: this order, in the member's scope. Columns of customer_order. */
export function thisOrder(orderId: string, scope: FulfilmentScope): RawBuilder<boolean> {
  const where =
    scope.kind === "store"
      ? sql`carrier_code IN (${PICKUP}) AND store_id = ${scope.storeId}`
      : sql`carrier_code NOT IN (${PICKUP})`;
  return sql<boolean>`id = ${orderId} AND channel = 'online' AND paid_at IS NOT NULL AND ${where}`;
}

export const shipped = (orderId: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM order_step WHERE order_id = ${orderId} AND step = 'shipped')`;

/** Every line to pick is marked picked. */
const allPicked = (orderId: string) => sql<boolean>`NOT EXISTS (SELECT 1 FROM order_item i
  WHERE i.order_id = ${orderId} AND i.sku <> ${SHARE_SKU} AND NOT EXISTS (
    SELECT 1 FROM order_pick p WHERE p.order_id = i.order_id AND p.sku = i.sku AND p.is_gift = i.is_gift))`;

/** Aborts the batch when the statement before it changed nothing (migration 0018's staff_guard). */
export const UNCHANGED = sql`INSERT INTO staff_guard (reason) SELECT 'changed' WHERE changes() = 0`;

async function run(statements: D1PreparedStatement[], db: D1Database): Promise<HandoverResult> {
  try {
    await db.batch(statements);
    return "done";
  } catch (error) {
    const failure = failedConstraint(error);
    if (
      isConstraint(failure, { kind: "CHECK", name: "staff_unchanged" }) ||
      isConstraint(failure, { kind: "UNIQUE", name: "order_step.order_id, order_step.step" })
    )
      return "changedMeanwhile";
    throw error;
  }
}

const stepStatement = (
  db: D1Database,
  staff: StaffMember,
  orderId: string,
  step: StepName,
  now: Date,
  tracking: string | null = null,
) =>
  prepare(
    db,
    sql`INSERT INTO order_step (order_id, step, at, staff_id, tracking_number)
      VALUES (${orderId}, ${step}, ${now.toISOString()}, ${staff.id}, ${tracking})`,
  );

/** A line marked picked, or the mark taken back, while the order is being packed. */
export async function markPicked(
  db: D1Database,
  staff: StaffMember,
  order: FulfilmentOrder,
  line: { sku: string; isGift: boolean; picked: boolean },
): Promise<HandoverResult> {
  if (!canPick(order.state)) return "changedMeanwhile";
  const gift = line.isGift ? 1 : 0;
  const packing = sql<boolean>`EXISTS (SELECT 1 FROM customer_order WHERE ${thisOrder(order.id, scopeOf(staff))}
    AND status = 'processing') AND NOT ${shipped(order.id)}`;
  const change = line.picked
    ? sql`INSERT INTO order_pick (order_id, sku, is_gift, staff_id, picked_at)
        SELECT order_id, sku, is_gift, ${staff.id}, ${Math.floor(Date.now() / 1000)} FROM order_item
        WHERE order_id = ${order.id} AND sku = ${line.sku} AND is_gift = ${gift} AND sku <> ${SHARE_SKU} AND ${packing}
        ON CONFLICT DO NOTHING`
    : sql`DELETE FROM order_pick WHERE order_id = ${order.id} AND sku = ${line.sku} AND is_gift = ${gift} AND ${packing}`;
  return run(
    [
      prepare(db, change),
      prepare(db, UNCHANGED),
      auditEntry(db, staff, {
        action: "orders.pick",
        orderId: order.id,
        customerId: order.customerId,
        subject: line.isGift ? `${line.sku} (gift)` : line.sku,
        before: { picked: !line.picked },
        after: { picked: line.picked },
      }),
    ],
    db,
  );
}

/** What must hold before the order leaves the packing table: nothing withdrawn, every line picked. */
function readyToLeave(order: FulfilmentOrder): HandoverResult | null {
  if (order.state !== "toPick") return "changedMeanwhile";
  if (order.withdrawnAt) return "withdrawn";
  if (order.lines.some((line) => !line.picked)) return "notPicked";
  return null;
}

/** Click & collect: packed and waiting in the store; the customer is told where and when. */
export async function markReady(
  db: D1Database,
  staff: StaffMember,
  order: FulfilmentOrder,
  origin: string,
): Promise<HandoverResult> {
  if (nextStep(order.carrier, order.state) !== "ready") return "changedMeanwhile";
  const refused = readyToLeave(order);
  if (refused) return refused;
  const now = new Date();
  return run(
    [
      prepare(
        db,
        sql`UPDATE customer_order SET status = 'ready_for_pickup' WHERE ${thisOrder(order.id, scopeOf(staff))}
          AND status = 'processing' AND withdrawn_at IS NULL AND ${allPicked(order.id)}`,
      ),
      prepare(db, UNCHANGED),
      stepStatement(db, staff, order.id, "ready", now),
      queueMail(db, await readyForPickupMail(order, origin)),
      auditEntry(db, staff, {
        action: "orders.ready",
        orderId: order.id,
        customerId: order.customerId,
        subject: String(order.number),
        before: { status: "processing" },
        after: { status: "ready_for_pickup" },
      }),
    ],
    db,
  );
}

/** Click & collect: the customer has fetched her order. */
export async function markCollected(
  db: D1Database,
  staff: StaffMember,
  order: FulfilmentOrder,
): Promise<HandoverResult> {
  if (nextStep(order.carrier, order.state) !== "collected") return "changedMeanwhile";
  return run(
    [
      prepare(
        db,
        sql`UPDATE customer_order SET status = 'complete' WHERE ${thisOrder(order.id, scopeOf(staff))}
          AND status = 'ready_for_pickup'`,
      ),
      prepare(db, UNCHANGED),
      stepStatement(db, staff, order.id, "collected", new Date()),
      auditEntry(db, staff, {
        action: "orders.collected",
        orderId: order.id,
        customerId: order.customerId,
        subject: String(order.number),
        before: { status: "ready_for_pickup" },
        after: { status: "complete" },
      }),
    ],
    db,
  );
}

/**
 * A delivery handed to its carrier, with the tracking number (checked by the form's schema; none
 * for the shop's own vans); the customer gets the tracking link.
 */
export async function markShipped(
  db: D1Database,
  staff: StaffMember,
  order: FulfilmentOrder,
  trackingNumber: string | null,
  origin: string,
): Promise<HandoverResult> {
  if (nextStep(order.carrier, order.state) !== "shipped") return "changedMeanwhile";
  const refused = readyToLeave(order);
  if (refused) return refused;
  const number = hasTracking(order.carrier) && trackingNumber ? normalizeTrackingNumber(trackingNumber) : null;
  const now = new Date();
  return run(
    [
      prepare(
        db,
        sql`INSERT INTO order_step (order_id, step, at, staff_id, tracking_number)
          SELECT id, 'shipped', ${now.toISOString()}, ${staff.id}, ${number} FROM customer_order
          WHERE ${thisOrder(order.id, scopeOf(staff))} AND status = 'processing' AND withdrawn_at IS NULL
            AND ${allPicked(order.id)} AND NOT ${shipped(order.id)}`,
      ),
      prepare(db, UNCHANGED),
      queueMail(db, await shippedMail(order, number, origin)),
      auditEntry(db, staff, {
        action: "orders.ship",
        orderId: order.id,
        customerId: order.customerId,
        subject: String(order.number),
        before: { status: "processing", shipped: false },
        after: { status: "processing", shipped: true, trackingNumber: number },
      }),
    ],
    db,
  );
}

/** A delivery the carrier has handed to the customer. */
export async function markDelivered(
  db: D1Database,
  staff: StaffMember,
  order: FulfilmentOrder,
): Promise<HandoverResult> {
  if (nextStep(order.carrier, order.state) !== "delivered") return "changedMeanwhile";
  return run(
    [
      prepare(
        db,
        sql`UPDATE customer_order SET status = 'complete' WHERE ${thisOrder(order.id, scopeOf(staff))}
          AND status = 'processing' AND ${shipped(order.id)}`,
      ),
      prepare(db, UNCHANGED),
      stepStatement(db, staff, order.id, "delivered", new Date()),
      auditEntry(db, staff, {
        action: "orders.deliver",
        orderId: order.id,
        customerId: order.customerId,
        subject: String(order.number),
        before: { status: "processing", shipped: true },
        after: { status: "complete" },
      }),
    ],
    db,
  );
}
