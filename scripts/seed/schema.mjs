// Validation of the authored seed data, so a typo fails loudly before anything reaches D1.
import { z } from "zod";

export const ALLERGENS = [
  "gluten",
  "crustaceans",
  "eggs",
  "fish",
  "peanuts",
  "soy",
  "milk",
  "nuts",
  "celery",
  "mustard",
  "sesame",
  "sulphites",
  "lupin",
  "molluscs",
];
export const PRODUCT_FLAGS = [
  "new",
  "limited",
  "pioneer",
  "organic",
  "demeter",
  "vegan",
  "vegetarian",
  "halal",
  "glutenFree",
  "lactoseFree",
  "chilled",
];
export const PACKSHOT_SHAPES = [
  "bottle",
  "can",
  "carton",
  "jar",
  "bag",
  "box",
  "tray",
  "fruit",
  "loaf",
  "tube",
  "cup",
  "bar",
  "crate",
  "pack",
];

const cents = z.number().int().positive();
const text = (max) => z.string().trim().min(1).max(max);

export const supplierSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    name: text(120),
    street: text(120),
    zip: z.string().regex(/^\d{4,5}$/),
    city: text(80),
    country: text(60).default("Deutschland"),
  })
  .strict();

export const productSchema = z
  .object({
    sku: z.string().regex(/^\d{6}$/),
    name: text(120),
    brand: text(60),
    category: z.string(),
    price: cents,
    regular: cents.nullable().default(null),
    lowest30: cents.nullable().default(null),
    tax: z.union([z.literal(7), z.literal(19)]),
    deposit: z.number().int().min(0).default(0),
    qty: z.number().positive(),
    unit: z.enum(["g", "kg", "ml", "l", "piece"]),
    pack: z.number().int().min(1).default(1),
    stock: z.number().int().min(0),
    flags: z.array(z.enum(PRODUCT_FLAGS)).default([]),
    minAge: z.union([z.literal(0), z.literal(16), z.literal(18)]).default(0),
    alcohol: z.number().min(0).max(80).nullable().default(null),
    description: text(600),
    ingredients: z.string().max(1200).nullable().default(null),
    allergens: z.array(z.enum(ALLERGENS)).default([]),
    flavorings: z.array(text(40)).default([]),
    nutrition: z.array(z.number().min(0)).length(10).nullable().default(null),
    origin: text(60),
    supplier: z.string(),
    storage: z.string().max(300).nullable().default(null),
    shape: z.enum(PACKSHOT_SHAPES),
    rec: z.number().int().min(0).max(100),
  })
  .strict()
  .refine((p) => (p.regular === null) === (p.lowest30 === null), "regular and lowest30 go together")
  .refine((p) => p.regular === null || p.regular > p.price, "regular must be above price")
  .refine((p) => p.minAge === 0 || p.alcohol !== null || p.minAge === 16, "18+ items carry alcohol %");

export const pageSchema = z
  .object({
    kind: z.enum(["legal", "content"]),
    slug: z.string().regex(/^[a-z0-9-]+$/),
    title: text(120),
    summary: z.string().max(300).default(""),
    position: z.number().int().default(0),
    body: z.string().min(20),
  })
  .strict();

const hours = z.array(z.array(z.tuple([z.string().regex(/^\d\d:\d\d$/), z.string().regex(/^\d\d:\d\d$/)]))).length(7);
export const storeSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    name: text(80),
    street: text(80),
    houseNumber: z.string().regex(/^\S{1,10}$/),
    zip: z.string().regex(/^\d{5}$/),
    city: text(60),
    phone: z.string().nullable().default(null),
    lat: z.number().min(47).max(55.1),
    lng: z.number().min(5.8).max(15.1),
    clickAndCollect: z.boolean(),
    opening: hours,
    staffed: hours,
  })
  .strict();

export const redirectSchema = z
  .object({
    path: z.string().regex(/^\/[^\s?#]*[^/\s?#]$/),
    target: z.string().regex(/^(\/|https:\/\/)/),
  })
  .strict();

const seedAddress = z
  .object({
    id: z.number().int().positive(),
    street: text(100),
    houseNumber: z.string().regex(/^\S{1,10}$/),
    addressAddition: z.string().max(100),
    zip: z.string().regex(/^\d{5}$/),
    city: text(50),
    defaultShipping: z.boolean(),
    defaultBilling: z.boolean(),
  })
  .strict();

export const customerSchema = z
  .object({
    id: z.number().int().positive(),
    email: z.string().email(),
    firstname: text(50),
    lastname: text(50),
    dob: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    telephone: z.string().max(30),
    gender: z.enum(["m", "w", "d"]),
    status: z.enum(["pending", "active", "blocked"]),
    registeredDaysAgo: z.number().int().nonnegative(),
    addresses: z.array(seedAddress),
    wishlist: z.array(z.string()),
  })
  .strict();
