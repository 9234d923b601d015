/**
 * A member of staff cancels an order that has not been handed over yet (issue 32 §2): everything is
 * given back as the shop's own cancellation gives it back (give-back.server.ts: stock, the lines
 * and gifts and the coupon into the cart, the pickup place), and what was paid is refunded through
 * the refund module (domain/refund), in one batch with the customer's mail and the audit entry.
 * Fulfilment sees only the orders of its store (click & collect) or, without a store, the
 * warehouse's deliveries; support sees every order.
 */
import { sql } from "kysely";
import { failedConstraint, first, prepare, qb, type OrderStatus } from "~/platform/db.server";
import { queueMail } from "~/platform/mailer.server";
import { translator } from "~/platform/i18n.server";
import { auditEntry } from "~/domain/staff/audit.server";
import type { StaffMember } from "~/domain/staff/roles";
import {
  prepareRefund,
  remainingToRefund,
  runRefundBatch,
  sendRefund,
  type ProviderByName,
} from "~/domain/refund/refund.server";
import { giveBackStatements } from "./give-back.server";
import { orderPagePath } from "./order";

/**
 * Paid and not yet handed over: in the shop's hands still. A shipped delivery stays `processing`
 * until it is delivered (domain/fulfilment), but it is on its way: no longer cancellable.
 */
export const CANCELLABLE_STATUSES: OrderStatus[] = ["processing", "ready_for_pickup"];

export interface StaffOrderSummary {
  id: string;
  incrementId: number;
  status: OrderStatus;
  createdAt: string;
  carrierCode: string | null;
  storeName: string | null;
  itemCount: number;
  grandTotalCents: number;
  creditCents: number;
  customer: { id: number; firstname: string; name: string; email: string };
  withdrawnAt: string | null;
  /** Handed to the carrier (fulfilment's "Versandt"). */
  shipped: boolean;
}

export const canStaffCancel = (order: Pick<StaffOrderSummary, "status" | "shipped">) =>
  CANCELLABLE_STATUSES.includes(order.status) && !order.shipped;

