/**
 * Server-side sessions (docs/architecture.md "Sessions and security"). The signed cookie holds only a
 * random 256-bit id; the row in D1 decides whether it is still good, so logging out, expiry and
 * "sign out everywhere" really end a session. Lifetimes: docs/decisions/0003.
 */
import { createCookie } from "./cookie.server";
import { isProduction, type Env } from "./context";
import type { Compilable } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/sqlite";
import { first, prepare, qb } from "./db.server";
import { secret } from "./secrets.server";
import { nowSeconds, randomToken, sha256 } from "./tokens.server";

export const SESSION_COOKIE = "__session";

/** A session ends after a day without requests … */
export const SESSION_IDLE_SECONDS = 24 * 60 * 60;
/** … and two weeks after sign-in at the latest. */
export const SESSION_ABSOLUTE_SECONDS = 14 * 24 * 60 * 60;
/** Last-seen is written at most this often, not on every request. */
const TOUCH_INTERVAL_SECONDS = 5 * 60;

export interface SignedInCustomer {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  darkMode: "0" | "1";
  /** The customer group (`group_identifier`), e.g. "general". */
  group: string;
}

/** The customer's columns (table alias `c`) a signed-in customer is made of, by session or API token. */
export const SIGNED_IN_COLUMNS = [
  "c.id",
  "c.email",
  "c.firstname",
  "c.lastname",
  "c.dark_mode_enabled",
  "c.group_identifier",
] as const;

/** A signed-in customer's columns as D1 answers them. */
interface SignedInRow {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  dark_mode_enabled: string;
  group_identifier: string;
}

export function signedInCustomerOf(row: SignedInRow): SignedInCustomer {
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    darkMode: row.dark_mode_enabled as SignedInCustomer["darkMode"],
    group: row.group_identifier,
  };
}

export type SessionState =
  | { kind: "visitor" }
  | { kind: "expired" }
  | { kind: "customer"; customer: SignedInCustomer; idHash: string };

export function sessionCookie(env: Env) {
  return createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction(env),
    path: "/",
    maxAge: SESSION_ABSOLUTE_SECONDS,
    secrets: [secret(env, "SESSION_SECRET")],
  });
}

/** The request comes with a session cookie (alive or not: reading it needs D1). */
export function hasSession(request: Request): boolean {
  return new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`).test(request.headers.get("Cookie") ?? "");
}

/** The answer sets a session cookie: a sign-in (or its end). */
export function startsSession(response: Response): boolean {
  return response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

interface SessionRow extends SignedInRow {
  created_at: number;
  last_seen_at: number;
  status: string;
}

export function isSessionAlive(row: { created_at: number; last_seen_at: number }, now: number): boolean {
  return now - row.last_seen_at <= SESSION_IDLE_SECONDS && now - row.created_at <= SESSION_ABSOLUTE_SECONDS;
}

export function resolveSession(
  request: Request,
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
): Promise<SessionState> {
  return resolveSessionWith(request, env, ctx, () => ({})).then((resolved) => resolved.state);
}

/** The customer of a session, as a subquery, for reads that go into the session's own round trip. */
export function customerOfSession(idHash: string) {
  return qb.selectFrom("session").select("customer_id").where("id_hash", "=", idHash);
}

export type CustomerOfSession = ReturnType<typeof customerOfSession>;

/** Reads of the session's customer that come back inside the session's own row, by name. */
export type SessionReads = Record<string, Parameters<typeof jsonArrayFrom>[0]>;
type ReadRows<R extends SessionReads> = { [K in keyof R]: R[K] extends Compilable<infer O> ? O[] : never };

/**
 * The session, and in the same statement whatever else the caller reads of its customer: `along`
 * gets the session's customer as a subquery and names its reads, which come back as JSON columns of
 * the session's row (docs/decisions/0030: a signed-in shopper's cached page costs one read, and one
 * statement is cheaper for D1 than a batch of four). `rows` is null unless the session is alive.
 */
export async function resolveSessionWith<R extends SessionReads>(
  request: Request,
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  along: (customer: CustomerOfSession) => R,
): Promise<{ state: SessionState; rows: ReadRows<R> | null }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${SESSION_COOKIE}=`)) return { state: { kind: "visitor" }, rows: null };
  const id: unknown = await sessionCookie(env).parse(header);
  if (typeof id !== "string" || id === "") return { state: { kind: "expired" }, rows: null };
  const idHash = await sha256(id);
  const reads = Object.entries(along(customerOfSession(idHash)));
  const sessionQuery = qb
    .selectFrom("session as s")
    .innerJoin("customer as c", "c.id", "s.customer_id")
    .select(["s.created_at", "s.last_seen_at", ...SIGNED_IN_COLUMNS, "c.status"])
    .select(reads.map(([name, read]) => jsonArrayFrom(read).as(name)))
    .where("s.id_hash", "=", idHash);
  const row = (await first(env.DB, sessionQuery)) as (SessionRow & Record<string, unknown>) | null;
  const now = nowSeconds();
  if (row?.status !== "active" || !isSessionAlive(row, now)) {
    if (row) ctx.waitUntil(prepare(env.DB, qb.deleteFrom("session").where("id_hash", "=", idHash)).run());
    return { state: { kind: "expired" }, rows: null };
  }
  if (now - row.last_seen_at > TOUCH_INTERVAL_SECONDS) {
    ctx.waitUntil(
      prepare(env.DB, qb.updateTable("session").set({ last_seen_at: now }).where("id_hash", "=", idHash)).run(),
    );
  }
  const customer = signedInCustomerOf(row);
  const rows = Object.fromEntries(reads.map(([name]) => [name, JSON.parse(String(row[name]))]));
  return { state: { kind: "customer", idHash, customer }, rows: rows as ReadRows<R> };
}

/** A new session with a new id (never the one the browser came with) and its Set-Cookie value. */
export async function startSession(env: Env, customerId: number, replaces?: string): Promise<string> {
  const id = randomToken(32);
  const now = nowSeconds();
  const statements = [
    prepare(
      env.DB,
      qb
        .insertInto("session")
        .values({ id_hash: await sha256(id), customer_id: customerId, created_at: now, last_seen_at: now }),
    ),
  ];
  if (replaces) statements.push(prepare(env.DB, qb.deleteFrom("session").where("id_hash", "=", replaces)));
  await env.DB.batch(statements);
  return sessionCookie(env).serialize(id);
}

export async function endSession(env: Env, idHash: string): Promise<string> {
  await prepare(env.DB, qb.deleteFrom("session").where("id_hash", "=", idHash)).run();
  return clearSessionCookie(env);
}

export function clearSessionCookie(env: Env): Promise<string> {
  return sessionCookie(env).serialize("", { maxAge: 0 });
}

/** Ends every session of the customer but the one given (password change and reset). */
export function endOtherSessions(db: D1Database, customerId: number, keepIdHash: string | null): D1PreparedStatement {
  const query = qb.deleteFrom("session").where("customer_id", "=", customerId);
  return prepare(db, keepIdHash ? query.where("id_hash", "!=", keepIdHash) : query);
}
