/**
 * The cart of a signed-in customer in D1. Every change is one atomic statement guarded by the
 * quantity limit and the stock, so concurrent requests can neither lose an update nor push a
 * line past its limit.
 */
import { sql } from "kysely";
import { batch, prepare, qb } from "~/platform/db.server";
import type { CustomerOfSession } from "~/platform/session.server";
import { toProductSummary, PRODUCT_SUMMARY_COLUMNS } from "~/domain/catalog/product";
import { sharesValueCents } from "~/domain/share/purchase";
import { SHARE_PRICE_CENTS, cashbackPermille, shareCounts } from "~/domain/share/share";
import { totalsOf, type Cart, type CartLine, type CartLineSnapshot, type CartShares } from "./cart";
import { lineTotalCents, type Coupon } from "./totals";
import { giftsAvailable, stillDismissed, surplusGifts } from "./gifts";
import { cartMessages, isOutOfStock } from "./validity";
import { couponOf, couponRefusal } from "./coupon";
import { ownUsesOf, usesOf } from "./coupon-use.server";
import { berlinToday } from "~/domain/time/berlin";
import { LIMITED_MAX_QTY, MAX_QTY, maxQuantity } from "./quantity";

/** The quantity limit of the product of a row, as SQL (domain/cart/quantity.ts in words). */
const limitOf = (row: "excluded" | "cart_item") =>
  sql<number>`(SELECT CASE WHEN p.is_limited = 1 THEN ${LIMITED_MAX_QTY} ELSE ${MAX_QTY} END FROM product p WHERE p.sku = ${sql.ref(`${row}.sku`)})`;

/**
 * The cart's stored coupon, checked again on every load: an expired one no longer counts at all,
 * one below its minimum order value waits in the cart until the subtotal reaches it (totals decide).
 */
function storedCoupon(
  state:
    | {
        code: string | null;
        kind: Coupon["kind"] | null;
        value: number | null;
        label: string | null;
        min_order_cents: number | null;
        valid_until: string | null;
        active: number | null;
        usage_limit: number | null;
        once_per_customer: number | null;
        uses: number;
        own_uses: number;
      }
    | undefined,
) {
  if (!state?.code || !state.kind) return null;
  const minOrderCents = state.min_order_cents ?? 0;
  return {
    code: state.code,
    minOrderCents,
    expired: state.valid_until !== null && state.valid_until < berlinToday(),
    // switched off, used up or used by this customer (docs/decisions/0044): it no longer counts
    refusal: couponRefusal({
      active: state.active ?? 0,
      usageLimit: state.usage_limit,
      uses: state.uses,
      oncePerCustomer: state.once_per_customer ?? 0,
      ownUses: state.own_uses,
    }),
    applied: {
      code: state.code,
      label: state.label ?? state.code,
      coupon: couponOf({ kind: state.kind, value: state.value ?? 0, minOrderCents }),
    },
  };
}

/**
 * The cart with products, coupon, gift steps, the shares waiting in it, the member's cashback rate
 * and the totals, in one round trip.
 */
/**
 * What the header says of the cart: its pieces (gifts included) and what they cost (gifts
 * nothing), by the rules of totals.ts, with the shares waiting in it (each a piece at its price: a
 * cart of shares alone is no empty cart), in one statement. The customer by id, or by session in
 * the session's own round trip (platform/session.server.ts).
 */
export function cartSummaryQuery(customer: number | CustomerOfSession) {
  return qb
    .selectFrom("cart_item as c")
    .innerJoin("product as p", "p.sku", "c.sku")
    .select((eb) => [
      sql<number>`COALESCE(SUM(c.qty), 0)`.as("items"),
      sql<number>`COALESCE(SUM(CASE WHEN c.is_gift = 1 THEN 0 ELSE c.qty * p.price_cents END), 0)`.as("subtotal_cents"),
      eb
        .selectFrom("share_purchase")
        .select(sql<number>`COALESCE(SUM(quantity), 0)`.as("n"))
        .where("customer_id", "=", customer)
        .where("status", "=", "in_cart")
        .as("shares"),
    ])
    .where("c.customer_id", "=", customer);
}

