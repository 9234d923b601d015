/**
 * The checkout form: its strings read into the typed checkout draft ("on" a ticked box, "start|end"
 * a slot, digits a number) and checked by the checkout's rules (checkout-input.ts), whose refusals
 * come back at the form's own field names. Messages are locale keys. The browser checks the form
 * with it before sending and the server parses every post with it; what needs the database (own
 * address, offered slot, delivery area, stock, SEPA permission, balance, the total) only the server
 * can check, when the order is placed (docs/decisions/0015-checkout-rules-one-home.md).
 *
 * Whether the order ships anything is the cart's to say (docs/decisions/0021): a cart of shares
 * alone needs no shipping method, address or slot. The page builds the schema for the cart it
 * shows, the action for the cart in the database, and the order placement decides again.
 */
import { z } from "zod";
import {
  CHECKOUT_FIELDS,
  checkoutFieldOf,
  checkoutInputSchemaFor,
  type CheckoutField,
  type CheckoutFieldErrors,
  type CheckoutDraft,
} from "./checkout-input";
import type { SepaMandate } from "~/domain/sepa/mandate";
import { slotTimes } from "./slots";

/** Where each field of the draft is on the form. */
export const FORM_FIELD: Record<CheckoutField, string> = {
  idempotencyKey: "idempotencyKey",
  carrier: "carrier",
  addressId: "addressId",
  deliverySlot: "deliverySlot",
  telephone: "telephone",
  storeId: "storeId",
  pickupSlot: "pickupSlot",
  pickupTerms: "pickupTerms",
  paymentMethod: "paymentMethod",
  useCredit: "useCredit",
  "sepa.bank": "sepaBank",
  "sepa.iban": "iban",
  "sepa.bic": "bic",
  "sepa.mandateAccepted": "sepaConsent",
  comment: "comment",
  expectedTotal: "expectedTotal",
};

/** A refusal's fields at the form's names. */
export function formFieldErrors(errors: CheckoutFieldErrors): Record<string, string[]> {
  return Object.fromEntries(
    CHECKOUT_FIELDS.flatMap((field) => (errors[field] ? [[FORM_FIELD[field], errors[field]]] : [])),
  );
}

const value = z.string().optional();
/** The form's own limits on what it reads: an address's id and a slot's key are values it offered. */
const choice = (max: number) => z.string().trim().max(max, `validation.maxLength|${max}`).optional();
const checkbox = z.literal("on").optional();

const checkoutForm = z.object({
  idempotencyKey: value,
  carrier: value,
  addressId: choice(20),
  deliverySlot: choice(80),
  telephone: value,
  storeId: value,
  pickupSlot: choice(80),
  pickupTerms: checkbox,
  paymentMethod: value,
  useCredit: checkbox,
  sepaBank: value,
  iban: value,
  bic: value,
  sepaConsent: checkbox,
  comment: value,
  expectedTotal: value,
});

/** A whole number as typed; anything else is no number (NaN), which the rules refuse. */
const wholeNumber = (digits: string) => (/^-?\d+$/.test(digits) ? Number(digits) : Number.NaN);
const slotOf = (key: string | undefined) => (key ? slotTimes(key) : undefined);

/** The mandate the form's fields give, none while they are all empty (as an API body without one). */
function mandateOf(form: z.output<typeof checkoutForm>): SepaMandate | undefined {
  const { sepaBank, iban, bic, sepaConsent } = form;
  if (!sepaBank && !iban && !bic && !sepaConsent) return undefined;
  return { bank: sepaBank ?? "", iban: iban ?? "", bic: bic ?? "", mandateAccepted: sepaConsent === "on" };
}

/** The form's strings as the typed draft. */
function draftOfForm(form: z.output<typeof checkoutForm>): CheckoutDraft {
  return {
    idempotencyKey: form.idempotencyKey ?? "",
    carrier: form.carrier,
    addressId: form.addressId ? wholeNumber(form.addressId) : undefined,
    deliverySlot: slotOf(form.deliverySlot),
    telephone: form.telephone,
    storeId: form.storeId,
    pickupSlot: slotOf(form.pickupSlot),
    pickupTerms: form.pickupTerms === "on",
    paymentMethod: form.paymentMethod,
    useCredit: form.useCredit === "on",
    sepa: mandateOf(form),
    comment: form.comment,
    // as z.coerce.number reads it: "2,5" is no number, " 12 " is 12
    expectedTotal: Number(form.expectedTotal),
  };
}

/** The form's schema for a cart that ships goods or not: what the action parses and the browser checks. */
export const checkoutSchemaFor = ({ ships }: { ships: boolean }) => {
  const rules = checkoutInputSchemaFor({ ships });
  return checkoutForm.transform((form, ctx) => {
    const checked = rules.safeParse(draftOfForm(form));
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      const field = checkoutFieldOf(issue.path);
      ctx.addIssue({ code: "custom", path: field ? [FORM_FIELD[field]] : [], message: issue.message });
    }
    return z.NEVER;
  });
};
