/**
 * The customer's orders and balance (spec section 7 "Orders and credit"): the order list, one
 * order and the balance with its history, through the same domain functions and query parsers as
 * the pages `/account/order/overview`, `/account/order/{number}` and `/account/balance`.
 */
import { z } from "zod";
import { loadBalanceHistory } from "~/domain/balance/balance.server";
import {
  BALANCE_FILTERS,
  HISTORY_LIMIT_PATTERN,
  parseBalanceFilter,
  parseHistoryLimit,
} from "~/domain/balance/history";
import { idParam } from "~/domain/customer/id-param";
import { ORDER_FILTERS, parseOrderFilter } from "~/domain/order/order";
import { findOrder, listOrders } from "~/domain/order/order.server";
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
  tag: TAG,
  auth: true,
  response: orderDetailSchema,
  async run(_input, { env, customerId, params, request }) {
    const number = idParam(params.incrementId);
    const order = number === null ? null : await findOrder(env.DB, customerId, number);
    // Someone else's order number answers exactly like one that does not exist (and like an unknown path).
    if (!order) throw new ApiFailure(404, "api:notFound", [new URL(request.url).pathname]);
    return orderDetailResource(order);
  },
});

export const balanceHistory = operation({
  method: "GET",
  path: "/rest/V1/carts/mine/bss-store-credit/history",
  summary: "Das Guthaben (Cent) und sein Verlauf, neueste Buchung zuerst (filter und limit wie auf „Mein Guthaben“)",
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

/** The list before the single order: its path would also match `{incrementId}`. */
export const ORDER_OPERATIONS = [listMyOrders, readMyOrder, balanceHistory];
