/**
 * Delivering the outbox (docs/decisions/0009-safe-by-default.md), run by the Cron Trigger.
 *
 * Never twice: a run claims due mails with one UPDATE that writes its own token and a lease end,
 * so two overlapping runs cannot claim the same mail (D1 has one writer). A run that dies after
 * sending but before marking leaves a lease that ends; the next run sends again with the same
 * idempotency key, and the provider does not send it a second time.
 *
 * Failures wait with exponential backoff; a mail is parked with a log line after MAX_ATTEMPTS
 * failures, or at once when the provider refuses it for good (e.g. an invalid address).
 */
import type { Env } from "./context";
import { prepare, qb } from "./db.server";
import { mailTransport, type MailTransport } from "./mail-transport.server";
import { readHeaders } from "./mailer.server";
import { randomToken } from "./tokens.server";

export const MAX_ATTEMPTS = 8;
/** Mails one run claims; with PARALLEL_SENDS at once and the transport's 15 s timeout well inside the lease. */
const RUN_SIZE = 30;
const PARALLEL_SENDS = 6;
const LEASE_SECONDS = 5 * 60;

/** 1, 2, 4, … minutes after the first, second, third failure; at most 6 hours. */
export function retryDelaySeconds(failures: number): number {
  return Math.min(60 * 2 ** (failures - 1), 6 * 60 * 60);
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  parked: number;
}

interface ClaimedMail {
  id: number;
  recipient: string;
  subject: string;
  text_body: string;
  created_at: string;
  attempts: number;
  headers: string | null;
}

const at = (now: Date, seconds = 0) => new Date(now.getTime() + seconds * 1000).toISOString();

async function claimDueMails(db: D1Database, token: string, now: Date): Promise<ClaimedMail[]> {
  const due = qb
    .selectFrom("outbox")
    .select("id")
    .where("sent_at", "is", null)
    .where("parked_at", "is", null)
    .where((eb) => eb.or([eb("next_attempt_at", "is", null), eb("next_attempt_at", "<=", at(now))]))
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at(now))]))
    .orderBy("id")
    .limit(RUN_SIZE);
  const claimed = await prepare(
    db,
    qb
      .updateTable("outbox")
      .set({ claim_token: token, claimed_until: at(now, LEASE_SECONDS) })
      .where("id", "in", due)
      .returning(["id", "recipient", "subject", "text_body", "created_at", "attempts", "headers"]),
  ).all<ClaimedMail>();
  return claimed.results;
}

type Outcome = keyof DeliveryReport;

async function deliverOne(
  db: D1Database,
  transport: MailTransport,
  mail: ClaimedMail,
  token: string,
  now: Date,
): Promise<Outcome> {
  const result = await transport.send(
    { to: mail.recipient, subject: mail.subject, text: mail.text_body, headers: readHeaders(mail.headers) },
    `frischkorb-outbox/${mail.id}/${mail.created_at}`,
  );
  const ours = (q: ReturnType<typeof qb.updateTable<"outbox">>) =>
    q.where("id", "=", mail.id).where("claim_token", "=", token);
  if (result.ok) {
    await prepare(
      db,
      ours(qb.updateTable("outbox")).set({
        sent_at: at(now),
        claim_token: null,
        claimed_until: null,
        last_error: null,
      }),
    ).run();
    return "sent";
  }
  const failures = mail.attempts + 1;
  const park = !result.retry || failures >= MAX_ATTEMPTS;
  await prepare(
    db,
    ours(qb.updateTable("outbox")).set({
      attempts: failures,
      last_error: result.reason.slice(0, 500),
      claim_token: null,
      claimed_until: null,
      ...(park ? { parked_at: at(now) } : { next_attempt_at: at(now, retryDelaySeconds(failures)) }),
    }),
  ).run();
  if (park)
    console.error(`Mail ${mail.id} parked after ${failures} failed attempt(s) via ${transport.name}: ${result.reason}`);
  return park ? "parked" : "retrying";
}

/** One delivery run: claims the due mails and sends them. Nothing to do where no transport is configured. */
export async function deliverOutbox(env: Env, now = new Date()): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, parked: 0 };
  const transport = mailTransport(env);
  if (!transport) return report;
  const token = randomToken(16);
  const mails = await claimDueMails(env.DB, token, now);
  for (let i = 0; i < mails.length; i += PARALLEL_SENDS) {
    const outcomes = await Promise.all(
      mails.slice(i, i + PARALLEL_SENDS).map((mail) => deliverOne(env.DB, transport, mail, token, now)),
    );
    for (const outcome of outcomes) report[outcome] += 1;
  }
  return report;
}
