import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receivePaymentWebhook } from "~/domain/order/payment.server";
import { paymentProvider, WEBHOOK_STATUS } from "~/platform/payment.server";
import { notFound } from "~/platform/route-data.server";

/**
 * The configured provider's webhook, e.g. /payment/webhook/stripe (docs/decisions/0009). Only the
 * provider the shop is configured with has one; its signature decides, not the caller.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const provider = paymentProvider(context.env);
  if (provider.name === "sandbox" || provider.name !== params.provider) throw notFound();
  if (request.method !== "POST") return new Response(null, { status: 405 });
  const reading = await provider.readWebhook(await request.text(), request.headers);
  const result = await receivePaymentWebhook(context.env.DB, reading, new URL(request.url).origin);
  return Response.json({ result }, { status: WEBHOOK_STATUS[result] });
}

export function loader() {
  return new Response(null, { status: 405 });
}
