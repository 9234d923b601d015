/**
 * The newsletter by double opt-in (docs/decisions/0026-marketing-preferences.md). An address asks
 * (the visitor's form or the account's switch), gets a link valid once for 48 hours, and only the
 * confirmation through that link makes it a subscriber; leaving takes effect at once. Every step
 * is one batch whose statements are guarded by the state they change, so simultaneous requests
 * make one subscription, one link and one mail, and every record tells a change that happened.
 */
import { sql } from "kysely";
import type { Env } from "~/platform/context";
import { first, prepare, qb } from "~/platform/db.server";
import { queueMail } from "~/platform/mailer.server";
import { nowSeconds, randomId, randomToken, sha256 } from "~/platform/tokens.server";
import { alreadySubscribedMail, confirmationMail, welcomeMail } from "./mails.server";
import {
  cooldownSince,
  isConfirmationUsable,
  newConfirmationLink,
  type ConsentSource,
  type NewsletterState,
} from "./preferences";

const isoNow = () => new Date().toISOString();

export interface Subscription {
  id: number;
  email: string;
  status: Exclude<NewsletterState, "none">;
}

export function findSubscription(db: D1Database, id: number): Promise<Subscription | null> {
  return first(db, qb.selectFrom("newsletter_subscription").select(["id", "email", "status"]).where("id", "=", id));
}

const statusOf = (email: string) =>
  sql<string>`COALESCE((SELECT status FROM newsletter_subscription WHERE email = ${email}), 'none')`;

/** The address's state and whether a confirmation link is out and still works. */
export async function loadNewsletter(
  db: D1Database,
  email: string,
): Promise<{ state: NewsletterState; confirmationOpen: boolean }> {
  const now = nowSeconds();
  const row = await first(
    db,
    sql<{ state: NewsletterState; open: number }>`SELECT ${statusOf(email)} AS state,
      EXISTS (SELECT 1 FROM newsletter_token t JOIN newsletter_subscription s ON s.id = t.subscription_id
              WHERE s.email = ${email} AND t.used_at IS NULL AND t.expires_at >= ${now}) AS open`,
  );
  return { state: row?.state ?? "none", confirmationOpen: row?.open === 1 };
}

export interface NewsletterAsk {
  email: string;
  source: Extract<ConsentSource, "account" | "visitor-form">;
  /** The signed-in customer who asked, for the record. */
  customerId: number | null;
  /** For the shop's links in the mails. */
  origin: string;
  /** Whether an address that is subscribed already hears so by mail (the visitor form's case). */
  tellIfSubscribed: boolean;
}

/**
 * The statements that ask an address for its confirmation: the subscription (pending unless it is
 * confirmed already), a new link unless one went out in the last minutes, older links made void,
 * the mail and the record, each only if the link really was made. An address that is confirmed
 * gets nothing new, or (tellIfSubscribed) a mail saying so with the way out.
 */
export async function askForConfirmation(env: Env, ask: NewsletterAsk): Promise<D1PreparedStatement[]> {
  const db = env.DB;
  const token = randomToken(32);
  const hash = await sha256(token);
  const link = newConfirmationLink(nowSeconds());
  const createdAt = isoNow();
  const mayIssue = sql<boolean>`${statusOf(ask.email)} <> 'confirmed' AND NOT EXISTS (
      SELECT 1 FROM newsletter_token t JOIN newsletter_subscription s ON s.id = t.subscription_id
      WHERE s.email = ${ask.email} AND t.used_at IS NULL AND t.created_at > ${cooldownSince(link.createdAt)})`;
  const issued = sql<boolean>`EXISTS (SELECT 1 FROM newsletter_token WHERE token_hash = ${hash})`;
  const statements = [
    prepare(
      db,
      sql`INSERT INTO marketing_consent_record (customer_id, email, channel, old_value, new_value, source, created_at)
          SELECT ${ask.customerId}, ${ask.email}, 'newsletter', ${statusOf(ask.email)}, 'pending', ${ask.source}, ${createdAt}
          WHERE ${mayIssue}`,
    ),
    prepare(
      db,
      sql`INSERT INTO newsletter_subscription (id, email, status, confirmed_at, created_at, updated_at)
          SELECT ${randomId()}, ${ask.email}, 'pending', NULL, ${createdAt}, ${createdAt} WHERE ${mayIssue}
          ON CONFLICT (email) DO UPDATE SET status = 'pending', updated_at = excluded.updated_at
          WHERE newsletter_subscription.status <> 'confirmed'`,
    ),
    prepare(
      db,
      sql`INSERT INTO newsletter_token (token_hash, subscription_id, created_at, expires_at, used_at, used_by)
          SELECT ${hash}, s.id, ${link.createdAt}, ${link.expiresAt}, NULL, NULL FROM newsletter_subscription s
          WHERE s.email = ${ask.email} AND s.status = 'pending' AND NOT EXISTS (
            SELECT 1 FROM newsletter_token t WHERE t.subscription_id = s.id AND t.token_hash <> ${hash}
              AND t.used_at IS NULL AND t.created_at > ${cooldownSince(link.createdAt)})`,
    ),
    prepare(
      db,
      sql`UPDATE newsletter_token SET used_at = ${link.createdAt}
          WHERE subscription_id = (SELECT subscription_id FROM newsletter_token WHERE token_hash = ${hash})
            AND token_hash <> ${hash} AND used_at IS NULL`,
    ),
    queueMail(db, await confirmationMail(ask.origin, ask.email, token), issued),
  ];
  if (ask.tellIfSubscribed) {
    const existing = await first(
      db,
      qb.selectFrom("newsletter_subscription").select(["id", "status"]).where("email", "=", ask.email),
    );
    if (existing?.status === "confirmed") {
      statements.push(
        queueMail(
          db,
          await alreadySubscribedMail(env, ask.origin, ask.email, existing.id),
          sql<boolean>`${statusOf(ask.email)} = 'confirmed'`,
        ),
      );
    }
  }
  return statements;
}

