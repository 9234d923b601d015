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
