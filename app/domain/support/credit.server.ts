/**
 * Support's bookings on a customer's balance (issue 32 §4): goodwill (type 8) or a correction
 * (type 3), with a reason she reads in her balance history. The form carries a token made with
 * the page; the ledger entry's id is made of it, so the same form sent twice, even at the same
 * moment, books once: the second batch fails on the entry's primary key and changes nothing. A
 * correction that would take more than her balance fails on customer_balance's CHECK.
 */
import { sql } from "kysely";
import { auditEntry } from "~/domain/staff/audit.server";
import type { StaffMember } from "~/domain/staff/roles";
import { failedConstraint, prepare } from "~/platform/db.server";
import { customerCore } from "./account.server";
import { SUPPORT_BOOKINGS, type CreditInput } from "./schema";

export type CreditOutcome = "booked" | "alreadyBooked" | "insufficient" | "notFound";

export const bookingEntryId = (token: string) => `staff-${token}`;

export async function bookCredit(
  db: D1Database,
  staff: StaffMember,
  customerId: number,
  input: Pick<CreditInput, "kind" | "cents" | "reason" | "token">,
): Promise<CreditOutcome> {
  const customer = await customerCore(db, customerId);
  if (!customer || customer.erasedAt) return "notFound";
  const type = SUPPORT_BOOKINGS[input.kind];
  const entryId = bookingEntryId(input.token);
  try {
    await db.batch([
      // first, so a repeated token stops the batch before anything else is written
      prepare(
        db,
        sql`INSERT INTO balance_entry (id, customer_id, type, amount_cents, order_id, note, created_at)
          VALUES (${entryId}, ${customerId}, ${type}, ${input.cents}, NULL, ${input.reason}, ${new Date().toISOString()})`,
      ),
      // a row at 0 first: the CHECK judges an upsert's new row by itself, which a correction's minus would fail
      prepare(
        db,
        sql`INSERT INTO customer_balance (customer_id, balance_cents) VALUES (${customerId}, 0)
          ON CONFLICT (customer_id) DO NOTHING`,
      ),
      prepare(
        db,
        sql`UPDATE customer_balance SET balance_cents = balance_cents + ${input.cents} WHERE customer_id = ${customerId}`,
      ),
      auditEntry(db, staff, {
        action: "customers.credit",
        customerId,
        subject: entryId,
        after: { type, amountCents: input.cents, reason: input.reason },
      }),
    ]);
    return "booked";
  } catch (error) {
    const failure = failedConstraint(error);
    if (failure?.kind === "UNIQUE" && failure.name === "balance_entry.id") return "alreadyBooked";
    if (failure?.kind === "CHECK" && failure.name.includes("balance_cents")) return "insufficient";
    throw error;
  }
}
