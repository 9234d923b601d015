import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receiveConfirmation } from "~/domain/order/payment.server";
import { SIGNATURE_HEADER } from "~/platform/payment.server";

const STATUS = { settled: 200, unchanged: 200, unknown: 404, mismatch: 409, badSignature: 401, badPayload: 400 } as const;

/** The provider's signed server-to-server confirmation (replays answer 200 and change nothing). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405 });
  const result = await receiveConfirmation(context.env.DB, context.env, await request.text(), request.headers.get(SIGNATURE_HEADER), new URL(request.url).origin);
  return Response.json({ result }, { status: STATUS[result] });
}

export function loader() {
  return new Response(null, { status: 405 });
}
