/**
 * The mailer (ARCHITECTURE "The outside world"): every e-mail is written to the outbox table, in
 * the same batch as the change that causes it, so no mail is lost and none is sent for a change
 * that failed. Delivery from the outbox is the production transport's job; locally the
 * development mailbox page shows the outbox.
 */
import { prepare, qb } from "./db.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export function queueMail(db: D1Database, mail: Mail): D1PreparedStatement {
  return prepare(db, qb.insertInto("outbox").values({
    recipient: mail.to, subject: mail.subject, text_body: mail.text, created_at: new Date().toISOString(), sent_at: null,
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
