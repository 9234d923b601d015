/**
 * What a cancelled order gives back (docs/decisions/0005 "Payment"), the one home for the shop's
 * cancellations: an order whose payment failed (payment.server.ts) and an order a member of staff
 * cancels (domain/refund/cancel.server.ts). Every statement runs only while `guard` holds; the
 * caller's last statement ends it by cancelling the order, so the batch gives back once.
 */
import { sql, type RawBuilder } from "kysely";
import { prepare } from "~/platform/db.server";
import { MAX_QTY } from "~/domain/cart/quantity";
import { SHARE_SKU } from "~/domain/share/purchase";
import { sharesBackToCartStatement } from "~/domain/share/binding.server";
import { giveBackCouponUseStatement } from "~/domain/cart/coupon-use.server";

/** Balance ledger type 5 ("Rückbuchung", domain/balance/history.ts). */
export const CHARGEBACK = 5;

/**
 * Stock, the cart lines (gifts included) and the coupon back into the cart (with its use, so a
 * limited voucher can be used again), and the pickup place.
 * With `credit`, the used credit goes back to the balance (an unpaid order: a paid one gets it back
 * through its refund); with `shares`, the unpaid shares go back into the cart as the purchase they are.
 */
export function giveBackStatements(
  db: D1Database,
  {
    orderId,
    customerId,
    now,
    guard,
    credit,
    shares,
  }: { orderId: string; customerId: number; now: Date; guard: RawBuilder<boolean>; credit: boolean; shares: boolean },
): D1PreparedStatement[] {
  const stamp = now.toISOString();
  return [
    prepare(
      db,
      sql`UPDATE product SET stock_qty = stock_qty + (SELECT SUM(i.qty) FROM order_item i WHERE i.order_id = ${orderId} AND i.sku = product.sku)
             WHERE stock_managed = 1 AND sku IN (SELECT sku FROM order_item WHERE order_id = ${orderId}) AND ${guard}`,
    ),
    prepare(
      db,
      sql`INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at)
             SELECT ${customerId}, i.sku, i.is_gift, i.qty, ${stamp} FROM order_item i
             WHERE i.order_id = ${orderId} AND i.sku <> ${SHARE_SKU} AND ${guard}
             ON CONFLICT (customer_id, sku, is_gift) DO UPDATE SET qty = MIN(${MAX_QTY}, cart_item.qty + excluded.qty)`,
    ),
    prepare(
      db,
      sql`INSERT INTO cart_state (customer_id, coupon_code) SELECT customer_id, coupon_code FROM customer_order
             WHERE id = ${orderId} AND coupon_code IS NOT NULL AND ${guard}
             ON CONFLICT (customer_id) DO UPDATE SET coupon_code = COALESCE(cart_state.coupon_code, excluded.coupon_code)`,
    ),
    giveBackCouponUseStatement(db, orderId, guard),
    ...(credit
      ? [
          prepare(
            db,
            sql`UPDATE customer_balance SET balance_cents = balance_cents + (SELECT credit_cents FROM customer_order WHERE id = ${orderId})
                   WHERE customer_id = ${customerId} AND ${guard}`,
          ),
          prepare(
            db,
            sql`INSERT INTO balance_entry (id, customer_id, type, amount_cents, order_id, note, created_at)
                   SELECT ${crypto.randomUUID()}, customer_id, ${CHARGEBACK}, credit_cents, id, '', ${stamp} FROM customer_order
                   WHERE id = ${orderId} AND credit_cents > 0 AND ${guard}`,
          ),
        ]
      : []),
    ...(shares ? [sharesBackToCartStatement(db, { orderId, now, guard })] : []),
    prepare(
      db,
      sql`UPDATE pickup_booking SET booked = booked - 1
             WHERE (store_id, slot_start) = (SELECT store_id, pickup_slot_start FROM customer_order WHERE id = ${orderId}) AND ${guard}`,
    ),
  ];
}
