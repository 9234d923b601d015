/**
 * The cron's pruning (docs/decisions/0052-order-archive-and-pruning.md): rows that no longer mean
 * anything are deleted in small batches, so the tables the shop reads on every request stay as
 * small as the live traffic, however long the shop runs. Every statement deletes only rows that
 * can no longer be used, so it can run at any time, twice at once, or be cut off half-way.
 */
import { sql } from "kysely";
import { prepare } from "./db.server";
import { LIMITS } from "./rate-limit.server";
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from "./session.server";

/** Delivered mails are kept this long for the support's questions ("did the mail go out?"). */
export const DELIVERED_MAIL_KEEP_DAYS = 30;
/** A used or expired link still answers "already used / expired" for a week, then it is gone. */
export const SPENT_TOKEN_KEEP_DAYS = 7;
/** Rows per statement: a D1 statement stays well within its time limit. */
export const PRUNE_BATCH = 1000;

const DAY = 24 * 60 * 60;

/** The longest window any throttle counts in: a row whose window ended before that counts nothing. */
const LONGEST_WINDOW = Math.max(...Object.values(LIMITS).map((limit) => limit.windowSeconds));

export interface PruneReport {
  sessions: number;
  tokens: number;
  outbox: number;
  rateLimits: number;
}

/** One pass over each table, at most PRUNE_BATCH rows each; the next cron run takes the rest. */
export async function pruneExpired(db: D1Database, now: Date, batchSize = PRUNE_BATCH): Promise<PruneReport> {
  const seconds = Math.floor(now.getTime() / 1000);
  const spent = seconds - SPENT_TOKEN_KEEP_DAYS * DAY;
  const mailBefore = new Date(now.getTime() - DELIVERED_MAIL_KEEP_DAYS * DAY * 1000).toISOString();
  const limited = (table: string, where: ReturnType<typeof sql>, key: string) =>
    prepare(
      db,
      sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(key)} IN (SELECT ${sql.ref(key)} FROM ${sql.table(table)} WHERE ${where} LIMIT ${batchSize})`,
    );
  const results = await db.batch([
    limited(
      "session",
      sql`last_seen_at < ${seconds - SESSION_IDLE_SECONDS} OR created_at < ${seconds - SESSION_ABSOLUTE_SECONDS}`,
      "id_hash",
    ),
    limited("customer_token", sql`expires_at < ${spent} OR used_at < ${spent}`, "token_hash"),
    limited("newsletter_token", sql`expires_at < ${spent} OR used_at < ${spent}`, "token_hash"),
    limited("api_token", sql`expires_at < ${seconds}`, "token_hash"),
    // parked mails stay: the support resends or answers them (docs/decisions on the outbox)
    limited("outbox", sql`sent_at IS NOT NULL AND sent_at < ${mailBefore}`, "id"),
    limited("rate_limit", sql`window_start < ${seconds - LONGEST_WINDOW}`, "key"),
  ]);
  const changes = results.map((result) => result.meta.changes ?? 0);
  return {
    sessions: changes[0],
    tokens: changes[1] + changes[2] + changes[3],
    outbox: changes[4],
    rateLimits: changes[5],
  };
}
