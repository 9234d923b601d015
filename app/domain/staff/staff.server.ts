/**
 * The back office's people: who is staff, in which role, and the admin's changes to that. Each
 * change goes to D1 in one batch with its audit entry; a change made from a form that showed an
 * older state, or one that would leave no active admin, aborts whole (migration 0018's guard).
 */
import { sql } from "kysely";
import { failedConstraint, first, all, isConstraint, prepare, qb } from "~/platform/db.server";
import { auditEntry } from "./audit.server";
import type { StaffMember, StaffRole } from "./roles";

const MEMBER_COLUMNS = ["id", "email", "name", "role", "store_id as storeId"] as const;

/** The active member of staff with this e-mail address (Access says who someone is). */
export function staffByEmail(db: D1Database, email: string): Promise<StaffMember | null> {
  return first(
    db,
    qb
      .selectFrom("staff_member")
      .select(MEMBER_COLUMNS)
      .where("email", "=", email.trim().toLowerCase())
      .where("active", "=", 1),
  );
}

/** The active member of staff with this id (whom the development sign-in remembers). */
export function staffById(db: D1Database, id: number): Promise<StaffMember | null> {
  return first(db, qb.selectFrom("staff_member").select(MEMBER_COLUMNS).where("id", "=", id).where("active", "=", 1));
}

export interface StaffListing extends StaffMember {
  active: boolean;
  createdAt: number;
}

export async function staffMembers(db: D1Database): Promise<StaffListing[]> {
  const rows = await all(
    db,
    qb
      .selectFrom("staff_member")
      .select([...MEMBER_COLUMNS, "active", "created_at as createdAt"])
      .orderBy("name"),
  );
  return rows.map((row) => ({ ...row, active: row.active === 1 }));
}

export interface StaffDraft {
  email: string;
  name: string;
  role: StaffRole;
  storeId: string | null;
}

export type StaffChangeResult = { ok: true } | { ok: false; reason: "emailTaken" | "changedMeanwhile" | "noAdminLeft" };

const ADMIN_REMAINS = sql`INSERT INTO staff_guard (reason) SELECT 'no admin' WHERE NOT EXISTS (SELECT 1 FROM staff_member WHERE role = 'admin' AND active = 1)`;

/** Why a staff batch was refused, or the error itself when it was no refusal of ours. */
function refusal(error: unknown): StaffChangeResult {
  const failure = failedConstraint(error);
  if (isConstraint(failure, { kind: "UNIQUE", name: "staff_member.email" })) return { ok: false, reason: "emailTaken" };
  if (isConstraint(failure, { kind: "CHECK", name: "staff_unchanged" }))
    return { ok: false, reason: "changedMeanwhile" };
  if (isConstraint(failure, { kind: "CHECK", name: "admin_remains" })) return { ok: false, reason: "noAdminLeft" };
  throw error;
}

export async function addStaffMember(
  db: D1Database,
  actor: StaffMember,
  draft: StaffDraft,
): Promise<StaffChangeResult> {
  const member = {
    ...draft,
    email: draft.email.trim().toLowerCase(),
    storeId: draft.role === "fulfilment" ? draft.storeId : null,
  };
  try {
    await db.batch([
      prepare(
        db,
        qb.insertInto("staff_member").values({
          email: member.email,
          name: member.name,
          role: member.role,
          store_id: member.storeId,
          active: 1,
          created_at: Math.floor(Date.now() / 1000),
        }),
      ),
      auditEntry(db, actor, { action: "staff.add", subject: member.email, after: member }),
    ]);
    return { ok: true };
  } catch (error) {
    return refusal(error);
  }
}

export interface StaffState {
  role: StaffRole;
  storeId: string | null;
  active: boolean;
}

/**
 * Changes a member's role, store or whether she may sign in, if she is still as `before` (the
 * state the admin's form showed): two admins changing her at once cannot overwrite each other.
 */
export async function changeStaffMember(
  db: D1Database,
  actor: StaffMember,
  id: number,
  before: StaffState,
  after: StaffState,
): Promise<StaffChangeResult> {
  const target = await first(db, qb.selectFrom("staff_member").select(["email"]).where("id", "=", id));
  if (!target) return { ok: false, reason: "changedMeanwhile" };
  const storeId = after.role === "fulfilment" ? after.storeId : null;
  try {
    await db.batch([
      prepare(
        db,
        qb
          .updateTable("staff_member")
          .set({ role: after.role, store_id: storeId, active: after.active ? 1 : 0 })
          .where("id", "=", id)
          .where("role", "=", before.role)
          .where("store_id", before.storeId === null ? "is" : "=", before.storeId)
          .where("active", "=", before.active ? 1 : 0),
      ),
      prepare(db, sql`INSERT INTO staff_guard (reason) SELECT 'changed' WHERE changes() = 0`),
      prepare(db, ADMIN_REMAINS),
      auditEntry(db, actor, { action: "staff.change", subject: target.email, before, after: { ...after, storeId } }),
    ]);
    return { ok: true };
  } catch (error) {
    return refusal(error);
  }
}
