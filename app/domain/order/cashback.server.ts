/**
 * The cashback (Rückvergütung) of a member's order (decisions 0020, 0021): fixed when the order is
 * placed (`customer_order.cashback_cents`), credited to the account balance in the batch that makes
 * the order paid, taken back in the batch that records its withdrawal. Each happens once:
 * `cashback_credited_at` is set by the credit and read by both.
 */
import { sql, type RawBuilder } from "kysely";
import { prepare } from "~/platform/db.server";
import { translator } from "~/platform/i18n.server";

/** Balance ledger types (domain/balance/history.ts): 1 credit ("Gutschrift"), 3 update ("Korrektur"). */
const CREDIT = 1;
const CORRECTION = 3;

/**
 * Credits the order's cashback, while `guard` holds, once: balance (a row is made for a customer
 * who has none), ledger entry, and the order's mark, in that order, each only while the mark is
 * unset. A withdrawn order earns none.
 */
export async function creditCashbackStatements(
  db: D1Database,
  { orderId, now, guard }: { orderId: string; now: Date; guard: RawBuilder<boolean> },
): Promise<D1PreparedStatement[]> {
  const stamp = now.toISOString();
  const note = (await translator("balance"))("note.cashback");
  const due = sql<boolean>`id = ${orderId} AND cashback_cents > 0 AND cashback_credited_at IS NULL
    AND withdrawn_at IS NULL AND status <> 'canceled' AND ${guard}`;
  return [
    prepare(
      db,
      sql`INSERT INTO customer_balance (customer_id, balance_cents)
        SELECT customer_id, cashback_cents FROM customer_order WHERE ${due}
        ON CONFLICT (customer_id) DO UPDATE SET balance_cents = customer_balance.balance_cents + excluded.balance_cents`,
    ),
    prepare(
      db,
      sql`INSERT INTO balance_entry (id, customer_id, type, amount_cents, order_id, note, created_at)
        SELECT ${crypto.randomUUID()}, customer_id, ${CREDIT}, cashback_cents, id, ${note}, ${stamp}
        FROM customer_order WHERE ${due}`,
    ),
    prepare(db, sql`UPDATE customer_order SET cashback_credited_at = ${stamp} WHERE ${due}`),
  ];
}

/**
 * Takes a withdrawn order's credited cashback back, in the batch that records the withdrawal and
 * before its UPDATE: `open` is the withdrawal's own condition (the order, not yet withdrawn), so
 * only the batch that records it gets here. The balance may not go below 0 (its CHECK): what the
 * customer has spent meanwhile cannot be taken back here, so at most the balance is taken and the
 * rest is for the back office (the caller logs it). RETURNING says how much was taken.
 */
export async function reverseCashbackStatements(
  db: D1Database,
  { customerId, open, now }: { customerId: number; open: RawBuilder<boolean>; now: Date },
): Promise<D1PreparedStatement[]> {
  const note = (await translator("balance"))("note.cashbackReversed");
  const credited = sql<boolean>`${open} AND cashback_cents > 0 AND cashback_credited_at IS NOT NULL`;
  const taken = sql<number>`MIN(o.cashback_cents, b.balance_cents)`;
  return [
    prepare(
      db,
      sql`INSERT INTO balance_entry (id, customer_id, type, amount_cents, order_id, note, created_at)
        SELECT ${crypto.randomUUID()}, o.customer_id, ${CORRECTION}, -${taken}, o.id, ${note}, ${now.toISOString()}
        FROM customer_order o JOIN customer_balance b ON b.customer_id = o.customer_id
        WHERE o.id IN (SELECT id FROM customer_order WHERE ${credited}) AND ${taken} > 0
        RETURNING -amount_cents AS taken`,
    ),
    prepare(
      db,
      sql`UPDATE customer_balance
        SET balance_cents = balance_cents - MIN(balance_cents, (SELECT cashback_cents FROM customer_order WHERE ${credited}))
        WHERE customer_id = ${customerId} AND EXISTS (SELECT 1 FROM customer_order WHERE ${credited})`,
    ),
  ];
}
