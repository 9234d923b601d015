/**
 * Applying the provider's confirmation to an order (docs/architecture.md: paid only by the signed
 * server-side confirmation, with amount, currency and order checked). The first confirmation
 * settles the payment; every statement after it runs only if this very confirmation did and the
 * order still waits for its payment, so a replay (even one arriving at the same moment), or a late
 * confirmation of the other kind, changes nothing.
 *
 * Approved: the order is paid, its shares become binding (the customer a member) and a member's
 * cashback is credited, in the same batch (docs/decisions/0021).
 *
 * Declined or cancelled: the order is cancelled and everything it took is given back in the same
 * batch: stock, the cart lines and coupon, used credit (ledger type 5, chargeback), the pickup
 * place, and the shares, which go back into the cart as the purchase they are (not as a cart line).
 */
import { sql } from "kysely";
import { first, prepare, qb } from "~/platform/db.server";
import { queueMail } from "~/platform/mailer.server";
import type { PaymentConfirmation, WebhookReading } from "~/platform/payment-provider";
import { orderCanceledMail, orderConfirmationMail } from "./order-mail.server";
import { findOrder } from "./order.server";
import { paySharesStatements } from "~/domain/share/binding.server";
import { giveBackStatements } from "./give-back.server";
import { settleRefund } from "~/domain/refund/refund-settle.server";
import { creditCashbackStatements } from "./cashback.server";

export type SettleResult = "settled" | "unchanged" | "unknown" | "mismatch";

/**
 * `tellCustomer`: a cancellation the customer did not see happen (the shop's reconciliation) is
 * mailed to her, in the same batch.
 */
export async function settlePayment(
  db: D1Database,
  c: PaymentConfirmation,
  origin: string,
  { tellCustomer = false }: { tellCustomer?: boolean } = {},
): Promise<SettleResult> {
  const row = await first(
    db,
    qb
      .selectFrom("payment as p")
      .innerJoin("customer_order as o", "o.id", "p.order_id")
      .innerJoin("customer as u", "u.id", "o.customer_id")
      .select([
        "p.order_id",
        "p.amount_cents",
        "p.currency",
        "p.status",
        "o.customer_id",
        "o.increment_id",
        "u.email",
        "u.firstname",
      ])
      .where("p.id", "=", c.paymentId),
  );
  if (!row) return "unknown";
  if (row.order_id !== c.orderId || row.amount_cents !== c.amountCents || row.currency !== c.currency)
    return "mismatch";
  if (row.status !== "pending") return "unchanged";

  const at = new Date();
  const now = at.toISOString();
  // Holds only while this batch is the one applying this confirmation. "Settled by this
  // confirmation" alone would also hold for a replay that read the payment as pending at the same
  // moment and runs its batch right after the first; but the first batch's last statement moves
  // the order out of pending_payment, so the replay's statements find nothing to do. Every
  // statement after the claim ends with `AND ${settledByThis}`: one fragment, bound parameters.
  const settledByThis = sql<boolean>`EXISTS (SELECT 1 FROM payment WHERE id = ${c.paymentId} AND settled_by = ${c.confirmationId})
    AND EXISTS (SELECT 1 FROM customer_order WHERE id = ${c.orderId} AND status = 'pending_payment')`;
  const statements = [
    prepare(
      db,
      qb
        .updateTable("payment")
        .set({ status: c.outcome, settled_by: c.confirmationId, settled_at: now })
        .where("id", "=", c.paymentId)
        .where("status", "=", "pending"),
    ),
  ];
  if (c.outcome === "approved") {
    const order = await findOrder(db, row.customer_id, row.increment_id);
    if (!order) return "unknown";
    const mail = await orderConfirmationMail(
      { email: row.email, firstname: row.firstname },
      { ...order, status: "processing", paymentStatus: "approved" },
      origin,
    );
    statements.push(
      prepare(db, sql`UPDATE customer SET is_sepa_allowed = '1' WHERE id = ${row.customer_id} AND ${settledByThis}`),
      queueMail(db, mail, settledByThis),
      ...paySharesStatements(db, { customerId: row.customer_id, orderId: c.orderId, now: at, guard: settledByThis }),
      ...(await creditCashbackStatements(db, { orderId: c.orderId, now: at, guard: settledByThis })),
      // last: it ends the guard for every statement after this batch. An order of shares alone
      // has nothing left to do once paid.
      prepare(
        db,
        sql`UPDATE customer_order SET status = CASE WHEN carrier_code IS NULL THEN 'complete' ELSE 'processing' END,
               paid_at = ${now} WHERE id = ${c.orderId} AND ${settledByThis}`,
      ),
    );
  } else {
    statements.push(
      ...giveBackStatements(db, {
        orderId: c.orderId,
        customerId: row.customer_id,
        now: at,
        guard: settledByThis,
        credit: true,
        shares: true,
      }),
      ...(tellCustomer
        ? [
            queueMail(
              db,
              await orderCanceledMail({ email: row.email, firstname: row.firstname }, row.increment_id, origin),
              settledByThis,
            ),
          ]
        : []),
      // last: it ends the guard for every statement after this batch
      prepare(db, sql`UPDATE customer_order SET status = 'canceled' WHERE id = ${c.orderId} AND ${settledByThis}`),
    );
  }
  const [claim] = await db.batch(statements);
  return claim.meta.changes === 1 ? "settled" : "unchanged";
}

