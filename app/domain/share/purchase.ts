/**
 * Buying shares (docs/decisions/0021): the way a membership declaration goes from the form to
 * binding shares, as a state machine. Only the moves listed here exist; the database makes each
 * one a guarded UPDATE from exactly its `from` state, so a replayed or racing request moves a
 * purchase at most once.
 */
import { SHARE_PRICE_CENTS } from "./share";

export const PURCHASE_STATES = [
  "awaiting_signature",
  "declined",
  "in_review",
  "approved",
  "in_cart",
  "ordered",
  "paid",
  "cancelled",
  "refused",
] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

export const PURCHASE_EVENTS = [
  "sign",
  "declineSignature",
  "approve",
  "addToCart",
  "order",
  "pay",
  "paymentFailed",
  "cancel",
  "refuse",
] as const;
export type PurchaseEvent = (typeof PURCHASE_EVENTS)[number];

/**
 * Who may move a purchase, and from where:
 * - the signing service: the declaration is signed (the cooperative's check begins) or declined;
 * - the cooperative (in the back office; the development stand-in by timer or by hand): admitted,
 *   or refused with a reason;
 * - the customer's browser: the admitted shares go into the cart, once;
 * - the checkout: the cart's shares become part of an order; its payment makes them binding,
 *   a failed payment puts them back into the cart;
 * - the customer ("Kauf abbrechen", or removing the shares from the cart) until they are ordered.
 *   Not while the cooperative checks: the customer is blocked then (docs/decisions/0021).
 */
export const PURCHASE_MOVES: Record<PurchaseEvent, { from: readonly PurchaseState[]; to: PurchaseState }> = {
  sign: { from: ["awaiting_signature"], to: "in_review" },
  declineSignature: { from: ["awaiting_signature"], to: "declined" },
  approve: { from: ["in_review"], to: "approved" },
  addToCart: { from: ["approved"], to: "in_cart" },
  order: { from: ["in_cart"], to: "ordered" },
  pay: { from: ["ordered"], to: "paid" },
  paymentFailed: { from: ["ordered"], to: "in_cart" },
  cancel: { from: ["awaiting_signature", "approved", "in_cart"], to: "cancelled" },
  refuse: { from: ["in_review"], to: "refused" },
};

/** The state after `event`, or null when the event does not apply in `state`. */
export function nextPurchaseState(state: PurchaseState, event: PurchaseEvent): PurchaseState | null {
  const move = PURCHASE_MOVES[event];
  return move.from.includes(state) ? move.to : null;
}

/** Finished purchases: nothing moves them any more. */
export const FINAL_STATES: readonly PurchaseState[] = ["declined", "paid", "cancelled", "refused"];

export const isOpenPurchase = (state: PurchaseState) => !FINAL_STATES.includes(state);

/**
 * `frontend_status` of the spec's purchase status call: "ok" once the cooperative has admitted the
 * shares, "pending" while it checks or the signature is missing, "none" for a purchase that ended
 * without shares (or no purchase at all).
 */
export type FrontendStatus = "ok" | "pending" | "none";

export function frontendStatus(state: PurchaseState | null): FrontendStatus {
  if (state === null || state === "declined" || state === "cancelled" || state === "refused") return "none";
  if (state === "awaiting_signature" || state === "in_review") return "pending";
  return "ok";
}

/**
 * Where the declaration stands with the signing service: "open" while it waits for the signature,
 * "signed" once the service confirmed the signature (whatever happened after), "declined" when the
 * signer refused, "closed" when it ended unsigned (cancelled before the signature). Only the
 * service's verified confirmation sets `signed_at` (applySigningEvent), never the customer.
 */
export type SigningState = "open" | "signed" | "declined" | "closed";

/** The declaration waits for its signature (the 'E-Mail bestätigen' modal's time). */
export const awaitsSignature = (state: PurchaseState) => state === "awaiting_signature";

export function signingState(state: PurchaseState, signedAt: string | null): SigningState {
  if (awaitsSignature(state)) return "open";
  if (state === "declined") return "declined";
  return signedAt === null ? "closed" : "signed";
}

/** `shareholder_state`: "blocked" while the cooperative checks a signed declaration. */
export type ShareholderState = "blocked" | "open";

export const shareholderState = (state: PurchaseState | null): ShareholderState =>
  state === "in_review" ? "blocked" : "open";

/** The most shares one declaration may subscribe; more means a second declaration later. */
export const MAX_DECLARATION_SHARES = 50;

/**
 * The share as a cart and order line. Frischkorb charges no entry fee (Eintrittsgeld), so a share
 * is the only share SKU (docs/decisions/0021).
 */
export const SHARE_SKU = "FK-GESCHAEFTSANTEIL";

export const sharesValueCents = (quantity: number) => quantity * SHARE_PRICE_CENTS;

/**
 * The development stand-in admits a signed declaration this long after the signature; in a
 * deployment only the cooperative decides, in the back office (docs/decisions/0021).
 */
export const REVIEW_DELAY_MS = 60_000;

/** How long the cooperative's reason for a refusal may be (what a letter's paragraph holds). */
export const REFUSAL_REASON_MAX = 1000;
