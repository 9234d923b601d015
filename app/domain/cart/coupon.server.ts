/** Vouchers: a code is applied to the cart when it exists and holds. */
import { sql } from "kysely";
import { prepare, qb } from "~/platform/db.server";
import { berlinToday } from "~/domain/time/berlin";
import { couponRefusal, type CouponRefusal } from "./coupon";
import { ownUsesOf, usesOf } from "./coupon-use.server";

export type CouponResult =
  | { result: "applied"; code: string }
  | { result: "invalid" }
  | { result: "refused"; reason: CouponRefusal }
  | { result: "minimum"; minOrderCents: number };

export async function applyCoupon(
  db: D1Database,
  customerId: number,
  code: string,
  subtotalCents: number,
): Promise<CouponResult> {
  const coupon = await prepare(
    db,
    qb
      .selectFrom("coupon")
      .select([
        "code",
        "min_order_cents",
        "valid_until",
        "active",
        "usage_limit",
        "once_per_customer",
        usesOf(sql`coupon.code`).as("uses"),
        ownUsesOf(sql`coupon.code`, customerId).as("own_uses"),
      ])
      .where("code", "=", code.trim()),
  ).first<{
    code: string;
    min_order_cents: number;
    valid_until: string | null;
    active: number;
    usage_limit: number | null;
    once_per_customer: number;
    uses: number;
    own_uses: number;
  }>();
  if (!coupon || (coupon.valid_until !== null && coupon.valid_until < berlinToday())) return { result: "invalid" };
  // the order takes the use in its own batch (coupon-use.server.ts); this only says so early
  const refusal = couponRefusal({
    active: coupon.active,
    usageLimit: coupon.usage_limit,
    uses: coupon.uses,
    oncePerCustomer: coupon.once_per_customer,
    ownUses: coupon.own_uses,
  });
  if (refusal) return { result: "refused", reason: refusal };
  if (subtotalCents < coupon.min_order_cents) return { result: "minimum", minOrderCents: coupon.min_order_cents };
  await prepare(
    db,
    qb
      .insertInto("cart_state")
      .values({ customer_id: customerId, coupon_code: coupon.code, gift_dismissed_at_cents: null })
      .onConflict((oc) => oc.column("customer_id").doUpdateSet({ coupon_code: coupon.code })),
  ).run();
  return { result: "applied", code: coupon.code };
}

export async function removeCoupon(db: D1Database, customerId: number): Promise<void> {
  await prepare(
    db,
    qb.updateTable("cart_state").set({ coupon_code: null }).where("customer_id", "=", customerId),
  ).run();
}