export interface CartSummary {
  items: number;
  subtotalCents: number;
}

export const toCartSummary = (
  row: { items: number; subtotal_cents: number; shares: number | null } | undefined,
): CartSummary => ({
  items: (row?.items ?? 0) + (row?.shares ?? 0),
  subtotalCents: (row?.subtotal_cents ?? 0) + sharesValueCents(row?.shares ?? 0),
});

export async function loadCart(db: D1Database, customerId: number, shippingCents = 0, now = new Date()): Promise<Cart> {
  const [lineRows, stateRows, stepRows, shareRows, ledgerRows] = await batch(db, [
    qb
      .selectFrom("cart_item as c")
      .innerJoin("product as p", "p.sku", "c.sku")
      .select([...PRODUCT_SUMMARY_COLUMNS, "c.id as line_id", "c.qty", "c.is_gift", "p.tax_rate"])
      .where("c.customer_id", "=", customerId)
      .orderBy("c.is_gift")
      .orderBy("c.added_at")
      .orderBy("c.sku"),
    qb
      .selectFrom("cart_state as s")
      .leftJoin("coupon as k", "k.code", "s.coupon_code")
      .select([
        "s.gift_dismissed_at_cents",
        "k.code",
        "k.kind",
        "k.value",
        "k.label",
        "k.min_order_cents",
        "k.valid_until",
        "k.active",
        "k.usage_limit",
        "k.once_per_customer",
        usesOf(sql`k.code`).as("uses"),
        ownUsesOf(sql`k.code`, customerId).as("own_uses"),
      ])
      .where("s.customer_id", "=", customerId),
    qb.selectFrom("free_product_rule").select(["threshold_cents", "gift_count"]).orderBy("threshold_cents"),
    // The shares are the purchase in state in_cart (at most one open purchase per customer).
    qb
      .selectFrom("share_purchase")
      .select(["id", "quantity"])
      .where("customer_id", "=", customerId)
      .where("status", "=", "in_cart"),
    // The ledger of a member who has not left: the shares held today decide the cashback rate.
    qb
      .selectFrom("share_entry as e")
      .innerJoin("shareholder as h", "h.customer_id", "e.customer_id")
      .select(["e.type", "e.quantity", "e.effective_at"])
      .where("e.customer_id", "=", customerId)
      .where("h.left_at", "is", null),
  ] as const);
  const lines = lineRows.map((row): CartLine => {
    const product = toProductSummary(row);
    const isGift = row.is_gift === 1;
    return {
      id: row.line_id,
      product,
      qty: row.qty,
      isGift,
      taxRate: row.tax_rate,
      maxQty: maxQuantity(row.is_limited === 1),
      withdrawn: row.published === 0,
      // withdrawn meanwhile: it blocks the order like a sold-out line until the cart page takes it out
      outOfStock:
        row.published === 0 ||
        isOutOfStock({
          stockManaged: row.stock_managed === 1,
          inStock: row.stock_qty > 0,
          stockQty: row.stock_qty,
        }),
      available: row.stock_managed === 1 ? row.stock_qty : null,
      rowTotalCents: lineTotalCents({ isGift, unitPriceCents: row.price_cents, qty: row.qty }),
    };
  });
  const state = stateRows[0];
  const stored = storedCoupon(state);
  const coupon = stored && !stored.expired && !stored.refusal ? stored.applied : null;
  const shareRow = shareRows[0];
  const shares: CartShares | null = shareRow
    ? {
        purchaseId: shareRow.id,
        quantity: shareRow.quantity,
        unitPriceCents: SHARE_PRICE_CENTS,
        totalCents: sharesValueCents(shareRow.quantity),
      }
    : null;
  const held = shareCounts(
    ledgerRows.map((r) => ({ type: r.type, quantity: r.quantity, effectiveAt: r.effective_at })),
    berlinToday(now),
  ).held;
  const totals = totalsOf(lines, coupon?.coupon ?? null, shippingCents, 0, shares);
  const giftSteps = stepRows.map((r) => ({ totalCents: r.threshold_cents, products: r.gift_count }));
  const giftsChosen = lines.filter((l) => l.isGift).reduce((sum, l) => sum + l.qty, 0);
  return {
    lines,
    shares,
    cashbackPermille: cashbackPermille(held),
    coupon,
    couponRefused: stored && !stored.expired && stored.refusal ? { code: stored.code, reason: stored.refusal } : null,
    totals,
    giftSteps,
    giftsChosen,
    giftsAvailable: giftsAvailable(giftSteps, totals.subtotalCents, giftsChosen),
    giftOfferDismissed: stillDismissed(state?.gift_dismissed_at_cents ?? null, giftSteps, totals.subtotalCents),
    messages: cartMessages({ lines, coupon: stored, couponApplied: totals.couponApplied }),
  };
}

