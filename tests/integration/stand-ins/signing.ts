/**
 * A local stand-in of the e-signature service's API (docs/decisions/0021):
 * `POST /v1/signature-requests` takes a declaration to be signed and answers the request's id and
 * the signer's link. It keeps every request (with its idempotency key) so a test sees what the
 * shop sent, and it signs its confirmations to the shop as the service would: HMAC-SHA-256 (hex)
 * over the raw body with the deployment's SIGNING_WEBHOOK_SECRET.
 */
import { createHmac } from "node:crypto";
import { Response } from "miniflare";

export const SIGNING_API_URL = "https://sign.frischkorb.test";
export const SIGNING_API_KEY = "sign_standin_0123456789abcdefghijklm";
export const SIGNING_WEBHOOK_SECRET = "sign_whsec_standin_0123456789abcdefghij";

export interface SignatureRequestSeen {
  id: string;
  idempotencyKey: string | null;
  body: {
    reference: string;
    signer: { email: string; name: string };
    document: { title: string; lines: string[] };
    webhookUrl: string;
  };
}

export class SigningStandIn {
  readonly requests: SignatureRequestSeen[] = [];
  /** The next `count` requests fail with `status`. */
  private failures = { count: 0, status: 503 };

  failNext(count: number, status = 503) {
    this.failures = { count, status };
  }

  /** The confirmation the service sends to the shop's webhook, signed with `secret`. */
  confirmation(ref: string, outcome: "signed" | "declined", secret = SIGNING_WEBHOOK_SECRET) {
    const body = JSON.stringify({ eventId: `evt_${crypto.randomUUID()}`, ref, outcome });
    return { body, signature: createHmac("sha256", secret).update(body).digest("hex") };
  }

  async handle(request: Request): Promise<Response> {
    if (request.headers.get("Authorization") !== `Bearer ${SIGNING_API_KEY}`)
      return Response.json({ message: "unauthorised" }, { status: 401 });
    if (this.failures.count > 0) {
      this.failures.count -= 1;
      return Response.json({ message: "Stand-in trouble" }, { status: this.failures.status });
    }
    const url = new URL(request.url);
    if (request.method !== "POST" || url.pathname !== "/v1/signature-requests")
      return Response.json({ message: "Not found" }, { status: 404 });
    const idempotencyKey = request.headers.get("Idempotency-Key");
    const known = this.requests.find((r) => idempotencyKey && r.idempotencyKey === idempotencyKey);
    const id = known?.id ?? `sreq_${this.requests.length + 1}_${crypto.randomUUID().slice(0, 8)}`;
    if (!known)
      this.requests.push({ id, idempotencyKey, body: (await request.json()) as SignatureRequestSeen["body"] });
    return Response.json({ id, signUrl: `${SIGNING_API_URL}/sign/${id}` }, { status: known ? 200 : 201 });
  }
}
