/**
 * Access tokens of the JSON API (docs/decisions/0034): random 256-bit values the client sends as
 * `Authorization: Bearer …`. Only their SHA-256 is stored, with the customer and the end of their
 * life; signing out deletes the row and a password change every row of the customer. The API never
 * reads the session cookie and the pages never read a token, so neither door opens the other.
 */
import { first, prepare, qb } from "./db.server";
import { SIGNED_IN_COLUMNS, signedInCustomerOf, type SignedInCustomer } from "./session.server";
import { nowSeconds, randomToken, sha256 } from "./tokens.server";

/** A token lives a day; the app signs in again afterwards (or after a 401 at any time). */
export const API_TOKEN_SECONDS = 24 * 60 * 60;

export async function issueApiToken(db: D1Database, customerId: number): Promise<string> {
  const token = randomToken(32);
  const now = nowSeconds();
  await prepare(
    db,
    qb.insertInto("api_token").values({
      token_hash: await sha256(token),
      customer_id: customerId,
      created_at: now,
      expires_at: now + API_TOKEN_SECONDS,
    }),
  ).run();
  return token;
}

/** The token of an `Authorization: Bearer` header, or null (absent, another scheme, malformed). */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(request.headers.get("Authorization") ?? "");
  return match ? match[1] : null;
}

/** The active customer a live token belongs to, or null. */
export async function tokenCustomer(
  db: D1Database,
  token: string,
): Promise<{ customer: SignedInCustomer; hash: string } | null> {
  const hash = await sha256(token);
  const row = await first(
    db,
    qb
      .selectFrom("api_token as t")
      .innerJoin("customer as c", "c.id", "t.customer_id")
      .select(SIGNED_IN_COLUMNS)
      .where("t.token_hash", "=", hash)
      .where("t.expires_at", ">", nowSeconds())
      .where("c.status", "=", "active"),
  );
  return row ? { customer: signedInCustomerOf(row), hash } : null;
}

export async function revokeApiToken(db: D1Database, hash: string): Promise<void> {
  await prepare(db, qb.deleteFrom("api_token").where("token_hash", "=", hash)).run();
}

/** Ends every token of the customer (a password change or reset), for the same batch as the change. */
export function endApiTokens(db: D1Database, customerId: number): D1PreparedStatement {
  return prepare(db, qb.deleteFrom("api_token").where("customer_id", "=", customerId));
}
