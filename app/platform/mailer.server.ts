/**
 * The mailer (ARCHITECTURE "The outside world"): every e-mail is written to the outbox table, in
 * the same batch as the change that causes it, so no mail is lost and none is sent for a change
 * that failed. Delivery from the outbox is the production transport's job; locally the
 * development mailbox page shows the outbox.
 */
import { prepare, qb, rawQuery } from "./db.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The outbox row for a mail. With `onlyIf` (an SQL condition and its parameters) the mail is
 * queued only when the condition holds as the batch runs, e.g. only if the batch's own change
 * really happened.
 */
export function queueMail(db: D1Database, mail: Mail, onlyIf?: { sql: string; params: unknown[] }): D1PreparedStatement {
  const values = [mail.to, mail.subject, mail.text, new Date().toISOString()];
  if (onlyIf) {
    return prepare(db, rawQuery(
      `INSERT INTO outbox (recipient, subject, text_body, created_at) SELECT ?, ?, ?, ? WHERE ${onlyIf.sql}`, [...values, ...onlyIf.params],
    ));
  }
  return prepare(db, qb.insertInto("outbox").values({
    recipient: mail.to, subject: mail.subject, text_body: mail.text, created_at: values[3], sent_at: null,
  }));
}

export interface OutboxMail {
  id: number;
  recipient: string;
  subject: string;
  text_body: string;
  created_at: string;
}

export async function latestMails(db: D1Database, limit = 50): Promise<OutboxMail[]> {
  return (await prepare(db, qb.selectFrom("outbox").select(["id", "recipient", "subject", "text_body", "created_at"])
    .orderBy("id", "desc").limit(limit)).all<OutboxMail>()).results;
}
