/**
 * The catalogue's calls (spec section 7 "Search and catalog"): public, read-only, through the same
 * domain functions as the category, product and search pages.
 */
import { z } from "zod";
import { categoryPath } from "~/domain/catalog/category";
import { loadCategoryTree } from "~/domain/catalog/category.server";
import { categoryListing, searchListing } from "~/domain/catalog/listing.server";
import { SKU_PATTERN } from "~/domain/catalog/product";
import { MAX_SKUS_PER_READ, loadProductsBySku } from "~/domain/catalog/product-detail.server";
import { MAX_SEARCH_LENGTH, MIN_SEARCH_LENGTH } from "~/domain/catalog/search";
import { searchSuggestions } from "~/domain/catalog/search.server";
import { ApiFailure, operation } from "../operation.server";
import { listingFilter, listingQueryShape } from "./query.server";
import {
  categoryTreeResource,
  categoryTreeSchema,
  productListShape,
  productResource,
  productSchema,
  productSummaryResource,
  shippingCostsNotice,
  suggestedProductResource,
  suggestedProductSchema,
} from "./resource.server";
import { PAGE_PRODUCTS_OPERATIONS } from "./page-products.server";
import { resolvePath, resolvedPathSchema, shopPath } from "./url-resolver.server";

const TAG = "Katalog";

const listingQuery = z.object(listingQueryShape).partial();
const idName = z.object({ id: z.string(), name: z.string() });

const searchText = z
  .string()
  .max(MAX_SEARCH_LENGTH, `validation.maxLength|${MAX_SEARCH_LENGTH}`)
  .describe(
    `Suchbegriff; gesucht wird nach Wörtern ab ${MIN_SEARCH_LENGTH} Zeichen, höchstens ${MAX_SEARCH_LENGTH} Zeichen`,
  );

export const searchProducts = operation({
  method: "GET",
  path: "/rest/V1/els/search",
  summary: "Produktsuche mit Filtern, Sortierung und Seiten",
  operationId: "searchProducts",
  description:
    "Sucht Produkte wie die Suchseite, mit ihren Filtern, Sortierungen und Seiten, und zählt die Facetten. Ein Suchbegriff ohne ein Wort der Mindestlänge sucht nichts (tooShort); ungültige Filterwerte werden abgewiesen statt übergangen.",
  tag: TAG,
  auth: false,
  query: listingQuery.extend({ q: searchText }).strict(),
  response: z.object({
    query: z.string(),
    tooShort: z.boolean().describe(`Kein Wort mit mindestens ${MIN_SEARCH_LENGTH} Zeichen: nichts gesucht`),
    ...productListShape,
    categoryNames: z.array(idName).describe("Die Hauptkategorien, die facets.categories zählt"),
  }),
  async run({ query }, { request, env }) {
    const q = query.q.trim();
    const filter = await listingFilter(request, query);
    const { mains, result } = await searchListing(env.DB, q, filter);
    return {
      query: q,
      tooShort: !result,
      products: (result?.products ?? []).map(productSummaryResource),
      total: result?.total ?? 0,
      hasMore: result?.hasMore ?? false,
      matchLimit: result?.matchLimit ?? null,
      facets: result?.facets ?? { brands: [], categories: [], flavoringIngredients: [], allergens: [], flags: {} },
      categoryNames: mains,
    };
  },
});

export const suggestSearch = operation({
  method: "GET",
  path: "/rest/V1/els/suggestions",
  summary: "Vorschläge während der Eingabe: passende Kategorien und die besten Produkte",
  operationId: "getSearchSuggestions",
  description:
    "Schlägt während der Eingabe passende Kategorien und die besten Produkte zum Suchbegriff vor, wie das Suchfeld des Shops.",
  tag: TAG,
  auth: false,
  query: z.object({ q: searchText }).strict(),
  response: z.object({
    categories: z.array(idName),
    products: z.array(suggestedProductSchema),
  }),
  async run({ query }, { env }) {
    const { categories, products } = await searchSuggestions(env.DB, query.q);
    return { categories, products: products.map(suggestedProductResource) };
  },
});

export const listCategories = operation({
  method: "GET",
  path: "/rest/V1/els/categories",
  summary: "Der Kategoriebaum",
  operationId: "getCategoryTree",
  description: "Liefert den ganzen Kategoriebaum des Sortiments, wie ihn die Navigation des Shops zeigt.",
  tag: TAG,
  auth: false,
  response: categoryTreeSchema,
  run: async (_input, { env }) => categoryTreeResource(await loadCategoryTree(env.DB)),
});