export interface ProviderPayment {
  id: string;
  orderId: string;
  method: string;
  amountCents: number;
  currency: string;
  status: string;
}

/** What the provider knows of a payment of the customer's own order (the sandbox's pay page reads it). */
/**
 * A payment for its provider's page: the customer's own, or (`customerId` null) any, for a page
 * whose address itself is the proof (the sandbox page's key).
 */
export async function findPayment(
  db: D1Database,
  customerId: number | null,
  paymentId: string,
): Promise<ProviderPayment | null> {
  let query = qb
    .selectFrom("payment as p")
    .innerJoin("customer_order as o", "o.id", "p.order_id")
    .select(["p.id", "p.order_id", "p.method", "p.amount_cents", "p.currency", "p.status"])
    .where("p.id", "=", paymentId);
  if (customerId !== null) query = query.where("o.customer_id", "=", customerId);
  const row = await first(db, query);
  return row
    ? {
        id: row.id,
        orderId: row.order_id,
        method: row.method,
        amountCents: row.amount_cents,
        currency: row.currency,
        status: row.status,
      }
    : null;
}

/** A payment of the customer's own order, as the return from the provider reads it. */
export async function findOwnPayment(db: D1Database, customerId: number, paymentId: string) {
  const row = await first(
    db,
    qb
      .selectFrom("payment as p")
      .innerJoin("customer_order as o", "o.id", "p.order_id")
      .select(["p.status", "p.method", "p.provider_ref", "o.increment_id"])
      .where("p.id", "=", paymentId)
      .where("o.customer_id", "=", customerId),
  );
  return row
    ? { status: row.status, method: row.method, providerRef: row.provider_ref, incrementId: row.increment_id }
    : null;
}

export type WebhookResult = SettleResult | "ignored" | "badSignature" | "badPayload";

/** The shop's end of the provider's signed server-to-server call, once the provider has read it. */
export async function receivePaymentWebhook(
  db: D1Database,
  reading: WebhookReading,
  origin: string,
): Promise<WebhookResult> {
  // a refund's event comes the same way as a payment's (docs/decisions/0040-refunds.md)
  if (reading.kind === "refund") return settleRefund(db, reading.refund, origin);
  if (reading.kind !== "confirmation") return reading.kind;
  const result = await settlePayment(db, reading.confirmation, origin);
  if (result === "unchanged" && reading.confirmation.outcome === "declined") {
    // e.g. a SEPA debit that failed after its accepted mandate let the order go ahead
    console.error(
      `payment ${reading.confirmation.paymentId} was declined after it had been settled: for the dunning process`,
    );
  }
  return result;
}
