/**
 * A customer's rights under the GDPR as support carries them out (issue 32 §4, docs/gdpr.md):
 * everything the shop holds on her as one machine-readable document (Art. 15, 20), and the
 * erasure of her account (Art. 17), which keeps what tax and commercial law require (orders,
 * invoices, balance and share bookings: §147 AO, §257 HGB) tied to an id nobody can sign in with.
 * docs/gdpr.md lists table by table what goes and what stays, and why; keep the two in step.
 */
import { sql } from "kysely";
import { auditEntry } from "~/domain/staff/audit.server";
import type { StaffMember } from "~/domain/staff/roles";
import { batch, failedConstraint, first as firstRow, isConstraint, prepare, qb } from "~/platform/db.server";
import { archivedOrdersOf, eraseFromArchive } from "~/domain/order/archive.server";
import { customerCore } from "./account.server";
import { endAccessStatements } from "./account-actions.server";

/** The export's format version, so a reader can tell a later shape apart. */
export const EXPORT_FORMAT = "frischkorb-customer-export/1";

/**
 * Everything stored about the customer, by table. Left out on purpose: the password hash, card
 * PINs' hashes and the hashes of sessions, API tokens and e-mail links (secrets of the shop's
 * security, not information about her), and the back office's audit log.
 */
export async function exportCustomerData(db: D1Database, customerId: number, archive: R2Bucket) {
  const customer = await customerRow(db, customerId);
  if (!customer) return null;
  const email = customer.email;
  const [
    addresses,
    orders,
    orderItems,
    payments,
    balance,
    balanceEntries,
    cards,
    cardEvents,
    cardApplications,
    shareholder,
    shareEntries,
    sharePurchases,
    wishlist,
    cart,
    cartState,
    consents,
    marketing,
    marketingConsents,
    newsletter,
    sessions,
    apiTokens,
  ] = await batch(db, [
    qb.selectFrom("address").selectAll().where("customer_id", "=", customerId),
    qb.selectFrom("customer_order").selectAll().where("customer_id", "=", customerId).orderBy("created_at"),
    qb
      .selectFrom("order_item")
      .selectAll()
      .where("order_id", "in", qb.selectFrom("customer_order").select("id").where("customer_id", "=", customerId)),
    qb
      .selectFrom("payment")
      .select(["id", "order_id", "method", "amount_cents", "currency", "status", "created_at", "settled_at"])
      .where("order_id", "in", qb.selectFrom("customer_order").select("id").where("customer_id", "=", customerId)),
    qb.selectFrom("customer_balance").selectAll().where("customer_id", "=", customerId),
    qb.selectFrom("balance_entry").selectAll().where("customer_id", "=", customerId).orderBy("created_at"),
    qb
      .selectFrom("card")
      .select(["id", "number", "type", "alias", "status", "pin_failed_attempts", "issued_at"])
      .select(sql<number>`pin_hash IS NOT NULL`.as("has_pin"))
      .where("customer_id", "=", customerId),
    qb
      .selectFrom("card_event")
      .selectAll()
      .where("card_id", "in", qb.selectFrom("card").select("id").where("customer_id", "=", customerId)),
    qb.selectFrom("card_application").selectAll().where("customer_id", "=", customerId),
    qb.selectFrom("shareholder").selectAll().where("customer_id", "=", customerId),
    qb.selectFrom("share_entry").selectAll().where("customer_id", "=", customerId),
    qb.selectFrom("share_purchase").selectAll().where("customer_id", "=", customerId),
    qb.selectFrom("wishlist_item").select(["sku", "added_at"]).where("customer_id", "=", customerId),
    qb.selectFrom("cart_item").select(["sku", "is_gift", "qty", "added_at"]).where("customer_id", "=", customerId),
    qb.selectFrom("cart_state").select(["coupon_code"]).where("customer_id", "=", customerId),
    qb.selectFrom("consent_record").selectAll().where("customer_id", "=", customerId),
    qb.selectFrom("marketing_preference").selectAll().where("customer_id", "=", customerId),
    qb
      .selectFrom("marketing_consent_record")
      .selectAll()
      .where((eb) => eb.or([eb("customer_id", "=", customerId), eb("email", "=", email)])),
    qb
      .selectFrom("newsletter_subscription")
      .select(["email", "status", "confirmed_at", "created_at", "updated_at"])
      .where("email", "=", email),
    qb.selectFrom("session").select(["created_at", "last_seen_at"]).where("customer_id", "=", customerId),
    qb.selectFrom("api_token").select(["created_at", "expires_at"]).where("customer_id", "=", customerId),
  ] as const);
  const archived = new Map(
    (await archivedOrdersOf(db, archive, customerId)).map((document) => [document.orderId, document]),
  );
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    customer,
    addresses,
    orders: orders.map((order) => {
      // an archived order's rows are in the archive as they were (docs/decisions/0052)
      const stored = archived.get(order.id);
      if (stored)
        return {
          ...(stored.rows.customer_order[0] as typeof order),
          items: stored.rows.order_item as typeof orderItems,
          payments: (stored.rows.payment as (typeof payments)[number][]).map((p) => ({
            id: p.id,
            order_id: p.order_id,
            method: p.method,
            amount_cents: p.amount_cents,
            currency: p.currency,
            status: p.status,
            created_at: p.created_at,
            settled_at: p.settled_at,
          })),
        };
      return {
        ...order,
        items: orderItems.filter((item) => item.order_id === order.id),
        payments: payments.filter((payment) => payment.order_id === order.id),
      };
    }),
    balance: { balanceCents: balance[0]?.balance_cents ?? 0, entries: balanceEntries },
    cards: cards.map((card) => ({ ...card, events: cardEvents.filter((event) => event.card_id === card.id) })),
    cardApplications,
    shares: { member: shareholder[0] ?? null, entries: shareEntries, purchases: sharePurchases },
    wishlist,
    cart: { items: cart, couponCode: cartState[0]?.coupon_code ?? null },
    consents,
    marketing: { preferences: marketing[0] ?? null, consentRecords: marketingConsents, newsletter },
    signIns: { sessions, apiTokens },
  };
}

