import { loadCategoryTree } from "./category.server";
import { topSearchHits } from "./product-rows.server";
import { foldForSearch, MAX_SEARCH_LENGTH, searchMatch, searchTerms, type SearchSuggestionsResult } from "./search";

const MAX_CATEGORIES = 5;

/** What the search overlay suggests while a customer types: matching categories and the best products. */
export async function searchSuggestions(db: D1Database, input: string): Promise<SearchSuggestionsResult> {
  const query = input.slice(0, MAX_SEARCH_LENGTH);
  const match = searchMatch(query);
  if (!match) return { categories: [], products: [] };
  const terms = searchTerms(query).map(foldForSearch);
  const [tree, products] = await Promise.all([loadCategoryTree(db), topSearchHits(db, match)]);
  const categories = [...tree.byId.values()]
    .filter((c) => c.id !== tree.root.id && terms.every((term) => foldForSearch(c.name).includes(term)))
    .slice(0, MAX_CATEGORIES)
    .map((c) => ({ id: c.id, name: c.name }));
  return { categories, products };
}
