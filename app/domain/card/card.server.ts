/**
 * A customer's cards: reading them, and the customer's changes (name, lock, PIN). Every query is
 * scoped by the customer id, so someone else's card behaves exactly like one that does not exist.
 *
 * Every change is one batch of two statements with the same guard (this card, this customer,
 * the version the form was shown with, and the change's own precondition): first the event for
 * the ledger, then the update, which counts the version up. A replayed form or a second request
 * racing the first finds the version moved on, so both statements do nothing (docs/decisions/0019).
 */
import { sql, type ExpressionBuilder, type Expression, type Selectable, type SqlBool, type Updateable } from "kysely";
import type { Env } from "~/platform/context";
import {
  all,
  batch,
  first,
  prepare,
  qb,
  type CardEventKind,
  type CardTable,
  type Database,
} from "~/platform/db.server";
import { hashPassword } from "~/platform/password.server";
import { secret } from "~/platform/secrets.server";
import { idParam } from "~/domain/customer/id-param";
import { passwordMatches } from "~/domain/customer/customer.server";
import type { Application } from "./application";
import { latestApplicationQuery } from "./application.server";
import { MAX_PIN_FAILURES, statusChange, type Card, type StatusAction, type StatusChange } from "./card";

const COLUMNS = [
  "id",
  "number",
  "type",
  "alias",
  "status",
  "pin_hash",
  "pin_failed_attempts",
  "issued_at",
  "version",
] as const;

type Row = Pick<Selectable<CardTable>, (typeof COLUMNS)[number]>;

/** The PIN's hash never leaves this module: a card says only whether it has one. */
function toCard(row: Row): Card {
  return {
    id: row.id,
    number: row.number,
    type: row.type,
    alias: row.alias,
    status: row.status,
    hasPin: row.pin_hash !== null,
    pinFailedAttempts: row.pin_failed_attempts,
    issuedAt: row.issued_at,
    version: row.version,
  };
}

const ownCardsQuery = (customerId: number) =>
  qb.selectFrom("card").select(COLUMNS).where("customer_id", "=", customerId).orderBy("issued_at", "desc");

/** The customer's cards, newest first, and their newest application: the card page in one round trip. */
export async function loadCardsPage(
  db: D1Database,
  customerId: number,
): Promise<{ cards: Card[]; application: Application | null }> {
  const [cards, applications] = await batch(db, [
    ownCardsQuery(customerId),
    latestApplicationQuery(customerId),
  ] as const);
  return { cards: cards.map(toCard), application: applications[0] ?? null };
}

/** The customer's cards, newest first (the API's card list). */
export async function listOwnCards(db: D1Database, customerId: number): Promise<Card[]> {
  return (await all(db, ownCardsQuery(customerId))).map(toCard);
}

/** The customer's card with this id, or null for an unknown or foreign id. */
export async function loadOwnCard(db: D1Database, customerId: number, id: number): Promise<Card | null> {
  const row = await first(
    db,
    qb.selectFrom("card").select(COLUMNS).where("customer_id", "=", customerId).where("id", "=", id),
  );
  return row ? toCard(row) : null;
}

/** The customer's card with the id from a URL, or null for a malformed, unknown or foreign id. */
export async function findOwnCard(db: D1Database, customerId: number, param: unknown): Promise<Card | null> {
  const id = idParam(param);
  return id === null ? null : loadOwnCard(db, customerId, id);
}

type Guard = (eb: ExpressionBuilder<Database, "card">) => Expression<SqlBool>;

/**
 * One change of one card: the event and the update under the same guard, in one batch. True when
 * it happened; false when the card has moved on since the form was shown (or was never theirs).
 */
async function changeCard(
  db: D1Database,
  card: { customerId: number; id: number; version: number },
  kind: CardEventKind,
  set: Updateable<CardTable>,
  precondition?: Guard,
): Promise<boolean> {
  const guard: Guard = (eb) =>
    eb.and([
      eb("id", "=", card.id),
      eb("customer_id", "=", card.customerId),
      eb("version", "=", card.version),
      ...(precondition ? [precondition(eb)] : []),
    ]);
  const now = new Date().toISOString();
  const [, updated] = await db.batch([
    prepare(
      db,
      qb
        .insertInto("card_event")
        .columns(["id", "card_id", "kind", "created_at"])
        .expression(
          qb
            .selectFrom("card")
            .select((eb) => [
              eb.val(crypto.randomUUID()).as("id"),
              "id as card_id",
              eb.val(kind).as("kind"),
              eb.val(now).as("created_at"),
            ])
            .where(guard),
        ),
    ),
    prepare(
      db,
      qb
        .updateTable("card")
        .set({ ...set, version: sql`version + 1` })
        .where(guard)
        .returning("id"),
    ),
  ]);
  return updated.results.length === 1;
}

export type CardChangeOutcome = "done" | "changedMeanwhile";

const outcome = (changed: boolean): CardChangeOutcome => (changed ? "done" : "changedMeanwhile");

export async function renameCard(
  db: D1Database,
  customerId: number,
  card: Card,
  input: { alias: string; version: number },
): Promise<CardChangeOutcome> {
  return outcome(
    await changeCard(db, { customerId, id: card.id, version: input.version }, "renamed", { alias: input.alias }),
  );
}

export type StatusOutcome = Extract<StatusChange, { ok: false }>["reason"] | CardChangeOutcome;

