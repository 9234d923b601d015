/**
 * Marketing preferences (docs/decisions/0026-marketing-preferences.md): the newsletter by double
 * opt-in (UWG § 7), personalised offers and postal advertising, each switched on and off by the
 * customer, and every change recorded as proof of consent (DSGVO art. 7).
 */

/** What the consent records name; the table's CHECK lists the same. */
export type Channel = "newsletter" | "personalised_offers" | "postal_advertising";

/** Where a change came from; the table's CHECK lists the same. */
export type ConsentSource = "account" | "visitor-form" | "confirmation-link" | "unsubscribe-link" | "one-click";

/** "none": the address never asked; "pending": a confirmation link is out, nothing is sent yet. */
export type NewsletterState = "none" | "pending" | "confirmed" | "unsubscribed";

/** A confirmation link works this long after it was mailed. */
export const CONFIRMATION_LIFETIME_SECONDS = 48 * 60 * 60;

/**
 * A new confirmation link goes out at most this often per address while the last one is unused:
 * twenty requests at once, or a form sent again and again, make one mail.
 */
export const CONFIRMATION_COOLDOWN_SECONDS = 5 * 60;

export interface ConfirmationLink {
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** The times of a link mailed at `now` (unix seconds). */
export function newConfirmationLink(now: number): ConfirmationLink {
  return { createdAt: now, expiresAt: now + CONFIRMATION_LIFETIME_SECONDS, usedAt: null };
}

/** A link confirms once, and only until it expires. */
export function isConfirmationUsable(link: ConfirmationLink, now: number): boolean {
  return link.usedAt === null && now <= link.expiresAt;
}

/** Links created after this moment are recent enough that no new one goes out. */
export function cooldownSince(now: number): number {
  return now - CONFIRMATION_COOLDOWN_SECONDS;
}

/** The customer's choices as the account page shows and sends them. */
export interface MarketingChoices {
  newsletter: boolean;
  personalisedOffers: boolean;
  postalAdvertising: boolean;
}

export interface MarketingState {
  newsletter: NewsletterState;
  /** A confirmation link is out and still works. */
  confirmationOpen: boolean;
  personalisedOffers: boolean;
  postalAdvertising: boolean;
}

/** The newsletter counts as chosen once it was asked for, confirmed or not. */
export function newsletterChosen(state: NewsletterState): boolean {
  return state === "pending" || state === "confirmed";
}

export type NewsletterStep = "request" | "unsubscribe" | "none";

/**
 * What the account's newsletter switch does: switching it on mails a confirmation link (again,
 * when the last one expired); switching it off takes effect at once, a pending request included.
 */
export function newsletterStep(current: MarketingState, wanted: boolean): NewsletterStep {
  if (wanted) {
    if (current.newsletter === "confirmed") return "none";
    return current.newsletter === "pending" && current.confirmationOpen ? "none" : "request";
  }
  return newsletterChosen(current.newsletter) ? "unsubscribe" : "none";
}

/** The value a consent record stores for a switch. */
export const switchValue = (on: boolean): "on" | "off" => (on ? "on" : "off");

export interface ConsentRecord {
  customerId: number | null;
  email: string | null;
  channel: Channel;
  oldValue: string;
  newValue: string;
  source: ConsentSource;
  createdAt: string;
}

/**
 * The records of a save on the account page for the two switches that take effect at once: one
 * per switch that really changed (the newsletter's are written by its own steps).
 */
export function switchRecords(
  customerId: number,
  current: MarketingState,
  wanted: MarketingChoices,
  createdAt: string,
): ConsentRecord[] {
  const switches: [Channel, boolean, boolean][] = [
    ["personalised_offers", current.personalisedOffers, wanted.personalisedOffers],
    ["postal_advertising", current.postalAdvertising, wanted.postalAdvertising],
  ];
  return switches
    .filter(([, from, to]) => from !== to)
    .map(([channel, from, to]) => ({
      customerId,
      email: null,
      channel,
      oldValue: switchValue(from),
      newValue: switchValue(to),
      source: "account",
      createdAt,
    }));
}
