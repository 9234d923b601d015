/**
 * Card applications and their way through the card provider: requested → validation (the
 * provider checks the data and the SEPA mandate) → production (the card is made and sent) →
 * successful (the card is issued). The provider may decline an open application or fail on it;
 * a state the shop does not know is kept as unknown until the provider reports a known one.
 */

export const APPLICATION_STATES = [
  "requested",
  "validation",
  "production",
  "successful",
  "declined",
  "error",
  "unknown",
] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** Still with the provider: a customer has at most one of these. */
export const OPEN_STATES = ["requested", "validation", "production", "unknown"] as const satisfies ApplicationState[];

export function isOpen(state: ApplicationState): boolean {
  return (OPEN_STATES as readonly ApplicationState[]).includes(state);
}

/** The normal way; the provider may pass a step between two looks of the shop. */
const WAY: ApplicationState[] = ["requested", "validation", "production", "successful"];

/**
 * Whether the provider may move an application from one state to another: forward on the way
 * (skipping a step the shop did not see), or from any open state to declined, error or unknown;
 * from unknown to any state the provider names. Nothing goes back, and nothing leaves a closed
 * state (successful, declined, error).
 */
export function canMove(from: ApplicationState, to: ApplicationState): boolean {
  if (!isOpen(from) || from === to) return false;
  if (from === "unknown" || to === "declined" || to === "error" || to === "unknown") return true;
  return WAY.indexOf(to) > WAY.indexOf(from);
}

/** About 14 working days from the application to the card in the letterbox. */
export const CARD_DELIVERY_WORKING_DAYS = 14;

export interface Application {
  id: string;
  state: ApplicationState;
  storeName: string;
  nameOnCard: string;
  createdAt: string;
  updatedAt: string;
}
