/**
 * The order submit (spec section 7 "Order submit"): the spec's body, read into the checkout's typed
 * draft (submit-body.server.ts) and checked by the same rules as the page's form
 * (`checkoutInputSchemaFor`), then placed by the page's own `submitOrder` and answered by the
 * doors' one table (`orderAnswer`). The `Idempotency-Key` header is the form's hidden key: the same
 * key places one order however often, and however concurrently, it comes, and every answer names
 * that order.
 */
import { z } from "zod";
import {
  CHECKOUT_FIELDS,
  checkoutInputSchemaFor,
  idempotencyKeySchema,
  type CheckoutFieldErrors,
} from "~/domain/checkout/checkout-input";
import { STANDARD_CARRIER } from "~/domain/checkout/carriers";
import { loadCheckout } from "~/domain/checkout/checkout.server";
import { orderAnswer } from "~/http/checkout/order-answers.server";
import { checkoutRules, submitOrder } from "~/http/checkout/order-submit.server";
import { translator } from "~/platform/i18n.server";
import { invalidFormInput } from "../errors.server";
import { ApiFailure, operation } from "../operation.server";
import { BODY_PATH, draftOfBody, placeOf, type SpecDefaults, type SubmitBody, submitBody } from "./submit-body.server";

/** The checkout's reasons as the API says them: the first is the message, each is a parameter "field: text". */
async function refusal(
  status: 409 | 429 | 503,
  formErrors: string[],
  fieldErrors: CheckoutFieldErrors,
): Promise<ApiFailure> {
  const t = await translator("common");
  const reasons = [
    ...formErrors.map((key) => ({ key, text: t(key) })),
    ...CHECKOUT_FIELDS.flatMap((field) =>
      (fieldErrors[field] ?? []).map((key) => ({ key, text: `${placeOf(field)}: ${t(key)}` })),
    ),
  ];
  return new ApiFailure(
    status,
    reasons[0]?.key ?? "pages.checkout.error.checkoutError",
    reasons.map((r) => r.text),
  );
}

/**
 * The spec's body names neither the delivery address nor the total (section 7 "Order submit"): the
 * checkout's own choices stand in for them, read as the order's placement reads the cart.
 */
async function specDefaults(db: D1Database, customerId: number, body: SubmitBody): Promise<SpecDefaults> {
  const checkout = await loadCheckout(
    db,
    customerId,
    { carrier: body.shippingRuleset ?? STANDARD_CARRIER, storeId: body.pickupStore ?? null },
    new Date(),
  );
  return {
    addressId: checkout.addresses.find((a) => a.defaultShipping)?.id,
    grandTotalCents: checkout.cart.totals.grandTotalCents,
  };
}

/** The key's form is the checkout form's hidden field's (domain/checkout/checkout-input.ts). */
const submitHeaders = z.object({ "Idempotency-Key": idempotencyKeySchema });

export const submitOrderOperation = operation({
  method: "POST",
  path: "/rest/V1/order/mine/submit",
  summary:
    "Zahlungspflichtig bestellen: mit dem Header Idempotency-Key (16–64 Zeichen A–Z, a–z, 0–9, _ und -), der bei jeder Wiederholung dieselbe Bestellung liefert; antwortet mit der Bestellnummer und der Adresse, zu der die Kundin weitergeht (die Zahlungsseite oder die Bestätigung)",
  operationId: "submitOrder",
  description:
    "Bestellt den Warenkorb zahlungspflichtig, nach denselben Regeln wie die Kasse und nur für genau den bestätigten Gesamtbetrag; derselbe Idempotency-Key ergibt immer dieselbe eine Bestellung. Ohne Idempotency-Key wird nicht bestellt; ist die Bestellung so nicht möglich, nennen message und parameters die Gründe wie die Kasse.",
  tag: "Kasse",
  auth: true,
  errors: {
    409: "Die Bestellung ist so nicht möglich (Warenkorb, Adresse, Termin, Zahlungsart oder Gesamtbetrag); die Parameter nennen die Gründe",
    503: "Die Bestellung oder ihre Zahlung konnte gerade nicht angelegt werden (der Warenkorb bleibt erhalten)",
  },
  body: submitBody,
  headers: submitHeaders,
  response: z.object({
    increment_id: z.string().describe("Die Bestellnummer"),
    status: z.string(),
    payment_status: z.string().nullable(),
    /** Where the customer goes next: the payment provider's page, or the shop's return or confirmation page. */
    heidelpay_redirect_url: z
      .string()
      .url()
      .describe(
        "Wohin die Kundin weitergeht: die Seite des Zahlungsanbieters oder die Bestätigung (Name der Spezifikation)",
      ),
    redirect_url: z.string().url().describe("Dieselbe Adresse unter einem anbieterneutralen Namen"),
  }),
  async run({ body }, { env, request, customer }) {
    if (!customer) throw new ApiFailure(401, "api:unauthorized");
    const key = request.headers.get("Idempotency-Key");
    // 400, not 428: the spec's app reads a 428 as "account not activated" (spec section 8)
    if (key === null) throw new ApiFailure(400, "api:idempotencyKeyMissing", ["header.Idempotency-Key"]);
    if (!submitHeaders.shape["Idempotency-Key"].safeParse(key).success)
      throw new ApiFailure(400, "api:idempotencyKeyInvalid", ["header.Idempotency-Key"]);

    const { ships, refusal: methodRefusal } = await checkoutRules(env.DB, customer.id, body.paymentMethod);
    if (methodRefusal) throw await refusal(409, [], { paymentMethod: [methodRefusal] });
    const defaults =
      body.grandTotal === undefined || body.shippingAddressId === undefined
        ? await specDefaults(env.DB, customer.id, body)
        : undefined;
    const checked = checkoutInputSchemaFor({ ships }).safeParse(draftOfBody(body, key, defaults));
    // The key was checked above, so every refusal here is about a field of the body.
    if (!checked.success) throw await invalidFormInput(checked.error, BODY_PATH);
    const answer = orderAnswer(await submitOrder(env, request, customer, checked.data));
    if (answer.kind === "ended") {
      if (answer.apiMessage) throw new ApiFailure(answer.status, answer.apiMessage);
      throw await refusal(answer.status, answer.formErrors, answer.fieldErrors);
    }
    const { order, next } = answer;
    const redirect = new URL(next, new URL(request.url).origin).href;
    return {
      increment_id: String(order.incrementId),
      status: order.status,
      payment_status: order.paymentStatus,
      heidelpay_redirect_url: redirect,
      redirect_url: redirect,
    };
  },
});
