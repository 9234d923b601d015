// The demo members of the cooperative (README "Demo customers", docs/decisions/0020): Anna holds
// 12 shares from three purchases and has nothing marked for sale; Dora bought 3 and cancelled
// them, effective last 31 December and paid out since. Emil signed a declaration for 2 shares that
// the cooperative is still checking: he is blocked (the waiting modal) until the cooperative admits
// or refuses it in the back office (/staff/cooperative), or it is admitted on /dev/shares
// (docs/decisions/0021).
import { DEMO_CUSTOMER_ID } from "./orders.mjs";

export const FORMER_MEMBER_ID = 100004;
export const BLOCKED_SHAREHOLDER_ID = 100005;

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
    // the share ledger's record of Dora's payout, after the general meeting of June (issue 32)
    payouts: [
      {
        cancellation_id: "seed-share-dora-2",
        customer_id: FORMER_MEMBER_ID,
        amount_cents: 3 * SHARE_CENTS,
        paid_on: `${year}-06-22`,
        recorded_at: `${year}-06-22T08:00:00.000Z`,
      },
    ],
  };
}

/** Open share purchases of the demo customers: Emil's declaration in the cooperative's check. */
export function sharePurchases(now = new Date()) {
  const minutesAgo = (minutes) => new Date(now.getTime() - minutes * 60_000).toISOString();
  const declaration = {
    quantity: 2,
    firstname: "Emil",
    lastname: "Wagner",
    dob: "1991-02-11",
    email: "emil.wagner@example.org",
    address: { street: "Schillerstraße", houseNumber: "8", addressAddition: "", zip: "99423", city: "Weimar" },
    consentsAt: minutesAgo(10),
  };
  return [
    {
      id: "seed-share-purchase-emil",
      customer_id: BLOCKED_SHAREHOLDER_ID,
      quantity: 2,
      status: "in_review",
      declaration: JSON.stringify(declaration),
      signing_ref: "sig_seed_emil_declaration",
      order_id: null,
      created_at: minutesAgo(10),
      signed_at: minutesAgo(8),
      // the stand-in cooperative would admit it a minute after signing; the demo keeps him waiting
      // in the back office's queue until the cooperative decides
      review_due_at: "2999-12-31T00:00:00.000Z",
      updated_at: minutesAgo(8),
    },
  ];
}
