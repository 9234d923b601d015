import { prepare, qb } from "~/platform/db.server";

/** The product's name for a notice, or null when there is no such product. */
export async function productName(db: D1Database, sku: string): Promise<string | null> {
  return (
    (await prepare(db, qb.selectFrom("product").select("name").where("sku", "=", sku)).first<{ name: string }>())
      ?.name ?? null
  );
}
