// The demo members of the cooperative (README "Demo customers", docs/decisions/0020): Anna holds
// 12 shares from three purchases and has nothing marked for sale; Dora bought 3 and cancelled
// them, effective last 31 December and paid out since.
import { DEMO_CUSTOMER_ID } from "./orders.mjs";

export const FORMER_MEMBER_ID = 100004;

/** One share, as the membership page says. */
const SHARE_CENTS = 10_000;

export function shareholders(now = new Date()) {
  const year = now.getUTCFullYear();
  const daysAgo = (days) => new Date(now.getTime() - days * 86_400_000).toISOString();
  const purchase = (id, customerId, quantity, created) => ({
    id,
    customer_id: customerId,
    type: "purchase",
    quantity,
    value_cents: quantity * SHARE_CENTS,
    created_at: created,
    effective_at: created.slice(0, 10),
    payout_at: null,
  });
  return {
    members: [
      { customer_id: DEMO_CUSTOMER_ID, member_number: "4711", joined_at: daysAgo(1100), left_at: null },
      {
        customer_id: FORMER_MEMBER_ID,
        member_number: "3902",
        joined_at: `${year - 4}-03-02T09:00:00.000Z`,
        left_at: `${year - 1}-12-31`,
      },
    ],
    entries: [
      purchase("seed-share-anna-1", DEMO_CUSTOMER_ID, 5, daysAgo(1100)),
      purchase("seed-share-anna-2", DEMO_CUSTOMER_ID, 4, daysAgo(700)),
      purchase("seed-share-anna-3", DEMO_CUSTOMER_ID, 3, daysAgo(200)),
      purchase("seed-share-dora-1", FORMER_MEMBER_ID, 3, `${year - 4}-03-02T09:00:00.000Z`),
      {
        id: "seed-share-dora-2",
        customer_id: FORMER_MEMBER_ID,
        type: "cancellation",
        quantity: 3,
        value_cents: 3 * SHARE_CENTS,
        // received before 30 September, so effective at the end of that year, paid out by 30 June after
        created_at: `${year - 1}-06-15T10:00:00.000Z`,
        effective_at: `${year - 1}-12-31`,
        payout_at: `${year}-06-30`,
      },
    ],
  };
}
