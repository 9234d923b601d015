/**
 * One table from what placing an order came to (`SubmitOutcome`) to both doors' answers (issue 30):
 * the checkout page and the API's order submit take the status and the texts from here, so they
 * cannot disagree about what an outcome means. The page shows a refusal at its form and fields and
 * goes on with a redirect; the API answers the same status with the texts as message and
 * parameters, and an order placed with where the customer goes next.
 */
import type { CheckoutFieldErrors } from "~/domain/checkout/checkout-input";
import { orderNextStep, type PlacedOrder } from "~/domain/order/order.server";
import { orderPagePath } from "~/domain/order/order";
import type { PaymentStart } from "~/domain/order/start-payment.server";
import type { SubmitOutcome } from "./order-submit.server";

/** What an answer says: locale keys about the whole order, and by field of the checkout draft. */
interface Texts {
  formErrors: string[];
  fieldErrors: CheckoutFieldErrors;
}

/** The outcomes that end the order here, a payment the provider could not open among them. */
type Ended =
  | Exclude<SubmitOutcome, { kind: "placed" }>
  | { kind: "paymentFailed"; method: Extract<PaymentStart, { kind: "failed" }>["method"] }
  | { kind: "canceled" };
type EndedKind = Ended["kind"];
type EndedOf<K extends EndedKind> = Extract<Ended, { kind: K }>;

interface Ending<O> {
  status: 409 | 429 | 503;
  texts(outcome: O): Texts;
  /** The page says it as a notice on a fresh checkout: the order was placed, the form's key is spent. */
  notice?: true;
  /** The API's own wording, without parameters: a throttle reads as every other throttle of the API. */
  apiMessage?: string;
}

const only = (key: string): Texts => ({ formErrors: [key], fieldErrors: {} });

export const ORDER_ENDINGS: { [K in EndedKind]: Ending<EndedOf<K>> } = {
  /** Too many orders of the customer or from the client in a short time. */
  throttled: { status: 429, texts: () => only("pages.checkout.error.checkoutError"), apiMessage: "session.throttled" },
  /** D1 failed in a way no guard explains; the cart is as it was. */
  failed: { status: 503, texts: (o) => ({ formErrors: o.formErrors, fieldErrors: {} }) },
  /** The cart, the address, the slot, the payment or the total refused it, each where it belongs. */
  refused: { status: 409, texts: (o) => ({ formErrors: o.formErrors, fieldErrors: o.fieldErrors }) },
  /** The provider could not open the payment: the order is cancelled and its cart given back. */
  paymentFailed: { status: 503, texts: (o) => only(`pages.checkout.error.payment.${o.method}`), notice: true },
  /** A retry of a form whose order was cancelled meanwhile (its payment never came): the cart is back. */
  canceled: { status: 409, texts: () => only("checkout:error.orderCanceled"), notice: true },
};

/** An outcome as a door answers it. */
export type OrderAnswer =
  | ({ kind: "ended" } & Texts & Omit<Ending<never>, "texts">)
  /** `next`: the provider's payment page, or the shop's return or confirmation page. */
  | { kind: "placed"; order: PlacedOrder; next: string };

function ended<K extends EndedKind>(kind: K, outcome: EndedOf<K>): OrderAnswer {
  const { texts, ...how } = ORDER_ENDINGS[kind];
  return { kind: "ended", ...how, ...texts(outcome) };
}

export function orderAnswer(outcome: SubmitOutcome): OrderAnswer {
  if (outcome.kind !== "placed") return ended(outcome.kind, outcome);
  const { order, payment } = outcome;
  if (payment?.kind === "failed") return ended("paymentFailed", { kind: "paymentFailed", method: payment.method });
  if (order.status === "canceled") return ended("canceled", { kind: "canceled" });
  if (payment?.kind === "waiting") return { kind: "placed", order, next: orderPagePath(order.incrementId) };
  return { kind: "placed", order, next: payment?.kind === "started" ? payment.pageUrl : orderNextStep(order) };
}
