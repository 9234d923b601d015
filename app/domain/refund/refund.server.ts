/**
 * Money back, for every reason (a short line, a staff cancellation, a customer's withdrawal): the one
 * home of refunds (docs/decisions/0040-refunds.md).
 *
 * A refund is requested in one batch with the staff action that asks for it (its audit entry, and
 * a cancellation's own changes): its row, with a unique idempotency key, so the same request sent
 * twice, or twenty times at once, makes one refund; and a guard that aborts the batch when the
 * order's refunds changed since they were read, so two different refunds never give back more than
 * was paid. The provider part is then asked of the provider the order was paid with, with the same
 * key. The refund is settled only by the provider's signed event (settleRefund): then the balance
 * part goes back to the balance (ledger type 5, chargeback) and the customer is mailed. A refund
 * without a provider part is settled in the batch that requests it.
 */
import { sql } from "kysely";
import { failedConstraint, first, prepare, qb, type RefundReason } from "~/platform/db.server";
import type { PaymentProvider } from "~/platform/payment-provider";
import { auditEntry } from "~/domain/staff/audit.server";
import type { StaffAction, StaffMember } from "~/domain/staff/roles";
import { refundSettledStatements, type RefundedCustomer } from "./refund-settle.server";
import {
  NO_REFUNDS,
  remainingCents,
  splitRefund,
  type OrderMoney,
  type RefundSplit,
  type RefundsSoFar,
} from "./refund";

export interface RefundInput {
  orderId: string;
  reason: RefundReason;
  amountCents: number;
  /**
   * Makes the request idempotent: the same key is the same refund (and the provider's
   * Idempotency-Key). Derive it from what the refund is for, e.g. `withdrawal-<order id>`,
   * `cancel-<order id>`, `short-<order id>-<sku>`, never from the moment of the click.
   */
  key: string;
  /** Shown to the customer with the refund, e.g. the missing lines. */
  note?: string;
}

export type RefundFailure = "unknownOrder" | "nothingToRefund" | "tooMuch" | "changedMeanwhile";

/** Finds the provider a payment was made with (platform/payment.server.ts paymentProviderNamed). */
export type ProviderByName = (name: string) => PaymentProvider;

export interface RefundStarted {
  ok: true;
  refundId: string;
  /** False when the key had made this refund before (a repeated click): nothing new happened. */
  created: boolean;
  /** The sandbox's stand-in page for the provider's processing; null for a real provider or no provider part. */
  pageUrl: string | null;
}

interface OrderForRefund {
  money: OrderMoney;
  sofar: RefundsSoFar;
  customer: RefundedCustomer;
  incrementId: number;
  payment: { id: string; provider: string; ref: string | null } | null;
}

/** CHARGEBACK's sibling in the ledger: the withdrawal takes cashback back as a correction (type 3). */
const CORRECTION = 3;

async function orderForRefund(db: D1Database, orderId: string): Promise<OrderForRefund | null> {
  const row = await first(
    db,
    qb
      .selectFrom("customer_order as o")
      .innerJoin("customer as c", "c.id", "o.customer_id")
      .leftJoin("payment as p", (join) => join.onRef("p.order_id", "=", "o.id").on("p.status", "=", "approved"))
      .select([
        "o.increment_id",
        "o.customer_id",
        "o.credit_cents",
        "o.shares_cents",
        "o.cashback_cents",
        "o.cashback_credited_at",
        "c.email",
        "c.firstname",
        "p.id as payment_id",
        "p.amount_cents as paid_cents",
        "p.provider",
        "p.provider_ref",
      ])
      .select((eb) => [
        eb
          .selectFrom("balance_entry")
          .select(sql<number>`COALESCE(-SUM(amount_cents), 0)`.as("n"))
          .whereRef("order_id", "=", "o.id")
          .where("type", "=", CORRECTION)
          .where("amount_cents", "<", 0)
          .as("cashback_taken"),
      ])
      .where("o.id", "=", orderId),
  );
  if (!row) return null;
  const sofar = await first(
    db,
    qb
      .selectFrom("refund")
      .select([
        sql<number>`COALESCE(SUM(amount_cents), 0)`.as("amount"),
        sql<number>`COALESCE(SUM(provider_cents), 0)`.as("provider"),
        sql<number>`COALESCE(SUM(balance_cents), 0)`.as("balance"),
        sql<number>`COALESCE(SUM(cashback_cents), 0)`.as("cashback"),
      ])
      .where("order_id", "=", orderId)
      .where("state", "!=", "failed"),
  );
  return {
    money: {
      providerPaidCents: row.paid_cents ?? 0,
      balancePaidCents: row.credit_cents,
      sharesCents: row.shares_cents,
      cashbackCreditedCents: row.cashback_credited_at ? row.cashback_cents : 0,
      cashbackTakenCents: Number(row.cashback_taken ?? 0),
    },
    sofar: sofar
      ? {
          amountCents: sofar.amount,
          providerCents: sofar.provider,
          balanceCents: sofar.balance,
          cashbackCents: sofar.cashback,
        }
      : NO_REFUNDS,
    customer: { id: row.customer_id, email: row.email, firstname: row.firstname },
    incrementId: row.increment_id,
    payment: row.payment_id ? { id: row.payment_id, provider: row.provider ?? "sandbox", ref: row.provider_ref } : null,
  };
}

