/**
 * A local stand-in of the e-signature service's API (docs/decisions/0021): `POST
 * /v1/signature-requests` takes a declaration and answers the request's id and the signer's https
 * link. `confirm()` makes the service's signed confirmation for a request, as it would post it to
 * the shop's `/signing/webhook`.
 */
import { createHmac } from "node:crypto";
import { Response } from "miniflare";

export const SIGNING_API_URL = "https://sign.frischkorb.test";
export const SIGNING_API_KEY = "sign_standin_0123456789abcdefghijkl";
export const SIGNING_WEBHOOK_SECRET = "sign_webhook_standin_0123456789abcdefgh";

export interface SignatureRequestRecord {
  id: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
  authorization: string | null;
}

export class SigningServiceStandIn {
  readonly requests: SignatureRequestRecord[] = [];

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method !== "POST" || url.pathname !== "/v1/signature-requests")
      return new Response("not found", { status: 404 });
    const id = `req_${this.requests.length + 1}`;
    this.requests.push({
      id,
      body: (await request.json()) as Record<string, unknown>,
      idempotencyKey: request.headers.get("Idempotency-Key"),
      authorization: request.headers.get("Authorization"),
    });
    return new Response(JSON.stringify({ id, signUrl: `${SIGNING_API_URL}/sign/${id}` }), {
      headers: { "Content-Type": "application/json" },
    });
  }

  /** The service's confirmation of a request: the raw body and its signature header. */
  confirm(ref: string, outcome: "signed" | "declined", secret = SIGNING_WEBHOOK_SECRET) {
    const body = JSON.stringify({ eventId: `evt_${Math.random().toString(36).slice(2)}`, ref, outcome });
    const signature = createHmac("sha256", secret).update(body).digest("hex");
    return { body, headers: { "Content-Type": "application/json", "X-Signing-Signature": signature } };
  }
}
