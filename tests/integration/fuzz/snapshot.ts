/**
 * What the fuzz tests compare before and after a round: every row that belongs to the given
 * customers, in a stable order, and (for the back office) the staff and the audit log.
 */
import type { TestShop } from "../worker";
import type { ShopIds } from "./targets";

export async function customerData(shop: TestShop, ids: number[]): Promise<Record<string, unknown[]>> {
  const list = ids.join(",");
  const queries: Record<string, string> = {
    customer: `SELECT * FROM customer WHERE id IN (${list}) ORDER BY id`,
    address: `SELECT * FROM address WHERE customer_id IN (${list}) ORDER BY id`,
    wishlist: `SELECT * FROM wishlist_item WHERE customer_id IN (${list}) ORDER BY customer_id, sku`,
    cart: `SELECT * FROM cart_item WHERE customer_id IN (${list}) ORDER BY customer_id, sku`,
    cartState: `SELECT * FROM cart_state WHERE customer_id IN (${list}) ORDER BY customer_id`,
    balance: `SELECT * FROM customer_balance WHERE customer_id IN (${list}) ORDER BY customer_id`,
    balanceEntries: `SELECT * FROM balance_entry WHERE customer_id IN (${list}) ORDER BY id`,
    orders: `SELECT * FROM customer_order WHERE customer_id IN (${list}) ORDER BY id`,
    orderItems: `SELECT * FROM order_item WHERE order_id IN (SELECT id FROM customer_order WHERE customer_id IN (${list})) ORDER BY order_id, sku`,
    payments: `SELECT * FROM payment WHERE order_id IN (SELECT id FROM customer_order WHERE customer_id IN (${list})) ORDER BY id`,
    cards: `SELECT * FROM card WHERE customer_id IN (${list}) ORDER BY id`,
    cardEvents: `SELECT * FROM card_event WHERE card_id IN (SELECT id FROM card WHERE customer_id IN (${list})) ORDER BY id`,
    cardApplications: `SELECT * FROM card_application WHERE customer_id IN (${list}) ORDER BY id`,
    shareholders: `SELECT * FROM shareholder WHERE customer_id IN (${list}) ORDER BY customer_id`,
    shareEntries: `SELECT * FROM share_entry WHERE customer_id IN (${list}) ORDER BY id`,
    sharePurchases: `SELECT * FROM share_purchase WHERE customer_id IN (${list}) ORDER BY id`,
    cookieConsentRecords: `SELECT * FROM consent_record WHERE customer_id IN (${list}) ORDER BY id`,
    marketingPreferences: `SELECT * FROM marketing_preference WHERE customer_id IN (${list}) ORDER BY customer_id`,
    consentRecords: `SELECT * FROM marketing_consent_record WHERE customer_id IN (${list}) ORDER BY id`,
    // Anyone may ask for a confirmation link for any address (that is the double opt-in), so a
    // pending request is no change of consent; a confirmed subscription is.
    newsletter: `SELECT * FROM newsletter_subscription WHERE status = 'confirmed' AND email IN (SELECT email FROM customer WHERE id IN (${list})) ORDER BY id`,
  };
  const out: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(queries)) out[name] = (await shop.db.prepare(sql).all()).results;
  return out;
}

/**
 * The back office's own state: who is staff, every audit entry (each staff action writes one), and
 * what its order forms write beside the customers' orders: refunds, short lines, picks and steps.
 */
export async function staffData(shop: TestShop): Promise<Record<string, unknown[]>> {
  const rows = async (sql: string) => (await shop.db.prepare(sql).all()).results;
  return {
    staff: await rows("SELECT * FROM staff_member ORDER BY id"),
    audit: await rows("SELECT * FROM audit_entry ORDER BY id"),
    refunds: await rows("SELECT * FROM refund ORDER BY id"),
    shortages: await rows("SELECT * FROM order_short ORDER BY id"),
    picks: await rows("SELECT * FROM order_pick ORDER BY order_id, sku, is_gift"),
    steps: await rows("SELECT * FROM order_step ORDER BY order_id, step"),
  };
}

/** The ids the fuzz fills into paths and fields: the demo customer's own and everyone else's. */
export async function shopIds(shop: TestShop, annaId: number): Promise<ShopIds> {
  const column = async (sql: string, ...binds: unknown[]) =>
    (
      await shop.db
        .prepare(sql)
        .bind(...binds)
        .all<{ v: string | number }>()
    ).results.map((r) => String(r.v));
  return {
    ownAddressIds: await column("SELECT id AS v FROM address WHERE customer_id = ?", annaId),
    otherAddressIds: await column(`SELECT id AS v FROM address WHERE customer_id != ?`, annaId),
    ownOrderNumbers: await column("SELECT increment_id AS v FROM customer_order WHERE customer_id = ?", annaId),
    otherOrderNumbers: await column("SELECT increment_id AS v FROM customer_order WHERE customer_id != ?", annaId),
    paymentIds: await column("SELECT id AS v FROM payment"),
    customerIds: await column("SELECT id AS v FROM customer"),
    ownCardIds: await column("SELECT id AS v FROM card WHERE customer_id = ?", annaId),
    otherCardIds: await column("SELECT id AS v FROM card WHERE customer_id != ?", annaId),
    applicationIds: await column("SELECT id AS v FROM card_application"),
    ownPurchaseIds: await column("SELECT id AS v FROM share_purchase WHERE customer_id = ?", annaId),
    otherPurchaseIds: await column("SELECT id AS v FROM share_purchase WHERE customer_id != ?", annaId),
    signingRefs: await column("SELECT signing_ref AS v FROM share_purchase"),
    staffIds: await column("SELECT id AS v FROM staff_member"),
  };
}
