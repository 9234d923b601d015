/**
 * Where a paid online order is on its way to the customer, from its status and the steps the back
 * office recorded (migration 0020): what the board and the pick list show, what may happen next,
 * and the timeline on the customer's order page.
 */
import type { OrderStatus } from "~/platform/db.server";
import { isPickupCarrier } from "~/domain/checkout/carriers";
import { trackingUrl } from "./shipment";

export const STEPS = ["ready", "collected", "shipped", "delivered"] as const;
export type StepName = (typeof STEPS)[number];

export interface OrderStep {
  step: StepName;
  at: string;
  trackingNumber: string | null;
}

/** toPick: paid, being packed; then ready (click & collect) or shipped; handedOver: collected or delivered. */
export type FulfilmentState = "toPick" | "ready" | "shipped" | "handedOver" | "canceled";

export function fulfilmentState(status: OrderStatus, shipped: boolean): FulfilmentState {
  if (status === "canceled") return "canceled";
  if (status === "complete") return "handedOver";
  if (status === "ready_for_pickup") return "ready";
  return shipped ? "shipped" : "toPick";
}

/** What the back office may do next with an order, by its carrier and state. */
export type NextStep = "ready" | "collected" | "shipped" | "delivered" | null;

export function nextStep(carrier: string | null, state: FulfilmentState): NextStep {
  const pickup = isPickupCarrier(carrier);
  if (state === "toPick") return pickup ? "ready" : "shipped";
  if (state === "ready") return "collected";
  if (state === "shipped") return "delivered";
  return null;
}

/** Lines can be marked picked (and unmarked) until the order is ready or shipped. */
export const canPick = (state: FulfilmentState) => state === "toPick";

export interface TimelineEntry {
  key: "ordered" | "paid" | StepName;
  /** null: reached, but when was not recorded (orders from before the back office), or not yet reached */
  at: string | null;
  done: boolean;
  trackingNumber?: string;
  trackingUrl?: string;
}

/**
 * The customer's timeline: bestellt, bezahlt, then abholbereit and abgeholt (click & collect) or
 * versandt and zugestellt. A step the order's status shows as reached counts as done even where
 * the back office has no date for it. None for a cancelled order, a purchase in the store or an
 * order of shares alone (nothing is handed over).
 */
export function orderTimeline(
  order: { status: OrderStatus; carrierCode: string | null; channel: string; createdAt: string },
  paidAt: string | null,
  steps: OrderStep[],
): TimelineEntry[] | null {
  if (order.channel !== "online" || order.carrierCode === null || order.status === "canceled") return null;
  const at = (name: StepName) => steps.find((s) => s.step === name);
  const complete = order.status === "complete";
  const paid = paidAt !== null || order.status !== "pending_payment";
  const entries: TimelineEntry[] = [
    { key: "ordered", at: order.createdAt, done: true },
    { key: "paid", at: paidAt, done: paid },
  ];
  if (isPickupCarrier(order.carrierCode)) {
    const ready = at("ready");
    entries.push(
      { key: "ready", at: ready?.at ?? null, done: Boolean(ready) || order.status === "ready_for_pickup" || complete },
      { key: "collected", at: at("collected")?.at ?? null, done: complete },
    );
  } else {
    const shipped = at("shipped");
    const number = shipped?.trackingNumber ?? undefined;
    const url = trackingUrl(order.carrierCode, number ?? null) ?? undefined;
    entries.push(
      {
        key: "shipped",
        at: shipped?.at ?? null,
        done: Boolean(shipped) || complete,
        ...(number ? { trackingNumber: number } : {}),
        ...(url ? { trackingUrl: url } : {}),
      },
      { key: "delivered", at: at("delivered")?.at ?? null, done: complete },
    );
  }
  return entries;
}
