/**
 * The card calls (spec section 7 "Cards"; the spec names no methods, so: GET to read, PUT to
 * change a card, POST to apply). Each is the card dialog's own domain call with its schema and its
 * texts (`app/http/card/card-change.server.ts`): the name, the lock, the PIN (a first one; a new
 * one or none only with the account's password, under the dialog's throttle) and the application.
 *
 * A card is named by `cardId` in the body. Someone else's card answers exactly like one that does
 * not exist (404) and changes nothing: every read and every change is scoped by the customer.
 * `version` (from `GET /v1/cards`) is optional; without it the change is made against the card as
 * it is read now, so two changes at once never both apply (the second answers 409).
 */
import { z } from "zod";
import { findApplication, listApplications, submitApplication } from "~/domain/card/application.server";
import type { Card } from "~/domain/card/card";
import { changeCardStatus, listOwnCards, loadOwnCard, renameCard, type PinChange } from "~/domain/card/card.server";
import {
  aliasSchema,
  applicationInput,
  applicationProblems,
  applicationTextFields,
  password,
  pinFields,
  pinRepeated,
  statusSchema,
} from "~/domain/card/schema";
import {
  APPLICATION_REFUSALS,
  CHANGE_FAILED,
  CHANGED_MEANWHILE,
  PIN_REFUSALS,
  STATUS_REFUSALS,
  changePinConfirmed,
  orFailed,
} from "~/http/card/card-change.server";
import type { Env } from "~/platform/context";
import { ApiFailure, operation } from "../operation.server";
import { applicationResource, applicationSchema, cardResource, cardSchema } from "./resource.server";

const TAG = "Karten";

const cardId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** The card's version from `GET /v1/cards`; without it, the card as it is now. */
const version = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional();

const NOT_FOUND = "Die Karte gibt es nicht oder sie gehört einer anderen Kundin";
const CONFLICT = "Die Karte wurde inzwischen geändert, oder ihr Zustand erlaubt die Änderung nicht";

/** The customer's card, or the 404 of a card that does not exist (someone else's included). */
async function ownCard(db: D1Database, customerId: number, id: number): Promise<Card> {
  const card = await loadOwnCard(db, customerId, id);
  if (!card) throw new ApiFailure(404, "api:cardNotFound", ["cardId"]);
  return card;
}

/**
 * One change of the customer's card: the 404 of a card that is not hers, the change against the
 * version sent (else the card's as read now), and the card after it as `GET /v1/cards` shows it.
 * `work` throws the change's refusals.
 */
async function changeOwnCard(
  env: Env,
  customerId: number,
  body: { cardId: number; version?: number },
  work: (card: Card, version: number) => Promise<void>,
) {
  const card = await ownCard(env.DB, customerId, body.cardId);
  await work(card, body.version ?? card.version);
  return cardResource(await ownCard(env.DB, customerId, card.id));
}

/** Runs a change like the dialog (an unexpected failure is logged and answers the dialog's text). */
async function change<T>(what: keyof typeof CHANGE_FAILED, work: () => Promise<T>): Promise<T> {
  const outcome = await orFailed(`card ${what} (API)`, work);
  if (outcome === "failed") throw new ApiFailure(500, CHANGE_FAILED[what]);
  return outcome;
}

export const listCards = operation({
  method: "GET",
  path: "/v1/cards",
  summary: "Die eigenen Kundenkarten, neueste zuerst (ohne PIN)",
  operationId: "getCards",
  description: "Liefert die eigenen Kundenkarten, neueste zuerst, mit Zustand, Namen und Version, nie eine PIN.",
  tag: TAG,
  auth: true,
  response: z.array(cardSchema),
  async run(_input, { env, customerId }) {
    return (await listOwnCards(env.DB, customerId)).map(cardResource);
  },
});

