/**
 * Shares given notice, and the payout the cooperative records for each once the general meeting
 * has approved the accounts (issue 32, docs/decisions/0020): one batch with its audit entry; the
 * payout's primary key refuses a second one, so a double click or two members of staff record it
 * once.
 */
import { sql } from "kysely";
import { auditEntry } from "~/domain/staff/audit.server";
import type { StaffMember } from "~/domain/staff/roles";
import { berlinToday } from "~/domain/time/berlin";
import { all, failedConstraint, first, isConstraint, prepare, qb } from "~/platform/db.server";
import { UNCHANGED_GUARD, changedMeanwhile, type ListPage } from "./cooperative.server";
import type { NoticeState } from "./cooperative";
import { payoutRecordable } from "./share";

export const NOTICE_SORTS = ["effective", "received", "quantity"] as const;
export type NoticeSort = (typeof NOTICE_SORTS)[number];

export interface Notice {
  id: string;
  customerId: number;
  memberNumber: string;
  name: string;
  quantity: number;
  valueCents: number;
  /** the Berlin day the notice was given */
  receivedOn: string;
  effectiveAt: string;
  /** the day the payout is due by (decision 0020) */
  payoutDueBy: string;
  state: NoticeState;
  paidOn: string | null;
  paidCents: number | null;
}

function noticeQuery() {
  return qb
    .selectFrom("share_entry as e")
    .innerJoin("shareholder as s", "s.customer_id", "e.customer_id")
    .innerJoin("customer as c", "c.id", "e.customer_id")
    .leftJoin("share_payout as p", "p.cancellation_id", "e.id")
    .select([
      "e.id",
      "e.customer_id",
      "s.member_number",
      "c.firstname",
      "c.lastname",
      "e.quantity",
      "e.value_cents",
      "e.created_at",
      "e.effective_at",
      "e.payout_at",
      "p.paid_on",
      "p.amount_cents",
    ])
    .where("e.type", "=", "cancellation");
}

interface NoticeRow {
  id: string;
  customer_id: number;
  member_number: string;
  firstname: string;
  lastname: string;
  quantity: number;
  value_cents: number;
  created_at: string;
  effective_at: string;
  payout_at: string | null;
  paid_on: string | null;
  amount_cents: number | null;
}

function noticeOf(row: NoticeRow, today: string): Notice {
  return {
    id: row.id,
    customerId: row.customer_id,
    memberNumber: row.member_number,
    name: `${row.firstname} ${row.lastname}`,
    quantity: row.quantity,
    valueCents: row.value_cents,
    receivedOn: berlinToday(new Date(row.created_at)),
    effectiveAt: row.effective_at,
    payoutDueBy: row.payout_at ?? "",
    state: row.paid_on !== null ? "paid" : payoutRecordable(row.effective_at, today) ? "due" : "pending",
    paidOn: row.paid_on,
    paidCents: row.amount_cents,
  };
}

/** The shares given notice, by the date they take effect unless sorted otherwise, a page at a time. */
export async function sharesGivenNotice(
  db: D1Database,
  filter: { state?: NoticeState },
  page: ListPage<NoticeSort>,
  now = new Date(),
) {
  const today = berlinToday(now);
  let query = noticeQuery();
  if (filter.state === "pending") query = query.where("e.effective_at", ">=", today);
  if (filter.state === "due") query = query.where("e.effective_at", "<", today).where("p.cancellation_id", "is", null);
  if (filter.state === "paid") query = query.where("p.cancellation_id", "is not", null);
  const column = { effective: "e.effective_at", received: "e.created_at", quantity: "e.quantity" } as const;
  const rows = await all(
    db,
    query
      .orderBy(column[page.sort], page.desc ? "desc" : "asc")
      .orderBy("e.created_at")
      .orderBy("e.id")
      .limit(page.limit + 1)
      .offset(page.offset),
  );
  return { notices: rows.slice(0, page.limit).map((row) => noticeOf(row, today)), more: rows.length > page.limit };
}

/** One notice by its ledger entry, or null. */
export async function noticeById(db: D1Database, id: string, now = new Date()): Promise<Notice | null> {
  const row = await first(db, noticeQuery().where("e.id", "=", id));
  return row ? noticeOf(row, berlinToday(now)) : null;
}

export type PayoutResult =
  | { ok: true; amountCents: number }
  | { ok: false; reason: "notDue" | "alreadyPaid" | "unknown" };

/**
 * Records the payout of one cancellation, paid on `paidOn` (checked by payoutSchema): its value,
 * the shop's one amount (decision 0020), once. The INSERT itself requires the cancellation to have
 * taken effect, and the primary key refuses a second payout, so a double click or two members of
 * staff record it once. When it leaves the member no share, she has left the cooperative on the
 * day the last one took effect.
 */
export async function recordPayout(
  db: D1Database,
  staff: StaffMember,
  cancellationId: string,
  paidOn: string,
  now = new Date(),
): Promise<PayoutResult> {
  const today = berlinToday(now);
  const notice = await noticeById(db, cancellationId, now);
  if (!notice) return { ok: false, reason: "unknown" };
  if (notice.state === "paid") return { ok: false, reason: "alreadyPaid" };
  const customerId = notice.customerId;
  try {
    await db.batch([
      prepare(
        db,
        sql`INSERT INTO share_payout (cancellation_id, customer_id, amount_cents, paid_on, recorded_at)
          SELECT id, customer_id, value_cents, ${paidOn}, ${now.toISOString()} FROM share_entry
          WHERE id = ${cancellationId} AND type = 'cancellation' AND effective_at < ${today}`,
      ),
      prepare(db, UNCHANGED_GUARD),
      prepare(
        db,
        sql`UPDATE shareholder
          SET left_at = (SELECT max(effective_at) FROM share_entry WHERE customer_id = ${customerId} AND type = 'cancellation')
          WHERE customer_id = ${customerId} AND left_at IS NULL
            AND (SELECT coalesce(sum(CASE type WHEN 'purchase' THEN quantity ELSE -quantity END), 0)
                 FROM share_entry WHERE customer_id = ${customerId}) = 0
            AND NOT EXISTS (SELECT 1 FROM share_entry
                            WHERE customer_id = ${customerId} AND type = 'cancellation' AND effective_at >= ${today})`,
      ),
      auditEntry(
        db,
        staff,
        {
          action: "cooperative.payout",
          customerId,
          subject: cancellationId,
          before: { paidOn: null },
          after: { paidOn, amountCents: notice.valueCents, quantity: notice.quantity },
        },
        now.getTime(),
      ),
    ]);
  } catch (error) {
    if (isConstraint(failedConstraint(error), { kind: "UNIQUE", name: "share_payout.cancellation_id" }))
      return { ok: false, reason: "alreadyPaid" };
    if (changedMeanwhile(error)) return { ok: false, reason: "notDue" };
    throw error;
  }
  return { ok: true, amountCents: notice.valueCents };
}
