/**
 * The customer's orders and balance (spec section 7 "Orders and credit"): the order list, one
 * order, the balance with its history and counting the balance against the cart, through the same
 * domain functions and query parsers as the pages `/account/order/overview`,
 * `/account/order/{number}`, `/account/balance` and the checkout's "Guthaben zuerst verrechnen".
 */
import { z } from "zod";
import { loadBalanceHistory } from "~/domain/balance/balance.server";
import {
  BALANCE_FILTERS,
  HISTORY_LIMIT_PATTERN,
  parseBalanceFilter,
  parseHistoryLimit,
} from "~/domain/balance/history";
import { cartIsEmpty, withCredit } from "~/domain/cart/cart";
import { STANDARD_SHIPPING_CENTS } from "~/domain/cart/shipping";
import { loadCart } from "~/domain/cart/cart.server";
import { loadPaymentAccount } from "~/domain/checkout/checkout.server";
import { CREDIT_ERROR, creditRefusal } from "~/domain/checkout/payment-methods";
import { idParam } from "~/domain/customer/id-param";
import { ORDER_FILTERS, parseOrderFilter } from "~/domain/order/order";
import { archivedOrderPage } from "~/domain/order/archive.server";
import { findOrder, listOrders } from "~/domain/order/order.server";
import { cartResource, cartSchema } from "../cart/resource.server";
import { euroInput } from "../money.server";
import { ApiFailure, operation } from "../operation.server";
import {
  balanceHistoryResource,
  balanceHistorySchema,
  orderDetailResource,
  orderDetailSchema,
  orderListResource,
  orderSummarySchema,
} from "./resource.server";

const TAG = "Bestellungen";

export const listMyOrders = operation({
  method: "GET",
  path: "/rest/V1/orders/mine/overview",
  summary: "Die eigenen Bestellungen und Einkäufe im Markt, neueste zuerst (filter wie auf „Meine Bestellungen“)",
  operationId: "getOrderOverview",
  description:
    "Liefert die eigenen Bestellungen und Einkäufe im Markt, neueste zuerst, mit den Filtern der Seite „Meine Bestellungen“.",
  tag: TAG,
  auth: true,
  query: z.object({ filter: z.enum(ORDER_FILTERS).optional() }).strict(),
  response: z.array(orderSummarySchema),
  async run({ query }, { env, customerId }) {
    const orders = await listOrders(env.DB, customerId, parseOrderFilter(query.filter ?? null));
    return orderListResource(orders);
  },
});

export const readMyOrder = operation({
  method: "GET",
  path: "/rest/V1/orders/mine/{incrementId}",
  summary: "Eine eigene Bestellung mit Artikeln, Summen, Zahlung und Lieferung oder Abholung",
  operationId: "getOrder",
  description:
    "Liefert eine eigene Bestellung mit Artikeln, Summen, Zahlung und Lieferung oder Abholung. Die Nummer einer Bestellung einer anderen Kundin ist ebenso nicht gefunden wie eine unbekannte.",
  tag: TAG,
  auth: true,
  response: orderDetailSchema,
  async run(_input, { env, customerId, params, request }) {
    const number = idParam(params.incrementId);
    const order =
      number === null
        ? null
        : ((await findOrder(env.DB, customerId, number)) ??
          // an archived order, as it was when archived (docs/decisions/0052)
          (await archivedOrderPage(env.DB, env.ARCHIVE, customerId, number))?.order ??
          null);
    // Someone else's order number answers exactly like one that does not exist (and like an unknown path).
    if (!order) throw new ApiFailure(404, "api:notFound", [new URL(request.url).pathname]);
    return orderDetailResource(order);
  },
});

export const balanceHistory = operation({
  method: "GET",
  path: "/rest/V1/carts/mine/bss-store-credit/history",
  summary: "Das Guthaben (Euro) und sein Verlauf, neueste Buchung zuerst (filter und limit wie auf „Mein Guthaben“)",
  operationId: "getBalanceHistory",
  description:
    "Liefert das Guthaben und seine Buchungen, neueste zuerst, mit dem Filter und der Anzahl der Seite „Mein Guthaben“.",
  tag: TAG,
  auth: true,
  query: z
    .object({
      filter: z.enum(BALANCE_FILTERS).optional(),
      limit: z.string().regex(HISTORY_LIMIT_PATTERN).optional(),
    })
    .strict(),
  response: balanceHistorySchema,
  async run({ query }, { env, customerId }) {
    const filter = parseBalanceFilter(query.filter ?? null);
    const limit = parseHistoryLimit(query.limit ?? null);
    const history = await loadBalanceHistory(env.DB, customerId, filter, limit);
    return balanceHistoryResource(history, filter, limit);
  },
});

/**
 * The checkout's "Guthaben zuerst verrechnen" (spec: bss-store-credit/apply): the cart with the
 * balance counted against its total, as the order counts it. The page chooses the credit with the
 * order (the checkbox `useCredit`), and the order's batch alone takes it from the balance: so this
 * call stores nothing and takes nothing, and a client sends the choice with its order.
 */
export const applyCredit = operation({
  method: "POST",
  path: "/rest/V1/carts/mine/bss-store-credit/apply",
  summary:
    "Guthaben mit dem Warenkorb verrechnen (Vorschau wie an der Kasse): der Warenkorb mit discount.appliedCredit und dem Abschnitt bss_storecredit; abgebucht wird erst mit der Bestellung",
  operationId: "applyStoreCredit",
  description:
    "Zeigt den Warenkorb mit dem Guthaben verrechnet, wie die Kasse es verrechnet; gespeichert und abgebucht wird nichts, die Wahl gilt erst mit der Bestellung (useCredit). Abgewiesen werden mehr als das Guthaben und ein Warenkorb, in dem nichts zu bezahlen ist.",
  tag: TAG,
  auth: true,
  errors: { 409: "Das Guthaben reicht nicht, oder der Warenkorb hat nichts zu bezahlen" },
  body: z
    .object({
      amount: euroInput
        // an amount euroInput refused already has its message (zod refines it all the same)
        .refine((cents) => typeof cents !== "number" || cents >= 1, "validation.amount")
        .optional()
        .openapi({
          description: "Wie viel Guthaben in Euro (z. B. 5.00, höchstens das Guthaben); ohne: das ganze Guthaben",
        }),
    })
    .strict(),
  response: cartSchema,
  async run({ body }, { env, customerId }) {
    const [account, cart] = await Promise.all([
      loadPaymentAccount(env.DB, customerId),
      loadCart(env.DB, customerId, STANDARD_SHIPPING_CENTS),
    ]);
    const refusal = creditRefusal(account, body.amount);
    if (refusal) throw new ApiFailure(409, refusal, body.amount === undefined ? [] : ["amount"]);
    if (cartIsEmpty(cart)) throw new ApiFailure(409, CREDIT_ERROR);
    return cartResource(env.DB, customerId, withCredit(cart, body.amount ?? account.balanceCents));
  },
});

/** The list before the single order: its path would also match `{incrementId}`. */
export const ORDER_OPERATIONS = [listMyOrders, readMyOrder, balanceHistory, applyCredit];
