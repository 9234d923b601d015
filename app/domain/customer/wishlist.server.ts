/** The wishlist ("Merkzettel"): products a signed-in customer keeps for later. */
import { all, prepare, qb } from "~/platform/db.server";
import type { CustomerOfSession } from "~/platform/session.server";
import { productName } from "~/domain/catalog/product-name.server";
import { PRODUCT_SUMMARY_COLUMNS, toProductSummary, type ProductSummary } from "~/domain/catalog/product";

/**
 * Withdrawn products stay on the wishlist but out of sight, and come back if the range publishes
 * them again (docs/decisions/0047). Few, read through their partial index (migration 0029).
 */
const withdrawn = qb.selectFrom("product").select("sku").where("published", "=", 0);

/** The customer by id, or by session in the session's own round trip (platform/session.server.ts). */
export function wishlistSkusQuery(customer: number | CustomerOfSession) {
  return qb
    .selectFrom("wishlist_item")
    .select("sku")
    .where("customer_id", "=", customer)
    .where("sku", "not in", withdrawn);
}

export async function wishlistProducts(db: D1Database, customerId: number): Promise<ProductSummary[]> {
  const rows = await all(
    db,
    qb
      .selectFrom("wishlist_item as w")
      .innerJoin("product as p", "p.sku", "w.sku")
      .select(PRODUCT_SUMMARY_COLUMNS)
      .where("w.customer_id", "=", customerId)
      .where("p.published", "=", 1)
      .orderBy("w.added_at", "desc"),
  );
  return rows.map(toProductSummary);
}

/** Adds or removes the product (adding twice keeps one entry); null when there is no such product. */
export async function changeWishlist(
  db: D1Database,
  customerId: number,
  sku: string,
  change: "add" | "remove",
): Promise<string | null> {
  const name = await productName(db, sku);
  if (name === null) return null;
  await prepare(
    db,
    change === "add"
      ? qb
          .insertInto("wishlist_item")
          .values({ customer_id: customerId, sku, added_at: new Date().toISOString() })
          .onConflict((oc) => oc.doNothing())
      : qb.deleteFrom("wishlist_item").where("customer_id", "=", customerId).where("sku", "=", sku),
  ).run();
  return name;
}
