import { sql } from "kysely";
import { batch, first, qb } from "~/platform/db.server";
import type { ProductDetail } from "./product-detail";
import { inStock } from "./stock.server";
import { PRODUCT_SUMMARY_COLUMNS, toProductSummary, type ProductSummary } from "./product";

const SIMILAR_COUNT = 8;

export async function loadProductDetail(
  db: D1Database,
  sku: string,
): Promise<{ product: ProductDetail; similar: ProductSummary[] } | null> {
  const product = qb
    .selectFrom("product as p")
    .leftJoin("supplier as s", "s.id", "p.supplier_id")
    .select([
      ...PRODUCT_SUMMARY_COLUMNS,
      "p.description",
      "p.category_id",
      "p.tax_rate",
      "p.alcohol_percent",
      "p.ingredients",
      "p.storage_hint",
      "p.origin_country",
      "p.energy_kj",
      "p.energy_kcal",
      "p.fat",
      "p.saturated_fat",
      "p.unsaturated_fat",
      "p.polyunsaturated_fat",
      "p.carbohydrates",
      "p.sugar",
      "p.protein",
      "p.salt",
      "s.name as supplier_name",
      "s.street as supplier_street",
      "s.zip as supplier_zip",
      "s.city as supplier_city",
      "s.country as supplier_country",
    ])
    .where("p.sku", "=", sku);
  const allergens = qb.selectFrom("product_allergen").select("allergen").where("sku", "=", sku).orderBy("allergen");
  const flavorings = qb.selectFrom("product_flavoring").select("flavoring").where("sku", "=", sku).orderBy("flavoring");
  // Similar: the same subcategory first, then the rest of its main category, best recommended first.
  const similar = qb
    .selectFrom("product as p")
    .select(PRODUCT_SUMMARY_COLUMNS)
    .where("p.sku", "!=", sku)
    .where(inStock)
    .where(
      "p.sku",
      "in",
      qb
        .selectFrom("product_category")
        .select("sku")
        .where(
          "category_id",
          "=",
          qb
            .selectFrom("category")
            .select("parent_id")
            .where("id", "=", qb.selectFrom("product").select("category_id").where("sku", "=", sku)),
        ),
    )
    .orderBy(sql`p.category_id = (SELECT category_id FROM product WHERE sku = ${sku})`, "desc")
    .orderBy("p.recommendation", "desc")
    .limit(SIMILAR_COUNT);

  const [[row], allergenRows, flavoringRows, similarRows] = await batch(db, [
    product,
    allergens,
    flavorings,
    similar,
  ] as const);
  if (!row) return null;
  const hasNutrition = row.energy_kj !== null;
  return {
    product: {
      ...toProductSummary(row),
      description: row.description,
      categoryId: row.category_id,
      taxRate: row.tax_rate,
      alcoholPercent: row.alcohol_percent,
      ingredients: row.ingredients,
      storageHint: row.storage_hint,
      originCountry: row.origin_country,
      supplier: row.supplier_name
        ? {
            name: row.supplier_name,
            street: row.supplier_street!,
            zip: row.supplier_zip!,
            city: row.supplier_city!,
            country: row.supplier_country!,
          }
        : null,
      nutrition: hasNutrition
        ? {
            energyKj: row.energy_kj!,
            energyKcal: row.energy_kcal ?? 0,
            fat: row.fat ?? 0,
            saturatedFat: row.saturated_fat ?? 0,
            unsaturatedFat: row.unsaturated_fat ?? 0,
            polyunsaturatedFat: row.polyunsaturated_fat ?? 0,
            carbohydrates: row.carbohydrates ?? 0,
            sugar: row.sugar ?? 0,
            protein: row.protein ?? 0,
            salt: row.salt ?? 0,
          }
        : null,
      allergens: allergenRows.map((a) => a.allergen),
      flavorings: flavoringRows.map((f) => f.flavoring),
    },
    similar: similarRows.map(toProductSummary),
  };
}

/** What the generated product image needs. */
export async function loadPackshot(db: D1Database, sku: string) {
  return first(
    db,
    qb
      .selectFrom("product as p")
      .innerJoin("category as c", "c.id", "p.category_id")
      .select(["p.name", "p.brand", "p.packshot", "p.is_organic", "c.tile_color", "c.parent_id"])
      .where("p.sku", "=", sku),
  );
}
