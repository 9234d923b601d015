/**
 * The shop's end of the signing service's server-to-server confirmation (docs/decisions/0021):
 * the provider verifies the signature over the raw body and reads it, the domain applies the
 * verified event, and this module answers the service. The signing sandbox's page sends its
 * confirmations through the same path, signature check included.
 */
import { applySigningEvent, type SigningResult } from "~/domain/share/purchase.server";
import type { Env } from "~/platform/context";
import { signingProvider } from "~/platform/signing.server";

export type SigningWebhookResult = SigningResult | "badSignature" | "badPayload";

/** HTTP status of each answer to the signing service: it retries only what it may fix. */
export const SIGNING_WEBHOOK_STATUS: Record<SigningWebhookResult, number> = {
  applied: 200,
  unchanged: 200,
  unknown: 404,
  badSignature: 401,
  badPayload: 400,
};

/** A longer body is no confirmation; it is refused unread. */
const MAX_BODY_LENGTH = 10_000;

/** Only a body whose signature the configured service's secret verifies is read at all. */
export async function receiveSigningWebhook(env: Env, body: string, headers: Headers): Promise<SigningWebhookResult> {
  const reading = await signingProvider(env).readWebhook(body, headers);
  if (reading.kind !== "event") return reading.kind;
  return applySigningEvent(env.DB, reading.event);
}

/** The answer to the service's POST: the result by name, with its status. */
export async function answerSigningWebhook(env: Env, request: Request): Promise<Response> {
  const body = await request.text();
  const result: SigningWebhookResult =
    body.length > MAX_BODY_LENGTH ? "badPayload" : await receiveSigningWebhook(env, body, request.headers);
  return Response.json({ result }, { status: SIGNING_WEBHOOK_STATUS[result] });
}
