import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receivePaymentWebhook } from "~/domain/order/payment.server";
import { requireSandbox, sandboxProvider } from "~/platform/payment-sandbox.server";
import { WEBHOOK_STATUS } from "~/platform/payment.server";

/**
 * The sandbox provider's signed server-to-server confirmation (replays answer 200 and change
 * nothing). A development stand-in: it does not exist outside a local development or test shop.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireSandbox(context.env);
  if (request.method !== "POST") return new Response(null, { status: 405 });
  const reading = await sandboxProvider(context.env).readWebhook(await request.text(), request.headers);
  const result = await receivePaymentWebhook(context.env.DB, reading, new URL(request.url).origin);
  return Response.json({ result }, { status: WEBHOOK_STATUS[result] });
}

export function loader({ context }: ActionFunctionArgs) {
  requireSandbox(context.env);
  return new Response(null, { status: 405 });
}
