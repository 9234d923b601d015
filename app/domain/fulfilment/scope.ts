/**
 * Whose orders a member of the fulfilment team works on (issue 32): a member with a store packs
 * and hands over that store's click & collect orders; one without a store works in the warehouse,
 * which packs and ships every delivery. An order outside her scope does not exist for her.
 */
import { isPickupCarrier } from "~/domain/checkout/carriers";
import type { StaffMember } from "~/domain/staff/roles";

export type FulfilmentScope = { kind: "store"; storeId: string } | { kind: "warehouse" };

export function scopeOf(staff: Pick<StaffMember, "storeId">): FulfilmentScope {
  return staff.storeId ? { kind: "store", storeId: staff.storeId } : { kind: "warehouse" };
}

/** Whether an online order (its carrier and store as stored) is one the scope works on. */
export function inScope(
  scope: FulfilmentScope,
  order: { carrierCode: string | null; storeId: string | null },
): boolean {
  if (order.carrierCode === null) return false;
  return scope.kind === "store"
    ? isPickupCarrier(order.carrierCode) && order.storeId === scope.storeId
    : !isPickupCarrier(order.carrierCode);
}
