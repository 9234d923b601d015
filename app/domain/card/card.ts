/**
 * Customer cards: what a card is, which state changes the customer may make, and the PIN rules.
 * The card itself (number, type, provider blocks) comes from the card provider; the customer
 * names it, locks and unlocks it, and sets, changes or disables its PIN.
 */

export const CARD_TYPES = ["rfid", "google_wallet", "apple_wallet", "enso_app"] as const;
export type CardType = (typeof CARD_TYPES)[number];

/**
 * active: usable. locked: locked by the customer, who can unlock it. provider_blocked: blocked by
 * the card provider (e.g. suspected misuse), only the provider lifts it. blocked_permanently: never
 * usable again (reported lost, replaced).
 */
export const CARD_STATUSES = ["active", "locked", "provider_blocked", "blocked_permanently"] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

export interface Card {
  id: number;
  number: string;
  type: CardType;
  alias: string;
  status: CardStatus;
  hasPin: boolean;
  /** Wrong PINs at the till since the PIN was last set; at MAX_PIN_FAILURES the PIN no longer works. */
  pinFailedAttempts: number;
  issuedAt: string;
  /** Every change counts it up; a form carries the version it was shown with. */
  version: number;
}

export const ALIAS_MAX_LENGTH = 30;
export const PIN_LENGTH = 4;
/** After this many wrong PINs in a row the PIN is refused at the till until a new one is set. */
export const MAX_PIN_FAILURES = 3;

export function pinAttemptsReached(card: Pick<Card, "hasPin" | "pinFailedAttempts">): boolean {
  return card.hasPin && card.pinFailedAttempts >= MAX_PIN_FAILURES;
}

/** Four digits, nothing else. */
export function isValidPin(value: string): boolean {
  return new RegExp(`^\\d{${PIN_LENGTH}}$`).test(value);
}

export type StatusAction = "lock" | "unlock";

/**
 * The customer's own status changes: lock an active card, unlock a card they locked. Blocks by the
 * provider are not theirs to lift; the answer says why.
 */
export type StatusChange =
  | { ok: true; next: CardStatus }
  | { ok: false; reason: "alreadyLocked" | "alreadyActive" | "providerBlocked" | "blockedPermanently" };

export function statusChange(current: CardStatus, action: StatusAction): StatusChange {
  if (current === "provider_blocked") return { ok: false, reason: "providerBlocked" };
  if (current === "blocked_permanently") return { ok: false, reason: "blockedPermanently" };
  if (action === "lock")
    return current === "active" ? { ok: true, next: "locked" } : { ok: false, reason: "alreadyLocked" };
  return current === "locked" ? { ok: true, next: "active" } : { ok: false, reason: "alreadyActive" };
}

/** The one status action the customer can take on a card now, or null when only the provider can. */
export function customerStatusAction(status: CardStatus): StatusAction | null {
  if (status === "active") return "lock";
  if (status === "locked") return "unlock";
  return null;
}

/** "9276 0012 3456 7897": the number in groups of four, as printed on the card. */
export function formatCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, "$1 ");
}
