/**
 * The checkout form. Messages are locale keys. The browser checks the
 * form with it before sending and the server parses every post with it; what needs the database
 * (own address, offered slot, delivery area, stock, SEPA permission, balance, the total) only the
 * server can check, when the order is placed (docs/decisions/0015-checkout-rules-one-home.md).
 *
 * Whether the order ships anything is the cart's to say (docs/decisions/0021): a cart of shares
 * alone needs no shipping method, address or slot. The page builds the schema for the cart it
 * shows, the action for the cart in the database, and the order placement decides again.
 */
import { z } from "zod";
import { MAX_LENGTH, isValidPhone } from "~/domain/customer/validation";
import { CARRIER_CODES } from "./carriers";
import { mandateProblems } from "~/domain/sepa/mandate";
import { COMMENT_MAX_LENGTH, PAYMENT_METHODS } from "./payment-methods";
import { checkoutProblems } from "./validity";

const optional = (max: number) => z.string().trim().max(max, `validation.maxLength|${max}`).optional().default("");

export const checkoutSchemaFor = ({ ships }: { ships: boolean }) =>
  z
    .object({
      idempotencyKey: z
        .string({ required_error: "pages.checkout.error.checkoutError" })
        .regex(/^[A-Za-z0-9_-]{16,64}$/, "pages.checkout.error.checkoutError"),
      carrier: z
        .enum(CARRIER_CODES, { errorMap: () => ({ message: "checkout:error.missingShippingMethod" }) })
        .optional(),
      addressId: optional(20),
      deliverySlot: optional(80),
      telephone: optional(MAX_LENGTH.telephone).refine(isValidPhone, "validation.telephone"),
      storeId: optional(60),
      pickupSlot: optional(80),
      pickupTerms: z.literal("on").optional(),
      paymentMethod: z
        .enum(PAYMENT_METHODS, { errorMap: () => ({ message: "checkout:error.missingPaymentMethod" }) })
        .optional(),
      useCredit: z.literal("on").optional(),
      sepaBank: optional(100),
      iban: optional(42),
      bic: optional(15),
      sepaConsent: z.literal("on").optional(),
      comment: optional(COMMENT_MAX_LENGTH),
      /** The total the customer saw next to the button; an order is only made for exactly that. */
      expectedTotal: z.coerce
        .number({ invalid_type_error: "checkout:error.totalChanged" })
        .int("checkout:error.totalChanged"),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      for (const p of checkoutProblems({ ...v, pickupTerms: v.pickupTerms === "on" }, { ships }))
        issue(p.field, p.message);
      if (v.paymentMethod === "sepa") for (const p of mandateProblems(v)) issue(p.field, p.message);
    });

/** The checkout of a cart with goods. */
export const checkoutSchema = checkoutSchemaFor({ ships: true });

type Parsed = z.infer<typeof checkoutSchema>;
/**
 * After a successful parse the payment method is known, and for a cart with goods the carrier
 * (checkoutProblems saw to it); the order placement checks the carrier against the cart again.
 */
export type CheckoutInput = Parsed & Required<Pick<Parsed, "paymentMethod">>;
