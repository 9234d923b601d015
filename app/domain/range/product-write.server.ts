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

/**
 * The same for many products at once (the range import, docs/decisions/0049): `rows` is one JSON
 * array of `{sku, allergens, allergensChange, flavorings, flavoringsChange}`; only the rows whose
 * list changes are replaced, each by a delete and inserts as above, so the counts follow alike.
 */
export function bulkListStatements(db: D1Database, rows: string): D1PreparedStatement[] {
  const lists = [
    { table: "product_allergen", column: "allergen", key: "allergens", flag: "allergensChange" },
    { table: "product_flavoring", column: "flavoring", key: "flavorings", flag: "flavoringsChange" },
  ] as const;
  return lists.flatMap(({ table, column, key, flag }) => [
    prepare(
      db,
      sql`DELETE FROM ${sql.table(table)} WHERE sku IN
        (SELECT r.value ->> 'sku' FROM json_each(${rows}) r WHERE (r.value ->> ${flag}) = 1)`,
    ),
    prepare(
      db,
      sql`INSERT INTO ${sql.table(table)} (sku, ${sql.ref(column)})
        SELECT r.value ->> 'sku', v.value FROM json_each(${rows}) r, json_each(r.value -> ${key}) v
        WHERE (r.value ->> ${flag}) = 1`,
    ),
  ]);
}
