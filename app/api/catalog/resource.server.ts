/**
 * The catalogue as the API shows it: the spec's Product (section 3) for `els/products`, the same
 * names for the products of a list (category and search pages, the home page's rows: what a tile
 * has, `ProductListResult`'s facets unchanged), and the category tree. Amounts are euros with two
 * places (docs/decisions/0034, "Money"), made from the shop's cents at this edge.
 */
import { z } from "zod";
import { type CategoryTree, categoryPath } from "~/domain/catalog/category";
import { productHref } from "~/domain/catalog/href";
import { BADGES, LABELS, type ProductSummary } from "~/domain/catalog/product";
import type { StockedProduct } from "~/domain/catalog/product-detail.server";
import { UNITS } from "~/domain/catalog/quantity";
import { translator } from "~/platform/i18n.server";
import { euro, euroSchema } from "../money.server";

const idName = z.object({ id: z.string(), name: z.string() });
const facetValues = z.array(z.object({ value: z.string(), count: z.number().int() }));

/** The main photo (docs/decisions/0048), served at /images/photos/<file>; null: the shop draws the pack. */
export const mainPhoto = z.string().nullable().describe("Hauptfoto: Dateiname unter /images/photos/ (null: keins)");

/** The spec's `identifier`: the product's path in the shop, which `url-resolver` resolves to the product. */
const identifier = z.string().describe("Der Pfad des Produkts im Shop, z. B. /catalog/product/120001");

/** An amount or null; the document must say both (a custom schema's type does not carry the null over). */
const euroOrNull = (description: string) =>
  euroSchema(description)
    .nullable()
    .openapi({ type: ["number", "null"], description });

/** The spec's `price.value`, with the sale's former price and the lowest price before it. */
const priceSchema = z.object({
  value: euroSchema("Preis in Euro (brutto)"),
  regularValue: euroOrNull("Früherer Preis in Euro, solange reduziert; null: nicht reduziert"),
  lowest30d: euroOrNull(
    "Niedrigster Preis der 30 Tage vor der Reduzierung in Euro (PAngV § 11); null: nicht reduziert",
  ),
});

const netQuantitySchema = z
  .object({ value: z.number(), unit: z.enum(UNITS), packCount: z.number().int() })
  .describe("Inhalt: Menge und Einheit je Packung, Anzahl der Packungen");

const depositSchema = euroSchema("Pfand in Euro (0.00: keins)");

type Priced = Pick<ProductSummary, "priceCents" | "regularPriceCents" | "lowestPrice30dCents">;

const priceOf = (p: Priced) => ({
  value: euro(p.priceCents),
  regularValue: p.regularPriceCents === null ? null : euro(p.regularPriceCents),
  lowest30d: p.lowestPrice30dCents === null ? null : euro(p.lowestPrice30dCents),
});

/**
 * One product of a list (category page, search, home page rows) with the spec's Product names, as
 * far as a tile has them, the stock (`stockItem`) included.
 */
export const productSummarySchema = z.object({
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  identifier,
  price: priceSchema,
  deposit: depositSchema,
  netQuantity: netQuantitySchema,
  minAge: z.number().int().describe("Mindestalter für den Kauf (0: keins)"),
  badges: z.array(z.enum(BADGES)),
  labels: z.array(z.enum(LABELS)),
  stockItem: z
    .object({ managed: z.boolean(), inStock: z.boolean(), qty: z.number().int() })
    .describe("Bestand: ob er gezählt wird, ob lieferbar, wie viele noch da sind"),
  photo: mainPhoto,
});

export function productSummaryResource(p: ProductSummary): z.input<typeof productSummarySchema> {
  return {
    sku: p.sku,
    name: p.name,
    brand: p.brand,
    identifier: productHref(p.sku),
    price: priceOf(p),
    deposit: euro(p.depositCents),
    netQuantity: { value: p.netQuantity, unit: p.unit, packCount: p.packCount },
    minAge: p.minAge,
    badges: p.badges,
    labels: p.labels,
    stockItem: { managed: p.stockManaged, inStock: p.inStock, qty: p.stockQty },
    photo: p.photo,
  };
}

/** A product of the search suggestions: what the overlay shows of it. */
export const suggestedProductSchema = z.object({
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  identifier,
  price: z.object({ value: euroSchema("Preis in Euro (brutto)") }),
  photo: mainPhoto,
});

