/**
 * The back office's append-only audit log (issue 32). A staff action's change and its entry go to
 * D1 in one batch: `auditEntry` gives the statement to put beside the change, so there is never a
 * change without its entry, nor an entry for a change that did not happen. The table refuses
 * updates and deletes itself (migration 0018).
 */
import { all, prepare, qb } from "~/platform/db.server";
import type { StaffAction, StaffMember } from "./roles";

export interface AuditFacts {
  action: StaffAction;
  customerId?: number | null;
  orderId?: string | null;
  /** What else the action concerns, e.g. a staff member's e-mail address. */
  subject?: string | null;
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** The entry's INSERT, to run in the same batch as the change it records. */
export function auditEntry(db: D1Database, actor: StaffMember, facts: AuditFacts, at = Date.now()) {
  return prepare(
    db,
    qb.insertInto("audit_entry").values({
      at: Math.floor(at / 1000),
      staff_id: actor.id,
      action: facts.action,
      customer_id: facts.customerId ?? null,
      order_id: facts.orderId ?? null,
      subject: facts.subject ?? null,
      before_json: json(facts.before),
      after_json: json(facts.after),
    }),
  );
}

export interface AuditFilter {
  staffId?: number;
  action?: string;
  customerId?: number;
  orderId?: string;
  /** Unix seconds, inclusive. */
  from?: number;
  to?: number;
}

export interface AuditRow {
  id: number;
  at: number;
  action: string;
  staffName: string;
  staffEmail: string;
  customerId: number | null;
  orderId: string | null;
  subject: string | null;
  before: string | null;
  after: string | null;
}

/** The newest (or oldest) entries matching the filter, a page at a time (`limit` + 1 read to know of more). */
export async function auditEntries(
  db: D1Database,
  filter: AuditFilter,
  page: { offset: number; limit: number; oldestFirst?: boolean },
) {
  let query = qb
    .selectFrom("audit_entry")
    .innerJoin("staff_member", "staff_member.id", "audit_entry.staff_id")
    .select([
      "audit_entry.id as id",
      "audit_entry.at as at",
      "audit_entry.action as action",
      "staff_member.name as staffName",
      "staff_member.email as staffEmail",
      "audit_entry.customer_id as customerId",
      "audit_entry.order_id as orderId",
      "audit_entry.subject as subject",
      "audit_entry.before_json as before",
      "audit_entry.after_json as after",
    ]);
  if (filter.staffId !== undefined) query = query.where("audit_entry.staff_id", "=", filter.staffId);
  if (filter.action) query = query.where("audit_entry.action", "=", filter.action);
  if (filter.customerId !== undefined) query = query.where("audit_entry.customer_id", "=", filter.customerId);
  if (filter.orderId) query = query.where("audit_entry.order_id", "=", filter.orderId);
  if (filter.from !== undefined) query = query.where("audit_entry.at", ">=", filter.from);
  if (filter.to !== undefined) query = query.where("audit_entry.at", "<=", filter.to);
  const rows: AuditRow[] = await all(
    db,
    query
      .orderBy("audit_entry.at", page.oldestFirst ? "asc" : "desc")
      .orderBy("audit_entry.id", page.oldestFirst ? "asc" : "desc")
      .limit(page.limit + 1)
      .offset(page.offset),
  );
  return { entries: rows.slice(0, page.limit), more: rows.length > page.limit };
}
