/**
 * The transactional mail provider that delivers the outbox (docs/decisions/0009-safe-by-default.md).
 * Chosen by configuration: `MAIL_PROVIDER=resend` with `MAIL_API_KEY` (secret) and `MAIL_FROM` in a
 * deployment. Where development stand-ins are allowed and none is configured, mails stay in the
 * outbox, where the development mailbox shows them.
 */
import type { Env } from "./context";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post); Resend sends them as given. */
  headers?: Record<string, string>;
}

export type SendResult =
  | { ok: true }
  /** `retry`: worth trying again later (network, rate limit, provider trouble); else it never will be. */
  | { ok: false; retry: boolean; reason: string };

export interface MailTransport {
  name: string;
  /** The same key for the same mail, so a provider that saw it already does not send it again. */
  send(mail: OutgoingMail, idempotencyKey: string): Promise<SendResult>;
}

const RESEND_ENDPOINT = "https://api.resend.com/emails";

/** Resend's e-mail API; its Idempotency-Key makes a repeated request within 24 hours send nothing. */
function resendTransport(apiKey: string, from: string): MailTransport {
  return {
    name: "resend",
    async send(mail, idempotencyKey) {
      let response: Response;
      try {
        response = await fetch(RESEND_ENDPOINT, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${apiKey}`,
            "Content-Type": "application/json",
            "Idempotency-Key": idempotencyKey,
          },
          body: JSON.stringify({
            from,
            to: [mail.to],
            subject: mail.subject,
            text: mail.text,
            ...(mail.headers && Object.keys(mail.headers).length > 0 ? { headers: mail.headers } : {}),
          }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        return { ok: false, retry: true, reason: `network: ${(error as Error).message}` };
      }
      if (response.ok) return { ok: true };
      const detail = (await response.text().catch(() => "")).slice(0, 300);
      // 409: the same key is still being processed by an overlapping request; 429: rate limit.
      const retry = response.status === 409 || response.status === 429 || response.status >= 500;
      return { ok: false, retry, reason: `HTTP ${response.status} ${detail}` };
    },
  };
}

/** The configured transport; null where the outbox stays for the development mailbox. */
export function mailTransport(env: Env): MailTransport | null {
  if (env.MAIL_PROVIDER === "resend" && env.MAIL_API_KEY && env.MAIL_FROM)
    return resendTransport(env.MAIL_API_KEY, env.MAIL_FROM);
  if (env.standIns) return null;
  throw new Error("No mail provider is configured (MAIL_PROVIDER, MAIL_API_KEY, MAIL_FROM)");
}

/** Why mail cannot be delivered in a deployment; empty when it can. */
export function mailProblems(env: Env): string[] {
  if (env.MAIL_PROVIDER !== "resend")
    return [`MAIL_PROVIDER is "${env.MAIL_PROVIDER ?? ""}" (a deployment needs "resend")`];
  const problems: string[] = [];
  if (!env.MAIL_API_KEY) problems.push("MAIL_API_KEY is not set");
  if (!env.MAIL_FROM) problems.push("MAIL_FROM is not set");
  if (!/^https:\/\/[^/]+$/.test(env.SHOP_ORIGIN ?? ""))
    problems.push("SHOP_ORIGIN is not an https origin (the links of mails the Cron Trigger writes)");
  return problems;
}

/** Where locally run shops are reached (`npm start`), for mails written without a request. */
const LOCAL_ORIGIN = "http://127.0.0.1:8787";

/**
 * The shop's address in the links of a mail written without a request to take it from (the Cron
 * Trigger's): SHOP_ORIGIN, which a deployment must set (mailProblems).
 */
export const shopOrigin = (env: Env) => env.SHOP_ORIGIN ?? LOCAL_ORIGIN;
