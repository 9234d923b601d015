/**
 * The category page's and the search's product lists, as both doors (pages and JSON API) ask for
 * them: which rows a list reads and which categories its facet counts cover.
 */
import { loadCategoryTree } from "./category.server";
import { translator } from "~/platform/i18n.server";
import { ROOT_CATEGORY_ID, type CategoryNode } from "./category";
import type { ProductFilter } from "./filters";
import type { ProductListResult } from "./listing";
import { listProducts } from "./product-list.server";
import { searchMatch } from "./search";

export interface CategoryListing {
  node: CategoryNode;
  /** The heading the page shows: the root category is "all categories". */
  name: string;
  subcategories: { id: string; name: string }[];
  result: ProductListResult;
}

/** A category's list, its facets counted over its subcategories; null for an unknown category. */
export async function categoryListing(
  db: D1Database,
  categoryId: string,
  filter: ProductFilter,
): Promise<CategoryListing | null> {
  const tree = await loadCategoryTree(db);
  const node = tree.byId.get(categoryId);
  if (!node) return null;
  const subcategories = node.children.map((c) => ({ id: c.id, name: c.name }));
  const result = await listProducts(
    db,
    { kind: "category", categoryId, facetCategoryIds: subcategories.map((c) => c.id) },
    filter,
  );
  const name = node.id === ROOT_CATEGORY_ID ? (await translator("common"))("menu.allCategories") : node.name;
  return { node, name, subcategories, result };
}

export interface SearchListing {
  /** the main categories, which the search's category facet counts */
  mains: { id: string; name: string }[];
  /** null when the input has no term long enough to search for */
  result: ProductListResult | null;
}

/** A search's list over the whole range (the root category's rows); `query` as the customer typed it. */
export async function searchListing(db: D1Database, query: string, filter: ProductFilter): Promise<SearchListing> {
  const tree = await loadCategoryTree(db);
  const mains = tree.root.children.map((c) => ({ id: c.id, name: c.name }));
  const match = searchMatch(query);
  const result = match
    ? await listProducts(
        db,
        { kind: "search", match, rootCategoryId: tree.root.id, facetCategoryIds: mains.map((c) => c.id) },
        filter,
      )
    : null;
  return { mains, result };
}