/** The customer row as the export gives it: every column but the password hash. */
function customerRow(db: D1Database, customerId: number) {
  return firstRow(
    db,
    qb
      .selectFrom("customer")
      .select([
        "id",
        "email",
        "firstname",
        "lastname",
        "dob",
        "telephone",
        "gender",
        "status",
        "dark_mode_enabled",
        "is_sepa_allowed",
        "group_identifier",
        "consents_at",
        "created_at",
        "updated_at",
        "erased_at",
      ])
      .where("id", "=", customerId),
  );
}

export type EraseOutcome = "erased" | "openOrders" | "member" | "changedMeanwhile" | "notFound";

/** The orders still under way: their address and telephone are needed to hand them over. */
const OPEN_ORDER = sql<boolean>`status IN ('pending_payment', 'processing', 'ready_for_pickup')`;

/** A member, or one whose membership declaration the cooperative is still handling. */
const MEMBERSHIP_UNDER_WAY = sql<boolean>`(EXISTS (SELECT 1 FROM shareholder s WHERE s.customer_id = customer.id AND s.left_at IS NULL)
  OR EXISTS (SELECT 1 FROM share_purchase p WHERE p.customer_id = customer.id AND p.status IN ('in_review', 'approved', 'in_cart', 'ordered')))`;

/**
 * Why the account cannot be erased yet, or null: an order still under way needs her address, and a
 * member of the cooperative stays in its member list until her membership ends (§30 GenG).
 */
export async function erasureBlocker(db: D1Database, customerId: number): Promise<"openOrders" | "member" | null> {
  const [open, member] = await batch(db, [
    qb.selectFrom("customer_order").select("id").where("customer_id", "=", customerId).where(OPEN_ORDER).limit(1),
    qb.selectFrom("customer").select("id").where("id", "=", customerId).where(MEMBERSHIP_UNDER_WAY),
  ] as const);
  if (open.length) return "openOrders";
  if (member.length) return "member";
  return null;
}

/**
 * Erases the account in one batch (docs/gdpr.md): the customer row keeps only its id, her e-mail
 * address becomes one that cannot receive mail or sign in, and what she alone used (addresses,
 * wishlist, cart, sessions, tokens, newsletter, mails) is deleted; orders and bookings stay. The
 * batch aborts whole if, meanwhile, an order was placed, she became a member, or another erasure
 * got there first.
 */
