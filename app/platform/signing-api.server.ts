/**
 * The e-signature service's HTTP API in a deployment (docs/decisions/0021): `SIGNING_API_URL`
 * (https) with the bearer key `SIGNING_API_KEY`. The shop asks for a signature with
 * `POST /v1/signature-requests` (the purchase id as idempotency key) and gets the request's id and
 * the signer's link; the service confirms to `/signing/webhook`, signed with
 * `SIGNING_WEBHOOK_SECRET` like the sandbox.
 */
import type { SignatureRequest, SignatureRequested, SigningProvider } from "./signing-provider";
import { readSignedEvent } from "./signing-sandbox.server";

export const SIGNING_API_SECRETS = ["SIGNING_API_KEY", "SIGNING_WEBHOOK_SECRET"] as const;

export function apiSigningProvider(baseUrl: string, apiKey: string, webhookSecret: string): SigningProvider {
  const base = baseUrl.replace(/\/+$/, "");
  async function requestSignature(request: SignatureRequest): Promise<SignatureRequested> {
    const response = await fetch(`${base}/v1/signature-requests`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${apiKey}`,
        Accept: "application/json",
        "Content-Type": "application/json",
        "Idempotency-Key": request.purchaseId,
      },
      body: JSON.stringify({
        reference: request.purchaseId,
        signer: { email: request.signerEmail, name: request.signerName },
        document: { title: request.title, lines: request.lines },
        webhookUrl: `${request.origin}/signing/webhook`,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`signing service: HTTP ${response.status}`);
    const body = (await response.json()) as { id?: unknown; signUrl?: unknown };
    if (typeof body?.id !== "string" || typeof body.signUrl !== "string" || !body.signUrl.startsWith("https://"))
      throw new Error("signing service: no id or https signUrl in its answer");
    return { ref: body.id, signUrl: body.signUrl };
  }
  return {
    name: "api",
    requestSignature,
    // The purchase id is the idempotency key: asked again, the service answers the same request.
    async signUrl(ref, request) {
      const again = await requestSignature(request);
      if (again.ref !== ref) throw new Error("signing service: another request for the same purchase");
      return again.signUrl;
    },
    readWebhook: (body, headers) => readSignedEvent(webhookSecret, body, headers),
  };
}
