import { batch, first, fixedStatement, qb } from "~/platform/db.server";
import type { ProductDetail } from "./product-detail";
import { PRODUCT_SUMMARY_COLUMNS, toProductSummary, type ProductSummary } from "./product";

const SIMILAR_COUNT = 8;
/** The most products one batch read takes (the JSON API's `skus`); D1 binds at most 100 values. */
export const MAX_SKUS_PER_READ = 60;

const DETAIL_COLUMNS = [
  ...PRODUCT_SUMMARY_COLUMNS,
  "p.description",
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
] as const;

function detailRows(skus: readonly string[]) {
  return (
    qb
      .selectFrom("product as p")
      .leftJoin("supplier as s", "s.id", "p.supplier_id")
      .select(DETAIL_COLUMNS)
      .where("p.sku", "in", skus)
      // a withdrawn product has no page and is no product of the API (migration 0029)
      .where("p.published", "=", 1)
  );
}

type DetailRow = Awaited<ReturnType<ReturnType<typeof detailRows>["execute"]>>[number];

function toProductDetail(row: DetailRow, allergens: string[], flavorings: string[]): ProductDetail {
  const hasNutrition = row.energy_kj !== null;
  return {
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
    allergens,
    flavorings,
  };
}

// The product page's statements: their shape is fixed, only the sku changes (`fixedStatement`).
const productDetailRow = fixedStatement((sku: string) => detailRows([sku]));
const productAllergens = fixedStatement((sku: string) =>
  qb.selectFrom("product_allergen").select("allergen").where("sku", "=", sku).orderBy("allergen"),
);
const productFlavorings = fixedStatement((sku: string) =>
  qb.selectFrom("product_flavoring").select("flavoring").where("sku", "=", sku).orderBy("flavoring"),
);
/**
 * Similar: the same subcategory first, then the rest of its main category, best recommended first.
 * Each part reads the top of one category's index, so the work stays the same at any catalogue
 * size; the wider part takes twice as many, so enough remain after merging.
 */
const similarProducts = (wider: boolean) =>
  fixedStatement((sku: string) => {
    const ownCategory = qb.selectFrom("product").select("category_id").where("sku", "=", sku);
    const category = wider ? qb.selectFrom("category").select("parent_id").where("id", "=", ownCategory) : ownCategory;
    return qb
      .selectFrom("product_category as l")
      .innerJoin("product as p", "p.sku", "l.sku")
      .select(PRODUCT_SUMMARY_COLUMNS)
      .where("l.category_id", "=", category)
      .where("l.in_stock", "=", 1)
      .where("l.sku", "!=", sku)
      .orderBy("l.recommendation", "desc")
      .orderBy("l.sku")
      .limit(wider ? 2 * SIMILAR_COUNT : SIMILAR_COUNT);
  });
const similarInSubcategory = similarProducts(false);
const similarInMainCategory = similarProducts(true);
/** The product's photos in their order, the main one first (docs/decisions/0048). */
const productPhotos = fixedStatement((sku: string) =>
  qb.selectFrom("product_photo").select("file").where("sku", "=", sku).orderBy("position"),
);

export async function loadProductDetail(
  db: D1Database,
  sku: string,
): Promise<{ product: ProductDetail; similar: ProductSummary[]; photos: string[] } | null> {
  const [[row], allergenRows, flavoringRows, sameCategory, mainCategory, photoRows] = await batch(db, [
    productDetailRow(sku),
    productAllergens(sku),
    productFlavorings(sku),
    similarInSubcategory(sku),
    similarInMainCategory(sku),
    productPhotos(sku),
  ] as const);
  if (!row) return null;
  return {
    product: toProductDetail(
      row,
      allergenRows.map((a) => a.allergen),
      flavoringRows.map((f) => f.flavoring),
    ),
    similar: [...new Map([...sameCategory, ...mainCategory].map((r) => [r.sku, r])).values()]
      .slice(0, SIMILAR_COUNT)
      .map(toProductSummary),
    photos: photoRows.map((p) => p.file),
  };
}

/** A product as the product page shows it, with its stock (the JSON API's `stockItem`). */
export interface StockedProduct extends ProductDetail {
  stockManaged: boolean;
  stockQty: number;
}

/**
 * Several products with their details in one D1 round trip (the JSON API's `skus`), in the order
 * asked for; unknown SKUs are left out. At most MAX_SKUS_PER_READ distinct SKUs.
 */
export async function loadProductsBySku(db: D1Database, skus: readonly string[]): Promise<StockedProduct[]> {
  const wanted = [...new Set(skus)];
  if (wanted.length > MAX_SKUS_PER_READ) throw new RangeError(`at most ${MAX_SKUS_PER_READ} skus`);
  if (!wanted.length) return [];
  const [rows, allergenRows, flavoringRows] = await batch(db, [
    detailRows(wanted),
    qb
      .selectFrom("product_allergen")
      .select(["sku", "allergen"])
      .where("sku", "in", wanted)
      .orderBy("sku")
      .orderBy("allergen"),
    qb
      .selectFrom("product_flavoring")
      .select(["sku", "flavoring"])
      .where("sku", "in", wanted)
      .orderBy("sku")
      .orderBy("flavoring"),
  ] as const);
  const grouped = <T extends { sku: string }>(list: T[], value: (row: T) => string) => {
    const bySku = new Map<string, string[]>();
    for (const row of list) {
      const values = bySku.get(row.sku) ?? [];
      values.push(value(row));
      bySku.set(row.sku, values);
    }
    return bySku;
  };
  const allergens = grouped(allergenRows, (r) => r.allergen);
  const flavorings = grouped(flavoringRows, (r) => r.flavoring);
  const bySku = new Map(rows.map((row) => [row.sku, row]));
  return wanted.flatMap((sku) => {
    const row = bySku.get(sku);
    if (!row) return [];
    return [
      {
        ...toProductDetail(row, allergens.get(sku) ?? [], flavorings.get(sku) ?? []),
        stockManaged: row.stock_managed !== 0,
        stockQty: row.stock_qty,
      },
    ];
  });
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
