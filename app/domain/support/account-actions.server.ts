/**
 * Support's changes to a customer's access (issue 32 §4): block, unblock, a new activation link,
 * ending every session and API token. Each is one D1 batch with its audit entry; a change that no
 * longer applies (blocked meanwhile, erased, already activated) aborts whole through staff_guard,
 * so there is no entry for a change that did not happen. Entries name the customer by id only, so
 * they hold nothing personal once she is erased (docs/gdpr.md).
 */
import { sql } from "kysely";
import { activationMail } from "~/domain/customer/mails.server";
import { issueToken } from "~/domain/customer/tokens.server";
import { auditEntry } from "~/domain/staff/audit.server";
import type { StaffMember } from "~/domain/staff/roles";
import { endApiTokens } from "~/platform/api-token.server";
import type { Env } from "~/platform/context";
import { failedConstraint, isConstraint, prepare, qb } from "~/platform/db.server";
import { queueMail } from "~/platform/mailer.server";
import { endOtherSessions } from "~/platform/session.server";
import { customerCore } from "./account.server";

export type SupportOutcome = "done" | "changedMeanwhile" | "notFound";

const isoNow = () => new Date().toISOString();

/** Aborts the batch when the statement before it changed nothing. */
const unchangedAborts = (db: D1Database) =>
  prepare(db, sql`INSERT INTO staff_guard (reason) SELECT 'changed' WHERE changes() = 0`);

async function run(statements: D1PreparedStatement[], db: D1Database): Promise<SupportOutcome> {
  try {
    await db.batch(statements);
    return "done";
  } catch (error) {
    if (isConstraint(failedConstraint(error), { kind: "CHECK", name: "staff_unchanged" })) return "changedMeanwhile";
    throw error;
  }
}

/** Every session and API token of the customer, for the batch of a change that ends her access. */
export function endAccessStatements(db: D1Database, customerId: number): D1PreparedStatement[] {
  return [endOtherSessions(db, customerId, null), endApiTokens(db, customerId)];
}

/** Blocks the account (she is told so at sign-in) and ends her access at once. */
export async function blockCustomer(db: D1Database, staff: StaffMember, customerId: number): Promise<SupportOutcome> {
  const customer = await customerCore(db, customerId);
  if (!customer) return "notFound";
  return run(
    [
      prepare(
        db,
        qb
          .updateTable("customer")
          .set({ status: "blocked", status_before_block: sql`status`, updated_at: isoNow() })
          .where("id", "=", customerId)
          .where("status", "in", ["pending", "active"])
          .where("erased_at", "is", null),
      ),
      unchangedAborts(db),
      ...endAccessStatements(db, customerId),
      auditEntry(db, staff, {
        action: "customers.block",
        customerId,
        before: { status: customer.status },
        after: { status: "blocked" },
      }),
    ],
    db,
  );
}

/**
 * Lifts a block: she is again what she was before it (a seeded or older block that remembers
 * nothing was on an account in use, so it becomes active). An erased account stays blocked.
 */
export async function unblockCustomer(db: D1Database, staff: StaffMember, customerId: number): Promise<SupportOutcome> {
  const customer = await customerCore(db, customerId);
  if (!customer) return "notFound";
  return run(
    [
      prepare(
        db,
        qb
          .updateTable("customer")
          .set({
            status: sql`COALESCE(status_before_block, 'active')`,
            status_before_block: null,
            updated_at: isoNow(),
          })
          .where("id", "=", customerId)
          .where("status", "=", "blocked")
          .where("erased_at", "is", null),
      ),
      unchangedAborts(db),
      auditEntry(db, staff, {
        action: "customers.unblock",
        customerId,
        before: { status: "blocked" },
        after: { status: "restored" },
      }),
    ],
    db,
  );
}

/** A new activation link (the registration's mail; older links stop working), while she has not activated. */
export async function resendActivationLink(
  env: Env,
  staff: StaffMember,
  customerId: number,
  origin: string,
): Promise<SupportOutcome> {
  const db = env.DB;
  const customer = await customerCore(db, customerId);
  if (!customer) return "notFound";
  if (customer.status !== "pending" || customer.erasedAt) return "changedMeanwhile";
  const { token, statements } = await issueToken(db, customerId, "activation");
  return run(
    [
      // still waiting for her activation when the batch runs
      prepare(
        db,
        sql`INSERT INTO staff_guard (reason) SELECT 'changed'
          WHERE NOT EXISTS (SELECT 1 FROM customer WHERE id = ${customerId} AND status = 'pending')`,
      ),
      ...statements,
      queueMail(db, await activationMail(customer, origin, customerId, token)),
      auditEntry(db, staff, { action: "customers.resendActivation", customerId }),
    ],
    db,
  );
}

/** Ends every session and API token: wherever she is signed in, she is signed out. */
export async function endCustomerSessions(
  db: D1Database,
  staff: StaffMember,
  customerId: number,
): Promise<SupportOutcome> {
  if (!(await customerCore(db, customerId))) return "notFound";
  await db.batch([
    ...endAccessStatements(db, customerId),
    auditEntry(db, staff, { action: "customers.endSessions", customerId }),
  ]);
  return "done";
}
