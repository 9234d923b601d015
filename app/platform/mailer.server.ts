/**
 * The mailer (docs/architecture.md "The outside world"): every e-mail is written to the outbox table, in
 * the same batch as the change that causes it, so no mail is lost and none is sent for a change
 * that failed. Delivery from the outbox is the production transport's job; locally the
 * development mailbox page shows the outbox.
 */
import { sql, type Expression, type SqlBool } from "kysely";
import { prepare, qb } from "./db.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers the provider sends with the mail (List-Unsubscribe for marketing mails). */
  headers?: Record<string, string>;
}

/** The outbox column of a mail's extra headers: JSON, or null for none. */
export function headersColumn(headers: Record<string, string> | undefined): string | null {
  return headers && Object.keys(headers).length > 0 ? JSON.stringify(headers) : null;
}

/** The extra headers of an outbox row; a value that is no object of strings counts as none. */
export function readHeaders(column: string | null): Record<string, string> {
  if (!column) return {};
  try {
    const parsed: unknown = JSON.parse(column);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === "string"));
  } catch {
    return {};
  }
}

/**
 * The outbox row for a mail. With `onlyIf` (an SQL condition, e.g. a `sql` fragment) the mail is
 * queued only when the condition holds as the batch runs, e.g. only if the batch's own change
 * really happened.
 */
export function queueMail(db: D1Database, mail: Mail, onlyIf?: Expression<SqlBool>): D1PreparedStatement {
  const createdAt = new Date().toISOString();
  const headers = headersColumn(mail.headers);
  if (onlyIf) {
    return prepare(
      db,
      sql`INSERT INTO outbox (recipient, subject, text_body, created_at, headers)
      SELECT ${mail.to}, ${mail.subject}, ${mail.text}, ${createdAt}, ${headers} WHERE ${onlyIf}`,
    );
  }
  return prepare(
    db,
    qb.insertInto("outbox").values({
      recipient: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      created_at: createdAt,
      sent_at: null,
      headers,
    }),
  );
}

export interface OutboxMail {
  id: number;
  recipient: string;
  subject: string;
  text_body: string;
  created_at: string;
  headers: string | null;
}

export async function latestMails(
  db: D1Database,
  { limit = 50, recipient }: { limit?: number; recipient?: string } = {},
) {
  const query = qb
    .selectFrom("outbox")
    .select(["id", "recipient", "subject", "text_body", "created_at", "headers"])
    .orderBy("id", "desc")
    .limit(limit);
  return (await prepare(db, recipient ? query.where("recipient", "=", recipient) : query).all<OutboxMail>()).results;
}
