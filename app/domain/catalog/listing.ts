/** The shape of a product list page: one page of products and the facet counts. */
import type { ProductSummary } from "./product";

export interface FacetValue {
  value: string;
  count: number;
}

export interface ProductListResult {
  products: ProductSummary[];
  total: number;
  hasMore: boolean;
  /** when a search found more text matches than it filters, counts and sorts: how many it took */
  matchLimit: number | null;
  facets: {
    brands: FacetValue[];
    categories: FacetValue[];
    flavoringIngredients: FacetValue[];
    /** products in the current result that contain the allergen */
    allergens: FacetValue[];
    flags: Record<string, number>;
  };
}