/** What of the order is still to be refunded (what she paid for its goods, less its refunds so far). */
export async function remainingToRefund(db: D1Database, orderId: string): Promise<number> {
  const order = await orderForRefund(db, orderId);
  return order ? remainingCents(order.money, order.sofar) : 0;
}

export interface PreparedRefund {
  ok: true;
  refundId: string;
  customerId: number;
  split: RefundSplit;
  /** The refund's statements, to run in the batch of the staff action that asks for it. */
  statements: D1PreparedStatement[];
}

/**
 * The statements that request a refund, for a staff action that does more in the same batch (a
 * cancellation): the guard that aborts the batch if the order's refunds changed since they were
 * read, the refund's row (its unique key aborts a second one), and, without a provider part, its
 * settlement. Run them with `runRefundBatch`.
 */
export async function prepareRefund(
  db: D1Database,
  staff: StaffMember | null,
  request: RefundInput,
  origin: string,
  now = new Date(),
): Promise<PreparedRefund | { ok: false; reason: RefundFailure }> {
  const order = await orderForRefund(db, request.orderId);
  if (!order) return { ok: false, reason: "unknownOrder" };
  const decided = splitRefund(order.money, order.sofar, request.amountCents);
  if (!decided.ok) return decided;
  const { split } = decided;
  const refundId = crypto.randomUUID();
  const stamp = now.toISOString();
  const statements = [
    prepare(
      db,
      sql`INSERT INTO refund_guard (reason) SELECT 'refunds changed'
        WHERE (SELECT COALESCE(SUM(amount_cents), 0) FROM refund WHERE order_id = ${request.orderId} AND state <> 'failed') <> ${order.sofar.amountCents}`,
    ),
    prepare(
      db,
      qb.insertInto("refund").values({
        id: refundId,
        order_id: request.orderId,
        reason: request.reason,
        amount_cents: request.amountCents,
        provider_cents: split.providerCents,
        balance_cents: split.balanceCents,
        cashback_cents: split.cashbackCents,
        state: "requested",
        idempotency_key: request.key,
        provider: split.providerCents > 0 ? (order.payment?.provider ?? null) : null,
        provider_ref: null,
        settled_by: null,
        note: request.note ?? "",
        staff_id: staff?.id ?? null,
        requested_at: stamp,
        settled_at: null,
      }),
    ),
  ];
  if (split.providerCents === 0) {
    statements.push(
      ...(await refundSettledStatements(db, {
        refund: {
          id: refundId,
          key: request.key,
          reason: request.reason,
          orderId: request.orderId,
          incrementId: order.incrementId,
          ...split,
          note: request.note ?? "",
        },
        customer: order.customer,
        confirmationId: `balance-${refundId}`,
        outcome: "succeeded",
        origin,
        now,
      })),
    );
  }
  return { ok: true, refundId, customerId: order.customer.id, split, statements };
}

/**
 * Runs a refund's batch. A second request with the same key finds the first one's row (its key is
 * unique, so the whole second batch, audit entry included, is refused): the answer is that refund.
 */
