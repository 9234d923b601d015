/**
 * Money back, the pure rules (docs/decisions/0040-refunds.md): how much of an order can still be
 * refunded, how a refund splits into the part the payment provider gives back, the part that goes
 * back to the account balance and the cashback kept back, and when a withdrawn order's refund is due.
 */
import type { RefundReason, RefundState } from "~/platform/db.server";

export type { RefundReason, RefundState };

/** §357 Abs. 1 BGB: the refund of a withdrawn contract is due within 14 days of the withdrawal. */
export const WITHDRAWAL_REFUND_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant the refund of an order withdrawn at `withdrawnAt` is due at the latest. */
export function refundDueAt(withdrawnAt: string): string {
  return new Date(new Date(withdrawnAt).getTime() + WITHDRAWAL_REFUND_DAYS * DAY_MS).toISOString();
}

export function isRefundOverdue(withdrawnAt: string, now: Date): boolean {
  return now.toISOString() > refundDueAt(withdrawnAt);
}

/** What the customer paid for an order and what of its cashback is already taken back. */
export interface OrderMoney {
  /** Paid through the payment provider (an approved payment), else 0. */
  providerPaidCents: number;
  /** Paid with the account balance (`credit_cents`). */
  balancePaidCents: number;
  /** The cooperative's shares in the order: the cooperative's matter, never refunded here. */
  sharesCents: number;
  /** The cashback credited to the balance for this order (0 when none was). */
  cashbackCreditedCents: number;
  /** Of it, what the withdrawal took back from the balance already. */
  cashbackTakenCents: number;
}

/** The order's refunds that count (requested or settled; a failed one gave nothing back). */
export interface RefundsSoFar {
  amountCents: number;
  providerCents: number;
  balanceCents: number;
  cashbackCents: number;
}

export const NO_REFUNDS: RefundsSoFar = { amountCents: 0, providerCents: 0, balanceCents: 0, cashbackCents: 0 };

export interface RefundSplit {
  providerCents: number;
  balanceCents: number;
  cashbackCents: number;
}

/** What the customer paid for the goods of the order (incl. deposit and shipping), shares left out. */
export function refundableCents(order: OrderMoney): number {
  return Math.max(0, order.providerPaidCents + order.balancePaidCents - order.sharesCents);
}

/** What of the order is still to be refunded after the refunds so far. */
export function remainingCents(order: OrderMoney, sofar: RefundsSoFar): number {
  return Math.max(0, refundableCents(order) - sofar.amountCents);
}

/**
 * Splits a refund of `amountCents`. The cashback the order earned was paid out to the balance, so
 * the share of it that belongs to what is refunded is kept back: all that is still owed once the
 * order is refunded in full, a proportional share (rounded down) of a partial refund, never twice
 * (what the withdrawal took from the balance and earlier refunds kept count). What the customer gets
 * goes back through the provider first, up to what the provider holds, and the rest to the balance,
 * so the cashback is kept back from the balance part first.
 */
export function splitRefund(
  order: OrderMoney,
  sofar: RefundsSoFar,
  amountCents: number,
): { ok: true; split: RefundSplit } | { ok: false; reason: "nothingToRefund" | "tooMuch" } {
  const remaining = remainingCents(order, sofar);
  if (remaining === 0) return { ok: false, reason: "nothingToRefund" };
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > remaining)
    return { ok: false, reason: "tooMuch" };
  const refundedAfter = sofar.amountCents + amountCents;
  const refundable = refundableCents(order);
  const credited = order.cashbackCreditedCents;
  const target = refundedAfter >= refundable ? credited : Math.floor((credited * refundedAfter) / refundable);
  const cashbackCents = Math.min(amountCents, Math.max(0, target - order.cashbackTakenCents - sofar.cashbackCents));
  const payable = amountCents - cashbackCents;
  const providerCents = Math.min(payable, Math.max(0, order.providerPaidCents - sofar.providerCents));
  return { ok: true, split: { providerCents, balanceCents: payable - providerCents, cashbackCents } };
}

/** One refund as the customer's order page and the back office show it. */
export interface RefundView {
  id: string;
  reason: RefundReason;
  state: RefundState;
  amountCents: number;
  providerCents: number;
  balanceCents: number;
  cashbackCents: number;
  requestedAt: string;
  settledAt: string | null;
}
