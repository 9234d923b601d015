/** Orders as the account shows them. */
import type { OrderStatus, PaymentMethodCode } from "~/platform/db.server";
import type { TaxDetail } from "~/domain/money/tax";
import type { Address } from "~/domain/customer/address";
import { formatGermanDateTime, formatGermanTime } from "~/domain/content/date";

export const ORDER_FILTERS = ["all", "open", "store", "complete", "pickup", "online"] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

export const OPEN_STATUSES: OrderStatus[] = ["pending_payment", "processing", "ready_for_pickup"];

export function parseOrderFilter(value: string | null): OrderFilter {
  return (ORDER_FILTERS as readonly string[]).includes(value ?? "") ? (value as OrderFilter) : "all";
}

export interface OrderSummary {
  incrementId: number;
  createdAt: string;
  status: OrderStatus;
  channel: "online" | "store";
  carrierCode: string | null;
  itemCount: number;
  grandTotalCents: number;
  storeName: string | null;
}

export interface OrderLine {
  sku: string;
  name: string;
  qty: number;
  isGift: boolean;
  unitPriceCents: number;
  depositCents: number;
  rowTotalCents: number;
}

/** The delivery address as it was when ordered, with the recipient's name. */
export type ShippingAddress = Pick<
  Address,
  "street" | "houseNumber" | "addressAddition" | "zip" | "city" | "country"
> & { name: string };

export interface OrderDetail extends OrderSummary {
  id: string;
  paymentMethod: PaymentMethodCode;
  paymentStatus: string | null;
  lines: OrderLine[];
  shippingAddress: ShippingAddress | null;
  pickupSlotStart: string | null;
  /** null for orders placed before the end was recorded */
  pickupSlotEnd: string | null;
  deliveryStart: string | null;
  deliveryEnd: string | null;
  comment: string;
  couponCode: string | null;
  subtotalCents: number;
  discountCents: number;
  depositCents: number;
  shippingCents: number;
  creditCents: number;
  /** The cooperative's shares in the order (no VAT, no deposit); 0 without. */
  sharesCents: number;
  /** The member's cashback the order earns, fixed when it was placed; credited once paid. */
  cashbackCents: number;
  cashbackCreditedAt: string | null;
  taxDetails: TaxDetail[];
  storeAddress: string | null;
  withdrawnAt: string | null;
}

/** An order of the cooperative's shares alone: nothing is shipped (docs/decisions/0021). */
export const shipsNothing = (order: Pick<OrderDetail, "carrierCode" | "channel">) =>
  order.channel === "online" && order.carrierCode === null;

/**
 * "Vertrag widerrufen" is offered on online orders of goods that are not cancelled and not yet
 * withdrawn (an unpaid one too: the contract is made with "zahlungspflichtig bestellen"). An order of shares alone has no goods to withdraw from: a member leaves the
 * cooperative by cancelling shares (docs/decisions/0020, 0021).
 */
export function canWithdraw(order: Pick<OrderDetail, "channel" | "status" | "withdrawnAt" | "carrierCode">): boolean {
  return (
    order.channel === "online" && order.status !== "canceled" && order.withdrawnAt === null && !shipsNothing(order)
  );
}

/**
 * What became of the cashback an order earned a member: credited to the balance, still to come with
 * the payment, or void because the order was withdrawn or cancelled.
 */
export type CashbackState = "credited" | "pending" | "void";

export function cashbackState(
  order: Pick<OrderDetail, "cashbackCreditedAt" | "withdrawnAt" | "status">,
): CashbackState {
  if (order.cashbackCreditedAt) return "credited";
  if (order.withdrawnAt || order.status === "canceled") return "void";
  return "pending";
}

const windowDay = new Intl.DateTimeFormat("de-DE", {
  weekday: "short",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "Europe/Berlin",
});

/**
 * A delivery wish or pickup window in shop time, "Mo., 23.11.2026, 08:00 – 14:00" (the texts add
 * "Uhr"); the order page leaves the weekday out. Without an end (older pickup orders) just its start.
 */
export function formatWindow(start: string, end: string | null, { weekday = true } = {}): string {
  const from = weekday
    ? `${windowDay.format(new Date(start))}, ${formatGermanTime(start)}`
    : formatGermanDateTime(start);
  return end ? `${from} – ${formatGermanTime(end)}` : from;
}

/** Where the payment provider sends the browser back, paid or not. */
/** The customer's page of one order (the account's order detail). */
export const orderPagePath = (incrementId: number) => `/account/order/${incrementId}`;

export const returnPath = (paymentId: string) => `/checkout/return?payment=${encodeURIComponent(paymentId)}`;
