/**
 * The embedded sandbox provider, a development stand-in (docs/decisions/0009-safe-by-default.md):
 * its hosted page lives inside the shop at /payment/sandbox/{id}, and it signs its confirmations
 * with PAYMENT_WEBHOOK_SECRET (HMAC-SHA-256 over the raw JSON body), as a real provider would.
 * It exists only where development stand-ins are allowed.
 */
import { z } from "zod";
import { jsonBody } from "./json-body";
import type { Env } from "./context";
import type { PaymentConfirmation, PaymentProvider, RefundConfirmation, WebhookReading } from "./payment-provider";
import { notFound, requireStandIns } from "./route-data.server";
import { secret } from "./secrets.server";
import { hmacHex, verifyHmacHex } from "./hmac.server";

export const SANDBOX_SIGNATURE_HEADER = "X-Payment-Signature";

const verifyBody = (env: Env, body: string, signature: string | null) =>
  verifyHmacHex(secret(env, "PAYMENT_WEBHOOK_SECRET"), body, signature);

/**
 * The key in the sandbox page's address: like a real provider's hosted page, whoever opens the
 * address the shop handed out may pay (an app opens it in a browser without the shop's session).
 * Without the key the page is the signed-in owner's only.
 */
const pageKey = (env: Env, paymentId: string) => hmacHex(secret(env, "PAYMENT_WEBHOOK_SECRET"), `page:${paymentId}`);

export const verifyPageKey = (env: Env, paymentId: string, key: string | null) =>
  verifyHmacHex(secret(env, "PAYMENT_WEBHOOK_SECRET"), `page:${paymentId}`, key);

/** The sandbox's confirmation: the raw body, parsed as JSON, with exactly what a confirmation needs. */
export const sandboxConfirmationSchema = jsonBody.pipe(
  z.object({
    confirmationId: z.string(),
    paymentId: z.string(),
    orderId: z.string(),
    amountCents: z.number().int(),
    currency: z.string(),
    outcome: z.enum(["approved", "declined", "canceled"]),
  }) satisfies z.ZodType<PaymentConfirmation>,
);

/** The sandbox's refund confirmation: the same signed body, naming a refund instead of a payment. */
export const sandboxRefundSchema = jsonBody.pipe(
  z.object({
    confirmationId: z.string(),
    refundId: z.string(),
    orderId: z.string(),
    amountCents: z.number().int(),
    currency: z.string(),
    outcome: z.enum(["succeeded", "failed"]),
  }) satisfies z.ZodType<RefundConfirmation>,
);

/** The key in the sandbox refund page's address, like the payment page's (only who got it opens it). */
const refundPageKey = (env: Env, refundId: string) =>
  hmacHex(secret(env, "PAYMENT_WEBHOOK_SECRET"), `refund:${refundId}`);

export const verifyRefundPageKey = (env: Env, refundId: string, key: string | null) =>
  verifyHmacHex(secret(env, "PAYMENT_WEBHOOK_SECRET"), `refund:${refundId}`, key);

/** The signed body the sandbox sends the shop's webhook for a refund, with its signature header. */
export async function signedRefundConfirmation(env: Env, confirmation: RefundConfirmation) {
  const body = JSON.stringify(confirmation);
  return { body, headers: { [SANDBOX_SIGNATURE_HEADER]: await hmacHex(secret(env, "PAYMENT_WEBHOOK_SECRET"), body) } };
}

/** The sandbox's pages exist only where stand-ins are allowed and no real provider is configured. */
export function requireSandbox(env: Env): void {
  requireStandIns(env);
  if (env.PAYMENT_PROVIDER && env.PAYMENT_PROVIDER !== "sandbox") throw notFound();
}

export function sandboxProvider(env: Env): PaymentProvider {
  return {
    name: "sandbox",
    pageOrigin: null,
    // The sandbox keeps no state of its own: its page reads the shop's payment row.
    async startPayment(payment) {
      const key = await pageKey(env, payment.paymentId);
      return { providerRef: payment.paymentId, pageUrl: `/payment/sandbox/${payment.paymentId}?key=${key}` };
    },
    // Leaving the sandbox page without a choice changes nothing; its "Abbrechen" button cancels.
    async cancelPayment() {
      return null;
    },
    // Asked only after the page's lifetime (domain/order/payment-window.ts), like a real provider's
    // expired page: whatever was not paid on the page by then is over.
    async lookUpPayment(payment) {
      return {
        confirmationId: `expired-${payment.providerRef}`,
        paymentId: payment.paymentId,
        orderId: payment.orderId,
        amountCents: payment.amountCents,
        currency: payment.currency,
        outcome: "canceled",
      };
    },
    async readWebhook(body, headers): Promise<WebhookReading> {
      if (!(await verifyBody(env, body, headers.get(SANDBOX_SIGNATURE_HEADER)))) return { kind: "badSignature" };
      const parsed = sandboxConfirmationSchema.safeParse(body);
      if (parsed.success) return { kind: "confirmation", confirmation: parsed.data };
      const refund = sandboxRefundSchema.safeParse(body);
      return refund.success ? { kind: "refund", refund: refund.data } : { kind: "badPayload" };
    },
    // Like its payment page, the sandbox's refund page stands in for the provider's own processing:
    // a person there confirms or fails the refund, and the sandbox tells the shop, signed.
    async refund(refund) {
      const key = await refundPageKey(env, refund.refundId);
      return { providerRef: refund.refundId, pageUrl: `/payment/sandbox/refund/${refund.refundId}?key=${key}` };
    },
  };
}
