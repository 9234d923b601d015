/**
 * Orders and the balance as the API shows them (spec section 3 "Order list fields", "Balance
 * history entry types"): what the order list, the order page and the balance page show, from the
 * same domain values, with the pages' German texts. Amounts are euros with two places
 * (docs/decisions/0034, "Money"), made from the shop's cents at this edge; an order number is a
 * string, as in the order submit's answer (`increment_id`).
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
import { euro, euroSchema } from "../money.server";

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
  increment_id: z.string().describe("Die Bestellnummer, die die Kundin kennt"),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** The status as the order list shows it, e.g. "In Bearbeitung". */
  status_remark: z.string(),
  /** "store": bought at a store's till with the customer card. */
  channel: z.enum(["online", "store"]),
  carrier_code: z.string().nullable(),
  item_count: z.number().int(),
  grand_total: euroSchema("Die Summe der Bestellung in Euro"),
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
      unit_price: euroSchema("Preis je Stück in Euro (0.00 für ein Geschenk)"),
      deposit: euroSchema("Pfand der Zeile in Euro"),
      row_total: euroSchema("Summe der Zeile in Euro"),
    }),
  ),
  totals: z.object({
    subtotal: euroSchema("Die Waren in Euro; eine Bestellung nur von Anteilen hat keine"),
    discount: euroSchema("Der Rabatt des Gutscheins in Euro (positiv)"),
    coupon_code: z.string().nullable(),
    deposit: euroSchema("Pfand in Euro"),
    shipping: euroSchema("Versand in Euro"),
    shares: euroSchema("Die Genossenschaftsanteile der Bestellung in Euro (ohne Mehrwertsteuer)"),
    credit: euroSchema("Mit dem Guthaben bezahlt, in Euro (positiv)"),
    grand_total: euroSchema("Die Summe der Bestellung in Euro"),
    tax: z
      .array(
        z.object({
          rate: z.number(),
          gross: euroSchema("Brutto in Euro"),
          net: euroSchema("Netto in Euro"),
          tax: euroSchema("Enthaltene Mehrwertsteuer in Euro"),
        }),
      )
      .describe("Die enthaltene Mehrwertsteuer je Satz"),
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
      amount: euroSchema("Cashback in Euro"),
      state: z.enum(["credited", "pending", "void"]),
      credited_at: z.string().nullable(),
    })
    .nullable(),
  withdrawn_at: z.string().nullable(),
  /** Whether the order page offers "Vertrag widerrufen". */
  can_withdraw: z.boolean(),
});

export const balanceHistorySchema = z.object({
  balance: euroSchema("Das Guthaben in Euro"),
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
      amount: euroSchema("Betrag in Euro, negativ, wenn Guthaben verwendet wurde"),
      date: z.string(),
      note: z.string(),
      order_number: z.string().nullable().describe("Die Bestellnummer der Buchung (increment_id)"),
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
    increment_id: String(o.incrementId),
    created_at: o.createdAt,
    status: o.status,
    status_remark: t(`status.${o.status}`),
    channel: o.channel,
    carrier_code: o.carrierCode,
    item_count: o.itemCount,
    grand_total: euro(o.grandTotalCents),
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
      unit_price: euro(l.unitPriceCents),
      deposit: euro(l.depositCents),
      row_total: euro(l.rowTotalCents),
    })),
    totals: {
      subtotal: euro(o.subtotalCents),
      discount: euro(o.discountCents),
      coupon_code: o.couponCode,
      deposit: euro(o.depositCents),
      shipping: euro(o.shippingCents),
      shares: euro(o.sharesCents),
      credit: euro(o.creditCents),
      grand_total: euro(o.grandTotalCents),
      tax: o.taxDetails.map((d) => ({
        rate: d.rate,
        gross: euro(d.grossCents),
        net: euro(d.netCents),
        tax: euro(d.taxCents),
      })),
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
      ? { amount: euro(o.cashbackCents), state: cashbackState(o), credited_at: o.cashbackCreditedAt }
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
    balance: euro(history.balanceCents),
    entries: history.entries.map((e) => ({
      type: e.type,
      type_label: t(`type.${e.type}`),
      amount: euro(e.amountCents),
      date: e.createdAt,
      note: e.note,
      order_number: e.orderNumber === null ? null : String(e.orderNumber),
    })),
    has_more: history.hasMore,
    filter,
    limit,
  };
}
