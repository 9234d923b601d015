/**
 * The card calls through the JSON API (docs/decisions/0034): the card list, the name, the lock, the
 * PIN and the application with the card dialogs' rules and German texts, the effect as the card
 * page shows it, another customer's card answering 404 and changing nothing for every call,
 * concurrent changes that lose nothing and never make two open applications, bad input answered
 * 400 (never 5xx), and no PIN in any answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PIN, cardEvents, cardRow, prepareTestCard, type TestCard } from "../fixtures/card";
import { prepareTestCustomer } from "../fixtures/customer";
import { APPLICATION_BODY } from "./api/examples-cards";
import { Browser, DEMO, signIn } from "./browser";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;

/** The customers of this file: A changes her cards, B is the other customer, the rest apply. */
const PEOPLE = {
  a: { id: 9401, email: "karte-api-a@example.org", firstname: "Alma", lastname: "Karte" },
  b: { id: 9402, email: "karte-api-b@example.org", firstname: "Bruno", lastname: "Fremd" },
  applicant: { id: 9403, email: "karte-api-c@example.org", firstname: "Clara", lastname: "Antrag" },
  noDob: { id: 9404, email: "karte-api-d@example.org", firstname: "Dora", lastname: "Ohnedatum" },
  unprintable: { id: 9405, email: "karte-api-e@example.org", firstname: "小龙", lastname: "李" },
  throttled: { id: 9406, email: "karte-api-f@example.org", firstname: "Fritz", lastname: "Vergesslich" },
  racer: { id: 9407, email: "karte-api-g@example.org", firstname: "Greta", lastname: "Gleichzeitig" },
} as const;
type Who = keyof typeof PEOPLE;

const A = PEOPLE.a.id;
const CARD = {
  plain: 940_101,
  pinned: 940_102,
  locked: 940_103,
  provider: 940_104,
  lost: 940_105,
  renamed: 940_106,
  b: 940_201,
  bSecond: 940_202,
  throttled: 940_601,
  racePin: 940_701,
  raceStatus: 940_702,
  raceAlias: 940_703,
  raceDisable: 940_704,
} as const;

/** The PINs this file sets: none of them may show up in any answer. */
const PINS = ["8529", "6173", "3907", DEMO_PIN];
const answers: string[] = [];

const TEXT = {
  notFound: "Diese Karte gibt es nicht.",
  invalid: "Die Anfrage ist ungültig. Bitte überprüfe die Angaben.",
  changedMeanwhile: "Die Karte wurde inzwischen geändert. Bitte prüfe sie und versuche es noch einmal.",
  alreadyLocked: "Die Karte ist bereits gesperrt.",
  alreadyActive: "Die Karte ist bereits entsperrt.",
  providerBlocked: "Unser Kartenanbieter hat diese Karte zu deiner Sicherheit gesperrt.",
  blockedPermanently: "Diese Karte ist dauerhaft gesperrt, zum Beispiel weil sie als verloren gemeldet",
  pinExists: "Für diese Karte ist bereits eine PIN vergeben.",
  noPin: "Für diese Karte ist keine PIN vergeben.",
  pinBlockedPermanently: "Diese Karte ist dauerhaft gesperrt; ihre PIN kann nicht mehr geändert werden.",
  wrongPassword: "Das Passwort ist nicht korrekt.",
  throttled: "Zu viele Versuche. Bitte warte ein paar Minuten und versuche es dann erneut.",
  allRequired: "Bitte fülle alle Felder des Antrags aus.",
  alreadyOpen: "Du hast bereits einen offenen Kartenantrag.",
  unknownStore: "Diesen Markt gibt es nicht. Bitte wähle einen Markt aus der Liste.",
  noDob: "Für den Kartenantrag brauchen wir zuerst dein Geburtsdatum in deinen persönlichen Daten.",
  nameNotPrintable: "Dein Name lässt sich nicht mit lateinischen Buchstaben auf die Karte drucken.",
};

