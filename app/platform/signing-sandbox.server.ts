/**
 * The signing sandbox, a development stand-in (docs/decisions/0009, 0021): its signing page lives
 * inside the shop at /signing/sandbox/{ref}, and it signs its confirmations with
 * SIGNING_WEBHOOK_SECRET (HMAC-SHA-256 over the raw JSON body), as a real service would. It keeps
 * no state of its own: its page reads the declaration the shop stored. It exists only where
 * development stand-ins are allowed and no real service is configured.
 */
import { z } from "zod";
import { jsonBody } from "./json-body";
import type { Env } from "./context";
import { hmacHex, verifyHmacHex } from "./hmac.server";
import { notFound, requireStandIns } from "./route-data.server";
import { secret } from "./secrets.server";
import { randomToken } from "./tokens.server";
import {
  SIGNING_SIGNATURE_HEADER,
  type SigningEvent,
  type SigningProvider,
  type SigningWebhookReading,
} from "./signing-provider";

/** A confirmation's body: exactly what the shop needs, as JSON. */
export const signingEventSchema = jsonBody.pipe(
  z.object({
    eventId: z.string().min(1).max(100),
    ref: z.string().min(1).max(100),
    outcome: z.enum(["signed", "declined"]),
  }) satisfies z.ZodType<SigningEvent>,
);

/** Reads a confirmation signed with `webhookSecret`; anything unsigned or malformed is refused. */
export async function readSignedEvent(
  webhookSecret: string,
  body: string,
  headers: Headers,
): Promise<SigningWebhookReading> {
  if (!(await verifyHmacHex(webhookSecret, body, headers.get(SIGNING_SIGNATURE_HEADER))))
    return { kind: "badSignature" };
  const parsed = signingEventSchema.safeParse(body);
  return parsed.success ? { kind: "event", event: parsed.data } : { kind: "badPayload" };
}

/** The sandbox's pages exist only where stand-ins are allowed and no real service is configured. */
export function requireSigningSandbox(env: Env): void {
  requireStandIns(env);
  if (env.SIGNING_PROVIDER && env.SIGNING_PROVIDER !== "sandbox") throw notFound();
}

export const sandboxSignUrl = (origin: string, ref: string) => `${origin}/signing/sandbox/${ref}`;

/** The sandbox's confirmation as it would travel: the raw body and its signature header. */
export async function signSandboxEvent(env: Env, event: SigningEvent): Promise<{ body: string; headers: Headers }> {
  const body = JSON.stringify(event);
  const signature = await hmacHex(secret(env, "SIGNING_WEBHOOK_SECRET"), body);
  return { body, headers: new Headers({ [SIGNING_SIGNATURE_HEADER]: signature, "Content-Type": "application/json" }) };
}

export function sandboxSigningProvider(env: Env): SigningProvider {
  return {
    name: "sandbox",
    async requestSignature(request) {
      // The reference is the signing page's only key: unguessable, like a real service's link.
      const ref = `sig_${randomToken(18)}`;
      return { ref, signUrl: sandboxSignUrl(request.origin, ref) };
    },
    signUrl: async (ref, request) => sandboxSignUrl(request.origin, ref),
    readWebhook: (body, headers) => readSignedEvent(secret(env, "SIGNING_WEBHOOK_SECRET"), body, headers),
  };
}