export async function runRefundBatch(
  db: D1Database,
  request: RefundInput,
  refundId: string,
  statements: D1PreparedStatement[],
): Promise<{ ok: true; refundId: string; created: boolean } | { ok: false; reason: RefundFailure }> {
  try {
    await db.batch(statements);
  } catch (error) {
    const failure = failedConstraint(error);
    if (failure?.kind === "UNIQUE" && failure.name === "refund.idempotency_key") {
      const known = await first(db, qb.selectFrom("refund").select("id").where("idempotency_key", "=", request.key));
      if (known) return { ok: true, refundId: known.id, created: false };
    }
    if (failure?.kind === "CHECK" && failure.name === "refunds_unchanged")
      return { ok: false, reason: "changedMeanwhile" };
    throw error;
  }
  return { ok: true, refundId, created: true };
}

/**
 * Asks the provider for a requested refund's provider part, with the refund's key (so asking again,
 * after a lost answer or a repeated click, makes no second refund there), and keeps the provider's
 * id of it. The answer settles nothing: the provider's signed event does. A provider that cannot be
 * reached leaves the refund requested; asking again is safe.
 */
export async function sendRefund(
  db: D1Database,
  providers: ProviderByName,
  refundId: string,
): Promise<{ pageUrl: string | null; sent: boolean }> {
  const row = await first(
    db,
    qb
      .selectFrom("refund as r")
      .innerJoin("payment as p", "p.order_id", "r.order_id")
      .select([
        "r.id",
        "r.order_id",
        "r.provider_cents",
        "r.idempotency_key",
        "r.state",
        "p.id as payment_id",
        "p.provider",
        "p.provider_ref",
      ])
      .where("r.id", "=", refundId),
  );
  if (row?.state !== "requested" || row.provider_cents === 0) return { pageUrl: null, sent: false };
  try {
    const answer = await providers(row.provider).refund({
      refundId: row.id,
      key: row.idempotency_key,
      paymentId: row.payment_id,
      paymentRef: row.provider_ref ?? row.payment_id,
      orderId: row.order_id,
      amountCents: row.provider_cents,
      currency: "EUR",
    });
    if (answer.providerRef)
      await prepare(
        db,
        qb
          .updateTable("refund")
          .set({ provider_ref: answer.providerRef })
          .where("id", "=", refundId)
          .where("provider_ref", "is", null),
      ).run();
    return { pageUrl: answer.pageUrl, sent: true };
  } catch (error) {
    console.error(`refund ${refundId} could not be sent to the payment provider`, error);
    return { pageUrl: null, sent: false };
  }
}

/**
 * Refunds `amountCents` of an order: the function every refund of the shop goes through. Other
 * code calls it for a partial refund, e.g. the pick list for a short line:
 *
 *   refundOrder(db, providerByName, staff, "orders.pick",
 *     { orderId, reason: "short", amountCents, key: `short-${orderId}-${sku}`, note: "2 × Apfelsaft" }, origin)
 *
 * It writes the refund and one audit entry (`action`, by `staff`) in one batch, then asks the
 * provider the order was paid with. Answers the refund (a repeated key: the first one, `created`
 * false), or why there is none: the order is unknown, nothing is left to refund, more than is
 * left was asked, or another refund of the order came first.
 */
export async function refundOrder(
  db: D1Database,
  providers: ProviderByName,
  staff: StaffMember,
  action: StaffAction,
  request: RefundInput,
  origin: string,
): Promise<RefundStarted | { ok: false; reason: RefundFailure }> {
  const known = await first(db, qb.selectFrom("refund").select("id").where("idempotency_key", "=", request.key));
  if (known) return { ok: true, refundId: known.id, created: false, ...(await sendRefund(db, providers, known.id)) };
  const prepared = await prepareRefund(db, staff, request, origin);
  if (!prepared.ok) return prepared;
  const ran = await runRefundBatch(db, request, prepared.refundId, [
    ...prepared.statements,
    auditEntry(db, staff, {
      action,
      customerId: prepared.customerId,
      orderId: request.orderId,
      subject: request.key,
      after: { reason: request.reason, amountCents: request.amountCents, ...prepared.split },
    }),
  ]);
  if (!ran.ok) return ran;
  const { pageUrl } = await sendRefund(db, providers, ran.refundId);
  return { ok: true, refundId: ran.refundId, created: ran.created, pageUrl };
}
