/**
 * How long an order's payment may stay open, and what the customer can still do with it
 * (docs/decisions/0037). Placing an order and opening its payment at the provider are two
 * steps; a failure between them (D1, the worker, the provider) must never strand the order:
 *
 * - a payment is opened at the provider within `OPEN_WITHIN_MINUTES` of the order, by the checkout
 *   itself, a retry of the same form (its idempotency key) or the order page's "Jetzt bezahlen";
 * - one still not opened after `UNOPENED_CANCEL_MINUTES` is cancelled by the Cron Trigger with
 *   everything given back (the gap to the first limit is longer than a provider call can take, so
 *   an opening in flight never meets the cancellation);
 * - one opened but without the provider's final event after the hosted page's lifetime is asked
 *   at the provider and settled or cancelled by its answer.
 */
import { PAYMENT_PAGE_LIFETIME_MINUTES } from "~/platform/payment-provider";

export const OPEN_WITHIN_MINUTES = 10;
export const UNOPENED_CANCEL_MINUTES = 15;
/** After the page's lifetime, and a margin for its own final event, the provider is asked. */
export const ASK_PROVIDER_MINUTES = PAYMENT_PAGE_LIFETIME_MINUTES + 5;

const MINUTE = 60_000;

export const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * MINUTE).toISOString();

export interface OpenPayment {
  status: string;
  providerRef: string | null;
  pageUrl: string | null;
  createdAt: string;
}

/**
 * What an unpaid order offers its customer: pay on the provider's page that is still valid, open
 * the payment now, or wait for the shop to settle it (nothing to click that could not succeed).
 */
export type PaymentWayForward = { kind: "pay"; pageUrl: string } | { kind: "open" } | { kind: "wait" };

export function paymentWayForward(payment: OpenPayment, now: Date): PaymentWayForward | null {
  if (payment.status !== "pending") return null;
  const age = (now.getTime() - Date.parse(payment.createdAt)) / MINUTE;
  if (payment.providerRef)
    return payment.pageUrl && age < PAYMENT_PAGE_LIFETIME_MINUTES
      ? { kind: "pay", pageUrl: payment.pageUrl }
      : { kind: "wait" };
  return age < OPEN_WITHIN_MINUTES ? { kind: "open" } : { kind: "wait" };
}
