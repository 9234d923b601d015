/**
 * The shares of an order and its payment (docs/decisions/0021 "Shares in the cart and checkout"):
 * the statements the order's batch and its payment's batch carry, so the purchase moves with the
 * order and never on its own. Each statement is guarded like the rest of its batch: a replayed or
 * racing confirmation moves the purchase and writes the ledger at most once.
 */
import { sql, type RawBuilder } from "kysely";
import { prepare, qb } from "~/platform/db.server";
import { PURCHASE_MOVES, SHARE_SKU } from "./purchase";
import { SHARE_PRICE_CENTS } from "./share";
import { berlinToday } from "~/domain/time/berlin";

/** The customer group of a member of the cooperative (customer.group_identifier; 'general' otherwise). */
export const SHAREHOLDER_GROUP = "shareholder";

export interface OrderedShares {
  purchaseId: string;
  quantity: number;
}

/**
 * In the order's batch: the shares leave the cart exactly as ordered (in_cart → ordered, with the
 * order's id). A purchase no longer in the cart with that quantity (cancelled in another tab,
 * ordered there) refuses the whole order through the order guard, like a changed cart line.
 */
export function orderSharesStatements(
  db: D1Database,
  { customerId, orderId, shares, stamp }: { customerId: number; orderId: string; shares: OrderedShares; stamp: string },
): D1PreparedStatement[] {
  const { from, to } = PURCHASE_MOVES.order;
  return [
    prepare(
      db,
      qb
        .updateTable("share_purchase")
        .set({ status: to, order_id: orderId, updated_at: stamp })
        .where("id", "=", shares.purchaseId)
        .where("customer_id", "=", customerId)
        .where("status", "in", [...from])
        .where("quantity", "=", shares.quantity),
    ),
    prepare(db, sql`INSERT INTO order_guard (reason) SELECT 'shares changed' WHERE changes() = 0`),
  ];
}

/** The order's share line: no VAT, no deposit (docs/decisions/0021). */
export function shareOrderItem(orderId: string, name: string, quantity: number) {
  return {
    order_id: orderId,
    sku: SHARE_SKU,
    is_gift: 0,
    name,
    qty: quantity,
    unit_price_cents: SHARE_PRICE_CENTS,
    deposit_cents: 0,
    tax_rate: 0,
    row_total_cents: quantity * SHARE_PRICE_CENTS,
  };
}

/**
 * In the batch that makes the order paid, while `guard` holds: the order's purchase becomes
 * binding (ordered → paid); the customer becomes a member (the next free member number, computed
 * in the statement, so two new members at once never get the same one; a former member keeps the
 * number and is a member again); the ledger gets the purchase, effective today (Berlin); the
 * customer may pay by SEPA and joins the shareholder group. Without shares in the order only the
 * purchase's move finds nothing, and so does everything after it.
 */
export function paySharesStatements(
  db: D1Database,
  { customerId, orderId, now, guard }: { customerId: number; orderId: string; now: Date; guard: RawBuilder<boolean> },
): D1PreparedStatement[] {
  const stamp = now.toISOString();
  const { from, to } = PURCHASE_MOVES.pay;
  // true only after this batch's move: the guard keeps a second batch from getting here
  const paidNow = sql<boolean>`EXISTS (SELECT 1 FROM share_purchase WHERE order_id = ${orderId} AND status = ${to})`;
  return [
    prepare(
      db,
      sql`UPDATE share_purchase SET status = ${to}, updated_at = ${stamp}
        WHERE order_id = ${orderId} AND customer_id = ${customerId} AND status IN (${sql.join([...from])}) AND ${guard}`,
    ),
    prepare(
      db,
      sql`INSERT INTO shareholder (customer_id, member_number, joined_at)
        SELECT ${customerId},
          CAST(COALESCE((SELECT MAX(CAST(member_number AS INTEGER)) FROM shareholder), 0) + 1 AS TEXT), ${stamp}
        WHERE ${paidNow} AND ${guard}
        ON CONFLICT (customer_id) DO UPDATE SET left_at = NULL`,
    ),
    prepare(
      db,
      sql`INSERT INTO share_entry (id, customer_id, type, quantity, value_cents, created_at, effective_at, payout_at)
        SELECT ${crypto.randomUUID()}, customer_id, 'purchase', quantity, quantity * ${SHARE_PRICE_CENTS}, ${stamp},
          ${berlinToday(now)}, NULL
        FROM share_purchase WHERE order_id = ${orderId} AND status = ${to} AND ${guard}`,
    ),
    prepare(
      db,
      sql`UPDATE customer SET is_sepa_allowed = '1', group_identifier = ${SHAREHOLDER_GROUP}
        WHERE id = ${customerId} AND ${paidNow} AND ${guard}`,
    ),
  ];
}

/**
 * In the batch of a declined or cancelled payment, while `guard` holds: the order's shares go back
 * into the cart (ordered → in_cart, no order any more). They are no cart line, so the cart lines
 * the payment code gives back must leave the share's line out (SHARE_SKU).
 */
export function sharesBackToCartStatement(
  db: D1Database,
  { orderId, now, guard }: { orderId: string; now: Date; guard: RawBuilder<boolean> },
): D1PreparedStatement {
  const { from, to } = PURCHASE_MOVES.paymentFailed;
  return prepare(
    db,
    sql`UPDATE share_purchase SET status = ${to}, order_id = NULL, updated_at = ${now.toISOString()}
      WHERE order_id = ${orderId} AND status IN (${sql.join([...from])}) AND ${guard}`,
  );
}
