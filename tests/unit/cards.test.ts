/**
 * The card rules: the PIN, the customer's status changes, the application's way through the card
 * provider, the name printed on a card, the SEPA mandate and the forms' schemas, and the embedded
 * card provider. Every expected answer is written out here from the product rules (or computed by
 * a simpler model), never taken from the code under test.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { APPLICATION_STATES, canMove, isOpen, type ApplicationState } from "~/domain/card/application";
import {
  CARD_STATUSES,
  type CardStatus,
  type StatusAction,
  formatCardNumber,
  isValidPin,
  statusChange,
} from "~/domain/card/card";
import { nameOnCard, printableName } from "~/domain/card/name-on-card";
import { aliasSchema, applicationSchema, pinChangeSchema, pinDisableSchema, pinSetSchema } from "~/domain/card/schema";
import { mandateProblems } from "~/domain/sepa/mandate";
import { embeddedCardProvider, luhnCheckDigit, newCardNumber } from "~/platform/card-provider-embedded.server";
import { parseForm } from "~/platform/form.server";

const RUNS = { numRuns: 10_000 };

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

/** What the schema refused, by field ("" is the whole form), or null when it accepted. */
const errorsOf = (submission: object): Record<string, string[] | null> | null =>
  ("error" in submission ? (submission.error as Record<string, string[] | null>) : null) ?? null;

describe("PIN", () => {
  /** The oracle: four characters, each one of the ten ASCII digits. */
  const fourDigits = (s: string) => s.length === 4 && [...s].every((c) => "0123456789".includes(c));

  it.each(["0000", "1234", "9999", "0815"])("%j is a PIN", (pin) => {
    expect(isValidPin(pin)).toBe(true);
  });

  it.each([
    "",
    "123",
    "12345",
    "12a4",
    "abcd",
    " 1234",
    "1234 ",
    "1234\n",
    "12 4",
    "-123",
    "+123",
    "1.23",
    "１２３４", // full-width digits
    "١٢٣٤", // Arabic-Indic digits
    "1e10",
  ])("%j is not a PIN", (pin) => {
    expect(isValidPin(pin)).toBe(false);
  });

  it("every string of four digits passes", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 4, maxLength: 4 }), (pin) => {
        expect(isValidPin(pin)).toBe(true);
      }),
      RUNS,
    );
  });

  it("anything else fails (near misses: digits, look-alikes and white space of any length)", () => {
    const nearMiss = fc.string({
      unit: fc.constantFrom(..."0123456789", " ", "\n", "\t", "a", "-", ".", "٣", "５", "\u00a0"),
      maxLength: 7,
    });
    fc.assert(
      fc.property(fc.oneof(nearMiss, fc.string({ unit: "grapheme", maxLength: 6 })), (value) => {
        expect(isValidPin(value)).toBe(fourDigits(value));
      }),
      RUNS,
    );
  });
});

