/**
 * Reading a customer's balance and its history. Every query is scoped by the customer id, the
 * joined order too (docs/architecture.md "Sessions and security").
 */
import { batch, qb } from "~/platform/db.server";
import { typesOfFilter, type BalanceEntryType, type BalanceFilter, type BalanceHistory } from "./history";

/** The cached balance and one page of the history, in one round trip; filter and limit in SQL. */
export async function loadBalanceHistory(
  db: D1Database,
  customerId: number,
  filter: BalanceFilter,
  limit: number,
): Promise<BalanceHistory> {
  const types = typesOfFilter(filter);
  let entries = qb
    .selectFrom("balance_entry as e")
    .leftJoin("customer_order as o", (join) =>
      join.onRef("o.id", "=", "e.order_id").onRef("o.customer_id", "=", "e.customer_id"),
    )
    .select(["e.created_at", "e.type", "e.amount_cents", "e.note", "o.increment_id"])
    .where("e.customer_id", "=", customerId);
  if (types) entries = entries.where("e.type", "in", types);
  const [balance, rows] = await batch(db, [
    qb.selectFrom("customer_balance").select("balance_cents").where("customer_id", "=", customerId),
    // one row more than shown tells whether "Mehr anzeigen" has anything to add
    entries
      .orderBy("e.created_at", "desc")
      .orderBy("e.id", "desc")
      .limit(limit + 1),
  ] as const);
  return {
    balanceCents: balance[0]?.balance_cents ?? 0,
    entries: rows.slice(0, limit).map((r) => ({
      createdAt: r.created_at,
      type: r.type as BalanceEntryType,
      amountCents: r.amount_cents,
      note: r.note,
      orderNumber: r.increment_id,
    })),
    hasMore: rows.length > limit,
  };
}
