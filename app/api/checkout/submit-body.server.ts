/**
 * The order submit's body (spec section 7 "Order submit", plus what the checkout page asks as well)
 * and how it becomes the checkout's typed draft, whose rules then refuse at the body's own
 * paths (`body.sepa.iban`).
 */
import { z } from "zod";
import { CARRIER_CODES } from "~/domain/checkout/carriers";
import type { CheckoutField, CheckoutDraft } from "~/domain/checkout/checkout-input";
import { COMMENT_MAX_LENGTH, PAYMENT_METHODS } from "~/domain/checkout/payment-methods";
import type { TimeSlot } from "~/domain/checkout/slots";
import { MAX_LENGTH } from "~/domain/customer/validation";
import { postalAddressFields } from "../address.server";
import { euroInput } from "../money.server";

/** An instant as the wish-dates call answers it; any offset is read, the shop compares in UTC. */
const instant = z
  .string()
  .max(40)
  .datetime({ offset: true })
  .transform((v) => new Date(v).toISOString());

export const submitBody = z
  .object({
    paymentMethod: z.enum(PAYMENT_METHODS),
    /** The shipping method; none for a cart of shares alone. */
    shippingRuleset: z.enum(CARRIER_CODES).optional(),
    /** The delivery address (one of the customer's, see shipping-information); without: her default delivery address. */
    shippingAddressId: z.number().int().positive().optional(),
    /** The wish date's start and end, as the wish-dates call answers them. */
    shippingDate: instant.optional(),
    shippingDateEnd: instant.optional(),
    telephone: z.string().max(MAX_LENGTH.telephone).optional(),
    pickupStore: z.string().max(60).optional(),
    pickupDate: instant.optional(),
    /** A pickup time's end (a store closing early ends its last slot early). */
    pickupDateEnd: instant.optional(),
    /** What the app shows of the store; the shop takes the store's address from pickupStore. */
    pickupLocation: z
      .object({ name: z.string().max(100), ...postalAddressFields })
      .partial()
      .strict()
      .optional(),
    pickupTermsAccepted: z.boolean().optional(),
    /** Settle the balance first (the balance as payment method uses it anyway). */
    useCredit: z.boolean().optional(),
    sepa: z
      .object({
        bank: z.string().max(100),
        iban: z.string().max(42),
        bic: z.string().max(15).optional(),
        mandateAccepted: z.boolean(),
      })
      .strict()
      .optional(),
    orderComment: z.string().max(COMMENT_MAX_LENGTH).optional(),
    /**
     * The grand total the customer confirmed ("zahlungspflichtig bestellen"): an order is only made
     * for exactly that. The spec's body has none; without it the order is made for the total the
     * cart has with the chosen method at that moment (docs/decisions/0034).
     */
    grandTotal: euroInput.optional(),
  })
  .strict();

export type SubmitBody = z.output<typeof submitBody>;

/**
 * Where each field of the checkout draft stands in the body (for the refusals' parameters). The
 * idempotency key is the call's header, checked by the rules' own schema before the body is read.
 */
export const BODY_PATH: Record<Exclude<CheckoutField, "idempotencyKey">, readonly string[]> = {
  carrier: ["shippingRuleset"],
  addressId: ["shippingAddressId"],
  deliverySlot: ["shippingDate"],
  telephone: ["telephone"],
  storeId: ["pickupStore"],
  pickupSlot: ["pickupDate"],
  pickupTerms: ["pickupTermsAccepted"],
  paymentMethod: ["paymentMethod"],
  useCredit: ["useCredit"],
  "sepa.bank": ["sepa", "bank"],
  "sepa.iban": ["sepa", "iban"],
  "sepa.bic": ["sepa", "bic"],
  "sepa.mandateAccepted": ["sepa", "mandateAccepted"],
  comment: ["orderComment"],
  expectedTotal: ["grandTotal"],
};

/** A field's place as a refusal's parameter names it. */
export const placeOf = (field: CheckoutField) =>
  field === "idempotencyKey" ? "header.Idempotency-Key" : ["body", ...BODY_PATH[field]].join(".");

/**
 * A slot is its start; an end left out ends it nowhere, which matches no offered slot, so the order
 * placement refuses it as a slot not offered (409), as it refuses a made-up one.
 */
const slotOf = (start: string | undefined, end: string | undefined): TimeSlot | undefined =>
  start === undefined ? undefined : { start, end: end ?? "" };

/** What the spec's body leaves out, filled in from the customer's checkout as it stands. */
export interface SpecDefaults {
  /** Her default delivery address, if she has one. */
  addressId: number | undefined;
  /** The cart's total with the chosen method. */
  grandTotalCents: number;
}

/** The body (and the Idempotency-Key header) as the typed checkout draft. */
export function draftOfBody(body: SubmitBody, idempotencyKey: string, defaults?: SpecDefaults): CheckoutDraft {
  return {
    idempotencyKey,
    carrier: body.shippingRuleset,
    addressId: body.shippingAddressId ?? defaults?.addressId,
    deliverySlot: slotOf(body.shippingDate, body.shippingDateEnd),
    telephone: body.telephone,
    storeId: body.pickupStore,
    pickupSlot: slotOf(body.pickupDate, body.pickupDateEnd),
    pickupTerms: body.pickupTermsAccepted ?? false,
    paymentMethod: body.paymentMethod,
    useCredit: body.useCredit ?? false,
    sepa: body.sepa && { ...body.sepa, bic: body.sepa.bic ?? "" },
    comment: body.orderComment,
    // defaults are read whenever the body has no total; NaN, were they not, is refused as a changed total
    expectedTotal: body.grandTotal ?? defaults?.grandTotalCents ?? Number.NaN,
  };
}