const tokens: Partial<Record<Who | "anna", string>> = {};
let ip = 1;

async function token(email: string): Promise<string> {
  const res = await shop.fetch("/rest/V1/integration/customer/token", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `198.18.4.${ip++}` },
    body: JSON.stringify({ username: email, password: DEMO.password }),
  });
  expect(res.status, email).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  shop = await startShop();
  const cards: TestCard[] = [
    { id: CARD.plain, customerId: A, issuedAt: "2026-01-06T00:00:00.000Z" },
    { id: CARD.pinned, customerId: A, pin: true, failed: 3, issuedAt: "2026-01-05T00:00:00.000Z" },
    { id: CARD.locked, customerId: A, status: "locked", issuedAt: "2026-01-04T00:00:00.000Z" },
    { id: CARD.provider, customerId: A, status: "provider_blocked", pin: true, issuedAt: "2026-01-03T00:00:00.000Z" },
    { id: CARD.lost, customerId: A, status: "blocked_permanently", pin: true, issuedAt: "2026-01-02T00:00:00.000Z" },
    { id: CARD.renamed, customerId: A, type: "apple_wallet", issuedAt: "2026-01-01T00:00:00.000Z" },
    { id: CARD.b, customerId: PEOPLE.b.id, alias: "Brunos Karte", pin: true },
    { id: CARD.bSecond, customerId: PEOPLE.b.id },
    { id: CARD.throttled, customerId: PEOPLE.throttled.id, pin: true },
    { id: CARD.racePin, customerId: PEOPLE.racer.id },
    { id: CARD.raceStatus, customerId: PEOPLE.racer.id },
    { id: CARD.raceAlias, customerId: PEOPLE.racer.id },
    { id: CARD.raceDisable, customerId: PEOPLE.racer.id, pin: true },
  ];
  await shop.db.batch([
    ...Object.values(PEOPLE).map((p) => prepareTestCustomer(shop.db, { ...p, gender: "w" })),
    ...cards.map((c) => prepareTestCard(shop.db, c)),
    shop.db.prepare("UPDATE customer SET dob = NULL WHERE id = ?").bind(PEOPLE.noDob.id),
    // B has an application of her own: A must never see it
    shop.db
      .prepare(
        `INSERT INTO card_application (id, customer_id, state, store_id, gender, dob, telephone, name_on_card, sepa_holder,
           sepa_bank, sepa_iban, sepa_bic, consents_at, next_check_at, created_at, updated_at)
         VALUES ('api-b-application', ?, 'validation', 'leipzig-suedvorstadt', 'm', '1990-01-01', '+49 341 1', 'Bruno Fremd',
           'Bruno Fremd', 'Bank', 'DE89370400440532013000', 'COBADEFFXXX', '2026-01-01', '2099-01-01', '2026-01-01', '2026-01-01')`,
      )
      .bind(PEOPLE.b.id),
  ]);
  for (const who of Object.keys(PEOPLE) as Who[]) tokens[who] = await token(PEOPLE[who].email);
  tokens.anna = await token(DEMO.active);
}, 60_000);
afterAll(async () => {
  await shop?.dispose();
});

interface CardAnswer {
  id: number;
  number: string;
  type: string;
  alias: string;
  issuedAt: string;
  status: "lock" | "unlock";
  state: string;
  statusChange: string;
  pin: "active" | "none";
  pinAttemptsReached: boolean;
  version: number;
}
interface ErrorAnswer {
  message: string;
  parameters: string[];
}

