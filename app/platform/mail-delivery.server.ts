/**
 * Delivering the outbox (docs/decisions/0009-safe-by-default.md): through the mail queue where the
 * worker has it (docs/decisions/0051-mail-queue.md), else by the Cron Trigger itself.
 *
 * Never twice: whoever sends (a Cron run, a queue consumer) first claims the mails with one UPDATE
 * that writes its own token and a lease end, so two overlapping runs or consumers, or a message the
 * queue delivers twice, cannot claim the same mail (D1 has one writer). A sender that dies after
 * sending but before marking leaves a lease that ends; the next one sends again with the same
 * idempotency key, and the provider does not send it a second time.
 *
 * Failures wait with exponential backoff; a mail is parked with a log line after MAX_ATTEMPTS
 * failures, or at once when the provider refuses it for good (e.g. an invalid address).
 *
 * The queue carries only the row's id; the row stays the mail and its state. A mail handed to the
 * queue carries `queued_until`, when its consumer should have dealt with it; a mail past that time
 * and still unsent (the hand-over failed, the message was lost) is handed over again by the Cron
 * Trigger's sweep, so no mail is lost between the batch that wrote it and the queue.
 */
import { sql, type SqlBool } from "kysely";
import type { Env, MailMessage } from "./context";
import { prepare, qb } from "./db.server";
import { mailTransport, type MailTransport } from "./mail-transport.server";
import { readHeaders } from "./mailer.server";
import { randomToken } from "./tokens.server";

export const MAX_ATTEMPTS = 8;
/** Mails one run claims; with PARALLEL_SENDS at once and the transport's 15 s timeout well inside the lease. */
const RUN_SIZE = 30;
const PARALLEL_SENDS = 6;
const LEASE_SECONDS = 5 * 60;
/**
 * How long a mail handed to the queue is left to its consumer before the sweep hands it over
 * again: longer than the claim's lease, so a consumer that died has let go of it by then.
 */
export const QUEUED_SECONDS = 10 * 60;
/** At most this many messages go into one `sendBatch` (the Queues limit is 100 and 256 KB). */
const HAND_OVER_BATCH = 100;
/** Mails one sweep of the Cron Trigger hands to the queue at most (a backlog goes in rounds of a minute). */
const SWEEP_SIZE = 1000;
/** What a request hands over: the mails written in the last minute. */
export const REQUEST_HAND_OVER = { limit: HAND_OVER_BATCH, writtenWithinSeconds: 60 };

/** What one sweep hands over: a minute of the consumer's pace, at most SWEEP_SIZE. */
export function sweepSize(env: Env): number {
  return Math.min(SWEEP_SIZE, Math.ceil(sendsPerSecond(env) * 60));
}

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

