/**
 * Marketing's vouchers in D1 (issue 33, docs/decisions/0044): the list with how often each was used,
 * creating one, switching one off and on. Each change is one batch with its audit entry; a refused
 * change (a code that exists, a stale click) aborts whole and leaves no entry.
 */
import { sql } from "kysely";
import { all, failedConstraint, isConstraint, prepare, qb } from "~/platform/db.server";
import { auditEntry } from "~/domain/staff/audit.server";
import type { StaffMember } from "~/domain/staff/roles";
import { STALE, UNCHANGED } from "./unchanged";
import { usesOf } from "~/domain/cart/coupon-use.server";
import type { VoucherDraft } from "./schema";

export interface VoucherListing {
  code: string;
  kind: "fixed" | "percent" | "freeShipping";
  value: number;
  minOrderCents: number;
  label: string;
  validUntil: string | null;
  usageLimit: number | null;
  oncePerCustomer: boolean;
  active: boolean;
  /** The uses that still count: orders placed with it that were not cancelled or withdrawn. */
  uses: number;
  /** Unix seconds; null for the vouchers the seed brought. */
  createdAt: number | null;
  createdBy: string | null;
}

export async function listVouchers(db: D1Database): Promise<VoucherListing[]> {
  const rows = await all(
    db,
    qb
      .selectFrom("coupon as k")
      .leftJoin("staff_member as s", "s.id", "k.created_by")
      .select([
        "k.code",
        "k.kind",
        "k.value",
        "k.min_order_cents",
        "k.label",
        "k.valid_until",
        "k.usage_limit",
        "k.once_per_customer",
        "k.active",
        "k.created_at",
        "s.name as created_by",
        usesOf(sql`k.code`).as("uses"),
      ]),
  );
  return rows.map((r) => ({
    code: r.code,
    kind: r.kind,
    value: r.value,
    minOrderCents: r.min_order_cents,
    label: r.label,
    validUntil: r.valid_until,
    usageLimit: r.usage_limit,
    oncePerCustomer: r.once_per_customer === 1,
    active: r.active === 1,
    uses: r.uses,
    createdAt: r.created_at,
    createdBy: r.created_by,
  }));
}

export type VoucherChange = { ok: true } | { ok: false; reason: "codeTaken" | "changedMeanwhile" };

const CODE_TAKEN = { kind: "UNIQUE", name: "coupon.code" } as const;

export async function createVoucher(
  db: D1Database,
  staff: StaffMember,
  draft: VoucherDraft,
  now = Date.now(),
): Promise<VoucherChange> {
  const at = Math.floor(now / 1000);
  try {
    await db.batch([
      prepare(
        db,
        qb.insertInto("coupon").values({
          code: draft.code,
          kind: draft.kind,
          value: draft.value,
          min_order_cents: draft.minOrderCents,
          label: draft.label,
          valid_until: draft.validUntil,
          usage_limit: draft.usageLimit,
          once_per_customer: draft.oncePerCustomer ? 1 : 0,
          active: 1,
          created_at: at,
          created_by: staff.id,
        }),
      ),
      auditEntry(db, staff, { action: "marketing.createVoucher", subject: draft.code, after: draft }, now),
    ]);
    return { ok: true };
  } catch (error) {
    if (isConstraint(failedConstraint(error), CODE_TAKEN)) return { ok: false, reason: "codeTaken" };
    throw error;
  }
}

/** Switches a voucher off (no cart can redeem it, no order take it) or on again, from the state the list showed. */
export async function setVoucherActive(
  db: D1Database,
  staff: StaffMember,
  code: string,
  active: boolean,
): Promise<VoucherChange> {
  try {
    await db.batch([
      prepare(
        db,
        qb
          .updateTable("coupon")
          .set({ active: active ? 1 : 0 })
          .where("code", "=", code)
          .where("active", "=", active ? 0 : 1),
      ),
      prepare(db, UNCHANGED),
      auditEntry(db, staff, {
        action: "marketing.toggleVoucher",
        subject: code,
        before: { active: !active },
        after: { active },
      }),
    ]);
    return { ok: true };
  } catch (error) {
    if (isConstraint(failedConstraint(error), STALE)) return { ok: false, reason: "changedMeanwhile" };
    throw error;
  }
}
