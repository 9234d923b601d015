/**
 * A refund's settlement (docs/decisions/0040-refunds.md): the statements of the batch that applies
 * the provider's signed event, or settles a refund without a provider part as it is requested.
 * The first statement claims the refund for this event; every statement after it runs only while
 * this event's claim is the one being applied, and the last one ends that (settled_at), so a replay
 * arriving at the same moment finds nothing to do.
 */
import { sql } from "kysely";
import { first, prepare, qb } from "~/platform/db.server";
import { queueMail } from "~/platform/mailer.server";
import type { RefundConfirmation, RefundOutcome } from "~/platform/payment-provider";
import { CHARGEBACK } from "~/domain/order/give-back.server";
import { creditNoteStatement } from "~/domain/invoice/credit-note.server";
import { translator } from "~/platform/i18n.server";
import { refundSettledMail, type SettlingRefund } from "./refund-mail.server";

export type { SettlingRefund };

export interface RefundedCustomer {
  id: number;
  email: string;
  firstname: string;
}

export async function refundSettledStatements(
  db: D1Database,
  {
    refund,
    customer,
    confirmationId,
    outcome,
    origin,
    now,
  }: {
    refund: SettlingRefund;
    customer: RefundedCustomer;
    confirmationId: string;
    outcome: RefundOutcome;
    origin: string;
    now: Date;
  },
): Promise<D1PreparedStatement[]> {
  const stamp = now.toISOString();
  const claim = prepare(
    db,
    sql`UPDATE refund SET state = ${outcome === "succeeded" ? "settled" : "failed"}, settled_by = ${confirmationId}
      WHERE id = ${refund.id} AND state = 'requested'`,
  );
  const applying = sql<boolean>`EXISTS (SELECT 1 FROM refund WHERE id = ${refund.id} AND settled_by = ${confirmationId} AND settled_at IS NULL)`;
  const done = prepare(
    db,
    sql`UPDATE refund SET settled_at = ${stamp} WHERE id = ${refund.id} AND settled_by = ${confirmationId} AND settled_at IS NULL`,
  );
  if (outcome === "failed") return [claim, done];
  const note = (await translator("orders"))("refunds.balanceNote");
  // the correction of the order's invoice (docs/decisions/0043-credit-notes.md), once, with the settlement
  const creditNote = await creditNoteStatement(db, { orderId: refund.orderId, key: refund.key, refund }, applying, now);
  return [
    claim,
    prepare(
      db,
      sql`INSERT INTO customer_balance (customer_id, balance_cents) SELECT ${customer.id}, ${refund.balanceCents}
        WHERE ${refund.balanceCents} > 0 AND ${applying}
        ON CONFLICT (customer_id) DO UPDATE SET balance_cents = customer_balance.balance_cents + excluded.balance_cents`,
    ),
    prepare(
      db,
      sql`INSERT INTO balance_entry (id, customer_id, type, amount_cents, order_id, note, created_at)
        SELECT ${crypto.randomUUID()}, ${customer.id}, ${CHARGEBACK}, ${refund.balanceCents}, ${refund.orderId}, ${note}, ${stamp}
        WHERE ${refund.balanceCents} > 0 AND ${applying}`,
    ),
    queueMail(db, await refundSettledMail(customer, refund, origin, creditNote !== null), applying),
    ...(creditNote ? [creditNote] : []),
    // last: it ends `applying` for every statement after this batch
    done,
  ];
}

export type RefundSettleResult = "settled" | "unchanged" | "unknown" | "mismatch";

/**
 * The provider's signed event on a refund: the first one decides (settled or failed); a replay, or
 * a second event on the same refund, changes nothing. Only the provider part is checked against
 * the event; the balance part goes back with the settlement.
 */
export async function settleRefund(db: D1Database, c: RefundConfirmation, origin: string): Promise<RefundSettleResult> {
  const row = await first(
    db,
    qb
      .selectFrom("refund as r")
      .innerJoin("customer_order as o", "o.id", "r.order_id")
      .innerJoin("customer as c", "c.id", "o.customer_id")
      .select([
        "r.id",
        "r.idempotency_key",
        "r.reason",
        "r.order_id",
        "r.state",
        "r.provider_cents",
        "r.balance_cents",
        "r.cashback_cents",
        "r.note",
        "o.increment_id",
        "o.customer_id",
        "c.email",
        "c.firstname",
      ])
      .where("r.id", "=", c.refundId),
  );
  if (!row) return "unknown";
  if (row.order_id !== c.orderId || row.provider_cents !== c.amountCents || c.currency !== "EUR") return "mismatch";
  if (row.state !== "requested") return "unchanged";
  const [claim] = await db.batch(
    await refundSettledStatements(db, {
      refund: {
        id: row.id,
        key: row.idempotency_key,
        reason: row.reason,
        orderId: row.order_id,
        incrementId: row.increment_id,
        providerCents: row.provider_cents,
        balanceCents: row.balance_cents,
        cashbackCents: row.cashback_cents,
        note: row.note,
      },
      customer: { id: row.customer_id, email: row.email, firstname: row.firstname },
      confirmationId: c.confirmationId,
      outcome: c.outcome,
      origin,
      now: new Date(),
    }),
  );
  return claim.meta.changes === 1 ? "settled" : "unchanged";
}
