import type { Coupon } from "./totals";

/** The voucher field takes at most this many characters; no code is longer. */
export const COUPON_CODE_MAX_LENGTH = 40;

/** A voucher's row (kind, value, minimum order value) as the totals count it. */
export function couponOf(row: {
  kind: "fixed" | "percent" | "freeShipping";
  value: number;
  minOrderCents: number;
}): Coupon {
  const { minOrderCents } = row;
  if (row.kind === "fixed") return { kind: "fixed", amountCents: row.value, minOrderCents };
  if (row.kind === "percent") return { kind: "percent", percent: row.value, minOrderCents };
  return { kind: "freeShipping", minOrderCents };
}

/**
 * Why a voucher that exists and has not expired still cannot be used (docs/decisions/0044):
 * marketing switched it off, its total usage limit is reached, or it is once per customer and this
 * customer has used it. Uses given back (a cancelled or withdrawn order) no longer count.
 */
export type CouponRefusal = "deactivated" | "usedUp" | "alreadyUsed";

export function couponRefusal(row: {
  active: number;
  usageLimit: number | null;
  uses: number;
  oncePerCustomer: number;
  ownUses: number;
}): CouponRefusal | null {
  if (row.active !== 1) return "deactivated";
  if (row.oncePerCustomer === 1 && row.ownUses > 0) return "alreadyUsed";
  if (row.usageLimit !== null && row.uses >= row.usageLimit) return "usedUp";
  return null;
}
