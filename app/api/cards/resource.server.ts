/**
 * Cards and card applications as the API shows them (spec section 3 "Card", "Card application"):
 * the card's number, type, name, dates, its state and the customer's lock (`status` "lock" or
 * "unlock"), whether it has a PIN and whether its wrong attempts are used up; never the PIN or its
 * hash (the domain's `Card` has neither). `version` is what a change may send back: a change made
 * meanwhile then answers 409 instead of being overwritten (docs/decisions/0019).
 */
import { z } from "zod";
import { APPLICATION_STATES, type Application } from "~/domain/card/application";
import { CARD_STATUSES, CARD_TYPES, customerStatusAction, pinAttemptsReached, type Card } from "~/domain/card/card";

export const cardSchema = z.object({
  id: z.number().int(),
  /** 16 digits, as printed on the card without the spaces */
  number: z.string(),
  type: z.enum(CARD_TYPES),
  /** The customer's name for the card; empty when unnamed. */
  alias: z.string(),
  issuedAt: z.string(),
  /** "lock" while the card cannot be used (locked by the customer or blocked), else "unlock". */
  status: z.enum(["lock", "unlock"]),
  state: z.enum(CARD_STATUSES),
  /** What the customer may do now: lock, unlock, or none (a block only the provider, or nobody, lifts). */
  statusChange: z.enum(["lock", "unlock", "none"]),
  pin: z.enum(["active", "none"]),
  pinAttemptsReached: z.boolean(),
  version: z.number().int(),
});

export function cardResource(card: Card): z.input<typeof cardSchema> {
  return {
    id: card.id,
    number: card.number,
    type: card.type,
    alias: card.alias,
    issuedAt: card.issuedAt,
    status: card.status === "active" ? "unlock" : "lock",
    state: card.status,
    statusChange: customerStatusAction(card.status) ?? "none",
    pin: card.hasPin ? "active" : "none",
    pinAttemptsReached: pinAttemptsReached(card),
    version: card.version,
  };
}

export const applicationSchema = z.object({
  id: z.string(),
  state: z.enum(APPLICATION_STATES),
  storeName: z.string(),
  /** The name printed on the card (letters without umlauts). */
  nameOnCard: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export function applicationResource(application: Application): z.input<typeof applicationSchema> {
  return {
    id: application.id,
    state: application.state,
    storeName: application.storeName,
    nameOnCard: application.nameOnCard,
    createdAt: application.createdAt,
    updatedAt: application.updatedAt,
  };
}
