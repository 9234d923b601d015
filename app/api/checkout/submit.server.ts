/**
 * The order submit (spec section 7 "Order submit"): the spec's body, read into the checkout form's
 * values and checked by the page's own schema (`checkoutRules`), then placed by the page's own
 * `submitOrder`. The `Idempotency-Key` header is the form's hidden key: the same key places one
 * order however often, and however concurrently, it comes, and every answer names that order.
 */
import { z } from "zod";
import { CARRIER_CODES } from "~/domain/checkout/carriers";
import { COMMENT_MAX_LENGTH, PAYMENT_METHODS } from "~/domain/checkout/payment-methods";
import { checkoutSchema, type CheckoutInput } from "~/domain/checkout/schema";
import { MAX_LENGTH } from "~/domain/customer/validation";
import { orderNextStep } from "~/domain/order/order.server";
import { checkoutRules, submitOrder } from "~/http/checkout/order-submit.server";
import { translator } from "~/platform/i18n.server";
import { postalAddressFields } from "../address.server";
import { invalidFormInput } from "../errors.server";
import { ApiFailure, operation } from "../operation.server";

/** An instant as the wish-dates call answers it; any offset is read, the shop compares in UTC. */
const instant = z
  .string()
  .max(40)
  .datetime({ offset: true })
  .transform((v) => new Date(v).toISOString());

const submitBody = z
  .object({
    paymentMethod: z.enum(PAYMENT_METHODS),
    /** The shipping method; none for a cart of shares alone. */
    shippingRuleset: z.enum(CARRIER_CODES).optional(),
    /** The delivery address (one of the customer's, see shipping-information). */
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
    /** The grand total in cents the customer confirmed ("zahlungspflichtig bestellen"): an order is only made for exactly that. */
    grandTotal: z.number().int(),
  })
  .strict();

type SubmitBody = z.output<typeof submitBody>;

/** Where each field of the checkout form stands in the body (for the refusals' parameters). */
const FIELD_OF: Record<string, readonly string[]> = {
  carrier: ["shippingRuleset"],
  addressId: ["shippingAddressId"],
  deliverySlot: ["shippingDate"],
  storeId: ["pickupStore"],
  pickupSlot: ["pickupDate"],
  pickupTerms: ["pickupTermsAccepted"],
  sepaBank: ["sepa", "bank"],
  iban: ["sepa", "iban"],
  bic: ["sepa", "bic"],
  sepaConsent: ["sepa", "mandateAccepted"],
  comment: ["orderComment"],
  expectedTotal: ["grandTotal"],
};

const on = (value: boolean | undefined) => (value ? "on" : undefined);
const slotKey = (start: string | undefined, end: string | undefined) => (start ? `${start}|${end ?? ""}` : "");

/** The body as the checkout form would have sent it. */
function formValues(body: SubmitBody, idempotencyKey: string): Record<string, unknown> {
  return {
    idempotencyKey,
    carrier: body.shippingRuleset,
    addressId: body.shippingAddressId === undefined ? "" : String(body.shippingAddressId),
    deliverySlot: slotKey(body.shippingDate, body.shippingDateEnd),
    telephone: body.telephone ?? "",
    storeId: body.pickupStore ?? "",
    pickupSlot: slotKey(body.pickupDate, body.pickupDateEnd),
    pickupTerms: on(body.pickupTermsAccepted),
    paymentMethod: body.paymentMethod,
    useCredit: on(body.useCredit),
    sepaBank: body.sepa?.bank ?? "",
    iban: body.sepa?.iban ?? "",
    bic: body.sepa?.bic ?? "",
    sepaConsent: on(body.sepa?.mandateAccepted),
    comment: body.orderComment ?? "",
    expectedTotal: body.grandTotal,
  };
}

const apiField = (field: string) => ["body", ...(FIELD_OF[field] ?? [field])].join(".");

