/**
 * A refund's settlement (docs/decisions/0040-refunds.md): the statements of the batch that applies
 * the provider's signed event, or settles a refund without a provider part as it is requested.
 * The first statement claims the refund for this event; every statement after it runs only while
 * this event's claim is the one being applied, and the last one ends that (settled_at), so a replay
 * arriving at the same moment finds nothing to do.
 */
import { sql } from "kysely";
import { prepare } from "~/platform/db.server";
import { queueMail } from "~/platform/mailer.server";
import type { RefundOutcome } from "~/platform/payment-provider";
import { CHARGEBACK } from "~/domain/order/give-back.server";
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
    queueMail(db, await refundSettledMail(customer, refund, origin), applying),
    // last: it ends `applying` for every statement after this batch
    done,
  ];
}
