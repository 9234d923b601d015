import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { SIGNING_WEBHOOK_STATUS, receiveSigningWebhook } from "~/domain/share/purchase.server";

/**
 * The signing service's signed server-to-server confirmation (docs/decisions/0021): the
 * signature over the raw body decides, not the caller. A replay answers 200 and changes nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405 });
  const body = await request.text();
  if (body.length > 10_000) return Response.json({ result: "badPayload" }, { status: 400 });
  const result = await receiveSigningWebhook(context.env, body, request.headers);
  return Response.json({ result }, { status: SIGNING_WEBHOOK_STATUS[result] });
}

export function loader() {
  return new Response(null, { status: 405 });
}