export const categoryProducts = operation({
  method: "GET",
  path: "/rest/V1/els/category",
  summary: "Die Produkte einer Kategorie mit Filtern, Sortierung und Seiten",
  operationId: "getCategoryProducts",
  description:
    "Liefert die Produkte einer Kategorie wie die Kategorieseite, mit ihren Filtern, Sortierungen und Seiten, dazu ihren Pfad und ihre Unterkategorien. Eine unbekannte Kategorie ist nicht gefunden; ungültige Filterwerte werden abgewiesen.",
  tag: TAG,
  auth: false,
  query: listingQuery
    .extend({
      id: z.string().min(1, "validation.required").max(100, "validation.maxLength|100").describe("Kategorie-Id"),
    })
    .strict(),
  response: z.object({
    category: z.object({ id: z.string(), name: z.string(), parentId: z.string().nullable() }),
    path: z.array(idName).describe("Die Oberkategorien und die Kategorie selbst, ohne die Startseite"),
    subcategories: z.array(idName).describe("Die Unterkategorien, die facets.categories zählt"),
    ...productListShape,
  }),
  async run({ query }, { request, env }) {
    const filter = await listingFilter(request, query);
    const [listing, tree] = await Promise.all([categoryListing(env.DB, query.id, filter), loadCategoryTree(env.DB)]);
    if (!listing) throw new ApiFailure(404, "api:categoryNotFound", [query.id]);
    const { node, name, subcategories, result } = listing;
    return {
      category: { id: node.id, name, parentId: tree.parentOf.get(node.id) ?? null },
      path: categoryPath(tree, node.id),
      subcategories,
      ...result,
      products: result.products.map(productSummaryResource),
    };
  },
});

const sku = z.string().regex(SKU_PATTERN, "api:sku");

export const productsBySku = operation({
  method: "GET",
  path: "/rest/V1/els/products",
  summary: "Produkte nach Artikelnummern (unbekannte fehlen in der Antwort)",
  operationId: "getProductsBySku",
  description: `Liefert Produkte nach ihren Artikelnummern in der Form der Spezifikation, höchstens ${MAX_SKUS_PER_READ} auf einmal. Unbekannte Artikelnummern fehlen in der Antwort; eine ungültige wird abgewiesen.`,
  tag: TAG,
  auth: false,
  query: z
    .object({
      skus: z
        .string()
        .describe(`Artikelnummern, durch Kommas getrennt, höchstens ${MAX_SKUS_PER_READ}`)
        .transform((s) => s.split(",").map((part) => part.trim()))
        .pipe(z.array(sku).min(1).max(MAX_SKUS_PER_READ, `api:tooManySkus|${MAX_SKUS_PER_READ}`)),
    })
    .strict(),
  response: z.object({ products: z.array(productSchema) }),
  async run({ query }, { env }) {
    const [tree, products, shipping] = await Promise.all([
      loadCategoryTree(env.DB),
      loadProductsBySku(env.DB, query.skus),
      shippingCostsNotice(),
    ]);
    return { products: products.map((p) => productResource(tree, p, shipping)) };
  },
});

export const resolveUrl = operation({
  method: "GET",
  path: "/rest/V1/url-resolver",
  summary: "Was der Shop unter einem Pfad zeigt: Weiterleitung, Kategorie, Produkt oder Seite",
  operationId: "resolveUrl",
  description:
    "Sagt, was der Shop unter einem Pfad zeigt: eine Kategorie, ein Produkt, eine Seite oder eine Weiterleitung mit ihrem Status. Ein Pfad, unter dem der Shop nichts zeigt, ist nicht gefunden.",
  tag: TAG,
  auth: false,
  query: z.object({ path: shopPath }).strict(),
  response: resolvedPathSchema,
  async run({ query }, { env }) {
    const found = await resolvePath(env.DB, query.path);
    if (!found) throw new ApiFailure(404, "api:pathNotFound", [query.path]);
    return found;
  },
});

export const CATALOG_OPERATIONS = [
  searchProducts,
  suggestSearch,
  listCategories,
  categoryProducts,
  productsBySku,
  resolveUrl,
  ...PAGE_PRODUCTS_OPERATIONS,
];
