/**
 * What the error page learns of a database outage (docs/decisions/0036-database-outage.md), on the
 * server and in the browser: the answer's data says it was the database, and for a form post what
 * was sent, so the page can send it again and nothing typed is lost.
 */
export const DATABASE_UNAVAILABLE = "databaseUnavailable";

/** A form post to send again: where to, and its fields without passwords and PINs. */
export interface Resend {
  action: string;
  fields: [name: string, value: string][];
  /** Whether a password or PIN was left out (the customer types it again). */
  secretsLeftOut: boolean;
}

export interface OutageData {
  reason: typeof DATABASE_UNAVAILABLE;
  resend: Resend | null;
}

/** The outage an error response's data tells of, or null when it tells of something else. */
export function outageOf(data: unknown): OutageData | null {
  if (typeof data !== "object" || data === null) return null;
  return (data as { reason?: unknown }).reason === DATABASE_UNAVAILABLE ? (data as OutageData) : null;
}

/**
 * Fields never kept or sent back: passwords, and PINs (`pin`, `pinRepeat`, `oldPin`; not
 * `defaultShipping`).
 */
export function isSecretField(name: string): boolean {
  return /[Pp]assword|^pin|Pin(?![a-z])/.test(name);
}
