/**
 * Ordering, for both doors (the checkout page's form and the API's order submit): whether the
 * customer's cart ships goods (which rules the checkout draft meets) and whether the chosen payment
 * method is offered to her, then the throttled order placement and the opening of its payment at
 * the provider. The page and the API only read their input into the typed draft
 * (domain/checkout/checkout-input.ts) and answer the outcome by one table (order-answers.server.ts).
 */
import { cartShipsGoods } from "~/domain/cart/cart.server";
import { loadPaymentAccount } from "~/domain/checkout/checkout.server";
import { isPaymentMethod, paymentRefusal } from "~/domain/checkout/payment-methods";
import type { CheckoutInput } from "~/domain/checkout/checkout-input";
import { placeOrder, type PlaceOutcome } from "~/domain/order/place-order.server";
import type { PlacedOrder } from "~/domain/order/order.server";
import { startOrderPayment, type PaymentStart } from "~/domain/order/start-payment.server";
import type { Env } from "~/platform/context";
import { translator } from "~/platform/i18n.server";
import { paymentProvider } from "~/platform/payment.server";
import { attempt, clientIp, clientOf, LIMITS } from "~/platform/rate-limit.server";
import type { SignedInCustomer } from "~/platform/session.server";

/**
 * Whether the customer's cart as it is in the database ships goods (shares alone need no shipping
 * method), for the rules' schema, and the refusal of a payment method she is not offered (looked
 * at before its fields).
 */
export async function checkoutRules(db: D1Database, customerId: number, method: unknown) {
  const [ships, account] = await Promise.all([
    cartShipsGoods(db, customerId),
    isPaymentMethod(method) ? loadPaymentAccount(db, customerId) : null,
  ]);
  return {
    ships,
    refusal: account && isPaymentMethod(method) ? paymentRefusal(method, account) : null,
  };
}

export type SubmitOutcome =
  | Exclude<PlaceOutcome, { kind: "placed" }>
  | { kind: "throttled" }
  /** `payment` is null when the provider has nothing to do (paid with balance, or already settled). */
  | { kind: "placed"; order: PlacedOrder; payment: PaymentStart | null };

/** Places the order (once per idempotency key) and opens its payment at the provider. */
export async function submitOrder(
  env: Env,
  request: Request,
  customer: SignedInCustomer,
  input: CheckoutInput,
): Promise<SubmitOutcome> {
  const allowed = await attempt(env.DB, [
    { limit: LIMITS.checkoutAccount, subject: String(customer.id) },
    { limit: LIMITS.checkoutClient, subject: clientOf(request, env) },
  ]);
  if (!allowed) return { kind: "throttled" };
  const origin = new URL(request.url).origin;
  const outcome = await placeOrder(env.DB, customer, input, new Date(), origin);
  if (outcome.kind !== "placed") return outcome;
  const { order } = outcome;
  const { paymentId } = order;
  if (!paymentId || order.paymentStatus !== "pending") return { kind: "placed", order, payment: null };
  return { kind: "placed", order, payment: await openOrderPayment(env, request, customer, { ...order, paymentId }) };
}

/**
 * Opens the order's payment at the provider: right after ordering, on a retry of the same form, or
 * from the order page's "Jetzt bezahlen". A database that fails meanwhile leaves the order to its
 * order page and the reconciliation (domain/order/payment-window.ts), never stranded.
 */
export async function openOrderPayment(
  env: Env,
  request: Request,
  customer: SignedInCustomer,
  order: Pick<PlacedOrder, "incrementId"> & { paymentId: string },
): Promise<PaymentStart | null> {
  const t = await translator("checkout");
  try {
    return await startOrderPayment(env.DB, paymentProvider(env), customer, order.paymentId, {
      origin: new URL(request.url).origin,
      description: t("payment.description", { number: order.incrementId }),
      client: { ip: clientIp(request, env) ?? "127.0.0.1", userAgent: request.headers.get("User-Agent") ?? "" },
    });
  } catch (error) {
    console.error(`payment ${order.paymentId} could not be opened`, error);
    return { kind: "waiting" };
  }
}
