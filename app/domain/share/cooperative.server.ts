/**
 * The cooperative's own decisions in the back office (issue 32): signed membership declarations
 * admitted or refused (the payouts of shares given notice are payout.server.ts). Each decision is
 * one D1 batch with its audit entry; a declaration already decided aborts the whole batch (the
 * move's guard), so two members of staff deciding at once make one decision and one entry.
 */
import { sql } from "kysely";
import type { PostalAddress } from "~/domain/address/format";
import { auditEntry } from "~/domain/staff/audit.server";
import type { StaffMember } from "~/domain/staff/roles";
import { all, failedConstraint, first, isConstraint, prepare, qb } from "~/platform/db.server";
import { queueMail } from "~/platform/mailer.server";
import { refusalMail } from "./declaration.server";
import { admission, readDeclaration, refusal } from "./purchase.server";
import { sharesValueCents } from "./purchase";

export interface ListPage<Sort extends string> {
  sort: Sort;
  desc: boolean;
  offset: number;
  limit: number;
}

/** A batch aborts here when the guarded statement before it changed nothing (migration 0018). */
export const UNCHANGED_GUARD = sql`INSERT INTO staff_guard (reason) SELECT 'changed' WHERE changes() = 0`;

export const changedMeanwhile = (error: unknown) =>
  isConstraint(failedConstraint(error), { kind: "CHECK", name: "staff_unchanged" });

export const DECLARATION_SORTS = ["signed", "quantity", "name"] as const;
export type DeclarationSort = (typeof DECLARATION_SORTS)[number];

export interface DeclarationInReview {
  id: string;
  customerId: number;
  quantity: number;
  valueCents: number;
  signedAt: string;
  /** As declared and signed (the snapshot), not as the profile says today. */
  name: string;
  dob: string;
  email: string;
  address: PostalAddress;
}

/** Signed declarations waiting for the cooperative, a page at a time (`more`: another page follows). */
export async function declarationsInReview(db: D1Database, page: ListPage<DeclarationSort>) {
  const direction = page.desc ? "desc" : "asc";
  const order = {
    signed: sql`p.signed_at`,
    quantity: sql`p.quantity`,
    name: sql`json_extract(p.declaration, '$.lastname') COLLATE NOCASE`,
  }[page.sort];
  const rows = await all(
    db,
    qb
      .selectFrom("share_purchase as p")
      .select(["p.id", "p.customer_id", "p.quantity", "p.signed_at", "p.signing_ref", "p.declaration"])
      .where("p.status", "=", "in_review")
      .orderBy(order, direction)
      .orderBy("p.id")
      .limit(page.limit + 1)
      .offset(page.offset),
  );
  const declarations: DeclarationInReview[] = [];
  for (const row of rows.slice(0, page.limit)) {
    const d = readDeclaration(row.declaration, row.signing_ref);
    declarations.push({
      id: row.id,
      customerId: row.customer_id,
      quantity: row.quantity,
      valueCents: sharesValueCents(row.quantity),
      signedAt: row.signed_at ?? "",
      name: d ? `${d.firstname} ${d.lastname}` : "",
      dob: d?.dob ?? "",
      email: d?.email ?? "",
      address: d?.address ?? { street: "", zip: "", city: "" },
    });
  }
  return { declarations, more: rows.length > page.limit };
}

/** One declaration waiting for the cooperative, or null when there is none by that id (any more). */
export async function declarationInReview(db: D1Database, purchaseId: string): Promise<DeclarationInReview | null> {
  const row = await first(
    db,
    qb
      .selectFrom("share_purchase")
      .select(["id", "customer_id", "quantity", "signed_at", "signing_ref", "declaration"])
      .where("id", "=", purchaseId)
      .where("status", "=", "in_review"),
  );
  const d = row ? readDeclaration(row.declaration, row.signing_ref) : null;
  if (!row || !d) return null;
  return {
    id: row.id,
    customerId: row.customer_id,
    quantity: row.quantity,
    valueCents: sharesValueCents(row.quantity),
    signedAt: row.signed_at ?? "",
    name: `${d.firstname} ${d.lastname}`,
    dob: d.dob,
    email: d.email,
    address: d.address,
  };
}

export type DecisionResult = { ok: true; quantity: number } | { ok: false; reason: "decided" };

/** Who the declaration is from: her account's e-mail address and first name, for the mail. */
function inReview(db: D1Database, purchaseId: string) {
  return first(
    db,
    qb
      .selectFrom("share_purchase as p")
      .innerJoin("customer as c", "c.id", "p.customer_id")
      .select(["p.customer_id", "p.quantity", "c.email", "c.firstname"])
      .where("p.id", "=", purchaseId)
      .where("p.status", "=", "in_review"),
  );
}

/**
 * Admits the declaration: the same move as every admission (purchase.server.ts `admission`), so
 * her pages put the shares into her cart as before. Refused when it is no longer in review.
 */
export async function admitDeclaration(
  db: D1Database,
  staff: StaffMember,
  purchaseId: string,
  now = new Date(),
): Promise<DecisionResult> {
  const row = await inReview(db, purchaseId);
  if (!row) return { ok: false, reason: "decided" };
  try {
    await db.batch([
      prepare(db, admission(purchaseId, now)),
      prepare(db, UNCHANGED_GUARD),
      auditEntry(
        db,
        staff,
        {
          action: "cooperative.admit",
          customerId: row.customer_id,
          subject: purchaseId,
          before: { status: "in_review" },
          after: { status: "approved", quantity: row.quantity },
        },
        now.getTime(),
      ),
    ]);
  } catch (error) {
    if (changedMeanwhile(error)) return { ok: false, reason: "decided" };
    throw error;
  }
  return { ok: true, quantity: row.quantity };
}

/**
 * Refuses the declaration with the reason she is told by mail (queued in the same batch) and on
 * her purchase page. Nothing was charged: shares are paid only after an admission.
 */
export async function refuseDeclaration(
  db: D1Database,
  staff: StaffMember,
  purchaseId: string,
  reason: string,
  now = new Date(),
): Promise<DecisionResult> {
  const row = await inReview(db, purchaseId);
  if (!row) return { ok: false, reason: "decided" };
  const mail = await refusalMail({ email: row.email, firstname: row.firstname }, row.quantity, reason);
  try {
    await db.batch([
      prepare(db, refusal(purchaseId, reason, now)),
      prepare(db, UNCHANGED_GUARD),
      queueMail(db, mail),
      auditEntry(
        db,
        staff,
        {
          action: "cooperative.refuse",
          customerId: row.customer_id,
          subject: purchaseId,
          before: { status: "in_review" },
          after: { status: "refused", quantity: row.quantity, reason },
        },
        now.getTime(),
      ),
    ]);
  } catch (error) {
    if (changedMeanwhile(error)) return { ok: false, reason: "decided" };
    throw error;
  }
  return { ok: true, quantity: row.quantity };
}