async function call(who: Who | "anna", method: string, path: string, body?: unknown) {
  const res = await shop.fetch(path, {
    method,
    headers: {
      Authorization: `Bearer ${tokens[who]}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  answers.push(text);
  expect(res.status, `${method} ${path}: ${text.slice(0, 300)}`).toBeLessThan(500);
  return { status: res.status, text, json: <T>() => JSON.parse(text) as T };
}

const put = (who: Who, path: string, body: unknown) => call(who, "PUT", path, body);

async function cardsOf(who: Who | "anna"): Promise<CardAnswer[]> {
  const res = await call(who, "GET", "/v1/cards");
  expect(res.status).toBe(200);
  return res.json<CardAnswer[]>();
}

const row = (id: number) => cardRow(shop.db, id);
const events = (id: number) => cardEvents(shop.db, id);

/** B's cards, their events and her applications, as a string to compare. */
async function othersData(): Promise<string> {
  const [cards, cardEvents, applications] = await Promise.all(
    [
      "SELECT * FROM card WHERE customer_id = ? ORDER BY id",
      "SELECT e.* FROM card_event e JOIN card c ON c.id = e.card_id WHERE c.customer_id = ? ORDER BY e.id",
      "SELECT * FROM card_application WHERE customer_id = ? ORDER BY id",
    ].map(async (sql) => (await shop.db.prepare(sql).bind(PEOPLE.b.id).all()).results),
  );
  return JSON.stringify({ cards, cardEvents, applications });
}

function expectRefusal(res: { status: number; json: <T>() => T }, status: number, message: string) {
  expect(res.status).toBe(status);
  expect(res.json<ErrorAnswer>().message).toContain(message);
}

async function cardsPage(who: Who): Promise<string> {
  const browser = new Browser(shop);
  expect((await signIn(browser, PEOPLE[who].email)).res.status).toBe(302);
  return (await browser.get("/account/cards")).html.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");
}

describe("the card list", () => {
  it("shows the own cards newest first, with state, lock, PIN and used-up attempts, never the PIN's hash", async () => {
    const cards = await cardsOf("a");
    expect(cards.map((c) => c.id)).toEqual([
      CARD.plain,
      CARD.pinned,
      CARD.locked,
      CARD.provider,
      CARD.lost,
      CARD.renamed,
    ]);
    expect(cards[0]).toEqual({
      id: CARD.plain,
      number: `9276000000${CARD.plain}`,
      type: "rfid",
      alias: "",
      issuedAt: "2026-01-06T00:00:00.000Z",
      status: "unlock",
      state: "active",
      statusChange: "lock",
      pin: "none",
      pinAttemptsReached: false,
      version: 1,
    });
    expect(cards[1]).toMatchObject({ pin: "active", pinAttemptsReached: true, statusChange: "lock" });
    expect(cards[2]).toMatchObject({ state: "locked", status: "lock", statusChange: "unlock" });
    expect(cards[3]).toMatchObject({ state: "provider_blocked", status: "lock", statusChange: "none" });
    expect(cards[4]).toMatchObject({ state: "blocked_permanently", status: "lock", statusChange: "none" });
    expect(cards[5]).toMatchObject({ type: "apple_wallet" });
  });

  it("has Anna's seeded cards of every type and state, and nobody else's card shows in a list", async () => {
    const anna = await cardsOf("anna");
    expect(anna.map((c) => c.id).sort()).toEqual([300001, 300002, 300003, 300004, 300005]);
    expect(new Set(anna.map((c) => c.type))).toEqual(new Set(["rfid", "google_wallet", "apple_wallet", "enso_app"]));
    expect(anna.find((c) => c.id === 300003)).toMatchObject({ state: "provider_blocked", pinAttemptsReached: true });
    const b = await cardsOf("b");
    expect(b.map((c) => c.id).sort()).toEqual([CARD.b, CARD.bSecond]);
    expect((await cardsOf("applicant")).length).toBe(0);
    expect(answers.join("\n")).not.toMatch(/pbkdf2|pin_hash|pinHash/);
  });

  it("answers 401 without a token", async () => {
    const res = await shop.fetch("/v1/cards");
    expect(res.status).toBe(401);
    expect(res.headers.get("WWW-Authenticate")).toContain("Bearer");
  });
});

describe("the name", () => {
  it("is saved, counted in the ledger and shown on the card page", async () => {
    const res = await put("a", "/v1/card/alias", { cardId: CARD.renamed, alias: "  Karte für Ben  " });
    expect(res.status).toBe(200);
    expect(res.json<CardAnswer>()).toMatchObject({ id: CARD.renamed, alias: "Karte für Ben", version: 2 });
    expect(await row(CARD.renamed)).toMatchObject({ alias: "Karte für Ben", version: 2 });
    expect(await events(CARD.renamed)).toEqual(["renamed"]);
    expect(await cardsPage("a")).toContain("Karte für Ben");
  });

  it("refuses an empty name, one over 30 characters and a stale version with the dialog's texts", async () => {
    const empty = await put("a", "/v1/card/alias", { cardId: CARD.renamed, alias: "   " });
    expectRefusal(empty, 400, TEXT.invalid);
    expect(empty.json<ErrorAnswer>().parameters).toEqual(["body.alias: Bitte fülle dieses Feld aus."]);
    const long = await put("a", "/v1/card/alias", { cardId: CARD.renamed, alias: "x".repeat(31) });
    expect(long.json<ErrorAnswer>().parameters).toEqual(["body.alias: Bitte gib höchstens 30 Zeichen ein."]);
    const stale = await put("a", "/v1/card/alias", { cardId: CARD.renamed, alias: "Alt", version: 1 });
    expectRefusal(stale, 409, TEXT.changedMeanwhile);
    expect(await row(CARD.renamed)).toMatchObject({ alias: "Karte für Ben", version: 2 });
  });
});

describe("the lock", () => {
  it("locks and unlocks the card, and the card page shows it", async () => {
    let res = await put("a", "/v1/card/status", { cardId: CARD.plain, status: "lock" });
    expect(res.status).toBe(200);
    expect(res.json<CardAnswer>()).toMatchObject({ state: "locked", status: "lock", statusChange: "unlock" });
    expect(await cardsPage("a")).toContain("Von dir gesperrt");
    expectRefusal(await put("a", "/v1/card/status", { cardId: CARD.plain, status: "lock" }), 409, TEXT.alreadyLocked);
    res = await put("a", "/v1/card/status", { cardId: CARD.plain, status: "unlock", version: 2 });
    expect(res.json<CardAnswer>()).toMatchObject({ state: "active", status: "unlock", version: 3 });
    expectRefusal(await put("a", "/v1/card/status", { cardId: CARD.plain, status: "unlock" }), 409, TEXT.alreadyActive);
    expect(await events(CARD.plain)).toEqual(["locked", "unlocked"]);
  });

  it("cannot lift the provider's block or a permanent one, nor use a stale version", async () => {
    expectRefusal(
      await put("a", "/v1/card/status", { cardId: CARD.provider, status: "unlock" }),
      409,
      TEXT.providerBlocked,
    );
    expectRefusal(
      await put("a", "/v1/card/status", { cardId: CARD.lost, status: "unlock" }),
      409,
      TEXT.blockedPermanently,
    );
    expectRefusal(
      await put("a", "/v1/card/status", { cardId: CARD.locked, status: "unlock", version: 7 }),
      409,
      TEXT.changedMeanwhile,
    );
    expect((await row(CARD.provider)).status).toBe("provider_blocked");
    expect((await row(CARD.lost)).status).toBe("blocked_permanently");
    expect((await row(CARD.locked)).status).toBe("locked");
    const bad = await put("a", "/v1/card/status", { cardId: CARD.locked, status: "lost" });
    expectRefusal(bad, 400, TEXT.invalid);
    expect(bad.json<ErrorAnswer>().parameters).toEqual([
      "body.status: Der Status der Karte konnte nicht geändert werden. Bitte versuche es noch einmal.",
    ]);
  });
});

describe("the PIN", () => {
  it("is set without the password on a card without one, stored only as a hash, and shown as active", async () => {
    const res = await put("a", "/v1/card/pin/set", { cardId: CARD.plain, pin: "8529", pinRepeat: "8529" });
    expect(res.status).toBe(200);
    expect(res.json<CardAnswer>()).toMatchObject({ pin: "active", pinAttemptsReached: false });
    const stored = await row(CARD.plain);
    expect(stored.pin_hash).toMatch(/^pbkdf2/);
    expect(stored.pin_hash).not.toContain("8529");
    expect((await events(CARD.plain)).at(-1)).toBe("pin_set");
    expectRefusal(
      await put("a", "/v1/card/pin/set", { cardId: CARD.plain, pin: "6173", pinRepeat: "6173" }),
      409,
      TEXT.pinExists,
    );
    expect((await row(CARD.plain)).pin_hash).toBe(stored.pin_hash);
  });

  it("is changed only with the password, which also ends the used-up attempts", async () => {
    const wrong = await put("a", "/v1/card/pin/set", {
      cardId: CARD.pinned,
      pin: "6173",
      pinRepeat: "6173",
      password: "Falsch2026",
    });
    expectRefusal(wrong, 403, TEXT.wrongPassword);
    expect(wrong.json<ErrorAnswer>().parameters).toEqual(["password"]);
    const before = await row(CARD.pinned);
    const res = await put("a", "/v1/card/pin/set", {
      cardId: CARD.pinned,
      pin: "6173",
      pinRepeat: "6173",
      password: DEMO.password,
    });
    expect(res.status).toBe(200);
    expect(res.json<CardAnswer>()).toMatchObject({ pin: "active", pinAttemptsReached: false });
    const after = await row(CARD.pinned);
    expect(after.pin_hash).not.toBe(before.pin_hash);
    expect(after.pin_failed_attempts).toBe(0);
    expect(await events(CARD.pinned)).toEqual(["pin_changed"]);
    // a change on a card without a PIN is no change
    expectRefusal(
      await put("a", "/v1/card/pin/set", {
        cardId: CARD.renamed,
        pin: "6173",
        pinRepeat: "6173",
        password: DEMO.password,
      }),
      409,
      TEXT.noPin,
    );
  });

  it("refuses a PIN of another shape, two that differ, and a card blocked for good", async () => {
    const shape = await put("a", "/v1/card/pin/set", { cardId: CARD.renamed, pin: "85a9", pinRepeat: "85a9" });
    expectRefusal(shape, 400, TEXT.invalid);
    expect(shape.json<ErrorAnswer>().parameters).toEqual(["body.pin: Die PIN besteht aus genau 4 Ziffern."]);
    const differ = await put("a", "/v1/card/pin/set", { cardId: CARD.renamed, pin: "8529", pinRepeat: "8528" });
    expect(differ.json<ErrorAnswer>().parameters).toEqual(["body.pinRepeat: Die beiden PINs stimmen nicht überein."]);
    const long = await put("a", "/v1/card/pin/set", { cardId: CARD.renamed, pin: 85291, pinRepeat: "85291" });
    expect(long.status).toBe(400);
    expectRefusal(
      await put("a", "/v1/card/pin/set", {
        cardId: CARD.lost,
        pin: "8529",
        pinRepeat: "8529",
        password: DEMO.password,
      }),
      409,
      TEXT.pinBlockedPermanently,
    );
    expect((await row(CARD.renamed)).pin_hash).toBeNull();
  });

  it("is disabled only with the password; a card without one says so", async () => {
    const missing = await put("a", "/v1/card/pin/disable", { cardId: CARD.pinned });
    expect(missing.json<ErrorAnswer>().parameters).toEqual(["body.password: Bitte fülle dieses Feld aus."]);
    expectRefusal(
      await put("a", "/v1/card/pin/disable", { cardId: CARD.pinned, password: "Falsch2026" }),
      403,
      TEXT.wrongPassword,
    );
    expect((await row(CARD.pinned)).pin_hash).not.toBeNull();
    const res = await put("a", "/v1/card/pin/disable", { cardId: CARD.pinned, password: DEMO.password });
    expect(res.status).toBe(200);
    expect(res.json<CardAnswer>().pin).toBe("none");
    expect((await row(CARD.pinned)).pin_hash).toBeNull();
    expect((await events(CARD.pinned)).at(-1)).toBe("pin_disabled");
    expectRefusal(
      await put("a", "/v1/card/pin/disable", { cardId: CARD.pinned, password: DEMO.password }),
      409,
      TEXT.noPin,
    );
  });

  it("counts wrong passwords against the dialog's throttle: after five, even the right one waits", async () => {
    const body = (password: string) => ({ cardId: CARD.throttled, password });
    for (let i = 0; i < 5; i++)
      expect((await put("throttled", "/v1/card/pin/disable", body("Falsch2026"))).status).toBe(403);
    const res = await put("throttled", "/v1/card/pin/disable", body(DEMO.password));
    expectRefusal(res, 429, TEXT.throttled);
    expect((await row(CARD.throttled)).pin_hash).not.toBeNull();
  });
});

describe("another customer's card", () => {
  it("answers every card call 404, exactly like a card that does not exist, and changes nothing", async () => {
    const before = await othersData();
    const calls: [string, Record<string, unknown>][] = [
      ["/v1/card/alias", { alias: "Gestohlen" }],
      ["/v1/card/status", { status: "lock" }],
      ["/v1/card/pin/set", { pin: "3907", pinRepeat: "3907" }],
      ["/v1/card/pin/set", { pin: "3907", pinRepeat: "3907", password: DEMO.password }],
      ["/v1/card/pin/disable", { password: DEMO.password }],
    ];
    for (const [path, body] of calls) {
      for (const cardId of [CARD.b, CARD.bSecond, 999_999_999]) {
        const res = await put("a", path, { ...body, cardId, version: 1 });
        expectRefusal(res, 404, TEXT.notFound);
        expect(res.json<ErrorAnswer>().parameters).toEqual(["cardId"]);
      }
    }
    expect(await othersData()).toBe(before);
    expect(await row(CARD.b)).toMatchObject({ alias: "Brunos Karte", status: "active", version: 1 });
  });

  it("and another customer's applications never show in the list", async () => {
    const res = await call("a", "GET", "/v1/applications");
    expect(res.status).toBe(200);
    expect(res.text).not.toContain("api-b-application");
    const b = await call("b", "GET", "/v1/applications");
    expect(b.json<{ id: string }[]>().map((x) => x.id)).toEqual(["api-b-application"]);
  });
});

describe("the application", () => {
  it("is made like the page's, listed and shown on the card page; a second open one is refused", async () => {
    expect((await call("applicant", "GET", "/v1/applications")).json()).toEqual([]);
    const res = await call("applicant", "POST", "/v1/application", APPLICATION_BODY);
    expect(res.status).toBe(201);
    const made = res.json<Record<string, string>>();
    expect(made).toMatchObject({
      state: "requested",
      storeName: expect.stringContaining("Südvorstadt"),
      nameOnCard: "Clara Antrag",
    });
    const stored = await shop.db
      .prepare("SELECT sepa_iban, sepa_bic, dob, customer_id FROM card_application WHERE id = ?")
      .bind(made.id)
      .first();
    expect(stored).toEqual({
      sepa_iban: "DE89370400440532013000",
      sepa_bic: "COBADEFFXXX",
      dob: "1990-01-01",
      customer_id: PEOPLE.applicant.id,
    });
    expect((await call("applicant", "GET", "/v1/applications")).json()).toEqual([made]);
    expect(await cardsPage("applicant")).toContain("Beantragt");
    expectRefusal(await call("applicant", "POST", "/v1/application", APPLICATION_BODY), 409, TEXT.alreadyOpen);
  });

  it("refuses what the form refuses, with its texts", async () => {
    const empty = await call("a", "POST", "/v1/application", {});
    expectRefusal(empty, 400, TEXT.invalid);
    expect(empty.json<ErrorAnswer>().parameters).toContain(`body: ${TEXT.allRequired}`);
    expect(empty.json<ErrorAnswer>().parameters).toContain("body.storeId: Bitte wähle deinen Markt.");
    const noTerms = await call("a", "POST", "/v1/application", { ...APPLICATION_BODY, terms: false });
    expect(noTerms.json<ErrorAnswer>().parameters).toContain("body.terms: Bitte stimme den Kartenbedingungen zu.");
    const badIban = await call("a", "POST", "/v1/application", { ...APPLICATION_BODY, iban: "DE00 1234" });
    expect(badIban.status).toBe(400);
    expect(badIban.json<ErrorAnswer>().parameters.some((p) => p.startsWith("body.iban: "))).toBe(true);
    const withId = await call("a", "POST", "/v1/application", { ...APPLICATION_BODY, id: "eigene-id" });
    expect(withId.status).toBe(400);
    const store = await call("a", "POST", "/v1/application", { ...APPLICATION_BODY, storeId: "gibt-es-nicht" });
    expectRefusal(store, 400, TEXT.unknownStore);
    expectRefusal(await call("noDob", "POST", "/v1/application", APPLICATION_BODY), 409, TEXT.noDob);
    expectRefusal(await call("unprintable", "POST", "/v1/application", APPLICATION_BODY), 409, TEXT.nameNotPrintable);
    const made = await shop.db
      .prepare("SELECT COUNT(*) AS n FROM card_application WHERE customer_id IN (?, ?, ?)")
      .bind(A, PEOPLE.noDob.id, PEOPLE.unprintable.id)
      .first<{ n: number }>();
    expect(made?.n).toBe(0);
  });
});

describe("at the same time", () => {
  it("20 applications at once make one open application", async () => {
    await shop.db.prepare("DELETE FROM card_application WHERE customer_id = ?").bind(PEOPLE.racer.id).run();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call("racer", "POST", "/v1/application", APPLICATION_BODY)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.json<ErrorAnswer>().message).toContain(TEXT.alreadyOpen);
    const open = await shop.db
      .prepare("SELECT COUNT(*) AS n FROM card_application WHERE customer_id = ?")
      .bind(PEOPLE.racer.id)
      .first<{ n: number }>();
    expect(open?.n).toBe(1);
  });

  it("20 first PINs at once: one is set, the others are refused, none overwrites it", async () => {
    const pins = Array.from({ length: 20 }, (_, i) => String(3000 + i));
    const results = await Promise.all(
      pins.map((pin) => put("racer", "/v1/card/pin/set", { cardId: CARD.racePin, pin, pinRepeat: pin })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect([TEXT.pinExists, TEXT.changedMeanwhile]).toContain(r.json<ErrorAnswer>().message);
    }
    expect(await events(CARD.racePin)).toEqual(["pin_set"]);
    expect((await row(CARD.racePin)).version).toBe(2);
    for (const r of results) for (const pin of pins) expect(r.text).not.toContain(pin);
  });

  it("20 locks and unlocks at once: every change that answered 200 is in the ledger and the version", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        put("racer", "/v1/card/status", { cardId: CARD.raceStatus, status: i % 2 ? "unlock" : "lock" }),
      ),
    );
    const done = results.filter((r) => r.status === 200).length;
    expect(done).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.status).toBe(409);
    const kinds = await events(CARD.raceStatus);
    expect(kinds).toHaveLength(done);
    const stored = await row(CARD.raceStatus);
    expect(stored.version).toBe(1 + done);
    expect(stored.status).toBe(done % 2 ? "locked" : "active");
    // the ledger alternates, as the card did
    expect(kinds).toEqual(kinds.map((_, i) => (i % 2 ? "unlocked" : "locked")));
  });

  it("20 names at once: each one saved is counted, the last one stays; a PIN disabled four times at once is disabled once", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        put("racer", "/v1/card/alias", { cardId: CARD.raceAlias, alias: `Name ${i}` }),
      ),
    );
    const saved = results.filter((r) => r.status === 200);
    expect(saved.length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((x) => x.status !== 200)) expectRefusal(r, 409, TEXT.changedMeanwhile);
    expect(await events(CARD.raceAlias)).toHaveLength(saved.length);
    const stored = await row(CARD.raceAlias);
    expect(stored.version).toBe(1 + saved.length);
    expect(saved.map((r) => r.json<CardAnswer>().alias)).toContain(stored.alias);

    const disabled = await Promise.all(
      Array.from({ length: 4 }, () =>
        put("racer", "/v1/card/pin/disable", { cardId: CARD.raceDisable, password: DEMO.password }),
      ),
    );
    expect(disabled.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await events(CARD.raceDisable)).toEqual(["pin_disabled"]);
  });
});

describe("bad input", () => {
  it("answers 400 with a German text, never a 5xx, and changes nothing", async () => {
    const before = JSON.stringify(await Promise.all([row(CARD.renamed), events(CARD.renamed)]));
    const bodies: [string, string | unknown][] = [
      ["/v1/card/alias", { cardId: String(CARD.renamed), alias: "x" }],
      ["/v1/card/alias", { cardId: -1, alias: "x" }],
      ["/v1/card/alias", { cardId: 1.5, alias: "x" }],
      ["/v1/card/alias", { cardId: 2 ** 60, alias: "x" }],
      ["/v1/card/alias", { cardId: null, alias: "x" }],
      ["/v1/card/alias", { cardId: CARD.renamed, alias: ["x"] }],
      ["/v1/card/alias", { cardId: CARD.renamed, alias: "x", version: "2" }],
      ["/v1/card/alias", { cardId: CARD.renamed, alias: "x", version: 0 }],
      ["/v1/card/alias", [CARD.renamed]],
      ["/v1/card/alias", "null"],
      ["/v1/card/alias", "{"],
      ["/v1/card/status", { cardId: CARD.renamed, status: "LOCK" }],
      ["/v1/card/status", { cardId: CARD.renamed }],
      ["/v1/card/pin/set", { cardId: CARD.renamed, pin: 8529, pinRepeat: 8529 }],
      ["/v1/card/pin/set", { cardId: CARD.renamed, pin: "８５２９", pinRepeat: "８５２９" }],
      ["/v1/card/pin/set", { cardId: CARD.renamed, pin: "8529\n", pinRepeat: "8529\n" }],
      ["/v1/card/pin/set", { cardId: CARD.renamed, pin: "8529", pinRepeat: "8529", password: "x".repeat(500) }],
      ["/v1/card/pin/disable", { cardId: CARD.renamed, password: 12345678 }],
      ["/v1/card/pin/disable", {}],
    ];
    for (const [path, body] of bodies) {
      const res = await put("a", path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      const error = res.json<ErrorAnswer>();
      expect(error.message).toMatch(/^(Die Anfrage ist ungültig|Der Inhalt der Anfrage ist kein gültiges JSON)/);
    }
    const application = await call("a", "POST", "/v1/application", { ...APPLICATION_BODY, terms: "on" });
    expect(application.status).toBe(400);
    expect(application.json<ErrorAnswer>().parameters).toEqual(["body.terms: Falscher Typ, erwartet: boolean"]);
    expect(JSON.stringify(await Promise.all([row(CARD.renamed), events(CARD.renamed)]))).toBe(before);
  });
});

describe("every answer of this file", () => {
  it("holds no PIN set in it, nor a PIN's hash", () => {
    // application ids are UUIDs, whose hex digits may hold any four digits by chance
    const all = answers.join("\n").replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "");
    for (const pin of PINS) expect(all).not.toContain(pin);
    expect(all).not.toMatch(/pbkdf2|pin_hash/);
  });
});
