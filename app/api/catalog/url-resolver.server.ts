/**
 * The per-path lookup of spec section 2/7 ("A GET by path returns redirect info for routing"): what
 * the shop would answer at a path, told by the same functions the pages use. A path a page route
 * takes is that page (or nothing: a product or category route with an unknown id is a 404, as on the
 * pages); any other path goes the way of `routes/$.tsx`: the locale prefix is dropped, then the
 * redirect table is asked.
 */
import { z } from "zod";
import { loadCategoryTree } from "~/domain/catalog/category.server";
import { SKU_PATTERN } from "~/domain/catalog/product";
import { productName } from "~/domain/catalog/product-name.server";
import { loadPage } from "~/domain/content/page.server";
import { isExternal, withoutLocalePrefix } from "~/domain/content/redirect";
import { findRedirect } from "~/domain/content/redirect.server";
import { findStore } from "~/domain/store/store.server";
import { safeRedirectPath } from "~/platform/redirect";

export const resolvedPathSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("redirect"),
    target: z.string(),
    external: z.boolean().describe("Ein Ziel außerhalb des Shops (volle Seitenladung)"),
    status: z.union([z.literal(301), z.literal(302)]).describe("Der Status, mit dem die Seite weiterleitet"),
  }),
  z.object({ type: z.literal("category"), id: z.string() }),
  z.object({ type: z.literal("product"), id: z.string().describe("Die SKU") }),
  z.object({
    type: z.literal("page"),
    kind: z.enum(["content", "legal", "store"]),
    id: z.string().describe("Der Slug der Inhalts- oder Rechtsseite, die Id des Markts"),
  }),
]);

export type ResolvedPath = z.infer<typeof resolvedPathSchema>;

/** A path of the shop as a query parameter: "/x", never "//host" or "/\\host". */
export const shopPath = z
  .string()
  .max(2000, "validation.maxLength|2000")
  .regex(/^\/(?![/\\])/, "api:path")
  .describe("Ein Pfad des Shops, z. B. /impressum oder /catalog/product/120001");

const STORE_PREFIX = "markt/";

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The page a route of the shop shows at `pathname`: undefined when no such route takes it. */
async function pageAt(db: D1Database, pathname: string): Promise<ResolvedPath | null | undefined> {
  const [, area, kind, ...rest] = pathname.split("/");
  const tail = decoded(rest.join("/"));
  if (area === "catalog" && kind === "category" && rest.length) {
    const tree = await loadCategoryTree(db);
    return tail !== null && tree.byId.has(tail) ? { type: "category", id: tail } : null;
  }
  if (area === "catalog" && kind === "product" && rest.length) {
    if (tail === null || !SKU_PATTERN.test(tail)) return null;
    return (await productName(db, tail)) !== null ? { type: "product", id: tail } : null;
  }
  if (area === "pages" && kind === "legal" && rest.length === 1 && tail) {
    return (await loadPage(db, "legal", tail)) ? { type: "page", kind: "legal", id: tail } : null;
  }
  // /content/map and /content/shares are pages of their own, not content pages
  if (area === "content" && kind && kind !== "map" && kind !== "shares") {
    const slug = decoded([kind, ...rest].join("/"));
    if (slug === null) return null;
    if (slug.startsWith(STORE_PREFIX)) {
      const store = await findStore(db, slug.slice(STORE_PREFIX.length));
      return store ? { type: "page", kind: "store", id: store.id } : null;
    }
    return (await loadPage(db, "content", slug)) ? { type: "page", kind: "content", id: slug } : null;
  }
  return undefined;
}

/** What the shop answers at a path of its own (with an optional query), or null for a 404. */
export async function resolvePath(db: D1Database, path: string): Promise<ResolvedPath | null> {
  const url = new URL(path, "http://frischkorb.invalid");
  const page = await pageAt(db, url.pathname);
  if (page !== undefined) return page;
  const unprefixed = withoutLocalePrefix(url.pathname, url.search);
  if (unprefixed) return { type: "redirect", target: safeRedirectPath(unprefixed), external: false, status: 301 };
  const target = await findRedirect(db, url.pathname);
  if (!target) return null;
  const external = isExternal(target);
  return { type: "redirect", target, external, status: external ? 302 : 301 };
}
