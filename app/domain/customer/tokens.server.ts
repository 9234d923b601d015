/**
 * One-time e-mail tokens (activation, password reset, e-mail change). The mail carries the token,
 * the table its hash; using one is a single conditional UPDATE, so a link works exactly once even
 * when it is opened twice at the same moment.
 */
import { prepare, qb, type Database } from "~/platform/db.server";
import { nowSeconds, randomToken, sha256 } from "~/platform/tokens.server";

export type TokenPurpose = Database["customer_token"]["purpose"];

export const TOKEN_LIFETIME_SECONDS: Record<TokenPurpose, number> = {
  activation: 72 * 60 * 60,
  password_reset: 2 * 60 * 60,
  email_change: 24 * 60 * 60,
};

/** A new token; earlier unused ones of the same purpose stop working with it. */
export async function issueToken(
  db: D1Database,
  customerId: number,
  purpose: TokenPurpose,
  newEmail: string | null = null,
): Promise<{ token: string; statements: D1PreparedStatement[] }> {
  const token = randomToken(32);
  const now = nowSeconds();
  return {
    token,
    statements: [
      prepare(
        db,
        qb
          .updateTable("customer_token")
          .set({ used_at: now })
          .where("customer_id", "=", customerId)
          .where("purpose", "=", purpose)
          .where("used_at", "is", null),
      ),
      prepare(
        db,
        qb.insertInto("customer_token").values({
          token_hash: await sha256(token),
          customer_id: customerId,
          purpose,
          new_email: newEmail,
          expires_at: now + TOKEN_LIFETIME_SECONDS[purpose],
          used_at: null,
        }),
      ),
    ],
  };
}

/**
 * Marks the token used if it is valid for this customer and purpose. Returns the statement and
 * the random mark it stamps, so follow-up statements in the same batch can require exactly this
 * use: a second use in the same second finds the token taken by another mark and changes nothing.
 */
export async function useToken(db: D1Database, customerId: number, purpose: TokenPurpose, token: string) {
  const now = nowSeconds();
  const tokenHash = await sha256(token);
  const mark = randomToken(16);
  return {
    tokenHash,
    mark,
    statement: prepare(
      db,
      qb
        .updateTable("customer_token")
        .set({ used_at: now, used_by: mark })
        .where("token_hash", "=", tokenHash)
        .where("customer_id", "=", customerId)
        .where("purpose", "=", purpose)
        .where("used_at", "is", null)
        .where("expires_at", ">=", now)
        .returning(["new_email"]),
    ),
  };
}

/** SQL condition "this batch just used that token", for the statements that depend on it. */
export function justUsed(tokenHash: string, mark: string) {
  return qb
    .selectFrom("customer_token")
    .select("token_hash")
    .where("token_hash", "=", tokenHash)
    .where("used_by", "=", mark);
}

/** Whether a link is still good, without using it (the form page checks before showing the form). */
export async function isTokenUsable(
  db: D1Database,
  customerId: number,
  purpose: TokenPurpose,
  token: string,
): Promise<boolean> {
  const row = await prepare(
    db,
    qb
      .selectFrom("customer_token")
      .select("token_hash")
      .where("token_hash", "=", await sha256(token))
      .where("customer_id", "=", customerId)
      .where("purpose", "=", purpose)
      .where("used_at", "is", null)
      .where("expires_at", ">=", nowSeconds()),
  ).first();
  return row !== null;
}