export const setCardPin = operation({
  method: "PUT",
  path: "/v1/card/pin/set",
  summary:
    "Eine PIN vergeben (ohne password, nur für eine Karte ohne PIN) oder ändern (mit dem Passwort des Kontos, nur für eine Karte mit PIN)",
  operationId: "setCardPin",
  description:
    "Vergibt einer Karte ohne PIN eine PIN oder ändert mit dem Passwort des Kontos eine bestehende, gedrosselt wie der Dialog der Kontoseite. Abgewiesen werden ein falsches Passwort, eine dauerhaft gesperrte und eine inzwischen geänderte Karte; eine fremde Karte ist nicht gefunden.",
  tag: TAG,
  auth: true,
  errors: {
    403: "Das Passwort ist nicht korrekt",
    404: NOT_FOUND,
    409: "Die Karte hat schon eine PIN (oder keine), ist dauerhaft gesperrt oder wurde inzwischen geändert",
  },
  body: z
    .object({ cardId, ...pinFields, password: password.optional(), version })
    .strict()
    .superRefine(pinRepeated),
  response: cardSchema,
  run: ({ body }, { env, customerId }) =>
    changeOwnCard(env, customerId, body, (card, version) =>
      changePinOrRefuse(
        env,
        customerId,
        card,
        body.password === undefined
          ? { kind: "set", pin: body.pin, version }
          : { kind: "change", pin: body.pin, password: body.password, version },
      ),
    ),
});

export const disableCardPin = operation({
  method: "PUT",
  path: "/v1/card/pin/disable",
  summary: "Die PIN deaktivieren (mit dem Passwort des Kontos)",
  operationId: "disableCardPin",
  description:
    "Deaktiviert die PIN einer Karte mit dem Passwort des Kontos, gedrosselt wie der Dialog der Kontoseite. Abgewiesen werden ein falsches Passwort, eine Karte ohne PIN, eine dauerhaft gesperrte und eine inzwischen geänderte Karte; eine fremde Karte ist nicht gefunden.",
  tag: TAG,
  auth: true,
  errors: {
    403: "Das Passwort ist nicht korrekt",
    404: NOT_FOUND,
    409: "Die Karte hat keine PIN, ist dauerhaft gesperrt oder wurde inzwischen geändert",
  },
  body: z.object({ cardId, password, version }).strict(),
  response: cardSchema,
  run: ({ body }, { env, customerId }) =>
    changeOwnCard(env, customerId, body, (card, version) =>
      changePinOrRefuse(env, customerId, card, { kind: "disable", password: body.password, version }),
    ),
});

/** The PIN dialog's change and its refusals: a wrong password 403, over its throttle 429, the rest 409. */
async function changePinOrRefuse(env: Env, customerId: number, card: Card, pinChange: PinChange): Promise<void> {
  const outcome = await change("pin", () => changePinConfirmed({ env }, customerId, card, pinChange));
  if (outcome === null) throw new ApiFailure(429, "session.throttled", ["password"]);
  if (outcome === "wrongPassword") throw new ApiFailure(403, PIN_REFUSALS.wrongPassword, ["password"]);
  if (outcome !== "done") throw new ApiFailure(409, PIN_REFUSALS[outcome], ["cardId"]);
}

export const changeStatus = operation({
  method: "PUT",
  path: "/v1/card/status",
  summary:
    "Die Karte sperren (lock) oder entsperren (unlock); eine Sperre des Kartenanbieters oder eine dauerhafte lässt sich nicht aufheben",
  operationId: "changeCardStatus",
  description:
    "Sperrt eine eigene Karte oder entsperrt sie. Eine Sperre des Kartenanbieters oder eine dauerhafte lässt sich nicht aufheben; eine fremde Karte ist nicht gefunden.",
  tag: TAG,
  auth: true,
  errors: { 404: NOT_FOUND, 409: CONFLICT },
  body: z.object({ cardId, status: statusSchema.shape.change, version }).strict(),
  response: cardSchema,
  run: ({ body }, { env, customerId }) =>
    changeOwnCard(env, customerId, body, async (card, version) => {
      const outcome = await change("status", () =>
        changeCardStatus(env.DB, customerId, card, { action: body.status, version }),
      );
      if (outcome !== "done") throw new ApiFailure(409, STATUS_REFUSALS[outcome], ["cardId"]);
    }),
});

