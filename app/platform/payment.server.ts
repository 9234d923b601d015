/**
 * The payment provider (ARCHITECTURE "The outside world"): a hosted payment page the customer is
 * sent to, and a signed server-to-server confirmation that alone decides whether an order is
 * paid. The embedded sandbox plays the provider: its page lives at /payment/sandbox/{id} and it
 * signs its confirmations with PAYMENT_WEBHOOK_SECRET (HMAC-SHA-256), as a real provider would.
 */
import type { Env } from "./context";
import { secret } from "./secrets.server";

export const SIGNATURE_HEADER = "X-Payment-Signature";

export type PaymentOutcome = "approved" | "declined" | "canceled";

export interface PaymentConfirmation {
  /** Unique per confirmation the provider sends; replays carry the same id. */
  confirmationId: string;
  paymentId: string;
  orderId: string;
  amountCents: number;
  currency: string;
  outcome: PaymentOutcome;
}

export const paymentPageUrl = (paymentId: string) => `/payment/sandbox/${paymentId}`;

async function key(env: Env, usage: KeyUsage): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(secret(env, "PAYMENT_WEBHOOK_SECRET")), { name: "HMAC", hash: "SHA-256" }, false, [usage]);
}

const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

export async function signBody(env: Env, body: string): Promise<string> {
  return toHex(await crypto.subtle.sign("HMAC", await key(env, "sign"), new TextEncoder().encode(body)));
}

/** Constant-time check (crypto.subtle.verify) of a hex signature over the raw body. */
export async function verifyBody(env: Env, body: string, signature: string | null): Promise<boolean> {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const bytes = new Uint8Array(signature.match(/../g)!.map((h) => parseInt(h, 16)));
  return crypto.subtle.verify("HMAC", await key(env, "verify"), bytes, new TextEncoder().encode(body));
}

export function parseConfirmation(body: string): PaymentConfirmation | null {
  try {
    const v = JSON.parse(body) as Partial<PaymentConfirmation>;
    const ok = typeof v.confirmationId === "string" && typeof v.paymentId === "string" && typeof v.orderId === "string"
      && Number.isInteger(v.amountCents) && typeof v.currency === "string"
      && (v.outcome === "approved" || v.outcome === "declined" || v.outcome === "canceled");
    return ok ? (v as PaymentConfirmation) : null;
  } catch {
    return null;
  }
}
