/**
 * Read replicas with D1's Sessions API (docs/decisions/0028-d1-sessions.md). Every request runs
 * its statements in one D1 session: reads may go to a nearby replica, yet a shopper always sees
 * their own writes, because the session starts from the bookmark of their last request (the
 * cookie `__d1b`). A request without a bookmark reads from any replica, unless it writes, which
 * starts at the primary. The session's newest bookmark goes back to the browser after every
 * request that wrote or is a shopper's own (never on a cacheable page).
 */
import { timedRunner, type D1Clock } from "./server-timing.server";

export const BOOKMARK_COOKIE = "__d1b";
/** A day: longer than any replica lags, shorter than a forgotten cookie should live. */
const BOOKMARK_MAX_AGE = 86_400;
/** D1's bookmarks are hex groups joined by hyphens; anything else is ignored, never passed to D1. */
const BOOKMARK = /^[0-9a-f]{1,16}(?:-[0-9a-f]{1,64}){1,7}$/i;

export function readBookmark(cookieHeader: string | null): string | null {
  const value = new RegExp(`(?:^|;\\s*)${BOOKMARK_COOKIE}=([^;]*)`).exec(cookieHeader ?? "")?.[1];
  return value !== undefined && BOOKMARK.test(value) ? value : null;
}

export function bookmarkCookie(bookmark: string, secure: boolean): string {
  return `${BOOKMARK_COOKIE}=${bookmark}; Max-Age=${BOOKMARK_MAX_AGE}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export interface SessionDatabase {
  /** The database the request's code uses: every statement runs in the session. */
  db: D1Database;
  /** The newest bookmark of the session, once a statement ran. */
  bookmark(): string | null;
  /**
   * Whether the request prepared a statement writing to the outbox: then, once its batch has
   * committed, the outbox hands the new mails to the mail queue (docs/decisions/0051-mail-queue.md).
   */
  wroteMail(): boolean;
}

/** A statement that writes a mail into the outbox (the mailer's insert, plain or kysely's quoted). */
const OUTBOX_INSERT = /^\s*insert\s+into\s+"?outbox"?[\s(]/i;

/**
 * A session over the binding, shaped like the binding: the shop's code prepares and batches as
 * ever. `writes`: the request may write (a form post), so without a bookmark it starts at the
 * primary and its first read already sees everything.
 */
const bindings = new WeakMap<D1Database, D1Database>();

/**
 * The binding behind a request's session database (or the database itself): what isolate-wide
 * caches of rarely changing data key on, since every request has its own session.
 */
export function bindingOf(db: D1Database): D1Database {
  return bindings.get(db) ?? db;
}

export function sessionDatabase(
  binding: D1Database,
  bookmark: string | null,
  writes: boolean,
  clock?: D1Clock,
): SessionDatabase {
  const session = binding.withSession(bookmark ?? (writes ? "first-primary" : "first-unconstrained"));
  // The request's time waiting for D1, for its Server-Timing header (server-timing.server.ts).
  const runner = clock ? timedRunner(session, clock) : session;
  let wroteMail = false;
  const db = {
    prepare: (query: string) => {
      if (!wroteMail && OUTBOX_INSERT.test(query)) wroteMail = true;
      return runner.prepare(query);
    },
    batch: <T>(statements: D1PreparedStatement[]) => runner.batch<T>(statements),
    exec: (query: string) => binding.exec(query),
    withSession: (constraint?: string) => binding.withSession(constraint),
    dump: () => binding.dump(),
  } as D1Database;
  bindings.set(db, binding);
  return { db, bookmark: () => session.getBookmark(), wroteMail: () => wroteMail };
}