const SHIPPED = (orderId: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM order_step WHERE order_id = ${orderId} AND step = 'shipped')`;

/** The order as a member of staff may see it; null when it does not exist or is another store's. */
export async function findOrderForStaff(
  db: D1Database,
  staff: StaffMember,
  incrementId: number,
): Promise<StaffOrderSummary | null> {
  let query = qb
    .selectFrom("customer_order as o")
    .innerJoin("customer as c", "c.id", "o.customer_id")
    .leftJoin("store as s", "s.id", "o.store_id")
    .select([
      "o.id",
      "o.increment_id",
      "o.status",
      "o.created_at",
      "o.carrier_code",
      "o.channel",
      "s.name as store_name",
      "o.item_count",
      "o.grand_total_cents",
      "o.credit_cents",
      "o.withdrawn_at",
      "c.id as customer_id",
      "c.firstname",
      "c.lastname",
      "c.email",
      sql<number>`EXISTS (SELECT 1 FROM order_step WHERE order_id = o.id AND step = 'shipped')`.as("shipped"),
    ])
    .where("o.increment_id", "=", incrementId)
    .where("o.channel", "=", "online");
  if (staff.role === "fulfilment")
    query = staff.storeId ? query.where("o.store_id", "=", staff.storeId) : query.where("o.store_id", "is", null);
  const row = await first(db, query);
  return row
    ? {
        id: row.id,
        incrementId: row.increment_id,
        status: row.status,
        createdAt: row.created_at,
        carrierCode: row.carrier_code,
        storeName: row.store_name,
        itemCount: row.item_count,
        grandTotalCents: row.grand_total_cents,
        creditCents: row.credit_cents,
        customer: {
          id: row.customer_id,
          firstname: row.firstname,
          name: `${row.firstname} ${row.lastname}`.trim(),
          email: row.email,
        },
        withdrawnAt: row.withdrawn_at,
        shipped: row.shipped === 1,
      }
    : null;
}

export type StaffCancelResult =
  | { ok: true; refunded: boolean; pageUrl: string | null }
  | { ok: false; reason: "notFound" | "notCancellable" };

/**
 * Cancels the order with `reason` (told to the customer, kept in the audit log) and refunds what is
 * left of what she paid. A second cancellation (a repeated click, another member of staff at the
 * same moment) finds the order no longer cancellable and changes nothing.
 */
export async function cancelOrderByStaff(
  db: D1Database,
  providers: ProviderByName,
  staff: StaffMember,
  { incrementId, reason }: { incrementId: number; reason: string },
  origin: string,
): Promise<StaffCancelResult> {
  const order = await findOrderForStaff(db, staff, incrementId);
  if (!order) return { ok: false, reason: "notFound" };
  if (!canStaffCancel(order)) return { ok: false, reason: "notCancellable" };
  const now = new Date();
  const key = `cancel-${order.id}`;
  const remaining = await remainingToRefund(db, order.id);
  const refund =
    remaining > 0
      ? await prepareRefund(
          db,
          staff,
          { orderId: order.id, reason: "cancel", amountCents: remaining, key, note: reason },
          origin,
          now,
        )
      : null;
  if (refund && !refund.ok) return { ok: false, reason: "notCancellable" };
  const t = await translator("orders");
  const mail = {
    to: order.customer.email,
    subject: t("staffCanceledMail.subject", { number: order.incrementId }),
    text: [
      t("mail.greeting", { name: order.customer.firstname }),
      "",
      t("staffCanceledMail.text", { number: order.incrementId }),
      t("staffCanceledMail.reason", { reason }),
      "",
      ...(refund ? [t("staffCanceledMail.refund")] : []),
      t("staffCanceledMail.cart", { link: `${origin}/cart` }),
      "",
      t("mail.orders", { link: `${origin}${orderPagePath(order.incrementId)}` }),
      "",
      t("mail.signature"),
    ].join("\n"),
  };
  const statements = [
    // aborts the whole batch when the order was cancelled or handed over meanwhile
    prepare(
      db,
      sql`INSERT INTO refund_guard (reason) SELECT 'not cancellable'
        WHERE NOT EXISTS (SELECT 1 FROM customer_order WHERE id = ${order.id} AND status IN (${sql.join(CANCELLABLE_STATUSES)}))
          OR ${SHIPPED(order.id)}`,
    ),
    ...giveBackStatements(db, {
      orderId: order.id,
      customerId: order.customer.id,
      now,
      guard: sql<boolean>`1`,
      credit: false,
      shares: false,
    }),
    // the cancellation's mail first: a refund settled at once (no provider part) mails too
    queueMail(db, mail),
    ...(refund?.ok ? refund.statements : []),
    auditEntry(db, staff, {
      action: "orders.cancel",
      customerId: order.customer.id,
      orderId: order.id,
      subject: String(order.incrementId),
      before: { status: order.status },
      after: { status: "canceled", reason, refundCents: remaining },
    }),
    prepare(db, qb.updateTable("customer_order").set({ status: "canceled" }).where("id", "=", order.id)),
  ];
  if (refund?.ok) {
    const ran = await runRefundBatch(
      db,
      { orderId: order.id, reason: "cancel", amountCents: remaining, key },
      refund.refundId,
      statements,
    ).catch((error) => {
      if (failedConstraint(error)?.name === "order_cancellable") return null;
      throw error;
    });
    if (!ran?.ok || !ran.created) return { ok: false, reason: "notCancellable" };
    const { pageUrl } = await sendRefund(db, providers, ran.refundId);
    return { ok: true, refunded: true, pageUrl };
  }
  try {
    await db.batch(statements);
  } catch (error) {
    if (failedConstraint(error)?.name === "order_cancellable") return { ok: false, reason: "notCancellable" };
    throw error;
  }
  return { ok: true, refunded: false, pageUrl: null };
}
