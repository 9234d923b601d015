/**
 * The Cron Trigger's reconciliation of payments that the checkout left open (payment-window.ts,
 * docs/decisions/0037):
 *
 * - a payment never opened at the provider `UNOPENED_CANCEL_MINUTES` after the order: cancelled,
 *   with everything the order took given back in the settlement's one batch, and a mail;
 * - a payment opened but without the provider's final event `ASK_PROVIDER_MINUTES` after the
 *   order: the provider is asked, and its answer settles it (a cancellation with a mail).
 *
 * Each settlement is `settlePayment`'s: its claim lets exactly one run apply it, so running twice,
 * or two runs at once, changes nothing twice. The confirmation id names what decided it.
 */
import { all, qb } from "~/platform/db.server";
import type { PaymentConfirmation, PaymentProvider } from "~/platform/payment-provider";
import { ASK_PROVIDER_MINUTES, UNOPENED_CANCEL_MINUTES, minutesBefore } from "./payment-window";
import { settlePayment } from "./payment.server";

/** Payments looked at per run: a backlog is worked off over the next minutes. */
const PER_RUN = 50;

export interface ReconcileReport {
  /** Never opened at the provider, cancelled. */
  unopened: number;
  /** Asked at the provider and settled by its answer. */
  answered: number;
  /** Asked, but still under way there (or the provider could not be reached). */
  open: number;
}

export async function reconcilePayments(
  db: D1Database,
  provider: PaymentProvider,
  now: Date,
  origin: string,
): Promise<ReconcileReport> {
  const report: ReconcileReport = { unopened: 0, answered: 0, open: 0 };
  const pending = (olderThanMinutes: number) =>
    qb
      .selectFrom("payment")
      .select(["id", "order_id", "amount_cents", "currency", "provider_ref"])
      .where("status", "=", "pending")
      .where("created_at", "<=", minutesBefore(now, olderThanMinutes))
      .orderBy("created_at")
      .limit(PER_RUN);

  const unopened = await all(db, pending(UNOPENED_CANCEL_MINUTES).where("provider_ref", "is", null));
  for (const p of unopened) {
    const canceled = confirmationOf(p, `unopened-${p.id}`, "canceled");
    if ((await settlePayment(db, canceled, origin, { tellCustomer: true })) === "settled") report.unopened++;
  }

  const opened = await all(db, pending(ASK_PROVIDER_MINUTES).where("provider_ref", "is not", null));
  for (const p of opened) {
    let answer: PaymentConfirmation | null;
    try {
      answer = await provider.lookUpPayment({
        providerRef: p.provider_ref!,
        paymentId: p.id,
        orderId: p.order_id,
        amountCents: p.amount_cents,
        currency: p.currency,
      });
    } catch (error) {
      console.error(`payment ${p.id}: ${provider.name} could not be asked`, error);
      answer = null;
    }
    if (!answer) {
      report.open++;
      continue;
    }
    const settled = await settlePayment(db, answer, origin, { tellCustomer: answer.outcome !== "approved" });
    if (settled === "settled") report.answered++;
  }
  return report;
}

interface Row {
  id: string;
  order_id: string;
  amount_cents: number;
  currency: string;
  provider_ref: string | null;
}

const confirmationOf = (p: Row, confirmationId: string, outcome: "canceled"): PaymentConfirmation => ({
  confirmationId,
  paymentId: p.id,
  orderId: p.order_id,
  amountCents: p.amount_cents,
  currency: p.currency,
  outcome,
});
