/** Everything the product page shows (LMIV art. 9/14: what a customer must know before buying food). */
import type { ProductSummary } from "./product";

/** Per 100 g/ml, in the order LMIV Annex XV prescribes. */
export interface Nutrition {
  energyKj: number;
  energyKcal: number;
  fat: number;
  saturatedFat: number;
  unsaturatedFat: number;
  polyunsaturatedFat: number;
  carbohydrates: number;
  sugar: number;
  protein: number;
  salt: number;
}

export interface ProductDetail extends ProductSummary {
  description: string;
  categoryId: string;
  taxRate: number;
  alcoholPercent: number | null;
  ingredients: string | null;
  storageHint: string | null;
  originCountry: string | null;
  supplier: { name: string; street: string; zip: string; city: string; country: string } | null;
  nutrition: Nutrition | null;
  allergens: string[];
  flavorings: string[];
}
