/**
 * The card calls' examples (see examples.ts). They run in this order against the test customer's
 * cards (`ExampleContext.cards`, written by contract.test.ts): each success uses a card of its own,
 * so no example depends on another's change; `other` is the other customer's card, which every
 * card call must answer 404 for.
 */
import type { Example, ExampleContext } from "./examples";

const PIN = { pin: "4711", pinRepeat: "4711" };
const WRONG_PASSWORD = "Falsch2026";

export const APPLICATION_BODY = {
  storeId: "leipzig-suedvorstadt",
  gender: "w",
  telephone: "+49 341 555555",
  sepaHolder: "Vera Eins",
  sepaBank: "Commerzbank",
  iban: "DE89 3704 0044 0532 0130 00",
  bic: "COBADEFFXXX",
  sepaConsent: true,
  terms: true,
  privacy: true,
};

export const CARD_EXAMPLES: Record<string, readonly Example[]> = {
  "GET /v1/cards": [
    { name: "the own cards", token: true, status: 200 },
    { name: "Anna's cards of every type and state", token: true, asDemo: true, status: 200 },
  ],
  "PUT /v1/card/pin/set": [
    {
      name: "a first PIN",
      token: true,
      body: ({ cards }: ExampleContext) => ({ cardId: cards.plain, ...PIN }),
      status: 200,
    },
    {
      name: "another customer's card",
      token: true,
      body: ({ cards }: ExampleContext) => ({ cardId: cards.other, ...PIN }),
      status: 404,
    },
    {
      name: "PINs that differ",
      token: true,
      body: ({ cards }: ExampleContext) => ({ cardId: cards.spare, pin: "4711", pinRepeat: "4712" }),
      status: 400,
    },
    {
      name: "a card with a PIN, without the password",
      token: true,
      body: ({ cards }: ExampleContext) => ({ cardId: cards.spare, ...PIN }),
      status: 409,
    },
    {
      name: "a new PIN with a wrong password",
      token: true,
      body: ({ cards }: ExampleContext) => ({ cardId: cards.spare, ...PIN, password: WRONG_PASSWORD }),
      status: 403,
    },
  ],
  "PUT /v1/card/pin/disable": [
    {
      name: "no PIN any more",
      token: true,
      body: ({ cards, customer }: ExampleContext) => ({ cardId: cards.pinned, password: customer.password }),
      status: 200,
    },
    {
      name: "another customer's card",
      token: true,
      body: ({ cards, customer }: ExampleContext) => ({ cardId: cards.other, password: customer.password }),
      status: 404,
    },
    {
      name: "a wrong password",
      token: true,
      body: ({ cards }: ExampleContext) => ({ cardId: cards.spare, password: WRONG_PASSWORD }),
      status: 403,
    },
    {
      name: "a card blocked for good",
      token: true,
      body: ({ cards, customer }: ExampleContext) => ({ cardId: cards.blocked, password: customer.password }),
      status: 409,
    },
  ],
  "PUT /v1/card/status": [
    {
      name: "the card locked",
      token: true,
      body: ({ cards }: ExampleContext) => ({ cardId: cards.lockable, status: "lock" }),
      status: 200,
    },
    {
      name: "another customer's card",
      token: true,
      body: ({ cards }: ExampleContext) => ({ cardId: cards.other, status: "lock" }),
      status: 404,
    },
    {
      name: "a card blocked for good cannot be unlocked",
      token: true,
      body: ({ cards }: ExampleContext) => ({ cardId: cards.blocked, status: "unlock" }),
      status: 409,
    },
    {
      name: "a status there is not",
      token: true,
      body: ({ cards }: ExampleContext) => ({ cardId: cards.lockable, status: "lost" }),
      status: 400,
    },
  ],
  "PUT /v1/card/alias": [
    {
      name: "a name for the card",
      token: true,
      body: ({ cards }: ExampleContext) => ({ cardId: cards.lockable, alias: "Karte für Ben" }),
      status: 200,
    },
    {
      name: "another customer's card",
      token: true,
      body: ({ cards }: ExampleContext) => ({ cardId: cards.other, alias: "Meine" }),
      status: 404,
    },
    {
      name: "a name over 30 characters",
      token: true,
      body: ({ cards }: ExampleContext) => ({ cardId: cards.lockable, alias: "x".repeat(31) }),
      status: 400,
    },
  ],
  "GET /v1/applications": [
    { name: "the own applications", token: true, status: 200 },
    { name: "Anna's application", token: true, asDemo: true, status: 200 },
  ],
  "POST /v1/application": [
    { name: "an application", token: true, body: APPLICATION_BODY, status: 201 },
    { name: "a second open application", token: true, body: APPLICATION_BODY, status: 409 },
    { name: "without the card terms", token: true, body: { ...APPLICATION_BODY, terms: false }, status: 400 },
  ],
};
