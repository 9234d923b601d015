import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { answerPaymentWebhook } from "~/http/order/payment-webhook.server";
import { requireSandbox, sandboxProvider } from "~/platform/payment-sandbox.server";

/**
 * The sandbox provider's signed server-to-server confirmation (replays answer 200 and change
 * nothing). A development stand-in: it does not exist outside a local development or test shop.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireSandbox(context.env);
  if (request.method !== "POST") return new Response(null, { status: 405 });
  return answerPaymentWebhook(context.env, sandboxProvider(context.env), request);
}

export function loader({ context }: ActionFunctionArgs) {
  requireSandbox(context.env);
  return new Response(null, { status: 405 });
}