describe("PIN forms", () => {
  it("a first PIN: four digits twice", () => {
    const ok = parseForm(form({ pin: "4711", pinRepeat: "4711", version: "3" }), pinSetSchema);
    expect(ok.status).toBe("success");
    expect("value" in ok && ok.value).toEqual({ pin: "4711", pinRepeat: "4711", version: 3 });
  });

  it.each([
    [{ pin: "4711", pinRepeat: "4712" }, { pinRepeat: ["cards:pin.mismatch"] }],
    [{ pin: "47a1", pinRepeat: "47a1" }, { pin: ["cards:pin.shape|4"] }],
    [{ pin: "471", pinRepeat: "471" }, { pin: ["cards:pin.shape|4"] }],
    [{ pin: "47110", pinRepeat: "47110" }, { pin: ["cards:pin.shape|4"] }],
    [
      { pin: "", pinRepeat: "" },
      { pin: ["validation.required"], pinRepeat: ["validation.required"] },
    ],
  ])("set %j: %j", (fields, errors) => {
    const submission = parseForm(form({ ...fields, version: "1" }), pinSetSchema);
    expect(submission.status).toBe("error");
    expect(errorsOf(submission)).toMatchObject(errors);
  });

  it.each([
    [{ pin: "4711", pinRepeat: "1147" }, { pinRepeat: ["cards:pin.mismatch"] }],
    [{ pin: "abcd", pinRepeat: "abcd" }, { pin: ["cards:pin.shape|4"] }],
    [{ pin: "123", pinRepeat: "123" }, { pin: ["cards:pin.shape|4"] }],
    [{ pin: "12345", pinRepeat: "12345" }, { pin: ["cards:pin.shape|4"] }],
  ])("change %j: %j", (fields, errors) => {
    const submission = parseForm(form({ ...fields, password: "Frischkorb2026", version: "1" }), pinChangeSchema);
    expect(submission.status).toBe("error");
    expect(errorsOf(submission)).toMatchObject(errors);
  });

  it("changing and disabling need the password", () => {
    expect(errorsOf(parseForm(form({ pin: "4711", pinRepeat: "4711", version: "1" }), pinChangeSchema))).toEqual({
      password: ["validation.required"],
    });
    expect(errorsOf(parseForm(form({ version: "1" }), pinDisableSchema))).toEqual({
      password: ["validation.required"],
    });
    expect(parseForm(form({ password: "x", version: "1" }), pinDisableSchema).status).toBe("success");
  });

  it("a form without its version is refused as changed meanwhile", () => {
    expect(errorsOf(parseForm(form({ pin: "4711", pinRepeat: "4711" }), pinSetSchema))).toEqual({
      version: ["cards:changedMeanwhile"],
    });
    expect(errorsOf(parseForm(form({ alias: "Karte", version: "abc" }), aliasSchema))).toEqual({
      version: ["cards:changedMeanwhile"],
    });
  });

  it("a name: required, trimmed, at most 30 characters", () => {
    const read = (alias: string) => parseForm(form({ alias, version: "1" }), aliasSchema);
    const trimmed = read("  Einkauf  ");
    expect("value" in trimmed && trimmed.value).toEqual({ alias: "Einkauf", version: 1 });
    expect(read("x".repeat(30)).status).toBe("success");
    expect(errorsOf(read("x".repeat(31)))).toEqual({ alias: ["validation.maxLength|30"] });
    expect(errorsOf(read(""))).toEqual({ alias: ["validation.required"] });
    expect(errorsOf(read("   "))).toEqual({ alias: ["validation.required"] });
  });
});

describe("the customer's status changes", () => {
  /** Written out from the product rules: all four statuses, both actions. */
  const TABLE: [CardStatus, StatusAction, ReturnType<typeof statusChange>][] = [
    ["active", "lock", { ok: true, next: "locked" }],
    ["active", "unlock", { ok: false, reason: "alreadyActive" }],
    ["locked", "lock", { ok: false, reason: "alreadyLocked" }],
    ["locked", "unlock", { ok: true, next: "active" }],
    ["provider_blocked", "lock", { ok: false, reason: "providerBlocked" }],
    ["provider_blocked", "unlock", { ok: false, reason: "providerBlocked" }],
    ["blocked_permanently", "lock", { ok: false, reason: "blockedPermanently" }],
    ["blocked_permanently", "unlock", { ok: false, reason: "blockedPermanently" }],
  ];

  it.each(TABLE)("%s, %s: %j", (status, action, expected) => {
    expect(statusChange(status, action)).toEqual(expected);
  });

  it("the table covers every status and action", () => {
    expect(new Set(TABLE.map(([s, a]) => `${s}/${a}`)).size).toBe(CARD_STATUSES.length * 2);
  });

  it("no transition outside active → locked and locked → active", () => {
    const allowed = new Set(["active→locked", "locked→active"]);
    fc.assert(
      fc.property(fc.constantFrom(...CARD_STATUSES), fc.constantFrom<StatusAction>("lock", "unlock"), (s, a) => {
        const change = statusChange(s, a);
        if (change.ok) expect(allowed.has(`${s}→${change.next}`)).toBe(true);
      }),
    );
  });
});

