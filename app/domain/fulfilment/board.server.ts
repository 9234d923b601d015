/**
 * The fulfilment board (issue 32): the paid online orders of a store's click & collect or of the
 * warehouse's deliveries, by the day they are due (pickup slot, delivery wish, or the day paid for
 * express) and by carrier.
 */
import { sql, type ExpressionBuilder } from "kysely";
import { all, qb, type Database } from "~/platform/db.server";
import { PICKUP_CARRIER_CODES, type CarrierCode } from "~/domain/checkout/carriers";
import { SHARE_SKU } from "~/domain/share/purchase";
import { addDays, berlinInstant, inBerlin } from "~/domain/time/berlin";
import { fulfilmentState } from "./progress";
import type { BoardCount, BoardFilter, BoardRow, BoardSort, BoardState } from "./board";
import type { FulfilmentScope } from "./scope";

type Order = ExpressionBuilder<Database & { o: Database["customer_order"] }, "o">;

const DUE_AT = sql<string>`COALESCE(o.pickup_slot_start, o.delivery_start, o.paid_at)`;
const SHIPPED = sql<number>`EXISTS (SELECT 1 FROM order_step s WHERE s.order_id = o.id AND s.step = 'shipped')`;
const PICKUP = sql.join(PICKUP_CARRIER_CODES.map((code) => sql.lit(code)));

/** The orders of the scope: online, paid, and its store's click & collect or the deliveries. */
function scoped(scope: FulfilmentScope) {
  const base = qb
    .selectFrom("customer_order as o")
    .where("o.channel", "=", "online")
    .where("o.paid_at", "is not", null)
    .where("o.carrier_code", "is not", null);
  return scope.kind === "store"
    ? base.where(sql<boolean>`o.carrier_code IN (${PICKUP})`).where("o.store_id", "=", scope.storeId)
    : base.where(sql<boolean>`o.carrier_code NOT IN (${PICKUP})`);
}

function stateCondition(state: BoardState) {
  return (eb: Order) => {
    switch (state) {
      case "open":
        return eb("o.status", "in", ["processing", "ready_for_pickup"]);
      case "toPick":
        return eb.and([eb("o.status", "=", "processing"), eb(SHIPPED, "=", 0)]);
      case "ready":
        return eb("o.status", "=", "ready_for_pickup");
      case "shipped":
        return eb.and([eb("o.status", "=", "processing"), eb(SHIPPED, "=", 1)]);
      case "handedOver":
        return eb("o.status", "=", "complete");
      default:
        return eb("o.status", "in", ["processing", "ready_for_pickup", "complete", "canceled"]);
    }
  };
}

export async function boardOrders(
  db: D1Database,
  scope: FulfilmentScope,
  filter: BoardFilter,
  page: { sort: BoardSort; desc: boolean; offset: number; limit: number },
): Promise<{ rows: BoardRow[]; more: boolean }> {
  let query = scoped(scope).innerJoin("customer as u", "u.id", "o.customer_id").where(stateCondition(filter.state));
  if (filter.carrier) query = query.where("o.carrier_code", "=", filter.carrier);
  if (filter.day) {
    query = query
      .where(DUE_AT, ">=", berlinInstant(filter.day, "00:00").toISOString())
      .where(DUE_AT, "<", berlinInstant(addDays(filter.day, 1), "00:00").toISOString());
  }
  const direction = page.desc ? "desc" : "asc";
  const rows = await all(
    db,
    query
      .select([
        "o.increment_id as number",
        DUE_AT.as("dueAt"),
        sql<string | null>`COALESCE(o.pickup_slot_end, o.delivery_end)`.as("dueEnd"),
        sql<number>`COALESCE(o.pickup_slot_start, o.delivery_start) IS NOT NULL`.as("scheduled"),
        "o.carrier_code as carrier",
        "o.status",
        "o.withdrawn_at as withdrawnAt",
        sql<string>`u.firstname || ' ' || u.lastname`.as("customer"),
        // an archived order's lines and picks left D1; its row keeps their counts (decision 0052)
        sql<number>`COALESCE(o.archived_lines, (SELECT COUNT(*) FROM order_item i WHERE i.order_id = o.id AND i.sku <> ${SHARE_SKU}))`.as(
          "lines",
        ),
        sql<number>`COALESCE(o.archived_picked, (SELECT COUNT(*) FROM order_pick p WHERE p.order_id = o.id))`.as(
          "picked",
        ),
        SHIPPED.as("shipped"),
      ])
      .orderBy(page.sort === "number" ? "o.increment_id" : DUE_AT, direction)
      .orderBy("o.increment_id", direction)
      .limit(page.limit + 1)
      .offset(page.offset),
  );
  return {
    rows: rows.slice(0, page.limit).map((r) => ({
      number: r.number,
      dueAt: r.dueAt,
      dueEnd: r.dueEnd,
      scheduled: r.scheduled === 1,
      carrier: r.carrier as CarrierCode,
      customer: r.customer,
      lines: r.lines,
      picked: r.picked,
      state: fulfilmentState(r.status, r.shipped === 1),
      withdrawn: r.withdrawnAt !== null,
    })),
    more: rows.length > page.limit,
  };
}

/** How many open orders are due on which day with which carrier: the board at a glance. */
export async function openOrderCounts(db: D1Database, scope: FulfilmentScope): Promise<BoardCount[]> {
  const rows = await all(
    db,
    scoped(scope)
      .where(stateCondition("open"))
      .select([DUE_AT.as("dueAt"), "o.carrier_code as carrier"])
      .orderBy(DUE_AT)
      .limit(5000),
  );
  const counts = new Map<string, BoardCount>();
  for (const row of rows) {
    const day = inBerlin(new Date(row.dueAt)).date;
    const carrier = row.carrier as CarrierCode;
    const key = `${day}|${carrier}`;
    const seen = counts.get(key);
    if (seen) seen.count++;
    else counts.set(key, { day, carrier, count: 1 });
  }
  return [...counts.values()];
}
