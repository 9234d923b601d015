/** Reading refunds: an order's, for the customer's order page and the back office, and one for the provider's page. */
import { all, first, qb } from "~/platform/db.server";
import type { RefundView } from "./refund";

/** An order's refunds, oldest first (the customer's order page, the back office). */
export async function orderRefunds(db: D1Database, orderId: string): Promise<RefundView[]> {
  const rows = await all(
    db,
    qb
      .selectFrom("refund")
      .select([
        "id",
        "reason",
        "state",
        "amount_cents",
        "provider_cents",
        "balance_cents",
        "cashback_cents",
        "requested_at",
        "settled_at",
      ])
      .where("order_id", "=", orderId)
      .orderBy("requested_at")
      .orderBy("id"),
  );
  return rows.map((r) => ({
    id: r.id,
    reason: r.reason,
    state: r.state,
    amountCents: r.amount_cents,
    providerCents: r.provider_cents,
    balanceCents: r.balance_cents,
    cashbackCents: r.cashback_cents,
    requestedAt: r.requested_at,
    settledAt: r.settled_at,
  }));
}

/** A refund as the provider's page knows it (the sandbox's refund page). */
export async function findRefundForProvider(db: D1Database, refundId: string) {
  const row = await first(
    db,
    qb
      .selectFrom("refund as r")
      .innerJoin("customer_order as o", "o.id", "r.order_id")
      .select(["r.id", "r.order_id", "r.reason", "r.state", "r.provider_cents", "r.provider_ref", "o.increment_id"])
      .where("r.id", "=", refundId),
  );
  return row
    ? {
        id: row.id,
        orderId: row.order_id,
        reason: row.reason,
        state: row.state,
        providerCents: row.provider_cents,
        /** Whether the provider took the request (it gave its own id of the refund). */
        sent: row.provider_ref !== null,
        incrementId: row.increment_id,
      }
    : null;
}
