/**
 * Zod schemas of marketing's forms (issue 33, docs/decisions/0044), shared by the server, which
 * parses every post with them, and the browser, which checks the fields before sending. Messages
 * are locale keys. Amounts are typed as German decimals ("5,00") and kept as integer cents.
 */
import { z } from "zod";
import { parseEuroToCents } from "~/domain/money/format";
import { berlinToday } from "~/domain/time/berlin";

export const VOUCHER_KINDS = ["fixed", "percent", "freeShipping"] as const;
/** The most a fixed voucher takes off, so a slip of the finger ("500" for "5,00") is caught. */
export const MAX_VOUCHER_CENTS = 100_000;
export const MAX_USAGE_LIMIT = 1_000_000;
export const MAX_GIFT_COUNT = 10;

const E = "staffMarketing:error";

const optionalText = z
  .string()
  .trim()
  .max(20)
  .optional()
  .transform((v) => v ?? "");

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** A whole number typed by a person ("3", " 10 "); null if it is none. */
const wholeNumber = (v: string) => (/^\d{1,7}$/.test(v.trim()) ? Number(v.trim()) : null);

export const voucherSchema = z
  .object({
    code: z
      .string({ required_error: `${E}.code` })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9-]{2,39}$/, `${E}.code`),
    kind: z.enum(VOUCHER_KINDS, { errorMap: () => ({ message: `${E}.kind` }) }),
    value: optionalText,
    minOrder: optionalText.refine((v) => v === "" || parseEuroToCents(v) !== null, `${E}.minOrder`),
    validUntil: z
      .string()
      .trim()
      .max(10, `${E}.date`)
      .optional()
      .transform((v) => v || null)
      .refine((v) => v === null || isDate(v), `${E}.date`)
      .refine((v) => v === null || !isDate(v) || v >= berlinToday(), `${E}.datePast`),
    usageLimit: optionalText.refine((v) => {
      if (v === "") return true;
      const n = wholeNumber(v);
      return n !== null && n >= 1 && n <= MAX_USAGE_LIMIT;
    }, `${E}.limit`),
    oncePerCustomer: z.literal("on").optional(),
    label: z
      .string({ required_error: `${E}.label` })
      .trim()
      .min(3, `${E}.label`)
      .max(80, `${E}.label`),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "fixed") {
      const cents = parseEuroToCents(v.value);
      if (cents === null || cents <= 0) ctx.addIssue({ code: "custom", path: ["value"], message: `${E}.amount` });
      else if (cents > MAX_VOUCHER_CENTS)
        ctx.addIssue({ code: "custom", path: ["value"], message: `${E}.amountTooHigh` });
    }
    if (v.kind === "percent") {
      const n = wholeNumber(v.value);
      if (n === null || n < 1 || n > 100) ctx.addIssue({ code: "custom", path: ["value"], message: `${E}.percent` });
    }
  })
  .transform((v) => ({
    code: v.code,
    kind: v.kind,
    // cents for a fixed amount, percent for a percentage, nothing for free shipping (migration 0004)
    value: v.kind === "fixed" ? (parseEuroToCents(v.value) ?? 0) : v.kind === "percent" ? Number(v.value.trim()) : 0,
    minOrderCents: v.minOrder === "" ? 0 : (parseEuroToCents(v.minOrder) ?? 0),
    validUntil: v.validUntil,
    usageLimit: v.usageLimit === "" ? null : Number(v.usageLimit.trim()),
    oncePerCustomer: v.oncePerCustomer === "on",
    label: v.label,
  }));

export type VoucherDraft = z.output<typeof voucherSchema>;

/** Deactivating or reactivating: the code and the state the list showed (a stale click changes nothing). */
export const voucherToggleSchema = z.object({
  code: z.string().trim().min(1).max(40),
  active: z.enum(["0", "1"]),
});

/** A list of six-digit article numbers, separated by commas or spaces, each once. */
const skuList = z
  .string({ required_error: `${E}.skus` })
  .max(2000, `${E}.skus`)
  .transform((v) => [...new Set(v.split(/[\s,;]+/).filter(Boolean))])
  .refine((skus) => skus.length > 0 && skus.length <= 50 && skus.every((s) => /^\d{6}$/.test(s)), `${E}.skus`);

const giftStep = {
  threshold: z
    .string({ required_error: `${E}.threshold` })
    .trim()
    .refine((v) => (parseEuroToCents(v) ?? 0) > 0, `${E}.threshold`)
    .transform((v) => parseEuroToCents(v) as number),
  giftCount: z
    .string({ required_error: `${E}.giftCount` })
    .trim()
    .refine((v) => {
      const n = wholeNumber(v);
      return n !== null && n >= 1 && n <= MAX_GIFT_COUNT;
    }, `${E}.giftCount`)
    .transform(Number),
  skus: skuList,
};

export const giftRuleAddSchema = z.object({ intent: z.literal("add"), ...giftStep });

/** A step as the page showed it: a change or removal from an older page changes nothing. */
const shownStep = {
  id: z.string().trim().min(1).max(64),
  beforeThreshold: z.coerce.number().int(),
  beforeCount: z.coerce.number().int(),
  beforeSkus: z.string().max(2000),
};

export const giftRuleSaveSchema = z.object({ intent: z.literal("save"), ...shownStep, ...giftStep });
export const giftRuleRemoveSchema = z.object({ intent: z.literal("remove"), ...shownStep });

export const giftRuleSchema = z.discriminatedUnion("intent", [
  giftRuleAddSchema,
  giftRuleSaveSchema,
  giftRuleRemoveSchema,
]);
export type GiftRuleForm = z.output<typeof giftRuleSchema>;