describe("the application's way through the provider", () => {
  /**
   * Written out: forward on the way (a step the shop did not see between two looks may be skipped);
   * any open state to declined, error or unknown; unknown to anything else.
   */
  const ALLOWED = new Set([
    "requested→validation",
    "requested→production",
    "requested→successful",
    "validation→production",
    "validation→successful",
    "production→successful",
    ...["requested", "validation", "production"].flatMap((from) =>
      ["declined", "error", "unknown"].map((to) => `${from}→${to}`),
    ),
    ...["requested", "validation", "production", "successful", "declined", "error"].map((to) => `unknown→${to}`),
  ]);

  it("allows exactly the listed moves, over all pairs", () => {
    for (const from of APPLICATION_STATES)
      for (const to of APPLICATION_STATES)
        expect(canMove(from, to), `${from}→${to}`).toBe(ALLOWED.has(`${from}→${to}`));
  });

  it("nothing leaves successful, declined or error; nothing stays where it is", () => {
    const state = fc.constantFrom(...APPLICATION_STATES);
    fc.assert(
      fc.property(state, state, (from, to) => {
        if (["successful", "declined", "error"].includes(from) || from === to) expect(canMove(from, to)).toBe(false);
      }),
    );
  });

  it("open are requested, validation, production and unknown", () => {
    expect(APPLICATION_STATES.filter(isOpen)).toEqual(["requested", "validation", "production", "unknown"]);
  });

  it("a provider that moved on between two looks is followed forward, never back", () => {
    expect(canMove("requested", "production")).toBe(true);
    expect(canMove("validation", "successful")).toBe(true);
    expect(canMove("production", "requested")).toBe(false);
    expect(canMove("production", "validation")).toBe(false);
    expect(canMove("validation", "requested")).toBe(false);
  });
});

describe("the name on the card", () => {
  it.each([
    ["Müller", "Mueller"],
    ["Weiß", "Weiss"],
    ["Jürgen Öztürk", "Juergen Oeztuerk"],
    ["ÄRGER", "AERGER"],
    ["MÜLLER", "MUELLER"],
    ["WEIẞ", "WEISS"],
    ["José", "Jose"],
    ["François Lefèvre", "Francois Lefevre"],
    ["Zoë Brontë", "Zoe Bronte"],
    ["Søren Ærø", "Soeren Aeroe"],
    ["Œdipe", "Oedipe"],
    ["Łukasz Żółć", "Lukasz Zolc"],
    ["Đorđe", "Dorde"],
    ["Þóra", "Thora"],
    ["Anne-Marie O'Neil", "Anne-Marie O'Neil"],
    ["  Eva   Maria  ", "Eva Maria"],
    ["Ömer 😀", "Oemer"],
  ])("%j is printed %j", (name, printed) => {
    expect(printableName(name)).toBe(printed);
  });

  it("first and last name with one space", () => {
    expect(nameOnCard("Jürgen", "Müller")).toBe("Juergen Mueller");
    expect(nameOnCard("Anna", "Schmidt")).toBe("Anna Schmidt");
  });

  it("a name too long for the card's line shortens the first names to initials, then drops them, then cuts", () => {
    expect(nameOnCard("Anna-Katharina Maria", "Schmidt-Müller")).toBe("A. K. M. Schmidt-Mueller");
    expect(nameOnCard("Maximilian", "Leutheusser-Schnarrenberger")).toBe("Leutheusser-Schnarrenberge");
    expect(nameOnCard("Wolfgang Amadeus", "Mozart-Bach")).toBe("W. A. Mozart-Bach");
    expect(nameOnCard("Anna-Lena", "Schmidt")).toBe("Anna-Lena Schmidt");
    expect(nameOnCard("王", "秀英")).toBe("");
  });

  it("never prints more than the line holds", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), (first, last) => {
        expect(nameOnCard(first, last).length).toBeLessThanOrEqual(26);
      }),
      RUNS,
    );
  });

  it("prints only plain Latin letters, space, dot, apostrophe and hyphen, with no double or outer spaces", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), fc.string({ maxLength: 20 }), (first, last) => {
        const printed = nameOnCard(first, last);
        expect(printed).toMatch(/^[A-Za-z .'-]*$/);
        expect(printed).not.toMatch(/^ | $| {2}/);
      }),
      RUNS,
    );
  });

  it("keeps a name that is printable already", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom(..."abcXYZ.'-"), minLength: 1, maxLength: 8 }), {
          minLength: 1,
          maxLength: 4,
        }),
        (words) => {
          expect(printableName(words.join(" "))).toBe(words.join(" "));
        },
      ),
      RUNS,
    );
  });
});

