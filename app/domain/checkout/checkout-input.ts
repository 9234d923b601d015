/**
 * What a customer asks to order, typed: real booleans, slots as their instants, numbers for the
 * address and the total (issue 30). Both doors read it from their own representation (the checkout
 * page's form strings in schema.ts, the API's JSON body in app/api/checkout) and check it here, so
 * the rules have one home and one set of messages: what each shipping method needs, the SEPA
 * mandate, the lengths, the total in whole cents. What needs the database (own address, offered
 * slot, delivery area, stock, payment permission, the total itself) the order placement checks
 * (docs/decisions/0015-checkout-rules-one-home.md).
 */
import { z } from "zod";
import { MAX_LENGTH, isValidPhone } from "~/domain/customer/validation";
import { sepaMandateProblems, type SepaMandate } from "~/domain/sepa/mandate";
import { CARRIER_CODES, type CarrierCode } from "./carriers";
import { COMMENT_MAX_LENGTH, PAYMENT_METHODS, type PaymentMethod } from "./payment-methods";
import type { TimeSlot } from "./slots";
import { checkoutProblems } from "./validity";

/** The checkout as a door read it from its own representation, before the checkout's rules. */
export interface CheckoutDraft {
  /** The page form's hidden key or the API's Idempotency-Key header: one order per key. */
  idempotencyKey: string;
  carrier?: string;
  addressId?: number;
  deliverySlot?: TimeSlot;
  telephone?: string;
  storeId?: string;
  pickupSlot?: TimeSlot;
  pickupTerms?: boolean;
  paymentMethod?: string;
  /** Settle the balance first (paying with the balance uses it anyway). */
  useCredit?: boolean;
  sepa?: SepaMandate;
  comment?: string;
  /** The grand total in cents the customer confirmed; an order is only made for exactly that. */
  expectedTotal: number;
}

/**
 * The draft the rules accepted, as the order placement takes it. For a cart with goods the carrier
 * is there too (the rules saw to it); the order placement checks it against the cart again.
 */
export interface CheckoutInput {
  idempotencyKey: string;
  carrier?: CarrierCode;
  addressId?: number;
  deliverySlot?: TimeSlot;
  telephone: string;
  storeId?: string;
  pickupSlot?: TimeSlot;
  pickupTerms: boolean;
  paymentMethod: PaymentMethod;
  useCredit: boolean;
  sepa?: SepaMandate;
  comment: string;
  expectedTotal: number;
}

/** Each field of the draft by its path: what the doors' own field names are mapped from. */
export const CHECKOUT_FIELDS = [
  "idempotencyKey",
  "carrier",
  "addressId",
  "deliverySlot",
  "telephone",
  "storeId",
  "pickupSlot",
  "pickupTerms",
  "paymentMethod",
  "useCredit",
  "sepa.bank",
  "sepa.iban",
  "sepa.bic",
  "sepa.mandateAccepted",
  "comment",
  "expectedTotal",
] as const;

export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];

/** Refusals by field of the draft (messages are locale keys). */
export type CheckoutFieldErrors = Partial<Record<CheckoutField, string[]>>;

/** The field an issue's path is about (a slot's start or end is the slot); none for the whole draft. */
export function checkoutFieldOf(path: readonly (string | number)[]): CheckoutField | undefined {
  const joined = path.join(".");
  return CHECKOUT_FIELDS.find((field) => joined === field || joined.startsWith(`${field}.`));
}

const CHECKOUT_ERROR = "pages.checkout.error.checkoutError";
const MISSING_ADDRESS = "checkout:error.missingAddress";
const MISSING_PAYMENT_METHOD = "checkout:error.missingPaymentMethod";
const TOTAL_CHANGED = "checkout:error.totalChanged";

/** The idempotency key's form, for the page's hidden field and the API's header alike. */
export const idempotencyKeySchema = z
  .string({ required_error: CHECKOUT_ERROR })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, CHECKOUT_ERROR);

const text = (max: number) => z.string().trim().max(max, `validation.maxLength|${max}`);
const oneOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.string().pipe(z.enum(values, { errorMap: () => ({ message }) }));
const slot = z.object({ start: z.string(), end: z.string() });

/**
 * The rules of a checkout draft for a cart that ships goods or not (shares alone need no shipping
 * method, address or slot: docs/decisions/0021). The fields are checked in the order the page
 * shows them, then what each shipping method needs and, paying by SEPA, the mandate, all at once.
 */
export const checkoutInputSchemaFor = ({
  ships,
}: {
  ships: boolean;
}): z.ZodType<CheckoutInput, z.ZodTypeDef, CheckoutDraft> =>
  z
    .object({
      idempotencyKey: idempotencyKeySchema,
      carrier: oneOf(CARRIER_CODES, "checkout:error.missingShippingMethod").optional(),
      addressId: z.number({ invalid_type_error: MISSING_ADDRESS }).int(MISSING_ADDRESS).optional(),
      deliverySlot: slot.optional(),
      telephone: text(MAX_LENGTH.telephone).refine(isValidPhone, "validation.telephone").default(""),
      storeId: text(60).optional(),
      pickupSlot: slot.optional(),
      pickupTerms: z.boolean().default(false),
      paymentMethod: oneOf(PAYMENT_METHODS, MISSING_PAYMENT_METHOD).optional(),
      useCredit: z.boolean().default(false),
      sepa: z.object({ bank: text(100), iban: text(42), bic: text(15), mandateAccepted: z.boolean() }).optional(),
      comment: text(COMMENT_MAX_LENGTH).default(""),
      expectedTotal: z.number({ invalid_type_error: TOTAL_CHANGED }).int(TOTAL_CHANGED),
    })
    .superRefine((draft, ctx) => {
      const issue = (path: string[], message: string) => ctx.addIssue({ code: "custom", path, message });
      for (const p of checkoutProblems(draft, { ships })) issue([p.field], p.message);
      if (draft.paymentMethod === "sepa")
        for (const p of sepaMandateProblems(draft.sepa ?? {})) issue(["sepa", p.field], p.message);
    })
    .transform(({ paymentMethod, ...draft }, ctx) => {
      // The rules above refused a draft without a method; this tells the type.
      if (paymentMethod) return { ...draft, paymentMethod };
      ctx.addIssue({ code: "custom", path: ["paymentMethod"], message: MISSING_PAYMENT_METHOD });
      return z.NEVER;
    });
