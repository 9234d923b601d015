/**
 * The catalogue as the API shows it: the product list of the category and search pages (their
 * `ProductListResult`, names unchanged), the spec's Product (section 3) for `els/products`, and the
 * category tree. Money is integer cents (gross), as everywhere in the shop.
 */
import { z } from "zod";
import { type CategoryTree, categoryPath } from "~/domain/catalog/category";
import { BADGES, LABELS } from "~/domain/catalog/product";
import type { StockedProduct } from "~/domain/catalog/product-detail.server";
import { UNITS } from "~/domain/catalog/quantity";

const cents = (what: string) => z.number().int().describe(`${what} in Cent (ganze Zahl)`);
const idName = z.object({ id: z.string(), name: z.string() });
const facetValues = z.array(z.object({ value: z.string(), count: z.number().int() }));

/** The main photo (docs/decisions/0048), served at /images/photos/<file>; null: the shop draws the pack. */
export const mainPhoto = z.string().nullable().describe("Hauptfoto: Dateiname unter /images/photos/ (null: keins)");

/** One product of a list (category page, search), as the tiles show it. */
export const productSummarySchema = z.object({
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  priceCents: cents("Preis"),
  regularPriceCents: cents("Früherer Preis, solange reduziert").nullable(),
  lowestPrice30dCents: cents("Niedrigster Preis der 30 Tage vor der Reduzierung (PAngV § 11)").nullable(),
  depositCents: cents("Pfand"),
  netQuantity: z.number(),
  unit: z.enum(UNITS),
  packCount: z.number().int(),
  inStock: z.boolean(),
  minAge: z.number().int(),
  badges: z.array(z.enum(BADGES)),
  labels: z.array(z.enum(LABELS)),
  photo: mainPhoto,
});

/** A page of a product list with its facet counts (`ProductListResult`). */
export const productListShape = {
  products: z.array(productSummarySchema),
  total: z.number().int().describe("Treffer insgesamt (bei einer Suche höchstens matchLimit)"),
  hasMore: z.boolean().describe("Ob es eine weitere Seite gibt"),
  matchLimit: z
    .number()
    .int()
    .nullable()
    .describe("Wenn eine Suche mehr Textübereinstimmungen hatte, als sie filtert, zählt und sortiert: wie viele"),
  facets: z.object({
    brands: facetValues,
    categories: facetValues,
    flavoringIngredients: facetValues,
    allergens: facetValues.describe("Produkte der Trefferliste, die das Allergen enthalten"),
    flags: z.record(z.number().int()),
  }),
};

const nutritionSchema = z
  .object({
    energyKj: z.number(),
    energyKcal: z.number(),
    fat: z.number(),
    saturatedFat: z.number(),
    unsaturatedFat: z.number(),
    polyunsaturatedFat: z.number(),
    carbohydrates: z.number(),
    sugar: z.number(),
    protein: z.number(),
    salt: z.number(),
  })
  .describe("Nährwerte je 100 g bzw. 100 ml");

/** The spec's Product (section 3) with what the product page shows. */
export const productSchema = z.object({
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  description: z.string(),
  price: z.object({
    value: cents("Preis"),
    regularValue: cents("Früherer Preis, solange reduziert").nullable(),
    lowest30d: cents("Niedrigster Preis der 30 Tage vor der Reduzierung (PAngV § 11)").nullable(),
  }),
  deposit: cents("Pfand"),
  taxPercent: z.number().int().describe("Mehrwertsteuersatz in Prozent (7 oder 19)"),
  netQuantity: z.object({ value: z.number(), unit: z.enum(UNITS), packCount: z.number().int() }),
  minAge: z.number().int().describe("Mindestalter für den Kauf (0: keins)"),
  alcoholPercent: z.number().nullable(),
  badges: z.array(z.enum(BADGES)),
  labels: z.array(z.enum(LABELS)),
  stockItem: z.object({ managed: z.boolean(), inStock: z.boolean(), qty: z.number().int() }),
  categories: z
    .array(z.object({ id: z.string(), parentId: z.string().nullable() }))
    .describe("Die Kategorie des Produkts und ihre Oberkategorien, die äußere zuerst"),
  categoryNames: z.array(idName),
  nutrition: nutritionSchema.nullable(),
  allergens: z.array(z.string()),
  flavoringIngredients: z.array(z.string()),
  ingredients: z.string().nullable(),
  storageHint: z.string().nullable(),
  origin: z.string().nullable().describe("Ursprungsland"),
  supplier: z
    .object({ name: z.string(), street: z.string(), zip: z.string(), city: z.string(), country: z.string() })
    .nullable(),
});

export function productResource(tree: CategoryTree, p: StockedProduct): z.input<typeof productSchema> {
  const path = categoryPath(tree, p.categoryId);
  return {
    sku: p.sku,
    name: p.name,
    brand: p.brand,
    description: p.description,
    price: { value: p.priceCents, regularValue: p.regularPriceCents, lowest30d: p.lowestPrice30dCents },
    deposit: p.depositCents,
    taxPercent: p.taxRate,
    netQuantity: { value: p.netQuantity, unit: p.unit, packCount: p.packCount },
    minAge: p.minAge,
    alcoholPercent: p.alcoholPercent,
    badges: p.badges,
    labels: p.labels,
    stockItem: { managed: p.stockManaged, inStock: p.inStock, qty: p.stockQty },
    categories: path.map((c) => ({ id: c.id, parentId: tree.parentOf.get(c.id) ?? null })),
    categoryNames: path,
    nutrition: p.nutrition,
    allergens: p.allergens,
    flavoringIngredients: p.flavorings,
    ingredients: p.ingredients,
    storageHint: p.storageHint,
    origin: p.originCountry,
    supplier: p.supplier,
  };
}

export const categoryTreeSchema = z.object({
  rootId: z.string(),
  categories: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        parentId: z.string().nullable(),
        children: z.array(z.string()).describe("Die Ids der Unterkategorien, in der Reihenfolge des Menüs"),
      }),
    )
    .describe("Alle Kategorien, jede Oberkategorie vor ihren Unterkategorien (Tiefensuche in Menüreihenfolge)"),
});

export function categoryTreeResource(tree: CategoryTree): z.input<typeof categoryTreeSchema> {
  const categories: z.input<typeof categoryTreeSchema>["categories"] = [];
  const visit = (node: CategoryTree["root"]) => {
    categories.push({
      id: node.id,
      name: node.name,
      parentId: tree.parentOf.get(node.id) ?? null,
      children: node.children.map((c) => c.id),
    });
    for (const child of node.children) visit(child);
  };
  visit(tree.root);
  return { rootId: tree.root.id, categories };
}
