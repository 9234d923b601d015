/**
 * Booking short lines (issue 32 §2, docs/decisions/0041-fulfilment.md "Short lines"): in one D1
 * batch, the order's lines are reduced from the quantities the pick list showed (a colleague's
 * booking, or the same form sent twice, changed them: the batch aborts whole), what left is
 * recorded, the order's totals are worked out again (shortage.ts), the refund is requested through
 * the one refund module, the customer's mail is queued and the audit entry written.
 */
import { sql } from "kysely";
import { all, batch, failedConstraint, isConstraint, prepare, qb } from "~/platform/db.server";
import type { ProviderByName } from "~/domain/refund/refund.server";
import { prepareRefund, sendRefund } from "~/domain/refund/refund.server";
import { auditEntry } from "~/domain/staff/audit.server";
import type { StaffMember } from "~/domain/staff/roles";
import { couponOf } from "~/domain/cart/coupon";
import { queueMail } from "~/platform/mailer.server";
import { thisOrder, shipped, UNCHANGED } from "./handover.server";
import { shortageMail } from "./mails.server";
import type { FulfilmentOrder } from "./order.server";
import { canPick } from "./progress";
import { scopeOf } from "./scope";
import { orderAfterShortage, shortageKey, type Missing, type ShortageOrder, type ShortageRefusal } from "./shortage";

export type ShortageResult =
  | { ok: true; refundCents: number; refundId: string | null; pageUrl: string | null }
  | { ok: false; reason: ShortageRefusal | "changedMeanwhile" | "withdrawn" };

async function shortageOrder(db: D1Database, orderId: string) {
  const [orders, items, rules] = await batch(db, [
    qb
      .selectFrom("customer_order as o")
      .leftJoin("coupon as k", "k.code", "o.coupon_code")
      .select([
        "o.coupon_code",
        "o.subtotal_cents",
        "o.discount_cents",
        "o.deposit_cents",
        "o.shipping_cents",
        "o.credit_cents",
        "o.shares_cents",
        "k.kind",
        "k.value",
        "k.min_order_cents",
      ])
      .where("o.id", "=", orderId),
    qb
      .selectFrom("order_item")
      .select(["sku", "is_gift", "name", "qty", "unit_price_cents", "deposit_cents", "tax_rate"])
      .where("order_id", "=", orderId),
    qb.selectFrom("free_product_rule").select(["threshold_cents", "gift_count"]),
  ] as const);
  const o = orders[0];
  if (!o) return null;
  const order: ShortageOrder = {
    lines: items.map((i) => ({
      sku: i.sku,
      isGift: i.is_gift === 1,
      name: i.name,
      qty: i.qty,
      unitPriceCents: i.unit_price_cents,
      depositCents: i.deposit_cents,
      taxRate: i.tax_rate,
    })),
    coupon: o.kind ? couponOf({ kind: o.kind, value: o.value ?? 0, minOrderCents: o.min_order_cents ?? 0 }) : null,
    subtotalCents: o.subtotal_cents,
    discountCents: o.discount_cents,
    depositCents: o.deposit_cents,
    shippingCents: o.shipping_cents,
    creditCents: o.credit_cents,
    sharesCents: o.shares_cents,
  };
  return {
    order,
    couponCode: o.coupon_code,
    steps: rules.map((r) => ({ totalCents: r.threshold_cents, products: r.gift_count })),
  };
}