/** The row's id is one of `ids`: one bound value, as D1 binds at most 100 per statement. */
const idIn = (ids: number[]) => sql<SqlBool>`id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;

/** The mails that may be sent now: unsent, not parked, due, and nobody's lease running. */
function dueMails(now: Date) {
  return qb
    .selectFrom("outbox")
    .select("id")
    .where("sent_at", "is", null)
    .where("parked_at", "is", null)
    .where((eb) => eb.or([eb("next_attempt_at", "is", null), eb("next_attempt_at", "<=", at(now))]))
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at(now))]));
}

/** Claims the due mails: the first RUN_SIZE, or those of `ids` (a queue batch's) that are due. */
async function claimDueMails(db: D1Database, token: string, now: Date, ids?: number[]): Promise<ClaimedMail[]> {
  const due = (ids ? dueMails(now).where(idIn(ids)) : dueMails(now)).orderBy("id").limit(ids?.length ?? RUN_SIZE);
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

interface Delivered {
  outcome: Outcome;
  /** When a failed mail is tried again. */
  retryInSeconds?: number;
}

/** `queued`: the mail came from the queue, which brings it back after the backoff. */
async function deliverOne(
  db: D1Database,
  transport: MailTransport,
  mail: ClaimedMail,
  token: string,
  now: Date,
  queued = false,
): Promise<Delivered> {
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
    return { outcome: "sent" };
  }
  const failures = mail.attempts + 1;
  const park = !result.retry || failures >= MAX_ATTEMPTS;
  const delay = retryDelaySeconds(failures);
  await prepare(
    db,
    ours(qb.updateTable("outbox")).set({
      attempts: failures,
      last_error: result.reason.slice(0, 500),
      claim_token: null,
      claimed_until: null,
      ...(park ? { parked_at: at(now) } : { next_attempt_at: at(now, delay) }),
      // the queue brings it back after the delay; the sweep only if it does not by then
      ...(queued && !park ? { queued_until: at(now, delay + QUEUED_SECONDS) } : {}),
    }),
  ).run();
  if (park)
    console.error(`Mail ${mail.id} parked after ${failures} failed attempt(s) via ${transport.name}: ${result.reason}`);
  return park ? { outcome: "parked" } : { outcome: "retrying", retryInSeconds: delay };
}

/** The provider's documented default rate limit (Resend: requests per second per team). */
const DEFAULT_SENDS_PER_SECOND = 5;

/** The consumer's pace: MAIL_SENDS_PER_SECOND, at least 1, else the provider's default. */
export function sendsPerSecond(env: Env): number {
  const configured = Number(env.MAIL_SENDS_PER_SECOND);
  return Number.isFinite(configured) && configured >= 1 ? configured : DEFAULT_SENDS_PER_SECOND;
}

/**
 * Sends claimed mails, PARALLEL_SENDS at a time (fewer when `perSecond` is lower), each group
 * starting no sooner than the pace allows: with one consumer at a time (wrangler.toml's
 * max_concurrency) the shop stays within the provider's rate limit instead of meeting its 429s.
 * Each mail's result by its id.
 */
async function deliverClaimed(
  db: D1Database,
  transport: MailTransport,
  mails: ClaimedMail[],
  token: string,
  now: Date,
  queued: boolean,
  perSecond = Number.POSITIVE_INFINITY,
): Promise<Map<number, Delivered>> {
  const results = new Map<number, Delivered>();
  const size = Math.max(1, Math.min(PARALLEL_SENDS, Math.floor(perSecond)));
  const started = Date.now();
  for (let i = 0; i < mails.length; i += size) {
    const wait = started + (i / perSecond) * 1000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const group = mails.slice(i, i + size);
    const delivered = await Promise.all(group.map((mail) => deliverOne(db, transport, mail, token, now, queued)));
    for (const [j, mail] of group.entries()) results.set(mail.id, delivered[j]);
  }
  return results;
}

function tally(results: Iterable<Delivered>): DeliveryReport {
  const report: DeliveryReport = { sent: 0, retrying: 0, parked: 0 };
  for (const { outcome } of results) report[outcome] += 1;
  return report;
}

/**
 * One delivery run of the Cron Trigger where the worker has no mail queue: claims the due mails
 * and sends them. Nothing to do where no transport is configured.
 */
export async function deliverOutbox(env: Env, now = new Date()): Promise<DeliveryReport> {
  const transport = mailTransport(env);
  if (!transport) return tally([]);
  const token = randomToken(16);
  const mails = await claimDueMails(env.DB, token, now);
  return tally((await deliverClaimed(env.DB, transport, mails, token, now, false)).values());
}

/**
 * Hands the due mails nobody has handed over yet (or whose hand-over is past its time) to the
 * queue: marks them queued in one UPDATE first, so two hand-overs never send the same mail twice
 * into the queue, and takes the mark back when the queue refuses them (the sweep also finds them
 * once the mark's time has passed). Nothing where mails stay in the outbox (no transport) or there
 * is no queue. Returns how many were handed over.
 *
 * A request hands over the mails written within the last minute (its own among them), at most a
 * sendBatch; the sweep hands over any, at most a minute of the consumer's pace (`sweepSize`). So a
 * backlog (a newsletter to every subscriber) enters the queue about as fast as the consumer sends
 * it, and no mail waits in the queue past its `queued_until`, which would hand it over twice (its
 * second message would find it sent and do nothing, but costs a claim).
 */
export async function handOverOutbox(
  env: Env,
  now = new Date(),
  { limit = HAND_OVER_BATCH, writtenWithinSeconds }: { limit?: number; writtenWithinSeconds?: number } = {},
): Promise<number> {
  const queue = env.MAIL;
  if (!queue || !mailTransport(env)) return 0;
  const notQueued = dueMails(now).where((eb) =>
    eb.or([eb("queued_until", "is", null), eb("queued_until", "<=", at(now))]),
  );
  const waiting = (
    writtenWithinSeconds === undefined ? notQueued : notQueued.where("created_at", ">=", at(now, -writtenWithinSeconds))
  )
    .orderBy("id")
    .limit(limit);
  const marked = await prepare(
    env.DB,
    qb
      .updateTable("outbox")
      .set({ queued_until: at(now, QUEUED_SECONDS) })
      .where("id", "in", waiting)
      .returning("id"),
  ).all<{ id: number }>();
  const ids = marked.results.map((row) => row.id);
  let handed = 0;
  for (let i = 0; i < ids.length; i += HAND_OVER_BATCH) {
    const chunk = ids.slice(i, i + HAND_OVER_BATCH);
    try {
      await queue.sendBatch(chunk.map((id) => ({ body: { id } })));
      handed += chunk.length;
    } catch (error) {
      console.error(`mail queue refused ${chunk.length} mail(s); the Cron Trigger's sweep hands them over`, error);
      await prepare(
        env.DB,
        qb.updateTable("outbox").set({ queued_until: null }).where(idIn(chunk)).where("sent_at", "is", null),
      )
        .run()
        .catch(() => {});
    }
  }
  return handed;
}

/**
 * The queue's consumer: claims the batch's mails that are still due (a mail sent already, parked,
 * or held by another consumer is acknowledged and left alone), sends them, acknowledges the sent
 * and parked ones and brings the failed ones back after their backoff.
 */
export async function deliverQueuedMails(
  env: Env,
  batch: MessageBatch<MailMessage>,
  now = new Date(),
): Promise<DeliveryReport> {
  const transport = mailTransport(env);
  const byId = new Map<number, Message<MailMessage>[]>();
  for (const message of batch.messages) {
    const id = Number(message.body?.id);
    if (!Number.isSafeInteger(id)) {
      message.ack();
      continue;
    }
    byId.set(id, [...(byId.get(id) ?? []), message]);
  }
  // Mails stay in the outbox for the development mailbox where no transport is configured.
  if (!transport || byId.size === 0) {
    batch.ackAll();
    return tally([]);
  }
  const token = randomToken(16);
  const mails = await claimDueMails(env.DB, token, now, [...byId.keys()]);
  const results = await deliverClaimed(env.DB, transport, mails, token, now, true, sendsPerSecond(env));
  for (const [id, messages] of byId) {
    const result = results.get(id);
    // The same mail twice in one batch: one of its messages brings it back, the others are done.
    messages.forEach((message, i) => {
      if (i === 0 && result?.retryInSeconds !== undefined) message.retry({ delaySeconds: result.retryInSeconds });
      else message.ack();
    });
  }
  return tally(results.values());
}