export const changeAlias = operation({
  method: "PUT",
  path: "/v1/card/alias",
  summary: "Der Karte einen Namen geben (höchstens 30 Zeichen)",
  operationId: "changeCardAlias",
  description:
    "Gibt einer eigenen Karte einen Namen (höchstens 30 Zeichen). Eine inzwischen geänderte Karte wird abgewiesen, eine fremde ist nicht gefunden.",
  tag: TAG,
  auth: true,
  errors: { 404: NOT_FOUND, 409: "Die Karte wurde inzwischen geändert" },
  body: z.object({ cardId, alias: aliasSchema.shape.alias, version }).strict(),
  response: cardSchema,
  run: ({ body }, { env, customerId }) =>
    changeOwnCard(env, customerId, body, async (card, version) => {
      const outcome = await change("alias", () => renameCard(env.DB, customerId, card, { alias: body.alias, version }));
      if (outcome !== "done") throw new ApiFailure(409, CHANGED_MEANWHILE, ["cardId"]);
    }),
});

export const listCardApplications = operation({
  method: "GET",
  path: "/v1/applications",
  summary: "Die eigenen Kartenanträge mit ihrem Stand, neueste zuerst",
  operationId: "getCardApplications",
  description: "Liefert die eigenen Kartenanträge mit ihrem Stand, neueste zuerst.",
  tag: TAG,
  auth: true,
  response: z.array(applicationSchema),
  async run(_input, { env, customerId }) {
    return (await listApplications(env.DB, customerId)).map(applicationResource);
  },
});

/** A consent is given with `true`; the form's checkbox sends "on". */
const consent = z.boolean().optional();

export const applyForCard = operation({
  method: "POST",
  path: "/v1/application",
  summary:
    "Eine Kundenkarte beantragen (alle Felder nötig; Geburtsdatum und Name auf der Karte kommen aus dem Profil; höchstens ein offener Antrag)",
  operationId: "applyForCard",
  description:
    "Beantragt eine Kundenkarte mit den Angaben des Antragsformulars; Geburtsdatum und Name auf der Karte kommen aus dem Profil. Abgewiesen werden ein zweiter offener Antrag, ein unbekannter Markt und ein Profil ohne Geburtsdatum oder mit einem Namen, der sich nicht drucken lässt.",
  tag: TAG,
  auth: true,
  status: 201,
  errors: {
    409: "Schon ein offener Antrag, oder im Profil fehlt das Geburtsdatum oder der Name lässt sich nicht drucken",
  },
  body: z
    .object({ ...applicationTextFields, sepaConsent: consent, terms: consent, privacy: consent })
    .strict()
    .superRefine((v, ctx) =>
      applicationProblems(
        {
          ...v,
          sepaConsent: v.sepaConsent ? "on" : undefined,
          terms: v.terms ? "on" : undefined,
          privacy: v.privacy ? "on" : undefined,
        },
        ctx,
      ),
    ),
  response: applicationSchema,
  async run({ body }, { env, customerId }) {
    const outcome = await change("application", () => submitApplication(env.DB, customerId, applicationInput(body)));
    if (!outcome.ok) {
      const { reason } = outcome;
      throw new ApiFailure(reason === "unknownStore" ? 400 : 409, APPLICATION_REFUSALS[reason], [
        reason === "unknownStore" ? "storeId" : "application",
      ]);
    }
    const application = await findApplication(env.DB, customerId, outcome.id);
    if (!application) throw new Error(`card application ${outcome.id} is gone right after it was made`);
    return applicationResource(application);
  },
});

export const CARD_OPERATIONS = [
  listCards,
  setCardPin,
  disableCardPin,
  changeStatus,
  changeAlias,
  listCardApplications,
  applyForCard,
];