/** The visitor's sign-up; the caller answers the same whatever the address's state was. */
export async function requestNewsletter(env: Env, ask: NewsletterAsk): Promise<void> {
  await env.DB.batch(await askForConfirmation(env, ask));
}

/** A confirmation link that still works, with its subscription; null for any other token. */
export async function findConfirmation(db: D1Database, token: string): Promise<Subscription | null> {
  const row = await first(
    db,
    qb
      .selectFrom("newsletter_token as t")
      .innerJoin("newsletter_subscription as s", "s.id", "t.subscription_id")
      .select(["s.id", "s.email", "s.status", "t.created_at", "t.expires_at", "t.used_at"])
      .where("t.token_hash", "=", await sha256(token)),
  );
  if (!row) return null;
  const usable = isConfirmationUsable(
    { createdAt: row.created_at, expiresAt: row.expires_at, usedAt: row.used_at },
    nowSeconds(),
  );
  return usable ? { id: row.id, email: row.email, status: row.status } : null;
}

export type ConfirmationOutcome = "confirmed" | "invalid";

/**
 * Uses the link: the subscription is confirmed, recorded, and the welcome mail (the first
 * marketing mail) goes out, all only for the one request that really used the link.
 */
export async function confirmNewsletter(env: Env, token: string, origin: string): Promise<ConfirmationOutcome> {
  const db = env.DB;
  const subscription = await findConfirmation(db, token);
  if (!subscription) return "invalid";
  const hash = await sha256(token);
  const now = nowSeconds();
  const mark = randomToken(16);
  const createdAt = isoNow();
  const justUsed = sql<boolean>`EXISTS (SELECT 1 FROM newsletter_token WHERE token_hash = ${hash} AND used_by = ${mark})`;
  const [used] = await db.batch([
    prepare(
      db,
      sql`UPDATE newsletter_token SET used_at = ${now}, used_by = ${mark}
          WHERE token_hash = ${hash} AND used_at IS NULL AND expires_at >= ${now} RETURNING subscription_id`,
    ),
    prepare(
      db,
      sql`INSERT INTO marketing_consent_record (customer_id, email, channel, old_value, new_value, source, created_at)
          SELECT NULL, email, 'newsletter', status, 'confirmed', 'confirmation-link', ${createdAt}
          FROM newsletter_subscription WHERE id = ${subscription.id} AND ${justUsed}`,
    ),
    prepare(
      db,
      sql`UPDATE newsletter_subscription SET status = 'confirmed', confirmed_at = ${createdAt}, updated_at = ${createdAt}
          WHERE id = ${subscription.id} AND ${justUsed}`,
    ),
    queueMail(db, await welcomeMail(env, origin, subscription.email, subscription.id), justUsed),
  ]);
  return used.results.length === 1 ? "confirmed" : "invalid";
}

export type Leaving = { subscriptionId: number } | { email: string };

/**
 * The statements that end a subscription at once (confirmed or still pending) and make its open
 * links void, recorded only if it really was on.
 */
export function unsubscribeStatements(
  db: D1Database,
  who: Leaving,
  source: Exclude<ConsentSource, "visitor-form" | "confirmation-link">,
  customerId: number | null,
): D1PreparedStatement[] {
  const match = "email" in who ? sql`email = ${who.email}` : sql`id = ${who.subscriptionId}`;
  const now = nowSeconds();
  const createdAt = isoNow();
  return [
    prepare(
      db,
      sql`INSERT INTO marketing_consent_record (customer_id, email, channel, old_value, new_value, source, created_at)
          SELECT ${customerId}, email, 'newsletter', status, 'unsubscribed', ${source}, ${createdAt}
          FROM newsletter_subscription WHERE ${match} AND status IN ('pending', 'confirmed')`,
    ),
    prepare(
      db,
      sql`UPDATE newsletter_token SET used_at = ${now}
          WHERE used_at IS NULL AND subscription_id IN (SELECT id FROM newsletter_subscription WHERE ${match})`,
    ),
    prepare(
      db,
      sql`UPDATE newsletter_subscription SET status = 'unsubscribed', updated_at = ${createdAt}
          WHERE ${match} AND status IN ('pending', 'confirmed') RETURNING id`,
    ),
  ];
}

/** The unsubscribe link's work; true when the subscription was on until now. */
export async function unsubscribe(
  db: D1Database,
  subscriptionId: number,
  source: "unsubscribe-link" | "one-click",
): Promise<boolean> {
  const results = await db.batch(unsubscribeStatements(db, { subscriptionId }, source, null));
  return results[2].results.length === 1;
}
