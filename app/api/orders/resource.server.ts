/**
 * Orders and the balance as the API shows them (spec section 3 "Order list fields", "Balance
 * history entry types"): what the order list, the order page and the balance page show, from the
 * same domain values, with the pages' German texts. Money is in cents, as everywhere in the shop.
 */
import { z } from "zod";
import { postalAddressFields } from "../address.server";
import {
  BALANCE_ENTRY_TYPES,
  BALANCE_FILTERS,
  type BalanceFilter,
  type BalanceHistory,
} from "~/domain/balance/history";
import { canWithdraw, cashbackState, shipsNothing, type OrderDetail, type OrderSummary } from "~/domain/order/order";
import type { OrderStatus, PaymentMethodCode } from "~/platform/db.server";
import { translator } from "~/platform/i18n.server";

const cents = z.number().int();

/** Every value of a database type, once; the compiler keeps the lists complete and exact. */
const valuesOf = <T extends string>(all: Record<T, true>) => Object.keys(all) as [T, ...T[]];

const ORDER_STATUSES = valuesOf<OrderStatus>({
  pending_payment: true,
  processing: true,
  ready_for_pickup: true,
  complete: true,
  canceled: true,
});
const PAYMENT_METHODS = valuesOf<PaymentMethodCode>({
  paypal: true,
  card: true,
  sepa: true,
  balance: true,
  storecard: true,
});

