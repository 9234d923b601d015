/**
 * Zod schemas of the range's forms (issue 33 §2), shared by the server, which parses every post
 * with them, and the browser, which checks the fields before sending. Messages are locale keys.
 */
import { z } from "zod";
import { parseEuroToCents } from "~/domain/money/format";

/** The dearest price one form may set, so a slip ("249" for "2,49") is caught. */
export const MAX_PRICE_CENTS = 100_000;
export const MAX_STOCK_DELTA = 100_000;
export const STOCK_REASON_MAX = 200;

export const priceSchema = z
  .object({
    price: z
      .string({ required_error: "staffRange:price.required" })
      .trim()
      .max(20, "staffRange:price.shape")
      .refine((v) => (parseEuroToCents(v) ?? 0) > 0, "staffRange:price.shape")
      .refine((v) => (parseEuroToCents(v) ?? 0) <= MAX_PRICE_CENTS, "staffRange:price.tooHigh"),
    reduction: z.literal("on").optional(),
    priceVersion: z.coerce.number({ invalid_type_error: "staffRange:stale" }).int().min(0),
  })
  .transform((v) => ({ ...v, priceCents: parseEuroToCents(v.price) as number }));

export const stockSchema = z.object({
  delta: z
    .string({ required_error: "staffRange:stock.deltaRequired" })
    .trim()
    .regex(/^[-−+]?\d{1,6}$/, "staffRange:stock.deltaShape")
    .transform((v) => Number(v.replace("−", "-")))
    .refine((v) => v !== 0, "staffRange:stock.deltaShape")
    .refine((v) => Math.abs(v) <= MAX_STOCK_DELTA, "staffRange:stock.deltaShape"),
  reason: z
    .string({ required_error: "staffRange:stock.reasonRequired" })
    .trim()
    .min(3, "staffRange:stock.reasonRequired")
    .max(STOCK_REASON_MAX, `validation.maxLength|${STOCK_REASON_MAX}`),
});

/** Publish ("1") or withdraw ("0") a product: the state the button leads to. */
export const publishSchema = z.object({ published: z.enum(["0", "1"]) });

/** The product's flags as the product table names them, in the order the form shows them. */
export const PRODUCT_FLAGS = [
  "is_organic",
  "is_demeter",
  "is_vegan",
  "is_vegetarian",
  "is_halal",
  "is_gluten_free",
  "is_lactose_free",
  "is_chilled",
  "is_new",
  "is_limited",
  "is_pioneer",
] as const;
export type ProductFlag = (typeof PRODUCT_FLAGS)[number];

/** Nutrition per 100 g or ml (LMIV), as the product table names it. */
export const NUTRITION_FIELDS = [
  "energy_kj",
  "energy_kcal",
  "fat",
  "saturated_fat",
  "unsaturated_fat",
  "polyunsaturated_fat",
  "carbohydrates",
  "sugar",
  "protein",
  "salt",
] as const;
export type NutritionField = (typeof NUTRITION_FIELDS)[number];

export const UNIT_CHOICES = ["g", "kg", "ml", "l", "piece"] as const;
export const MIN_AGES = ["0", "16", "18"] as const;

const FLAVORING_MAX = 60;

/** "Vanille, Zimt" as the flavourings it names, each once, in the order given. */
export function flavoringList(input: string | undefined): string[] {
  return [
    ...new Set(
      (input ?? "")
        .split(/[,;]/)
        .map((f) => f.trim())
        .filter(Boolean),
    ),
  ];
}

/** "3,8" or "3.8" as a number; null for an empty field; NaN for anything else. */
export function germanNumber(input: string | undefined): number | null {
  const text = (input ?? "").trim();
  if (!text) return null;
  return /^\d{1,6}([.,]\d{1,3})?$/.test(text) ? Number(text.replace(",", ".")) : Number.NaN;
}

const text = (max: number, required: boolean) => {
  const base = z.string().trim().max(max, `validation.maxLength|${max}`);
  return required
    ? z
        .string({ required_error: "staffRange:details.required" })
        .trim()
        .min(1, "staffRange:details.required")
        .max(max, `validation.maxLength|${max}`)
    : base.optional();
};

const optionalNumber = z
  .string()
  .optional()
  .refine((v) => !Number.isNaN(germanNumber(v)), "staffRange:details.number");

export const detailsSchema = z
  .object({
    revision: z.coerce.number({ invalid_type_error: "staffRange:stale" }).int().min(0),
    name: text(200, true),
    brand: text(100, true),
    description: text(4000, false),
    ingredients: text(4000, false),
    storageHint: text(500, false),
    originCountry: text(100, false),
    taxRate: z.enum(["7", "19"], { errorMap: () => ({ message: "staffRange:details.taxRateError" }) }),
    deposit: z
      .string()
      .trim()
      .max(20, "staffRange:details.depositError")
      .optional()
      .refine((v) => !v || parseEuroToCents(v) !== null, "staffRange:details.depositError")
      .refine((v) => !v || (parseEuroToCents(v) ?? 0) <= 10_000, "staffRange:details.depositError"),
    netQuantity: z
      .string({ required_error: "staffRange:details.netQuantityError" })
      .refine((v) => (germanNumber(v) ?? 0) > 0, "staffRange:details.netQuantityError"),
    unit: z.enum(UNIT_CHOICES, { errorMap: () => ({ message: "staffRange:details.unitError" }) }),
    packCount: z.coerce
      .number({ invalid_type_error: "staffRange:details.packCountError" })
      .int("staffRange:details.packCountError")
      .min(1, "staffRange:details.packCountError")
      .max(100, "staffRange:details.packCountError"),
    minAge: z.enum(MIN_AGES, { errorMap: () => ({ message: "staffRange:details.minAgeError" }) }),
    // whether the category and the supplier exist is the database's to say (their foreign keys)
    categoryId: z
      .string({ required_error: "staffRange:details.categoryError" })
      .regex(/^[a-z0-9-]{1,60}$/, "staffRange:details.categoryError"),
    supplierId: z
      .string()
      .regex(/^[a-z0-9-]{1,60}$/, "staffRange:details.supplierError")
      .optional(),
    alcoholPercent: z
      .string()
      .optional()
      .refine((v) => {
        const n = germanNumber(v);
        return n === null || (n > 0 && n <= 100);
      }, "staffRange:details.alcoholError"),
    flavorings: z
      .string()
      .trim()
      .max(500, "validation.maxLength|500")
      .optional()
      .refine(
        (v) => flavoringList(v).every((f) => f.length <= FLAVORING_MAX) && flavoringList(v).length <= 10,
        "staffRange:details.flavoringsError",
      ),
    // the keys' shape here; whether each is one of the 14 the server checks (`withKnownAllergens`):
    // the list stays out of the browser's bundle, and the form offers no other
    allergens: z.array(z.string().regex(/^[a-z]{1,20}$/, "staffRange:details.allergenError")).optional(),
    ...Object.fromEntries(PRODUCT_FLAGS.map((f) => [f, z.literal("on").optional()])),
    ...Object.fromEntries(NUTRITION_FIELDS.map((f) => [f, optionalNumber])),
  })
  .transform((v) => v as typeof v & Record<ProductFlag, "on" | undefined> & Record<NutritionField, string | undefined>);

export type DetailsInput = z.output<typeof detailsSchema>;