describe("card numbers", () => {
  it.each([
    ["9276001047112030", "9276 0010 4711 2030"],
    ["1234", "1234"],
    ["12345", "1234 5"],
    ["", ""],
  ])("%j is shown %j", (number, shown) => {
    expect(formatCardNumber(number)).toBe(shown);
  });

  /** The Luhn check as a till does it, written independently: from the right, every second digit doubled. */
  const luhnValid = (number: string) =>
    [...number]
      .reverse()
      .map(Number)
      .reduce((sum, d, i) => sum + (i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0) %
      10 ===
    0;

  it.each([
    ["7992739871", 3],
    ["927600104711203", luhnDigitByHand("927600104711203")],
    ["0", 0],
    ["1", 8],
  ])("the check digit of %s is %i", (body, digit) => {
    expect(luhnCheckDigit(body)).toBe(digit);
  });

  /** Tries the ten digits until the independent check passes. */
  function luhnDigitByHand(body: string): number {
    return [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => luhnValid(body + d))!;
  }

  it("any body with its check digit passes the Luhn check; no other digit does", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 1, maxLength: 20 }), (body) => {
        const digit = luhnCheckDigit(body);
        expect(luhnValid(body + digit)).toBe(true);
        for (let other = 0; other < 10; other++) if (other !== digit) expect(luhnValid(body + other)).toBe(false);
      }),
      RUNS,
    );
  });

  it("a new card number: 16 digits, 9276 first, valid by Luhn, not the same twice", () => {
    const numbers = Array.from({ length: 2_000 }, newCardNumber);
    for (const number of numbers) {
      expect(number).toMatch(/^9276\d{12}$/);
      expect(luhnValid(number), number).toBe(true);
    }
    expect(new Set(numbers).size).toBeGreaterThan(1_990);
  });
});

describe("the embedded card provider", () => {
  it("takes an open application one step per look and issues a card at the end", async () => {
    const reference = await embeddedCardProvider.handOver({ applicationId: "a-1" } as never);
    expect(reference).toBe("embedded-a-1");
    expect(await embeddedCardProvider.check(reference, "requested")).toEqual({ state: "validation" });
    expect(await embeddedCardProvider.check(reference, "validation")).toEqual({ state: "production" });
    const issued = await embeddedCardProvider.check(reference, "production");
    expect(issued.state).toBe("successful");
    expect(issued.cardNumber).toMatch(/^9276\d{12}$/);
  });

  it.each<ApplicationState>(["successful", "declined", "error"])(
    "says nothing new about a closed application (%s)",
    async (state) => {
      expect(await embeddedCardProvider.check("embedded-a-1", state)).toEqual({ state });
    },
  );

  it("every report it makes about an open application is a move the state machine allows", async () => {
    for (const state of APPLICATION_STATES.filter(isOpen)) {
      const report = await embeddedCardProvider.check("embedded-a-1", state);
      if (report.state !== state)
        expect(canMove(state, report.state as ApplicationState), `${state}→${report.state}`).toBe(true);
    }
  });
});