/** Locks or unlocks the card, if the customer may (docs: card.ts statusChange). */
export async function changeCardStatus(
  db: D1Database,
  customerId: number,
  card: Card,
  input: { action: StatusAction; version: number },
): Promise<StatusOutcome> {
  const change = statusChange(card.status, input.action);
  if (!change.ok) return change.reason;
  const changed = await changeCard(
    db,
    { customerId, id: card.id, version: input.version },
    input.action === "lock" ? "locked" : "unlocked",
    { status: change.next },
    (eb) => eb("status", "=", card.status),
  );
  return outcome(changed);
}

export type PinOutcome = CardChangeOutcome | "wrongPassword" | "pinExists" | "noPin" | "blockedPermanently";

/** The customer's PIN changes: a first PIN; a new PIN or none, each only with the account's password. */
export type PinChange =
  | { kind: "set"; pin: string; version: number }
  | { kind: "change"; pin: string; password: string; version: number }
  | { kind: "disable"; password: string; version: number };

const PIN_CHANGE = {
  set: { event: "pin_set", hasPin: false },
  change: { event: "pin_changed", hasPin: true },
  disable: { event: "pin_disabled", hasPin: true },
} as const satisfies Record<PinChange["kind"], { event: CardEventKind; hasPin: boolean }>;

/**
 * Sets, changes or disables the PIN. The PIN is stored only as a slow salted hash (the password
 * scheme), and every change starts the failed attempts afresh. A permanently blocked card keeps
 * its PIN as it is. The caller has throttled the password check (docs/decisions/0019).
 */
export async function changePin(env: Env, customerId: number, card: Card, change: PinChange): Promise<PinOutcome> {
  const rule = PIN_CHANGE[change.kind];
  if (card.status === "blocked_permanently") return "blockedPermanently";
  if (card.hasPin !== rule.hasPin) return card.hasPin ? "pinExists" : "noPin";
  if ("password" in change && !(await passwordMatches(env, customerId, change.password))) return "wrongPassword";
  const pinHash = "pin" in change ? await hashPassword(change.pin, secret(env, "PASSWORD_PEPPER")) : null;
  const changed = await changeCard(
    env.DB,
    { customerId, id: card.id, version: change.version },
    rule.event,
    { pin_hash: pinHash, pin_failed_attempts: 0 },
    (eb) => eb("pin_hash", rule.hasPin ? "is not" : "is", null),
  );
  return outcome(changed);
}

/**
 * A wrong PIN at a till (reported by the card provider; locally by the development page). It does
 * not count the version up: it must not make the customer's open forms stale.
 */
export async function recordPinFailure(db: D1Database, cardId: number): Promise<boolean> {
  const now = new Date().toISOString();
  const onlyWithPin = sql<SqlBool>`EXISTS (SELECT 1 FROM card WHERE id = ${cardId} AND pin_hash IS NOT NULL AND pin_failed_attempts < ${MAX_PIN_FAILURES})`;
  const [, updated] = await db.batch([
    prepare(
      db,
      sql`INSERT INTO card_event (id, card_id, kind, created_at) SELECT ${crypto.randomUUID()}, ${cardId}, 'pin_failed', ${now} WHERE ${onlyWithPin}`,
    ),
    prepare(
      db,
      sql`UPDATE card SET pin_failed_attempts = pin_failed_attempts + 1 WHERE id = ${cardId} AND pin_hash IS NOT NULL AND pin_failed_attempts < ${MAX_PIN_FAILURES} RETURNING id`,
    ),
  ]);
  return updated.results.length === 1;
}

export type ProviderCardAction = "block" | "unblock" | "blockPermanently";

const PROVIDER_CHANGE = {
  block: { kind: "provider_blocked", from: ["active", "locked"], to: "provider_blocked" },
  unblock: { kind: "provider_unblocked", from: ["provider_blocked"], to: "active" },
  blockPermanently: {
    kind: "blocked_permanently",
    from: ["active", "locked", "provider_blocked"],
    to: "blocked_permanently",
  },
} as const satisfies Record<
  ProviderCardAction,
  { kind: CardEventKind; from: CardTable["status"][]; to: CardTable["status"] }
>;

/** A block set or lifted by the card provider (locally: the development page). */
export async function providerCardChange(db: D1Database, cardId: number, action: ProviderCardAction): Promise<boolean> {
  const row = await first(db, qb.selectFrom("card").select(["customer_id", "version"]).where("id", "=", cardId));
  if (!row) return false;
  const change = PROVIDER_CHANGE[action];
  return changeCard(
    db,
    { customerId: row.customer_id, id: cardId, version: row.version },
    change.kind,
    { status: change.to },
    (eb) => eb("status", "in", change.from),
  );
}

export interface DevelopmentCard extends Card {
  email: string;
}

/** Every customer's cards, newest first, for the development page. */
export async function recentCards(db: D1Database, limit = 50): Promise<DevelopmentCard[]> {
  const rows = await all(
    db,
    qb
      .selectFrom("card")
      .innerJoin("customer", "customer.id", "card.customer_id")
      .select(COLUMNS.map((c) => `card.${c}` as const))
      .select("customer.email")
      .orderBy("card.issued_at", "desc")
      .limit(limit),
  );
  return rows.map((row) => ({ ...toCard(row), email: row.email }));
}
