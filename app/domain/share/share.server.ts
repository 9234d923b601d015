/**
 * Reading a member's shares and marking shares for cancellation. Every query is scoped by the
 * customer id (docs/architecture.md "Sessions and security"); counts come from the ledger.
 */
import { sql } from "kysely";
import { batch, first, qb } from "~/platform/db.server";
import {
  SHARE_PRICE_CENTS,
  cancellationDates,
  cashbackPermille,
  shareCounts,
  type ShareCounts,
  type PendingSale,
  type ShareEntry,
} from "./share";
import { berlinToday } from "~/domain/time/berlin";

export type Shareholding =
  | { kind: "none" }
  | { kind: "former"; memberNumber: string; leftAt: string | null }
  | {
      kind: "member";
      memberNumber: string;
      counts: ShareCounts;
      valueCents: number;
      permille: number;
      /** the cashback credited for paid orders that were not withdrawn */
      cashbackEarnedCents: number;
      pendingSales: PendingSale[];
    };

/** The member row and the whole ledger with its payouts (and the cashback credited so far), in one round trip. */
async function readLedger(db: D1Database, customerId: number) {
  const [members, rows, cashback] = await batch(db, [
    qb.selectFrom("shareholder").selectAll().where("customer_id", "=", customerId),
    qb
      .selectFrom("share_entry as e")
      .leftJoin("share_payout as p", "p.cancellation_id", "e.id")
      .selectAll("e")
      .select("p.paid_on")
      .where("e.customer_id", "=", customerId)
      .orderBy("e.created_at", "desc")
      .orderBy("e.id", "desc"),
    qb
      .selectFrom("customer_order")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("cashback_cents"), sql<number>`0`).as("cents"))
      .where("customer_id", "=", customerId)
      .where("cashback_credited_at", "is not", null)
      .where("withdrawn_at", "is", null),
  ] as const);
  const entries: ShareEntry[] = rows.map((r) => ({
    id: r.id,
    type: r.type,
    quantity: r.quantity,
    valueCents: r.value_cents,
    createdAt: r.created_at,
    effectiveAt: r.effective_at,
    payoutAt: r.payout_at,
    paidOutOn: r.paid_on,
  }));
  return { member: members[0] ?? null, entries, cashbackEarnedCents: Number(cashback[0]?.cents ?? 0) };
}

type Ledger = Awaited<ReturnType<typeof readLedger>>;

/** What "Meine Anteile" shows: a member's shares, a former member, or no member at all. */
export async function loadShareholding(db: D1Database, customerId: number, now = new Date()): Promise<Shareholding> {
  return holdingOf(await readLedger(db, customerId), now);
}

/** The holding and its ledger (newest first, empty for a non-member) from one read. */
export async function loadShareholdingWithLedger(
  db: D1Database,
  customerId: number,
  now = new Date(),
): Promise<{ holding: Shareholding; entries: ShareEntry[] }> {
  const ledger = await readLedger(db, customerId);
  return { holding: holdingOf(ledger, now), entries: ledger.member ? ledger.entries : [] };
}

function holdingOf({ member, entries, cashbackEarnedCents }: Ledger, now: Date): Shareholding {
  if (!member) return { kind: "none" };
  const today = berlinToday(now);
  const counts = shareCounts(entries, today);
  if (member.left_at !== null || (counts.held === 0 && entries.length > 0)) {
    return { kind: "former", memberNumber: member.member_number, leftAt: member.left_at };
  }
  return {
    kind: "member",
    memberNumber: member.member_number,
    counts,
    valueCents: counts.held * SHARE_PRICE_CENTS,
    permille: cashbackPermille(counts.held),
    cashbackEarnedCents,
    pendingSales: entries
      .filter((e) => e.type === "cancellation" && e.effectiveAt >= today)
      .map((e) => ({ quantity: e.quantity, effectiveAt: e.effectiveAt, payoutAt: e.payoutAt ?? "" }))
      .reverse(),
  };
}

/** The ledger, newest first; null when the customer was never a member. */
export async function loadShareListing(db: D1Database, customerId: number): Promise<ShareEntry[] | null> {
  const { member, entries } = await readLedger(db, customerId);
  return member ? entries : null;
}

/** How many shares the customer may still mark for cancellation (0 for a non-member). */
export async function loadSellableShares(db: D1Database, customerId: number, now = new Date()): Promise<number> {
  const { member, entries } = await readLedger(db, customerId);
  if (!member || member.left_at !== null) return 0;
  return shareCounts(entries, berlinToday(now)).sellable;
}

export type SellOutcome = { ok: true; effectiveAt: string } | { ok: false; reason: "notSellable" };

/**
 * Marks `quantity` shares for cancellation. One statement: the row is written only while the
 * shares bought, less every cancellation so far, still cover it, so two sells at once can never
 * together cancel more than the member holds (docs/decisions/0020).
 */
export async function markSharesForSale(
  db: D1Database,
  customerId: number,
  quantity: number,
  now = new Date(),
): Promise<SellOutcome> {
  const { effectiveAt, payoutAt } = cancellationDates(now);
  const row = await first<{ id: string }>(
    db,
    sql<{
      id: string;
    }>`INSERT INTO share_entry (id, customer_id, type, quantity, value_cents, created_at, effective_at, payout_at)
      SELECT ${crypto.randomUUID()}, ${customerId}, 'cancellation', ${quantity}, ${quantity * SHARE_PRICE_CENTS},
        ${now.toISOString()}, ${effectiveAt}, ${payoutAt}
      WHERE EXISTS (SELECT 1 FROM shareholder WHERE customer_id = ${customerId} AND left_at IS NULL)
        AND (SELECT coalesce(sum(CASE type WHEN 'purchase' THEN quantity ELSE -quantity END), 0)
             FROM share_entry WHERE customer_id = ${customerId}) >= ${quantity}
      RETURNING id`,
  );
  return row ? { ok: true, effectiveAt } : { ok: false, reason: "notSellable" };
}
