/**
 * Exact throttling counters in D1 (docs/architecture.md "Sessions and security"): one row per key,
 * counted up by a single atomic upsert, so concurrent attempts can never slip past the limit
 * together. A key's window starts with its first attempt, not on the clock's quarter hour: with
 * clock-aligned windows five attempts just before the hour and five just after all passed, and a
 * lock-out could end a second after it began (docs/decisions/0010-sign-in-throttling.md).
 */
import { isProduction, type Env } from "./context";
import { sql } from "kysely";
import { prepare } from "./db.server";
import { nowSeconds } from "./tokens.server";

export interface Limit {
  name: string;
  max: number;
  windowSeconds: number;
}

export const LIMITS = {
  /**
   * Sign-in attempts (successful ones are refunded), docs/decisions/0010: per address and client
   * (or known device) together, so nobody can lock out a customer they are not; per client over all
   * addresses; and per address over all unknown clients, high enough that only a broad attack
   * reaches it, and then it still spares the customer's known devices.
   */
  loginPair: { name: "login:pair", max: 5, windowSeconds: 15 * 60 },
  loginClient: { name: "login:client", max: 30, windowSeconds: 15 * 60 },
  loginAccount: { name: "login:account", max: 50, windowSeconds: 15 * 60 },
  registerClient: { name: "register:client", max: 20, windowSeconds: 60 * 60 },
  activationAccount: { name: "activation:account", max: 3, windowSeconds: 60 * 60 },
  activationClient: { name: "activation:client", max: 10, windowSeconds: 60 * 60 },
  resetAccount: { name: "reset:account", max: 3, windowSeconds: 60 * 60 },
  resetClient: { name: "reset:client", max: 10, windowSeconds: 60 * 60 },
  /**
   * The account password asked again from a signed-in customer (e-mail and password change, card
   * PIN), per customer; an attempt with the right password is given back.
   */
  passwordConfirmation: { name: "password-confirmation:account", max: 5, windowSeconds: 15 * 60 },
  /**
   * The visitor's newsletter form (docs/decisions/0026): per address, so nobody can fill someone's
   * inbox with confirmation mails, and per client over all addresses.
   */
  newsletterAddress: { name: "newsletter:address", max: 3, windowSeconds: 60 * 60 },
  newsletterClient: { name: "newsletter:client", max: 20, windowSeconds: 60 * 60 },
  /** Order submits; generous, as a double click or a resubmitted form counts too. */
  checkoutAccount: { name: "checkout:account", max: 60, windowSeconds: 10 * 60 },
  checkoutClient: { name: "checkout:client", max: 300, windowSeconds: 10 * 60 },
} as const satisfies Record<string, Limit>;

export interface Throttle {
  limit: Limit;
  subject: string;
}

const key = ({ limit, subject }: Throttle) => `${limit.name}:${subject.toLowerCase()}`;

function countAttempt(db: D1Database, throttle: Throttle, now: number): D1PreparedStatement {
  // A row whose window has run out starts a new one at this attempt.
  const openSince = now - throttle.limit.windowSeconds;
  return prepare(
    db,
    sql<{
      count: number;
    }>`INSERT INTO rate_limit (key, window_start, count) VALUES (${key(throttle)}, ${now}, 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_limit.window_start > ${openSince} THEN rate_limit.count + 1 ELSE 1 END,
       window_start = CASE WHEN rate_limit.window_start > ${openSince} THEN rate_limit.window_start ELSE excluded.window_start END
     RETURNING count`,
  );
}

/** Counts one attempt against every throttle; false when any of them is over its limit. */
export async function attempt(db: D1Database, throttles: Throttle[]): Promise<boolean> {
  const now = nowSeconds();
  const results = await db.batch<{ count: number }>(throttles.map((t) => countAttempt(db, t, now)));
  return results.every((r, i) => (r.results[0]?.count ?? 0) <= throttles[i].limit.max);
}

/** Gives an attempt back (a successful sign-in does not count against anyone). */
export async function refund(db: D1Database, throttles: Throttle[]): Promise<void> {
  await db.batch(
    throttles.map((t) => prepare(db, sql`UPDATE rate_limit SET count = MAX(count - 1, 0) WHERE key = ${key(t)}`)),
  );
}

/**
 * The client's address as Cloudflare saw it. Only a deployment is reached through Cloudflare, which
 * sets CF-Connecting-IP itself and overwrites whatever a client sent; locally anyone can send the
 * header, so there it is ignored.
 */
export function clientIp(request: Request, env: Env): string | null {
  return isProduction(env) ? request.headers.get("CF-Connecting-IP") : null;
}

/** The client a throttle counts; locally every request comes from one client. */
export function clientOf(request: Request, env: Env): string {
  return clientIp(request, env) ?? "local";
}
