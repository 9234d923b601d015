/**
 * The pick list's forms (issue 32): which staff action a button is (403 for a role without it),
 * the order within the member's scope (404), the form's schema (400, the tracking number's message
 * at its field), then the domain's step and a notice on the same page (post/redirect/get).
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import {
  markCollected,
  markDelivered,
  markPicked,
  markReady,
  markShipped,
  type HandoverResult,
} from "~/domain/fulfilment/handover.server";
import type { FulfilmentOrder } from "~/domain/fulfilment/order.server";
import { pickSchema, shipSchema, shortageSchema } from "~/domain/fulfilment/schema";
import { bookShortage } from "~/domain/fulfilment/shortage.server";
import { formatEuro } from "~/domain/money/format";
import { paymentProviderNamed } from "~/platform/payment.server";
import { hasTracking } from "~/domain/fulfilment/shipment";
import { mayTake, type StaffAction, type StaffMember } from "~/domain/staff/roles";
import { redirectWithNotice } from "~/platform/flash.server";
import { parseForm, unknownIntent } from "~/platform/form.server";
import { requireScopedOrder } from "./fulfilment.server";
import { readStaffForm } from "./staff-form.server";
import { staffForbidden } from "./staff-forbidden";

const INTENTS: Record<string, StaffAction> = {
  pick: "orders.pick",
  short: "orders.short",
  ready: "orders.ready",
  collected: "orders.collected",
  ship: "orders.ship",
  deliver: "orders.deliver",
};

const DONE_NOTICE: Record<string, string> = {
  ready: "ready",
  collected: "collected",
  ship: "shipped",
  deliver: "delivered",
};

interface Step {
  context: AppLoadContext;
  db: D1Database;
  staff: StaffMember;
  order: FulfilmentOrder;
  form: FormData;
  origin: string;
}

type Taken = {
  outcome: HandoverResult | string;
  values?: Record<string, string | number>;
  notice?: string;
  /** The sandbox's refund page, where the stand-in provider confirms a refund the step asked for. */
  pageUrl?: string | null;
};

async function pick({ db, staff, order, form }: Step): Promise<Taken> {
  const submission = parseForm(form, pickSchema);
  if (submission.status !== "success") throw unknownIntent();
  const { sku, gift, picked } = submission.value;
  const line = order.lines.find((l) => l.sku === sku && l.isGift === (gift === "1"));
  if (!line) throw unknownIntent();
  const outcome = await markPicked(db, staff, order, { sku, isGift: gift === "1", picked: picked === "1" });
  return { outcome, values: { name: line.name }, notice: picked === "1" ? "picked" : "unpicked" };
}

async function ship({ db, staff, order, form, origin }: Step): Promise<Taken | SubmissionResult<string[]>> {
  if (!hasTracking(order.carrier)) return { outcome: await markShipped(db, staff, order, null, origin) };
  const submission = parseForm(form, shipSchema(order.carrier));
  if (submission.status !== "success") return submission.reply();
  return { outcome: await markShipped(db, staff, order, submission.value.trackingNumber, origin) };
}

/** Short lines: taken off the order and refunded (domain/fulfilment/shortage.server.ts). */
async function short({ context, db, staff, order, form, origin }: Step): Promise<Taken | SubmissionResult<string[]>> {
  const submission = parseForm(form, shortageSchema);
  if (submission.status !== "success") return submission.reply();
  const missing = submission.value.lines.map((line) => ({
    sku: line.sku,
    isGift: line.gift === "1",
    qty: line.missing ?? 0,
  }));
  // the lines as the list showed them: a booking made meanwhile changed them, so nothing is booked twice
  const stale = submission.value.lines.some(
    (line) => order.lines.find((l) => l.sku === line.sku && l.isGift === (line.gift === "1"))?.qty !== line.expected,
  );
  if (stale) return { outcome: "changedMeanwhile" };
  const booked = await bookShortage(
    db,
    (name) => paymentProviderNamed(context.env, name),
    staff,
    order,
    missing,
    origin,
  );
  if (!booked.ok) return { outcome: booked.reason };
  return {
    outcome: "done",
    notice: booked.refundCents > 0 ? "shortRefund" : "shortNoRefund",
    values: { amount: formatEuro(booked.refundCents) },
    pageUrl: booked.pageUrl,
  };
}

async function take(intent: string, step: Step): Promise<Taken | SubmissionResult<string[]>> {
  const { db, staff, order, origin } = step;
  if (intent === "pick") return pick(step);
  if (intent === "short") return short(step);
  if (intent === "ship") return ship(step);
  if (intent === "ready") return { outcome: await markReady(db, staff, order, origin) };
  if (intent === "collected") return { outcome: await markCollected(db, staff, order) };
  return { outcome: await markDelivered(db, staff, order) };
}

/**
 * Takes the posted step and redirects back with its notice; returns only a form's errors (the
 * tracking number's, the short quantities'), with the intent whose form they belong to.
 */
export async function takeHandoverStep(
  request: Request,
  context: AppLoadContext,
  number: string | undefined,
): Promise<{ intent: "ship" | "short"; result: SubmissionResult<string[]> }> {
  const { staff, form } = await readStaffForm(request, context, "orders.read");
  const intent = String(form.get("intent") ?? "");
  // own keys only: "constructor" or "__proto__" is no intent
  const action = Object.hasOwn(INTENTS, intent) ? INTENTS[intent] : undefined;
  if (!action) throw unknownIntent();
  if (!mayTake(staff.role, action)) throw staffForbidden();
  const db = context.env.DB;
  const order = await requireScopedOrder(db, staff, number);
  const taken = await take(intent, { context, db, staff, order, form, origin: new URL(request.url).origin });
  if (!("outcome" in taken)) return { intent: intent === "short" ? "short" : "ship", result: taken };
  if (taken.pageUrl) throw redirect(taken.pageUrl);
  const done = taken.outcome === "done";
  throw await redirectWithNotice(context.env, `/staff/orders/${order.number}`, {
    type: done ? "success" : "error",
    key: `staffOrders:notice.${done ? (taken.notice ?? DONE_NOTICE[intent]) : taken.outcome}`,
    values: { number: order.number, ...taken.values },
  });
}
