/**
 * The request side of the fulfilment pages (issue 32): the board's filters read from its URL, and
 * the order of a pick list found within the member's scope, or 404: another store's order, or
 * the other kind (click & collect for the warehouse, a delivery for a store), is not there for her.
 */
import { CARRIERS, isCarrierCode, type CarrierCode } from "~/domain/checkout/carriers";
import { idParam } from "~/domain/customer/id-param";
import { BOARD_STATES, type BoardFilter, type BoardState } from "~/domain/fulfilment/board";
import { findFulfilmentOrder, type FulfilmentOrder } from "~/domain/fulfilment/order.server";
import { inScope, scopeOf, type FulfilmentScope } from "~/domain/fulfilment/scope";
import { orderShortages } from "~/domain/fulfilment/shortage.server";
import { archivedStaffPage } from "~/domain/order/archive.server";
import type { StaffMember } from "~/domain/staff/roles";
import { notFound } from "~/platform/route-data.server";

/** The carriers a scope works with: a store only click & collect, the warehouse the deliveries. */
export function scopeCarriers(scope: FulfilmentScope): CarrierCode[] {
  return Object.values(CARRIERS)
    .filter((carrier) => carrier.isPickup === (scope.kind === "store"))
    .map((carrier) => carrier.code);
}

const isDay = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T12:00:00Z`));

/** The board's filters from the URL; anything unknown is left out (the default: every open order). */
export function readBoardFilter(params: URLSearchParams, scope: FulfilmentScope): BoardFilter {
  const state = params.get("state");
  const carrier = params.get("carrier");
  const day = params.get("day");
  return {
    state: (BOARD_STATES as readonly string[]).includes(state ?? "") ? (state as BoardState) : "open",
    ...(isDay(day) ? { day } : {}),
    ...(isCarrierCode(carrier) && scopeCarriers(scope).includes(carrier) ? { carrier } : {}),
  };
}

export async function requireScopedOrder(
  db: D1Database,
  staff: StaffMember,
  number: string | undefined,
): Promise<FulfilmentOrder> {
  const id = idParam(number);
  const order = id === null ? null : await findFulfilmentOrder(db, scopeOf(staff), id);
  if (!order) throw notFound();
  return order;
}

/**
 * The back office's order page: the live order, or an archived one as it was shown when archived
 * (docs/decisions/0052), within the member's scope either way; else 404.
 */
export async function scopedOrderPage(
  env: { DB: D1Database; ARCHIVE: R2Bucket },
  staff: StaffMember,
  number: string | undefined,
) {
  const id = idParam(number);
  if (id === null) throw notFound();
  const scope = scopeOf(staff);
  const order = await findFulfilmentOrder(env.DB, scope, id);
  if (order) return { order, shortages: await orderShortages(env.DB, order.id), archived: false };
  const archived = await archivedStaffPage(env.DB, env.ARCHIVE, (o) => inScope(scope, o), id);
  if (!archived) throw notFound();
  return { ...archived, archived: true };
}