/** Takes the missing pieces off the order and refunds them; the order must still be being packed. */
export async function bookShortage(
  db: D1Database,
  providers: ProviderByName,
  staff: StaffMember,
  order: FulfilmentOrder,
  missing: Missing[],
  origin: string,
  now = new Date(),
): Promise<ShortageResult> {
  if (!canPick(order.state)) return { ok: false, reason: "changedMeanwhile" };
  if (order.withdrawnAt) return { ok: false, reason: "withdrawn" };
  const read = await shortageOrder(db, order.id);
  if (!read) return { ok: false, reason: "changedMeanwhile" };
  const decided = orderAfterShortage(read.order, missing, read.steps);
  if (!decided.ok) return decided;
  const { shortage } = decided;
  const key = shortageKey(order.id, read.order.lines, missing);
  const stamp = now.toISOString();
  const packing = sql<boolean>`EXISTS (SELECT 1 FROM customer_order WHERE ${thisOrder(order.id, scopeOf(staff))}
    AND status = 'processing' AND withdrawn_at IS NULL) AND NOT ${shipped(order.id)}`;

  // each line changes only from the quantity read, and only while the order is being packed
  const lineChanges = read.order.lines.flatMap((before) => {
    const after = shortage.lines.find((l) => l.sku === before.sku && l.isGift === before.isGift);
    if (after?.qty === before.qty) return [];
    const where = sql`order_id = ${order.id} AND sku = ${before.sku} AND is_gift = ${before.isGift ? 1 : 0}
      AND qty = ${before.qty} AND ${packing}`;
    const change = after
      ? sql`UPDATE order_item SET qty = ${after.qty}, row_total_cents = ${after.isGift ? 0 : after.unitPriceCents * after.qty} WHERE ${where}`
      : sql`DELETE FROM order_item WHERE ${where}`;
    return [prepare(db, change), prepare(db, UNCHANGED)];
  });
  const t = shortage.totals;
  const refund =
    shortage.refundCents > 0
      ? await prepareRefund(
          db,
          staff,
          {
            orderId: order.id,
            reason: "short",
            amountCents: shortage.refundCents,
            key,
            note: shortage.removed
              .filter((r) => r.reason === "missing")
              .map((r) => `${r.qty} × ${r.name}`)
              .join(", "),
          },
          origin,
          now,
        )
      : null;
  if (refund && !refund.ok) return { ok: false, reason: "changedMeanwhile" };
  const statements = [
    ...lineChanges,
    ...shortage.removed.map((r) =>
      prepare(
        db,
        qb.insertInto("order_short").values({
          order_id: order.id,
          sku: r.sku,
          is_gift: r.isGift ? 1 : 0,
          name: r.name,
          qty: r.qty,
          reason: r.reason,
          staff_id: staff.id,
          at: stamp,
          refund_key: key,
        }),
      ),
    ),
    prepare(
      db,
      qb
        .updateTable("customer_order")
        .set({
          item_count: t.itemCount,
          subtotal_cents: t.subtotalCents,
          discount_cents: t.discountCents,
          deposit_cents: t.depositCents,
          grand_total_cents: t.grandTotalCents,
          tax_details: JSON.stringify(t.taxDetails),
          ...(shortage.voucherLost ? { coupon_code: null } : {}),
        })
        .where("id", "=", order.id),
    ),
    // a voucher the smaller order no longer reaches was not used: its use goes back (decision 0044)
    ...(shortage.voucherLost ? [prepare(db, qb.deleteFrom("coupon_use").where("order_id", "=", order.id))] : []),
    ...(refund?.statements ?? []),
    queueMail(
      db,
      await shortageMail(
        order,
        {
          removed: shortage.removed,
          voucherLost: shortage.voucherLost ? read.couponCode : null,
          refundCents: shortage.refundCents,
          totalCents: t.grandTotalCents + t.appliedCreditCents,
        },
        origin,
      ),
    ),
    auditEntry(db, staff, {
      action: "orders.short",
      orderId: order.id,
      customerId: order.customerId,
      subject: key,
      before: { lines: read.order.lines.map((l) => `${l.qty} × ${l.sku}${l.isGift ? " (gift)" : ""}`) },
      after: {
        removed: shortage.removed.map((r) => `${r.qty} × ${r.sku} (${r.reason})`),
        refundCents: shortage.refundCents,
        ...(refund?.ok ? refund.split : {}),
      },
    }),
  ];
  try {
    await db.batch(statements);
  } catch (error) {
    const failure = failedConstraint(error);
    if (
      isConstraint(failure, { kind: "CHECK", name: "staff_unchanged" }) ||
      isConstraint(failure, { kind: "CHECK", name: "refunds_unchanged" }) ||
      isConstraint(failure, { kind: "UNIQUE", name: "refund.idempotency_key" })
    )
      return { ok: false, reason: "changedMeanwhile" };
    throw error;
  }
  const sent = refund?.ok ? await sendRefund(db, providers, refund.refundId) : null;
  return {
    ok: true,
    refundCents: shortage.refundCents,
    refundId: refund?.ok ? refund.refundId : null,
    pageUrl: sent?.pageUrl ?? null,
  };
}

/** What left the order at picking, for the customer's order page. */
export async function orderShortages(db: D1Database, orderId: string) {
  const rows = await all(
    db,
    qb.selectFrom("order_short").select(["name", "qty", "reason"]).where("order_id", "=", orderId).orderBy("id"),
  );
  return rows.map((r) => ({ name: r.name, qty: r.qty, reason: r.reason }));
}
