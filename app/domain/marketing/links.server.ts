/**
 * The links of the newsletter's mails (docs/decisions/0026). The confirmation link carries a random
 * token whose hash alone is stored. The unsubscribe link must work for as long as any mail that
 * carries it exists, without signing in: it names the subscription and an HMAC over its id with
 * the secret UNSUBSCRIBE_SECRET, so every mail, today's and a future one, can carry it without
 * storing anything, and nobody can make one for another subscription.
 */
import type { Env } from "~/platform/context";
import { hmacHex, verifyHmacHex } from "~/platform/hmac.server";
import { secret } from "~/platform/secrets.server";
import { confirmationPath, unsubscribePath } from "./href";

const signed = (id: number) => `newsletter-unsubscribe:${id}`;

export function unsubscribeToken(env: Env, subscriptionId: number): Promise<string> {
  return hmacHex(secret(env, "UNSUBSCRIBE_SECRET"), signed(subscriptionId));
}

/** Whether the token is the one of this subscription (compared in constant time). */
export function isUnsubscribeToken(env: Env, subscriptionId: number, token: string): Promise<boolean> {
  return verifyHmacHex(secret(env, "UNSUBSCRIBE_SECRET"), signed(subscriptionId), token);
}

export async function unsubscribeUrl(env: Env, origin: string, subscriptionId: number): Promise<string> {
  return `${origin}${unsubscribePath(subscriptionId, await unsubscribeToken(env, subscriptionId))}`;
}

export const confirmationUrl = (origin: string, token: string) => `${origin}${confirmationPath(token)}`;
