/**
 * Search input -> FTS5 query. The trigram tokenizer matches substrings of at least three
 * characters, which is why that is the minimum input length.
 */
export const MIN_SEARCH_LENGTH = 3;
export const MAX_SEARCH_LENGTH = 100;
/** A search filters, counts and sorts its first this many text matches, in index order (decision 0029). */
export const SEARCH_CANDIDATES = 1000;

/** The search result page's term, from its URL parameter `q` as the page reads it. */
export const searchQueryOf = (params: URLSearchParams) => (params.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);

/** Terms of at least three characters, each quoted so FTS5 syntax in the input is just text. */
export function searchTerms(input: string): string[] {
  return input
    .slice(0, MAX_SEARCH_LENGTH)
    .split(/[\s,;:!?()[\]{}"'*^+\-/\\|<>=~&%$#@.]+/u)
    .filter((t) => [...t].length >= MIN_SEARCH_LENGTH)
    .slice(0, 8);
}

/** The MATCH expression (all terms must occur), or null when the input is too short. */
export function searchMatch(input: string): string | null {
  const terms = searchTerms(input);
  return terms.length ? terms.map((t) => `"${t.replaceAll('"', '""')}"`).join(" ") : null;
}

/** Lower case without diacritics, so "kase" finds the category "Käse" as it finds products. */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** What the search overlay receives while a customer types. */
export interface SearchSuggestionsResult {
  categories: { id: string; name: string }[];
  /** `photo`: the main photo's file, null for the drawn pack (docs/decisions/0048) */
  products: { sku: string; name: string; brand: string; priceCents: number; photo: string | null }[];
}

/**
 * What the overlay gets (routes/search.suggest.tsx): each product with its image's URL, made on the
 * server by platform/images.ts, so the overlay's lazy module needs no image code of its own.
 */
export interface OverlaySuggestions extends SearchSuggestionsResult {
  products: (SearchSuggestionsResult["products"][number] & { image: string })[];
}