export function suggestedProductResource(p: {
  sku: string;
  name: string;
  brand: string;
  priceCents: number;
  photo: string | null;
}): z.input<typeof suggestedProductSchema> {
  return {
    sku: p.sku,
    name: p.name,
    brand: p.brand,
    identifier: productHref(p.sku),
    price: { value: euro(p.priceCents) },
    photo: p.photo,
  };
}

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
    energyKj: z.number().describe("Energie (kJ)"),
    energyKcal: z.number().describe("Brennwert (kcal)"),
    fat: z.number(),
    saturatedFat: z.number(),
    unsaturatedFat: z.number(),
    polyunsaturatedFat: z.number(),
    carbohydrates: z.number(),
    sugar: z.number(),
    protein: z.number(),
    salt: z.number(),
  })
  .describe("Nährwerte je 100 g bzw. 100 ml, in Gramm (Energie in kJ und kcal)");

/** The spec's Product (section 3) with what the product page shows. */
export const productSchema = z.object({
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  identifier,
  description: z.string(),
  price: priceSchema,
  deposit: depositSchema,
  taxPercent: z.number().int().describe("Mehrwertsteuersatz in Prozent (7 oder 19), im Preis enthalten"),
  shippingCosts: z
    .string()
    .describe(
      "Der Hinweis zu den Versandkosten, wie die Produktseite ihn zeigt: berechnet je Bestellung nach Versandart (/pages/legal/versand-zahlung), nicht je Produkt",
    ),
  netQuantity: netQuantitySchema,
  minAge: z.number().int().describe("Mindestalter für den Kauf (0: keins)"),
  alcoholPercent: z.number().nullable(),
  badges: z.array(z.enum(BADGES)),
  labels: z.array(z.enum(LABELS)),
  stockItem: z.object({
    managed: z.boolean().describe("Ob der Bestand gezählt wird (false: immer lieferbar)"),
    inStock: z.boolean(),
    qty: z.number().int(),
  }),
  categories: z
    .array(
      z.object({
        id: z.string(),
        parentId: z.string().nullable(),
        parentIds: z.array(z.string()).describe("Alle Oberkategorien, die äußere (die Startseite) zuerst"),
      }),
    )
    .describe("Die Kategorie des Produkts und ihre Oberkategorien, die äußere zuerst"),
  categoryNames: z.array(idName),
  nutrition: nutritionSchema.nullable(),
  allergens: z.array(z.string()),
  flavoringIngredients: z.array(z.string()),
  ingredients: z.string().nullable(),
  storageHint: z.string().nullable(),
  originCountry: z.string().nullable().describe("Ursprungsland"),
  supplier: z
    .object({ name: z.string(), street: z.string(), zip: z.string(), city: z.string(), country: z.string() })
    .nullable(),
  photo: mainPhoto,
});

/** The shipping costs' notice of the product page ("zzgl. Versandkosten"): shipping is priced per order. */
export async function shippingCostsNotice(): Promise<string> {
  return (await translator("common"))("price.plusShipping");
}

export function productResource(
  tree: CategoryTree,
  p: StockedProduct,
  shippingCosts: string,
): z.input<typeof productSchema> {
  const path = categoryPath(tree, p.categoryId);
  // the path's outermost category hangs below the root (the start page), which the path leaves out
  const top = path.length ? (tree.parentOf.get(path[0].id) ?? null) : null;
  const above = (i: number) => [...(top ? [top] : []), ...path.slice(0, i).map((c) => c.id)];
  return {
    sku: p.sku,
    name: p.name,
    brand: p.brand,
    identifier: productHref(p.sku),
    description: p.description,
    price: priceOf(p),
    deposit: euro(p.depositCents),
    taxPercent: p.taxRate,
    shippingCosts,
    netQuantity: { value: p.netQuantity, unit: p.unit, packCount: p.packCount },
    minAge: p.minAge,
    alcoholPercent: p.alcoholPercent,
    badges: p.badges,
    labels: p.labels,
    stockItem: { managed: p.stockManaged, inStock: p.inStock, qty: p.stockQty },
    categories: path.map((c, i) => ({ id: c.id, parentId: tree.parentOf.get(c.id) ?? null, parentIds: above(i) })),
    categoryNames: path,
    nutrition: p.nutrition,
    allergens: p.allergens,
    flavoringIngredients: p.flavorings,
    ingredients: p.ingredients,
    storageHint: p.storageHint,
    originCountry: p.originCountry,
    supplier: p.supplier,
    photo: p.photo,
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
