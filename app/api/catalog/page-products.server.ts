/**
 * The spec's "per-page payload" (section 7 "Search and catalog": `/v1/page/products`): the products
 * a page of the shop shows, by its path, read as that page reads them. The home page's rows (sale,
 * new, pioneer; an empty row is not shown), a category page's list and the search result page's
 * list with the page's own URL parameters (filters, sort, page), read leniently as the page reads
 * them. Any other page of the shop (a product, a content or legal page, a store, a redirect) shows
 * no product list: no sections. A path where the shop shows nothing is a 404.
 */
import { z } from "zod";
import { parseProductFilter } from "~/domain/catalog/filter-params.server";
import { HOME_ROWS } from "~/domain/catalog/listing";
import { categoryListing, searchListing } from "~/domain/catalog/listing.server";
import { loadHomeRows } from "~/domain/catalog/product-rows.server";
import { searchQueryOf } from "~/domain/catalog/search";
import { translator } from "~/platform/i18n.server";
import { ApiFailure, operation } from "../operation.server";
import { productSummaryResource, productSummarySchema } from "./resource.server";
import { resolvePath, shopPath } from "./url-resolver.server";

const HOME_PATH = "/";
const SEARCH_PATH = "/search/find";

const sectionSchema = z.object({
  key: z.string().describe("sale, new, pioneer (Startseite), category, search"),
  title: z.string(),
  products: z.array(productSummarySchema),
  total: z.number().int().describe("Produkte der Liste insgesamt (alle Seiten)"),
  hasMore: z.boolean().describe("Ob die Liste eine weitere Seite hat"),
});

const pageProductsSchema = z.object({
  path: z.string(),
  type: z.enum(["home", "category", "search", "product", "page", "redirect"]),
  sections: z.array(sectionSchema),
});

type Section = z.input<typeof sectionSchema>;
type PageProducts = z.input<typeof pageProductsSchema>;

/** The page's sections, or null when the shop shows nothing at the path. */
async function pageProducts(db: D1Database, path: string): Promise<PageProducts | null> {
  const url = new URL(path, "http://frischkorb.invalid");
  if (url.pathname === HOME_PATH) {
    const [rows, t] = await Promise.all([loadHomeRows(db), translator("home")]);
    const sections: Section[] = HOME_ROWS.filter((row) => rows[row].length).map((row) => ({
      key: row,
      title: t(`rows.${row}`),
      products: rows[row].map(productSummaryResource),
      total: rows[row].length,
      hasMore: false,
    }));
    return { path, type: "home", sections };
  }
  const filter = parseProductFilter(url.searchParams);
  if (url.pathname === SEARCH_PATH) {
    const query = searchQueryOf(url.searchParams);
    const { result } = await searchListing(db, query, filter);
    const sections: Section[] = result
      ? [
          {
            key: "search",
            title: query,
            products: result.products.map(productSummaryResource),
            total: result.total,
            hasMore: result.hasMore,
          },
        ]
      : [];
    return { path, type: "search", sections };
  }
  const found = await resolvePath(db, path);
  if (!found) return null;
  if (found.type !== "category") return { path, type: found.type, sections: [] };
  const listing = await categoryListing(db, found.id, filter);
  if (!listing) return null;
  const { name, result } = listing;
  return {
    path,
    type: "category",
    sections: [
      {
        key: "category",
        title: name,
        products: result.products.map(productSummaryResource),
        total: result.total,
        hasMore: result.hasMore,
      },
    ],
  };
}

export const productsOfPage = operation({
  method: "GET",
  path: "/v1/page/products",
  summary:
    "Die Produkte, die eine Seite des Shops zeigt (Startseite, Kategorie, Suche mit den Filtern der Seite); andere Seiten ohne Produktliste",
  operationId: "getPageProducts",
  description:
    "Liefert die Produkte, die eine Seite des Shops zeigt, so gelesen wie die Seite sie liest: die Reihen der Startseite, die Liste einer Kategorie oder einer Suche mit den Parametern der Seite. Andere Seiten antworten ohne Abschnitte; ein Pfad, unter dem der Shop nichts zeigt, ist nicht gefunden.",
  tag: "Katalog",
  auth: false,
  query: z
    .object({
      path: shopPath.describe(
        "Ein Pfad des Shops mit den Parametern der Seite, z. B. /, /catalog/category/milch?sort=price_asc oder /search/find?q=milch",
      ),
    })
    .strict(),
  response: pageProductsSchema,
  async run({ query }, { env }) {
    const found = await pageProducts(env.DB, query.path);
    if (!found) throw new ApiFailure(404, "api:pathNotFound", [query.path]);
    return found;
  },
});

export const PAGE_PRODUCTS_OPERATIONS = [productsOfPage];
