/**
 * The data-layer entries the shop sends to the tag manager (docs/decisions/0027): one builder per
 * event of the spec's tracking, in the e-commerce shape tag managers read (amounts in euros as
 * numbers, items with id, name, price and quantity). Only built where the visitor allowed
 * statistics; every event that may reach the browser twice (a revalidated page, a reload) carries
 * an `id`, so the tracker sends it once.
 */
import type { CartLineSnapshot } from "../cart/cart";
import type { OrderDetail } from "../order/order";
import type { PageContext } from "./page-context";

export type TrackingEvent = { event: string; id?: string } & Record<string, unknown>;

export interface TrackedItem {
  sku: string;
  name: string;
  priceCents: number;
  quantity: number;
}

const euros = (cents: number) => Math.round(cents) / 100;

function items(list: TrackedItem[]) {
  return list.map((i) => ({ item_id: i.sku, item_name: i.name, price: euros(i.priceCents), quantity: i.quantity }));
}

/** The customer group as tracking shows it: `group_identifer` with underscores as hyphens. */
export function trackingGroup(groupIdentifier: string): string {
  return groupIdentifier.replaceAll("_", "-");
}

export function pageViewEvent(context: PageContext, path: string, group: string | null): TrackingEvent {
  return {
    event: "page_view",
    page_context: context,
    page_path: path,
    ...(group ? { customer_group: trackingGroup(group) } : {}),
  };
}

export function searchEvent(term: string, resultCount: number): TrackingEvent {
  return { event: "search", id: `search:${term}:${resultCount}`, search_term: term, search_results: resultCount };
}

export const loginEvent = (id: string): TrackingEvent => ({ event: "login", id });
export const logoutEvent = (): TrackingEvent => ({ event: "logout" });

/**
 * What a cart change did, as add_to_cart and remove_from_cart events: the difference between the
 * lines before and after, so every way of changing a line (add, quantity, remove, gifts leaving)
 * is counted once and a refused change counts nothing.
 */
export function cartChangeEvents(before: CartLineSnapshot[], after: CartLineSnapshot[], id: string): TrackingEvent[] {
  const qty = (lines: CartLineSnapshot[], sku: string) => lines.find((l) => l.sku === sku)?.qty ?? 0;
  const added: TrackedItem[] = [];
  const removed: TrackedItem[] = [];
  for (const line of [...after, ...before.filter((b) => !after.some((a) => a.sku === b.sku))]) {
    const delta = qty(after, line.sku) - qty(before, line.sku);
    const item = { sku: line.sku, name: line.name, priceCents: line.priceCents, quantity: Math.abs(delta) };
    if (delta > 0) added.push(item);
    if (delta < 0) removed.push(item);
  }
  const event = (name: string, list: TrackedItem[], n: number): TrackingEvent => ({
    event: name,
    id: `${id}:${n}`,
    ecommerce: {
      currency: "EUR",
      value: euros(list.reduce((sum, i) => sum + i.priceCents * i.quantity, 0)),
      items: items(list),
    },
  });
  return [
    ...(added.length ? [event("add_to_cart", added, 1)] : []),
    ...(removed.length ? [event("remove_from_cart", removed, 2)] : []),
  ];
}

export interface PurchaseFacts {
  orderNumber: string;
  totalCents: number;
  taxCents: number;
  shippingCents: number;
  coupon: string | null;
  items: TrackedItem[];
}

/** The purchase, keyed by its order number: a reload of the success page sends nothing again. */
export function purchaseEvent(order: PurchaseFacts): TrackingEvent {
  return {
    event: "purchase",
    id: `purchase:${order.orderNumber}`,
    ecommerce: {
      transaction_id: order.orderNumber,
      currency: "EUR",
      value: euros(order.totalCents),
      tax: euros(order.taxCents),
      shipping: euros(order.shippingCents),
      ...(order.coupon ? { coupon: order.coupon } : {}),
      items: items(order.items),
    },
  };
}

/** The purchase facts of a placed order; gifts are free and not items sold. */
export function purchaseOf(order: OrderDetail): PurchaseFacts {
  return {
    orderNumber: String(order.incrementId),
    totalCents: order.grandTotalCents,
    taxCents: order.taxDetails.reduce((sum, d) => sum + d.taxCents, 0),
    shippingCents: order.shippingCents,
    coupon: order.couponCode,
    items: order.lines
      .filter((l) => !l.isGift)
      .map((l) => ({ sku: l.sku, name: l.name, priceCents: l.unitPriceCents, quantity: l.qty })),
  };
}