export async function eraseCustomer(
  db: D1Database,
  archive: R2Bucket,
  staff: StaffMember,
  customerId: number,
): Promise<EraseOutcome> {
  const customer = await customerCore(db, customerId);
  if (!customer) return "notFound";
  if (customer.erasedAt) return "changedMeanwhile";
  const blocker = await erasureBlocker(db, customerId);
  if (blocker) return blocker;
  const email = customer.email;
  const now = new Date().toISOString();
  // the archived orders first: what the batch below empties in D1 goes from them too
  await eraseFromArchive(db, archive, customerId);
  const stillErasable = sql<boolean>`NOT EXISTS (SELECT 1 FROM customer_order WHERE customer_id = ${customerId} AND ${OPEN_ORDER})
    AND NOT ${MEMBERSHIP_UNDER_WAY}`;
  const byCustomer = <
    T extends "address" | "wishlist_item" | "cart_item" | "cart_state" | "customer_token" | "marketing_preference",
  >(
    table: T,
  ) => prepare(db, sql`DELETE FROM ${sql.table(table)} WHERE customer_id = ${customerId}`);
  try {
    await db.batch([
      prepare(
        db,
        qb
          .updateTable("customer")
          .set({
            email: erasedEmail(customerId),
            password_hash: "",
            firstname: "",
            lastname: "",
            dob: null,
            telephone: "",
            gender: "d",
            status: "blocked",
            status_before_block: null,
            dark_mode_enabled: "0",
            is_sepa_allowed: "0",
            erased_at: now,
            updated_at: now,
          })
          .where("id", "=", customerId)
          .where("erased_at", "is", null)
          .where("email", "=", email)
          .where(stillErasable),
      ),
      prepare(db, sql`INSERT INTO staff_guard (reason) SELECT 'changed' WHERE changes() = 0`),
      ...endAccessStatements(db, customerId),
      byCustomer("address"),
      byCustomer("wishlist_item"),
      byCustomer("cart_item"),
      byCustomer("cart_state"),
      byCustomer("customer_token"),
      byCustomer("marketing_preference"),
      prepare(db, sql`DELETE FROM newsletter_subscription WHERE email = ${email}`),
      prepare(db, sql`DELETE FROM outbox WHERE recipient = ${email}`),
      prepare(db, sql`DELETE FROM rate_limit WHERE key LIKE ${`%:${email.toLowerCase()}`}`),
      // order contacts: the telephone and comment serve only the handover, done for every order here
      prepare(db, sql`UPDATE customer_order SET telephone = NULL, comment = '' WHERE customer_id = ${customerId}`),
      // an order never paid is no booking record: its address goes too
      prepare(
        db,
        sql`UPDATE customer_order SET shipping_address = NULL, sepa_mandate = NULL
          WHERE customer_id = ${customerId} AND paid_at IS NULL`,
      ),
      prepare(
        db,
        sql`UPDATE card SET alias = '', pin_hash = NULL,
          status = 'blocked_permanently' WHERE customer_id = ${customerId}`,
      ),
      prepare(
        db,
        sql`UPDATE card_application SET dob = '', telephone = '', name_on_card = '', sepa_holder = '',
          sepa_bank = '', sepa_iban = '', sepa_bic = '' WHERE customer_id = ${customerId}`,
      ),
      prepare(
        db,
        sql`UPDATE share_purchase SET declaration = '' WHERE customer_id = ${customerId} AND status <> 'paid'`,
      ),
      auditEntry(db, staff, { action: "customers.erase", customerId, after: { erasedAt: now } }),
    ]);
    return "erased";
  } catch (error) {
    if (isConstraint(failedConstraint(error), { kind: "CHECK", name: "staff_unchanged" })) return "changedMeanwhile";
    throw error;
  }
}

/** The address an erased account keeps: unique (the column is), never deliverable (RFC 2606 .invalid). */
export function erasedEmail(customerId: number): string {
  return `geloescht-${customerId}@erased.invalid`;
}