/** The checkout's reasons as the API says them: the first is the message, each is a parameter "field: text". */
async function refusal(
  status: 409 | 503,
  formErrors: string[],
  fieldErrors: Record<string, string[]>,
): Promise<ApiFailure> {
  const t = await translator("common");
  const reasons = [
    ...formErrors.map((key) => ({ key, text: t(key) })),
    ...Object.entries(fieldErrors).flatMap(([field, keys]) =>
      keys.map((key) => ({ key, text: `${apiField(field)}: ${t(key)}` })),
    ),
  ];
  return new ApiFailure(
    status,
    reasons[0]?.key ?? "pages.checkout.error.checkoutError",
    reasons.map((r) => r.text),
  );
}

/** The key's form is the checkout form's hidden field's (domain/checkout/schema.ts). */
const submitHeaders = z.object({ "Idempotency-Key": checkoutSchema.innerType().shape.idempotencyKey });

export const submitOrderOperation = operation({
  method: "POST",
  path: "/rest/V1/order/mine/submit",
  summary:
    "Zahlungspflichtig bestellen: mit dem Header Idempotency-Key (16–64 Zeichen A–Z, a–z, 0–9, _ und -), der bei jeder Wiederholung dieselbe Bestellung liefert; antwortet mit der Bestellnummer und der Adresse, zu der die Kundin weitergeht (die Zahlungsseite oder die Bestätigung)",
  tag: "Kasse",
  auth: true,
  errors: {
    409: "Die Bestellung ist so nicht möglich (Warenkorb, Adresse, Termin, Zahlungsart oder Gesamtbetrag); die Parameter nennen die Gründe",
    428: "Der Header Idempotency-Key fehlt",
    503: "Die Bestellung oder ihre Zahlung konnte gerade nicht angelegt werden (der Warenkorb bleibt erhalten)",
  },
  body: submitBody,
  headers: submitHeaders,
  response: z.object({
    increment_id: z.number().int(),
    status: z.string(),
    payment_status: z.string().nullable(),
    /** Where the customer goes next: the payment provider's page, or the shop's return or confirmation page. */
    redirect_url: z.string().url(),
  }),
  async run({ body }, { env, request, customer }) {
    if (!customer) throw new ApiFailure(401, "api:unauthorized");
    const key = request.headers.get("Idempotency-Key");
    if (key === null) throw new ApiFailure(428, "api:idempotencyKeyMissing", ["header.Idempotency-Key"]);
    if (!submitHeaders.shape["Idempotency-Key"].safeParse(key).success)
      throw new ApiFailure(400, "api:idempotencyKeyInvalid", ["header.Idempotency-Key"]);

    const { schema, refusal: methodRefusal } = await checkoutRules(env.DB, customer.id, body.paymentMethod);
    if (methodRefusal) throw await refusal(409, [], { paymentMethod: [methodRefusal] });
    const parsed = schema.safeParse(formValues(body, key));
    // The key was checked above, so every refusal here is about a field of the body.
    if (!parsed.success) throw await invalidFormInput(parsed.error, FIELD_OF);
    const outcome = await submitOrder(env, request, customer, parsed.data as CheckoutInput);
    if (outcome.kind === "throttled") throw new ApiFailure(429, "session.throttled");
    if (outcome.kind === "failed") throw await refusal(503, outcome.formErrors, {});
    if (outcome.kind === "refused") throw await refusal(409, outcome.formErrors, outcome.fieldErrors);
    const { order, payment } = outcome;
    if (payment?.kind === "failed") throw await refusal(503, [`pages.checkout.error.payment.${payment.method}`], {});
    const origin = new URL(request.url).origin;
    const next = payment?.kind === "started" ? payment.pageUrl : orderNextStep(order);
    return {
      increment_id: order.incrementId,
      status: order.status,
      payment_status: order.paymentStatus,
      redirect_url: new URL(next, origin).href,
    };
  },
});
