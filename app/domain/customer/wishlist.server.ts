/** The wishlist ("Merkzettel"): products a signed-in customer keeps for later. */
import { all, prepare, qb } from "~/platform/db.server";
import { PRODUCT_SUMMARY_COLUMNS, toProductSummary, type ProductSummary, type ProductSummaryRow } from "~/domain/catalog/product";

export async function wishlistSkus(db: D1Database, customerId: number): Promise<string[]> {
  const rows = await all(db, qb.selectFrom("wishlist_item").select("sku").where("customer_id", "=", customerId));
  return rows.map((r) => r.sku);
}

export async function wishlistProducts(db: D1Database, customerId: number): Promise<ProductSummary[]> {
  const rows = await all(db, qb.selectFrom("wishlist_item as w")
    .innerJoin("product as p", "p.sku", "w.sku")
    .select(PRODUCT_SUMMARY_COLUMNS)
    .where("w.customer_id", "=", customerId)
    .orderBy("w.added_at", "desc"));
  return (rows as unknown as ProductSummaryRow[]).map(toProductSummary);
}

/** The product's name, or null when there is no such product. */
async function productName(db: D1Database, sku: string): Promise<string | null> {
  return (await prepare(db, qb.selectFrom("product").select("name").where("sku", "=", sku)).first<{ name: string }>())?.name ?? null;
}

/** Adds or removes the product (adding twice keeps one entry); null when there is no such product. */
export async function changeWishlist(db: D1Database, customerId: number, sku: string, intent: "add" | "remove"): Promise<string | null> {
  const name = await productName(db, sku);
  if (name === null) return null;
  await prepare(db, intent === "add"
    ? qb.insertInto("wishlist_item").values({ customer_id: customerId, sku, added_at: new Date().toISOString() }).onConflict((oc) => oc.doNothing())
    : qb.deleteFrom("wishlist_item").where("customer_id", "=", customerId).where("sku", "=", sku)).run();
  return name;
}
