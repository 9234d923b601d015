import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { answerPaymentWebhook } from "~/http/order/payment-webhook.server";
import { paymentProvider } from "~/platform/payment.server";
import { notFound } from "~/platform/route-data.server";

/**
 * The configured provider's webhook, e.g. /payment/webhook/stripe (docs/decisions/0009). Only the
 * provider the shop is configured with has one; its signature decides, not the caller.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const provider = paymentProvider(context.env);
  if (provider.name === "sandbox" || provider.name !== params.provider) throw notFound();
  if (request.method !== "POST") return new Response(null, { status: 405 });
  return answerPaymentWebhook(context.env, provider, request);
}

export function loader() {
  return new Response(null, { status: 405 });
}
