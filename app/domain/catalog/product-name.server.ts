import { prepare, qb } from "~/platform/db.server";

/** The product's name for a notice, or null when the shop offers no such product (none, or withdrawn). */
export async function productName(db: D1Database, sku: string): Promise<string | null> {
  return (
    (
      await prepare(
        db,
        qb.selectFrom("product").select("name").where("sku", "=", sku).where("published", "=", 1),
      ).first<{ name: string }>()
    )?.name ?? null
  );
}
