/**
 * The shop's end of the payment provider's server-to-server confirmation (docs/decisions/0009):
 * the provider verifies the signature over the raw body and reads it, the domain applies it to the
 * order, and this module answers the provider. The configured provider's webhook and the sandbox's
 * take the same path.
 */
import { receivePaymentWebhook, type WebhookResult } from "~/domain/order/payment.server";
import type { Env } from "~/platform/context";
import type { PaymentProvider } from "~/platform/payment-provider";

/**
 * How a webhook is answered. Providers retry anything but 2xx, so whatever must not change
 * (replays, events the shop ignores) is a 200; a bad signature or payload is the sender's error.
 */
export const PAYMENT_WEBHOOK_STATUS: Record<WebhookResult, number> = {
  settled: 200,
  unchanged: 200,
  ignored: 200,
  unknown: 404,
  mismatch: 409,
  badSignature: 401,
  badPayload: 400,
};

/** The answer to the provider's POST: the result by name, with its status. */
export async function answerPaymentWebhook(env: Env, provider: PaymentProvider, request: Request): Promise<Response> {
  const reading = await provider.readWebhook(await request.text(), request.headers);
  const result = await receivePaymentWebhook(env.DB, reading, new URL(request.url).origin);
  return Response.json({ result }, { status: PAYMENT_WEBHOOK_STATUS[result] });
}
