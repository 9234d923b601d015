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
