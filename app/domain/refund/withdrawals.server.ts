/**
 * The back office's withdrawals queue (issue 32 §3): every withdrawn order with the day its refund
 * is due (§357 Abs. 1 BGB, 14 days after the withdrawal), what the customer paid for it, and what is
 * refunded; "Erstatten" refunds what is left through the refund module.
 */
import { sql } from "kysely";
import { all, first, qb } from "~/platform/db.server";
import type { StaffMember } from "~/domain/staff/roles";
import { isRefundOverdue, refundDueAt } from "./refund";
import type { WithdrawalFilter, WithdrawalRow, WithdrawalSort } from "./withdrawals";
import { refundOrder, remainingToRefund, type ProviderByName } from "./refund.server";

const SORT_COLUMN: Record<WithdrawalSort, string> = {
  due: "withdrawn_at",
  number: "increment_id",
  customer: "lastname",
};

interface QueueQuery {
  filter: WithdrawalFilter;
  text?: string;
  sort: WithdrawalSort;
  desc: boolean;
  offset: number;
  limit: number;
}

/**
 * A page of the queue. Sorted by due day (the default), the oldest withdrawal, the most overdue,
 * comes first; the default filter shows only those with money left to refund.
 */
export async function withdrawnOrders(
  db: D1Database,
  query: QueueQuery,
  now = new Date(),
): Promise<{ rows: WithdrawalRow[]; more: boolean }> {
  const paid = sql`COALESCE((SELECT amount_cents FROM payment WHERE order_id = o.id AND status = 'approved'), 0) + o.credit_cents - o.shares_cents`;
  const text = query.text ?? "";
  const number = /^\d{1,15}$/.test(text) ? Number(text) : -1;
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await all(
    db,
    sql<{
      increment_id: number;
      withdrawn_at: string;
      firstname: string;
      lastname: string;
      email: string;
      refundable: number;
      settled: number;
      requested: number;
      failed: number;
    }>`SELECT * FROM (
        SELECT o.increment_id, o.withdrawn_at, c.firstname, c.lastname, c.email,
          MAX(0, ${paid}) AS refundable,
          COALESCE((SELECT SUM(amount_cents) FROM refund WHERE order_id = o.id AND state = 'settled'), 0) AS settled,
          COALESCE((SELECT SUM(amount_cents) FROM refund WHERE order_id = o.id AND state = 'requested'), 0) AS requested,
          (SELECT COUNT(*) FROM refund WHERE order_id = o.id AND state = 'failed') AS failed
        FROM customer_order o JOIN customer c ON c.id = o.customer_id
        WHERE o.withdrawn_at IS NOT NULL
          AND (${text} = '' OR o.increment_id = ${number} OR c.email LIKE ${like} ESCAPE '\\'
               OR (c.firstname || ' ' || c.lastname) LIKE ${like} ESCAPE '\\')
      ) AS q
      WHERE ${query.filter} = 'all'
        OR (${query.filter} = 'open' AND refundable > settled + requested)
        OR (${query.filter} = 'done' AND refundable <= settled + requested)
      ORDER BY ${sql.raw(SORT_COLUMN[query.sort])} ${sql.raw(query.desc ? "DESC" : "ASC")}, increment_id
      LIMIT ${query.limit + 1} OFFSET ${query.offset}`,
  );
  return {
    rows: rows.slice(0, query.limit).map((r) => {
      const remaining = Math.max(0, r.refundable - r.settled - r.requested);
      return {
        incrementId: r.increment_id,
        withdrawnAt: r.withdrawn_at,
        dueAt: refundDueAt(r.withdrawn_at),
        overdue: remaining > 0 && isRefundOverdue(r.withdrawn_at, now),
        customerName: `${r.firstname} ${r.lastname}`.trim(),
        customerEmail: r.email,
        refundableCents: r.refundable,
        settledCents: r.settled,
        requestedCents: r.requested,
        remainingCents: remaining,
        state:
          r.refundable === 0
            ? "nothing"
            : remaining > 0
              ? r.failed > 0
                ? "failed"
                : "open"
              : r.requested > 0
                ? "requested"
                : "settled",
      };
    }),
    more: rows.length > query.limit,
  };
}

/**
 * "Erstatten": refunds what is left of a withdrawn order. Its key names the order and how many of
 * its refunds failed before, so any number of clicks (at once or one after another) make one
 * refund, and a failed one can be tried again.
 */
export async function refundWithdrawal(
  db: D1Database,
  providers: ProviderByName,
  staff: StaffMember,
  incrementId: number,
  origin: string,
) {
  const order = await first(
    db,
    qb
      .selectFrom("customer_order as o")
      .select(["o.id"])
      .select((eb) => [
        eb
          .selectFrom("refund")
          .select(sql<number>`COUNT(*)`.as("n"))
          .whereRef("refund.order_id", "=", "o.id")
          .where("refund.state", "=", "failed")
          .as("failed"),
      ])
      .where("o.increment_id", "=", incrementId)
      .where("o.withdrawn_at", "is not", null),
  );
  if (!order) return { ok: false as const, reason: "unknownOrder" as const };
  const key = `withdrawal-${order.id}-${order.failed ?? 0}`;
  const remaining = await remainingToRefund(db, order.id);
  return refundOrder(
    db,
    providers,
    staff,
    "withdrawals.refund",
    // a repeated click after the first refund: the key finds it, whatever amount is left
    { orderId: order.id, reason: "withdrawal", amountCents: remaining, key },
    origin,
  );
}
