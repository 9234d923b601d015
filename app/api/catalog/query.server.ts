/**
 * The query of a product list call (search, category): the listing page's URL parameters, checked
 * strictly (a value the page would quietly drop is a 400 here), then read by the page's own
 * `parseProductFilter`. Only the price differs: the API reads euros as it writes them (2.49, a point
 * and at most two places, docs/decisions/0034 "Money"), on the digits, where the page also takes a
 * person's "2,49".
 */
import { z } from "zod";
import {
  ALLERGENS,
  FACET_KEYS,
  FLAG_ON_VALUES,
  MAX_PAGE,
  MAX_PRICE_CENTS,
  MAX_VALUE_LENGTH,
  MAX_VALUES_PER_FACET,
  orderedRange,
  parseGrams,
  type ProductFilter,
  SORT_KEYS,
} from "~/domain/catalog/filters";
import { FLAG_KEYS, parseProductFilter } from "~/domain/catalog/filter-params.server";
import { translator } from "~/platform/i18n.server";
import { invalidInput } from "../errors.server";
import { euroInput } from "../money.server";
import { ApiFailure } from "../operation.server";

const MAX_PRICE_EUROS = MAX_PRICE_CENTS / 100;

/** A price bound in euros ("2.49", "3"), read by the API's one reading of an amount (`euroInput`). */
const euros = (what: string) =>
  z
    .string()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, `api:euros|${MAX_PRICE_EUROS}`)
    .pipe(euroInput)
    // a value the pattern refused already has its message (zod refines it all the same)
    .refine((cents) => typeof cents !== "number" || cents <= MAX_PRICE_CENTS, `api:euros|${MAX_PRICE_EUROS}`)
    .describe(`${what} in Euro, höchstens zwei Nachkommastellen mit Punkt (z. B. 2.49), bis ${MAX_PRICE_EUROS}`);

const grams = (what: string) =>
  z
    .string()
    .refine((v) => parseGrams(v) !== null, "api:grams")
    .describe(`${what} in Gramm je 100 g/ml, 0 bis 100 („1,5“ oder „1.5“)`);

const facetValue = z
  .string()
  .trim()
  .min(1, "validation.required")
  .max(MAX_VALUE_LENGTH, `validation.maxLength|${MAX_VALUE_LENGTH}`);
const allergen = z.enum(ALLERGENS);
const repeatable = " (wiederholbar: brands=A&brands=B)";

const flag = z.enum([...FLAG_ON_VALUES, "0", "false"]).describe("Filter an mit 1, true oder on");

/** The listing's parameters, each once, as the router hands them over (strings). */
export const listingQueryShape = {
  priceMin: euros("Mindestpreis"),
  priceMax: euros("Höchstpreis"),
  sugarMin: grams("Zucker mindestens"),
  sugarMax: grams("Zucker höchstens"),
  fatMin: grams("Fett mindestens"),
  fatMax: grams("Fett höchstens"),
  brands: facetValue.describe(`Marke${repeatable}`),
  categories: facetValue.describe(`Kategorie-Id${repeatable}`),
  flavoringIngredients: facetValue.describe(`Geschmack gebende Zutat${repeatable}`),
  allergens: allergen.describe(`Allergen, das die Produkte nicht enthalten sollen${repeatable}`),
  ...(Object.fromEntries(FLAG_KEYS.map((key) => [key, flag])) as Record<(typeof FLAG_KEYS)[number], typeof flag>),
  sort: z.enum(SORT_KEYS),
  page: z
    .string()
    .regex(/^\d{1,6}$/, `api:page|${MAX_PAGE}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_PAGE, `api:page|${MAX_PAGE}`)
    .describe(`Seite, 1 bis ${MAX_PAGE}, je 60 Produkte`),
};

const listingQuery = z.object(listingQueryShape).partial();
type ListingQuery = z.output<typeof listingQuery>;

/** A facet may be repeated, as on the pages; each of its values is checked, every other parameter comes once. */
const repeatedFacets = z
  .object({
    brands: z.array(facetValue),
    categories: z.array(facetValue),
    flavoringIngredients: z.array(facetValue),
    allergens: z.array(allergen),
  })
  .partial();

async function checkRepeated(params: URLSearchParams): Promise<void> {
  const repeated = [...new Set(params.keys())].filter((key) => params.getAll(key).length > 1);
  const once = repeated.filter((key) => !(FACET_KEYS as readonly string[]).includes(key));
  const tooMany = repeated.filter((key) => params.getAll(key).length > MAX_VALUES_PER_FACET);
  const api = once.length || tooMany.length ? await translator("api") : null;
  if (api && once.length) {
    throw new ApiFailure(
      400,
      "api:invalidInput",
      once.map((key) => `query.${key}: ${api("once")}`),
    );
  }
  if (api && tooMany.length) {
    throw new ApiFailure(
      400,
      "api:invalidInput",
      tooMany.map((key) => `query.${key}: ${api("tooManyValues", { count: MAX_VALUES_PER_FACET })}`),
    );
  }
  const checked = repeatedFacets.safeParse(Object.fromEntries(repeated.map((key) => [key, params.getAll(key)])));
  if (!checked.success) throw await invalidInput(checked.error, "query");
}

/**
 * The filter of a list call: the page's parser on the request's own parameters (so a repeated
 * facet keeps all its values), the price range from the checked euros, in cents.
 */
export async function listingFilter(request: Request, query: ListingQuery): Promise<ProductFilter> {
  const params = new URL(request.url).searchParams;
  await checkRepeated(params);
  return { ...parseProductFilter(params), price: orderedRange(query.priceMin ?? null, query.priceMax ?? null) };
}
