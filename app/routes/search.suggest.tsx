import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadCategoryTree } from "~/domain/catalog/category.server";
import { topSearchHits } from "~/domain/catalog/product-rows.server";
import {
  foldForSearch,
  MAX_SEARCH_LENGTH,
  searchMatch,
  searchTerms,
  type SearchSuggestionsResult,
} from "~/domain/catalog/search";
import { publicPageHeaders } from "~/platform/edge-cache.server";

const MAX_CATEGORIES = 5;

/** Suggestions for the search overlay: matching categories and the best products. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_SEARCH_LENGTH);
  const match = searchMatch(query);
  const empty: SearchSuggestionsResult = { categories: [], products: [] };
  if (!match) return Response.json(empty, { headers: publicPageHeaders(context.env) });
  const terms = searchTerms(query).map(foldForSearch);
  const [tree, products] = await Promise.all([loadCategoryTree(context.env.DB), topSearchHits(context.env.DB, match)]);
  const categories = [...tree.byId.values()]
    .filter((c) => c.id !== tree.root.id && terms.every((term) => foldForSearch(c.name).includes(term)))
    .slice(0, MAX_CATEGORIES)
    .map((c) => ({ id: c.id, name: c.name }));
  const result: SearchSuggestionsResult = { categories, products };
  return Response.json(result, { headers: publicPageHeaders(context.env) });
}
