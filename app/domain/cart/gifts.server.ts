/**
 * Choosing free gifts in D1. The offer is read
 * with the cart; a choice is one guarded insert, so concurrent choices can never add more gifts
 * than the step allows.
 */
import { sql } from "kysely";
import { prepare, qb } from "~/platform/db.server";
import {
  toProductSummary,
  PRODUCT_SUMMARY_COLUMNS,
  type ProductSummary,
  type ProductSummaryRow,
} from "~/domain/catalog/product";
import type { Cart } from "./cart";
import { loadCart } from "./cart.server";
import {
  currentGiftStep,
  giftChoice,
  giftsLeft,
  missingToFirstStep,
  offeredGiftSkus,
  type GiftChoice,
  type GiftOffer,
  type GiftRule,
} from "./gifts";

type OfferRow = ProductSummaryRow & { threshold_cents: number; gift_count: number };

async function loadGiftProducts(db: D1Database): Promise<{ rules: GiftRule[]; products: Map<string, ProductSummary> }> {
  const rows = (
    await prepare(
      db,
      qb
        .selectFrom("free_product as f")
        .innerJoin("free_product_rule as r", "r.id", "f.rule_id")
        .innerJoin("product as p", "p.sku", "f.sku")
        .select([...PRODUCT_SUMMARY_COLUMNS, "r.threshold_cents", "r.gift_count"])
        .where("p.published", "=", 1)
        .orderBy("r.threshold_cents")
        .orderBy("p.name"),
    ).all<OfferRow>()
  ).results;
  const rules = new Map<number, GiftRule>();
  const products = new Map<string, ProductSummary>();
  for (const row of rows) {
    const rule = rules.get(row.threshold_cents) ?? {
      totalCents: row.threshold_cents,
      products: row.gift_count,
      skus: [],
    };
    rule.skus.push(row.sku);
    rules.set(row.threshold_cents, rule);
    products.set(row.sku, toProductSummary(row));
  }
  return { rules: [...rules.values()], products };
}

function offerOf(cart: Cart, rules: GiftRule[], products: Map<string, ProductSummary>): GiftOffer {
  const subtotal = cart.totals.subtotalCents;
  return {
    step: currentGiftStep(cart.giftSteps, subtotal),
    chosen: cart.giftsChosen,
    left: giftsLeft(cart.giftSteps, subtotal, cart.giftsChosen),
    chosenSkus: cart.lines.filter((l) => l.isGift).map((l) => l.product.sku),
    products: offeredGiftSkus(rules, subtotal).map((sku) => products.get(sku)!),
    firstStep: missingToFirstStep(cart.giftSteps, subtotal),
  };
}

export async function loadGiftOffer(db: D1Database, customerId: number): Promise<GiftOffer> {
  const [cart, { rules, products }] = await Promise.all([loadCart(db, customerId), loadGiftProducts(db)]);
  return offerOf(cart, rules, products);
}

/** Takes the gift into the cart (one line, qty 1, 0 €) when the step offers it and a gift is left. */
export type GiftChosen = "chosen" | Exclude<GiftChoice, "ok">;

export async function chooseGift(db: D1Database, customerId: number, sku: string): Promise<GiftChosen> {
  const offer = await loadGiftOffer(db, customerId);
  const choice = giftChoice({ sku, offered: offer.products, chosenSkus: offer.chosenSkus, left: offer.left });
  if (choice !== "ok") return choice;
  if (!offer.step) return "notAvailable";
  // The count guard inside the statement is what holds when several choices arrive at once; the
  // same gift twice hits the primary key and adds nothing.
  const row = await prepare(
    db,
    sql<{ sku: string }>`INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at)
     SELECT ${customerId}, p.sku, 1, 1, ${new Date().toISOString()} FROM product p
      WHERE p.sku = ${sku} AND p.published = 1 AND (p.stock_managed = 0 OR p.stock_qty > 0)
        AND (SELECT COALESCE(SUM(c.qty), 0) FROM cart_item c WHERE c.customer_id = ${customerId} AND c.is_gift = 1) < ${offer.step.products}
     ON CONFLICT (customer_id, sku, is_gift) DO NOTHING
     RETURNING sku`,
  ).first<{ sku: string }>();
  return row ? "chosen" : "notAvailable";
}

/** "Nicht jetzt": the offer stays hidden until the subtotal reaches a higher step. */
export async function dismissGiftOffer(db: D1Database, customerId: number): Promise<boolean> {
  const cart = await loadCart(db, customerId);
  const step = currentGiftStep(cart.giftSteps, cart.totals.subtotalCents);
  if (!step) return false;
  await prepare(
    db,
    qb
      .insertInto("cart_state")
      .values({ customer_id: customerId, coupon_code: null, gift_dismissed_at_cents: step.totalCents })
      .onConflict((oc) => oc.column("customer_id").doUpdateSet({ gift_dismissed_at_cents: step.totalCents })),
  ).run();
  return true;
}
