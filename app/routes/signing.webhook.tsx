import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { answerSigningWebhook } from "~/http/share/signing-webhook.server";

/**
 * The signing service's signed server-to-server confirmation (docs/decisions/0021): the
 * signature over the raw body decides, not the caller. A replay answers 200 and changes nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405 });
  return answerSigningWebhook(context.env, request);
}

export function loader() {
  return new Response(null, { status: 405 });
}