export type CartChange = "done" | "maxQuantity" | "soldOut" | "unknownProduct" | "notInCart";

/** Adds to a bought line; refused when the product is sold out or the line would pass its limit. */
export async function addToCart(db: D1Database, customerId: number, sku: string, qty: number): Promise<CartChange> {
  const row = await prepare(
    db,
    sql<{ qty: number }>`INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at)
     SELECT ${customerId}, p.sku, 0, ${qty}, ${new Date().toISOString()} FROM product p
      WHERE p.sku = ${sku} AND p.published = 1 AND (p.stock_managed = 0 OR p.stock_qty > 0)
        AND ${qty} <= CASE WHEN p.is_limited = 1 THEN ${LIMITED_MAX_QTY} ELSE ${MAX_QTY} END
     ON CONFLICT (customer_id, sku, is_gift) DO UPDATE SET qty = cart_item.qty + excluded.qty
      WHERE cart_item.qty + excluded.qty <= ${limitOf("excluded")}
     RETURNING qty`,
  ).first<{ qty: number }>();
  if (row) return "done";
  return refusalReason(db, sku);
}

/** Sets a bought line's quantity (0 removes it); refused above the line's limit. */
export async function setQuantity(db: D1Database, customerId: number, sku: string, qty: number): Promise<CartChange> {
  if (qty === 0) return (await removeLine(db, customerId, sku)) ? "done" : "notInCart";
  const row = await prepare(
    db,
    sql<{ qty: number }>`UPDATE cart_item SET qty = ${qty}
      WHERE customer_id = ${customerId} AND sku = ${sku} AND is_gift = 0
        AND ${qty} <= ${limitOf("cart_item")}
     RETURNING qty`,
  ).first<{ qty: number }>();
  if (row) return "done";
  const inCart = await prepare(
    db,
    qb
      .selectFrom("cart_item")
      .select("qty")
      .where("customer_id", "=", customerId)
      .where("sku", "=", sku)
      .where("is_gift", "=", 0),
  ).first();
  return inCart ? "maxQuantity" : "unknownProduct";
}

async function refusalReason(db: D1Database, sku: string): Promise<CartChange> {
  const product = await prepare(
    db,
    qb.selectFrom("product").select(["stock_managed", "stock_qty", "published"]).where("sku", "=", sku),
  ).first<{ stock_managed: number; stock_qty: number; published: number }>();
  if (!product || product.published === 0) return "unknownProduct";
  if (product.stock_managed === 1 && product.stock_qty <= 0) return "soldOut";
  return "maxQuantity";
}

/** A line of the customer's cart by its number (the JSON API's `item_id`); null when it has none such. */
export async function cartLineById(
  db: D1Database,
  customerId: number,
  id: number,
): Promise<{ sku: string; isGift: boolean } | null> {
  const row = await prepare(
    db,
    qb.selectFrom("cart_item").select(["sku", "is_gift"]).where("customer_id", "=", customerId).where("id", "=", id),
  ).first<{ sku: string; is_gift: number }>();
  return row ? { sku: row.sku, isGift: row.is_gift === 1 } : null;
}