/** One line of the order list (spec: order number, date, status remark, item count, sum, store). */
export const orderSummarySchema = z.object({
  /** The order number the customer knows. */
  increment_id: z.number().int(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** The status as the order list shows it, e.g. "In Bearbeitung". */
  status_remark: z.string(),
  /** "store": bought at a store's till with the customer card. */
  channel: z.enum(["online", "store"]),
  carrier_code: z.string().nullable(),
  item_count: z.number().int(),
  /** cents */
  grand_total: cents,
  /** The store of a purchase there or of a click & collect order; null for a delivery. */
  store: z.string().nullable(),
});

export const orderDetailSchema = orderSummarySchema.extend({
  items: z.array(
    z.object({
      sku: z.string(),
      name: z.string(),
      qty: z.number().int(),
      /** A gift of the order (free of charge). */
      free_product: z.boolean(),
      unit_price: cents,
      deposit: cents,
      row_total: cents,
    }),
  ),
  totals: z.object({
    /** The goods; an order of the cooperative's shares alone has none. */
    subtotal: cents,
    discount: cents,
    coupon_code: z.string().nullable(),
    deposit: cents,
    shipping: cents,
    /** The cooperative's shares in the order (no VAT). */
    shares: cents,
    /** Paid with the balance. */
    credit: cents,
    grand_total: cents,
    /** VAT included, per rate. */
    tax: z.array(z.object({ rate: z.number(), gross: cents, net: cents, tax: cents })),
  }),
  payment: z.object({
    method: z.enum(PAYMENT_METHODS),
    title: z.string(),
    status: z.string().nullable(),
  }),
  shipping: z.object({
    /** false for an order of the cooperative's shares alone: nothing is shipped. */
    ships: z.boolean(),
    carrier_title: z.string().nullable(),
    address: z.object({ name: z.string(), ...postalAddressFields }).nullable(),
    delivery_start: z.string().nullable(),
    delivery_end: z.string().nullable(),
  }),
  /** Click & collect: the store and the pickup window. */
  pickup: z
    .object({
      store: z.string().nullable(),
      address: z.string().nullable(),
      start: z.string(),
      /** null for orders placed before the end was recorded */
      end: z.string().nullable(),
    })
    .nullable(),
  comment: z.string(),
  /** The member's cashback the order earns; null without. */
  cashback: z
    .object({
      amount: cents,
      state: z.enum(["credited", "pending", "void"]),
      credited_at: z.string().nullable(),
    })
    .nullable(),
  withdrawn_at: z.string().nullable(),
  /** Whether the order page offers "Vertrag widerrufen". */
  can_withdraw: z.boolean(),
});

export const balanceHistorySchema = z.object({
  /** cents */
  balance: cents,
  /** Newest first, at most `limit`. */
  entries: z.array(
    z.object({
      /** Spec section 3: 1 credit, 2 use in purchase, 3 update, 4 survey, 5 chargeback, 6 refer a friend, 7 sponsoring, 8 goodwill, 9 other, 10 use in purchase (store). */
      type: z
        .number()
        .int()
        .min(BALANCE_ENTRY_TYPES[0])
        .max(BALANCE_ENTRY_TYPES[BALANCE_ENTRY_TYPES.length - 1]),
      /** The type as the balance page shows it, e.g. "Umfrage". */
      type_label: z.string(),
      /** cents, negative when used */
      amount: cents,
      date: z.string(),
      note: z.string(),
      order_number: z.number().int().nullable(),
    }),
  ),
  /** More entries exist beyond `limit`. */
  has_more: z.boolean(),
  filter: z.enum(BALANCE_FILTERS),
  limit: z.number().int(),
});

type Translate = (key: string, options?: Record<string, unknown>) => string;

const ordersText = async () => (await translator("orders")) as Translate;

function summary(o: OrderSummary, t: Translate): z.input<typeof orderSummarySchema> {
  return {
    increment_id: o.incrementId,
    created_at: o.createdAt,
    status: o.status,
    status_remark: t(`status.${o.status}`),
    channel: o.channel,
    carrier_code: o.carrierCode,
    item_count: o.itemCount,
    grand_total: o.grandTotalCents,
    store: o.storeName,
  };
}

export async function orderListResource(orders: OrderSummary[]): Promise<z.input<typeof orderSummarySchema>[]> {
  const t = await ordersText();
  return orders.map((o) => summary(o, t));
}

export async function orderDetailResource(o: OrderDetail): Promise<z.input<typeof orderDetailSchema>> {
  const t = await ordersText();
  return {
    ...summary(o, t),
    items: o.lines.map((l) => ({
      sku: l.sku,
      name: l.name,
      qty: l.qty,
      free_product: l.isGift,
      unit_price: l.unitPriceCents,
      deposit: l.depositCents,
      row_total: l.rowTotalCents,
    })),
    totals: {
      subtotal: o.subtotalCents,
      discount: o.discountCents,
      coupon_code: o.couponCode,
      deposit: o.depositCents,
      shipping: o.shippingCents,
      shares: o.sharesCents,
      credit: o.creditCents,
      grand_total: o.grandTotalCents,
      tax: o.taxDetails.map((d) => ({ rate: d.rate, gross: d.grossCents, net: d.netCents, tax: d.taxCents })),
    },
    payment: { method: o.paymentMethod, title: t(`payment.${o.paymentMethod}`), status: o.paymentStatus },
    shipping: {
      ships: !shipsNothing(o),
      carrier_title: o.carrierCode ? t(`carrier.${o.carrierCode}`) : null,
      address: o.shippingAddress
        ? {
            name: o.shippingAddress.name,
            street: o.shippingAddress.street,
            houseNumber: o.shippingAddress.houseNumber,
            addressAddition: o.shippingAddress.addressAddition ?? "",
            zip: o.shippingAddress.zip,
            city: o.shippingAddress.city,
            country: o.shippingAddress.country,
          }
        : null,
      delivery_start: o.deliveryStart,
      delivery_end: o.deliveryEnd,
    },
    pickup: o.pickupSlotStart
      ? { store: o.storeName, address: o.storeAddress, start: o.pickupSlotStart, end: o.pickupSlotEnd }
      : null,
    comment: o.comment,
    cashback: o.cashbackCents
      ? { amount: o.cashbackCents, state: cashbackState(o), credited_at: o.cashbackCreditedAt }
      : null,
    withdrawn_at: o.withdrawnAt,
    can_withdraw: canWithdraw(o),
  };
}

export async function balanceHistoryResource(
  history: BalanceHistory,
  filter: BalanceFilter,
  limit: number,
): Promise<z.input<typeof balanceHistorySchema>> {
  const t = (await translator("balance")) as Translate;
  return {
    balance: history.balanceCents,
    entries: history.entries.map((e) => ({
      type: e.type,
      type_label: t(`type.${e.type}`),
      amount: e.amountCents,
      date: e.createdAt,
      note: e.note,
      order_number: e.orderNumber,
    })),
    has_more: history.hasMore,
    filter,
    limit,
  };
}