describe("SEPA mandate", () => {
  const good = {
    sepaBank: "Sparkasse Leipzig",
    iban: "DE89 3704 0044 0532 0130 00",
    bic: "COBADEFFXXX",
    sepaConsent: "on",
  };
  const fields = (v: Partial<typeof good>) => mandateProblems({ ...good, ...v }).map((p) => `${p.field}:${p.message}`);

  it("a complete mandate has no problems, spaces and lower case included", () => {
    expect(fields({})).toEqual([]);
    expect(fields({ iban: "de89370400440532013000", bic: "cobadeff" })).toEqual([]);
  });

  it("names each missing field", () => {
    expect(mandateProblems({}).map((p) => `${p.field}:${p.message}`)).toEqual([
      "sepaBank:validation.required",
      "iban:validation.required",
      "bic:validation.required",
      "sepaConsent:validation.sepa.consent",
    ]);
  });

  it.each([
    ["DE89370400440532013001", "iban:validation.sepa.iban"], // wrong check digits
    ["DE8937040044053201300", "iban:validation.sepa.iban"], // too short
    ["XX89370400440532013000", "iban:validation.sepa.iban"],
    ["keine IBAN", "iban:validation.sepa.iban"],
  ])("IBAN %j: %s", (iban, problem) => {
    expect(fields({ iban })).toEqual([problem]);
  });

  it.each([
    ["COBADEF", "bic:validation.sepa.bic"],
    ["COBA DE FF XXX X", "bic:validation.sepa.bic"],
    ["12345678", "bic:validation.sepa.bic"],
  ])("BIC %j: %s", (bic, problem) => {
    expect(fields({ bic })).toEqual([problem]);
  });

  it("a German IBAN with a French BIC cannot be one account", () => {
    expect(fields({ bic: "BNPAFRPPXXX" })).toEqual(["bic:validation.sepa.mismatch"]);
    expect(fields({ iban: "FR1420041010050500013M02606", bic: "BNPAFRPPXXX" })).toEqual([]);
    expect(fields({ iban: "FR1420041010050500013M02606" })).toEqual(["bic:validation.sepa.mismatch"]);
  });

  it("the mandate needs the consent", () => {
    expect(fields({ sepaConsent: "" })).toEqual(["sepaConsent:validation.sepa.consent"]);
  });
});

describe("the application form", () => {
  const complete = {
    storeId: "leipzig-gohlis",
    gender: "w",
    telephone: "+49 341 1234567",
    sepaHolder: "Anna Schmidt",
    sepaBank: "Sparkasse Leipzig",
    iban: "DE89 3704 0044 0532 0130 00",
    bic: "COBADEFFXXX",
    sepaConsent: "on",
    terms: "on",
    privacy: "on",
  };
  const read = (fields: Record<string, string>) => parseForm(form(fields), applicationSchema);

  it("a complete form is read", () => {
    const submission = read(complete);
    expect(submission.status).toBe("success");
    expect("value" in submission && submission.value).toMatchObject({ ...complete });
  });

  it("an empty form says every field is required, above the form and at each field", () => {
    expect(errorsOf(read({}))).toEqual({
      "": ["cards:application.allRequired"],
      storeId: ["cards:application.storeRequired"],
      gender: ["validation.gender"],
      telephone: ["validation.required"],
      sepaHolder: ["validation.required"],
      sepaBank: ["validation.required"],
      iban: ["validation.required"],
      bic: ["validation.required"],
      sepaConsent: ["validation.sepa.consent"],
      terms: ["cards:application.termsRequired"],
      privacy: ["validation.consent"],
    });
  });

  it.each(Object.keys(complete))("without %s it is refused with the all-fields message", (missing) => {
    const { [missing]: _left, ...rest } = complete as Record<string, string>;
    const errors = errorsOf(read(rest));
    expect(errors?.[""]).toEqual(["cards:application.allRequired"]);
    expect(errors?.[missing]?.length).toBeGreaterThan(0);
  });

  it("a form that brings an id of its own is refused", () => {
    expect(errorsOf(read({ ...complete, id: "3f1c-own-id" }))).toEqual({ "": ["cards:application.idNotAllowed"] });
  });

  it("the field rules: gender, telephone, IBAN/BIC country", () => {
    expect(errorsOf(read({ ...complete, gender: "x" }))).toEqual({ gender: ["validation.gender"] });
    expect(errorsOf(read({ ...complete, telephone: "call me" }))).toEqual({ telephone: ["validation.telephone"] });
    expect(errorsOf(read({ ...complete, bic: "BNPAFRPPXXX" }))).toEqual({ bic: ["validation.sepa.mismatch"] });
    expect(errorsOf(read({ ...complete, iban: "DE00 1234" }))).toEqual({ iban: ["validation.sepa.iban"] });
  });
});
