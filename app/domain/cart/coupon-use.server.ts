/**
 * A voucher's uses (migration 0026, docs/decisions/0044): the order that uses one records it in its
 * own placing batch, and a cancelled or withdrawn order gives it back by deleting that record.
 */
import { sql, type RawBuilder } from "kysely";
import { prepare } from "~/platform/db.server";

/** The uses that still count for `code`, and whether `customerId` holds one, as SQL beside a coupon row `k`. */
export const usesOf = (coupon: RawBuilder<unknown>) =>
  sql<number>`(SELECT COUNT(*) FROM coupon_use u WHERE u.code = ${coupon})`;
export const ownUsesOf = (coupon: RawBuilder<unknown>, customerId: number) =>
  sql<number>`(SELECT COUNT(*) FROM coupon_use u WHERE u.code = ${coupon} AND u.customer_id = ${customerId})`;

/**
 * The use, taken only while the voucher is active, below its limit and (once per customer) not yet
 * used by this customer; otherwise the guard after it aborts the whole order batch, so an order
 * that cannot have the voucher is not placed at all (place-order.server.ts explains the refusal).
 * D1 runs a batch as one transaction, one at a time: of orders racing for the last use exactly one
 * sees the count below the limit. The UNIQUE (code, once_key) holds the same for once per customer.
 */
export function takeCouponUseStatements(
  db: D1Database,
  { orderId, customerId, code, stamp }: { orderId: string; customerId: number; code: string; stamp: string },
): D1PreparedStatement[] {
  return [
    prepare(
      db,
      sql`INSERT INTO coupon_use (order_id, code, customer_id, once_key, used_at)
       SELECT ${orderId}, k.code, ${customerId}, CASE WHEN k.once_per_customer = 1 THEN ${customerId} END, ${stamp}
         FROM coupon k
        WHERE k.code = ${code} AND k.active = 1
          AND (k.usage_limit IS NULL OR ${usesOf(sql`k.code`)} < k.usage_limit)
          AND (k.once_per_customer = 0 OR ${ownUsesOf(sql`k.code`, customerId)} = 0)`,
    ),
    prepare(db, sql`INSERT INTO coupon_guard (reason) SELECT 'voucher gone' WHERE changes() = 0`),
  ];
}

/** The order's use given back; a second time finds nothing to delete, so it is given back once. */
export function giveBackCouponUseStatement(db: D1Database, orderId: string, guard: RawBuilder<boolean> = sql`1`) {
  return prepare(db, sql`DELETE FROM coupon_use WHERE order_id = ${orderId} AND ${guard}`);
}
