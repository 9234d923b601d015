/**
 * Writing a product's lists of values (allergens, flavourings), shared by the range's form and its
 * import. What follows from a product's row needs no statement here: its listing rows (its category
 * and every ancestor), the facet counts and the search index follow from the schema's triggers
 * when `category_id`, `published` or a listed column changes (migrations 0001, 0015 and 0029).
 */
import { sql } from "kysely";
import { prepare } from "~/platform/db.server";

/** Replaces the product's allergens (LMIV keys); the facet counts follow through migration 0015's triggers. */
export function allergenStatements(db: D1Database, sku: string, allergens: readonly string[]): D1PreparedStatement[] {
  return [
    prepare(db, sql`DELETE FROM product_allergen WHERE sku = ${sku}`),
    ...allergens.map((a) => prepare(db, sql`INSERT INTO product_allergen (sku, allergen) VALUES (${sku}, ${a})`)),
  ];
}

/** Replaces the product's flavourings (the "Aroma" facet's values). */
export function flavoringStatements(db: D1Database, sku: string, flavorings: readonly string[]): D1PreparedStatement[] {
  return [
    prepare(db, sql`DELETE FROM product_flavoring WHERE sku = ${sku}`),
    ...flavorings.map((f) => prepare(db, sql`INSERT INTO product_flavoring (sku, flavoring) VALUES (${sku}, ${f})`)),
  ];
}