export async function removeLine(db: D1Database, customerId: number, sku: string, isGift = false): Promise<boolean> {
  const result = await prepare(
    db,
    qb
      .deleteFrom("cart_item")
      .where("customer_id", "=", customerId)
      .where("sku", "=", sku)
      .where("is_gift", "=", isGift ? 1 : 0),
  ).run();
  return result.meta.changes === 1;
}

/**
 * After a change: gifts the subtotal no longer earns are taken out (the newest first). Returns how
 * many went, so the page can say so.
 */
export async function dropSurplusGifts(db: D1Database, customerId: number, cart: Cart): Promise<number> {
  const surplus = surplusGifts(cart.giftSteps, cart.totals.subtotalCents, cart.giftsChosen);
  if (surplus === 0) return 0;
  const newest = cart.lines
    .filter((l) => l.isGift)
    .reverse()
    .slice(0, surplus);
  await db.batch(
    newest.map((l) =>
      prepare(
        db,
        qb
          .deleteFrom("cart_item")
          .where("customer_id", "=", customerId)
          .where("sku", "=", l.product.sku)
          .where("is_gift", "=", 1),
      ),
    ),
  );
  return newest.length;
}

/**
 * The cart as its page shows it: recalculated on every load, so a gift rule marketing changed
 * (docs/decisions/0044) reaches an open cart here. Gifts its subtotal no longer earns are taken out
 * (the newest first, as after a change) and the page says so with the spec's notice.
 */
export async function loadSettledCart(
  db: D1Database,
  customerId: number,
  shippingCents = 0,
  now = new Date(),
): Promise<Cart> {
  const loaded = await loadCart(db, customerId, shippingCents, now);
  // only a cart that holds a withdrawn product costs a write and a second read
  const withdrawn = [...new Set(loaded.lines.filter((l) => l.withdrawn).map((l) => l.product.name))];
  if (withdrawn.length) await dropWithdrawn(db, customerId);
  const cart = withdrawn.length ? await loadCart(db, customerId, shippingCents, now) : loaded;
  const removed = await dropSurplusGifts(db, customerId, cart);
  const settled = removed === 0 ? cart : await loadCart(db, customerId, shippingCents, now);
  const notices = [
    ...withdrawn.map((name) => ({ type: "warning" as const, key: "withdrawnRemoved", values: { name } })),
    ...(removed ? [{ type: "warning" as const, key: "giftsRemovedByForce", values: { count: removed } }] : []),
  ];
  return notices.length ? { ...settled, messages: [...notices, ...settled.messages] } : settled;
}

/** Takes out the lines of products withdrawn from the range since they were put in the cart (docs/decisions/0047). */
async function dropWithdrawn(db: D1Database, customerId: number): Promise<void> {
  await prepare(
    db,
    sql`DELETE FROM cart_item WHERE customer_id = ${customerId} AND sku IN (SELECT sku FROM product WHERE published = 0)`,
  ).run();
}

/** Whether the cart holds goods to ship (a cart of shares alone ships nothing, docs/decisions/0021). */
export async function cartShipsGoods(db: D1Database, customerId: number): Promise<boolean> {
  const row = await prepare(
    db,
    qb.selectFrom("cart_item").select("sku").where("customer_id", "=", customerId).where("qty", ">", 0).limit(1),
  ).first();
  return row !== null;
}

/** The bought lines as they are, for telling what a change did (tracking, docs/decisions/0027). */
export async function cartLineSnapshot(db: D1Database, customerId: number): Promise<CartLineSnapshot[]> {
  return (
    await prepare(
      db,
      qb
        .selectFrom("cart_item as i")
        .innerJoin("product as p", "p.sku", "i.sku")
        .select(["i.sku", "p.name", "p.price_cents as priceCents", "i.qty"])
        .where("i.customer_id", "=", customerId)
        .where("i.is_gift", "=", 0),
    ).all<CartLineSnapshot>()
  ).results;
}
