/** The shape of a product list page: one page of products and the facet counts. */
import type { ProductSummary } from "./product";

/** The home page's product rows, in the order it shows them (loadHomeRows reads them). */
export const HOME_ROWS = ["sale", "new", "pioneer"] as const;
export type HomeRow = (typeof HOME_ROWS)[number];

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
