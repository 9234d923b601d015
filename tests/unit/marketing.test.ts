/**
 * The marketing page's pure rules (docs/decisions/0026): how long a confirmation link works, what
 * the account's newsletter switch does, the shape of the consent records, the unsubscribe link's
 * token, the one home of marketing mails, and the forms' schemas. Each expected answer is written
 * out from the decision, not derived from the code.
 */
import { describe, expect, it } from "vitest";
import { unsubscribeToken, isUnsubscribeToken } from "~/domain/marketing/links.server";
import { marketingMail } from "~/domain/marketing/mails.server";
import {
  cooldownSince,
  isConfirmationUsable,
  newConfirmationLink,
  newsletterStep,
  switchRecords,
  type MarketingState,
  type NewsletterState,
} from "~/domain/marketing/preferences";
import { preferencesSchema, subscribeSchema } from "~/domain/marketing/schema";
import type { Env } from "~/platform/context";
import { parseForm } from "~/platform/form.server";
import { readHeaders } from "~/platform/mailer.server";

const HOUR = 60 * 60;

describe("the confirmation link", () => {
  const mailedAt = 1_800_000_000;
  const link = newConfirmationLink(mailedAt);

  it("works for 48 hours after it was mailed, to the second", () => {
    expect(link).toEqual({ createdAt: mailedAt, expiresAt: mailedAt + 48 * HOUR, usedAt: null });
    expect(isConfirmationUsable(link, mailedAt)).toBe(true);
    expect(isConfirmationUsable(link, mailedAt + 47 * HOUR)).toBe(true);
    expect(isConfirmationUsable(link, mailedAt + 48 * HOUR)).toBe(true);
    expect(isConfirmationUsable(link, mailedAt + 48 * HOUR + 1)).toBe(false);
    expect(isConfirmationUsable(link, mailedAt + 30 * 24 * HOUR)).toBe(false);
  });

  it("works once", () => {
    expect(isConfirmationUsable({ ...link, usedAt: mailedAt + 60 }, mailedAt + 120)).toBe(false);
  });

  it("is not followed by another one within five minutes", () => {
    expect(cooldownSince(mailedAt)).toBe(mailedAt - 300);
  });
});

describe("the account's newsletter switch", () => {
  const state = (newsletter: NewsletterState, confirmationOpen = false): MarketingState => ({
    newsletter,
    confirmationOpen,
    personalisedOffers: false,
    postalAdvertising: false,
  });

  it.each([
    // switched on: a confirmation mail, unless one is out and still works or it is confirmed
    ["none", false, true, "request"],
    ["unsubscribed", false, true, "request"],
    ["pending", true, true, "none"],
    ["pending", false, true, "request"],
    ["confirmed", false, true, "none"],
    // switched off: at once, a pending request too
    ["confirmed", false, false, "unsubscribe"],
    ["pending", true, false, "unsubscribe"],
    ["pending", false, false, "unsubscribe"],
    ["none", false, false, "none"],
    ["unsubscribed", false, false, "none"],
  ] as const)("%s (link open: %s), wanted %s → %s", (current, open, wanted, step) => {
    expect(newsletterStep(state(current, open), wanted)).toBe(step);
  });
});

describe("consent records of the two switches that take effect at once", () => {
  const at = "2026-11-24T19:00:00.000Z";
  const current: MarketingState = {
    newsletter: "none",
    confirmationOpen: false,
    personalisedOffers: false,
    postalAdvertising: true,
  };

  it("one per switch that changed, with old and new value, source and time", () => {
    expect(
      switchRecords(7, current, { newsletter: true, personalisedOffers: true, postalAdvertising: false }, at),
    ).toEqual([
      {
        customerId: 7,
        email: null,
        channel: "personalised_offers",
        oldValue: "off",
        newValue: "on",
        source: "account",
        createdAt: at,
      },
      {
        customerId: 7,
        email: null,
        channel: "postal_advertising",
        oldValue: "on",
        newValue: "off",
        source: "account",
        createdAt: at,
      },
    ]);
  });

  it("none when nothing changed (the newsletter's are its own steps')", () => {
    expect(
      switchRecords(7, current, { newsletter: true, personalisedOffers: false, postalAdvertising: true }, at),
    ).toEqual([]);
  });
});

describe("the unsubscribe link's token", () => {
  const local = { standIns: true } as Env;
  const deployed = { standIns: false, UNSUBSCRIBE_SECRET: "a-deployment-s-own-secret-0123456789" } as Env;

  it("belongs to one subscription and never expires", async () => {
    const token = await unsubscribeToken(local, 4711);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(await unsubscribeToken(local, 4711)).toBe(token);
    expect(await isUnsubscribeToken(local, 4711, token)).toBe(true);
    expect(await isUnsubscribeToken(local, 4712, token)).toBe(false);
  });

  it("cannot be guessed, tampered with or taken from another shop", async () => {
    const token = await unsubscribeToken(local, 4711);
    const flipped = (token[0] === "0" ? "1" : "0") + token.slice(1);
    for (const wrong of [flipped, token.toUpperCase(), token.slice(1), "", "x".repeat(64), `${token}00`])
      expect(await isUnsubscribeToken(local, 4711, wrong), wrong).toBe(false);
    expect(await unsubscribeToken(deployed, 4711)).not.toBe(token);
    expect(await isUnsubscribeToken(deployed, 4711, token)).toBe(false);
  });

  it("needs the deployment's secret outside development", () => {
    expect(() => unsubscribeToken({ standIns: false } as Env, 1)).toThrow("UNSUBSCRIBE_SECRET");
  });
});

describe("every marketing mail", () => {
  it("ends with the unsubscribe link and names it in the one-click headers", async () => {
    const env = { standIns: true } as Env;
    const mail = await marketingMail(env, "https://frischkorb.example", {
      to: "kundin@example.org",
      subscriptionId: 4711,
      subject: "Angebote der Woche",
      paragraphs: ["Hallo,", "", "diese Woche im Angebot: Äpfel."],
    });
    const link = `https://frischkorb.example/newsletter/unsubscribe/4711/${await unsubscribeToken(env, 4711)}`;
    expect(mail.to).toBe("kundin@example.org");
    expect(mail.subject).toBe("Angebote der Woche");
    expect(mail.text.startsWith("Hallo,\n\ndiese Woche im Angebot: Äpfel.\n")).toBe(true);
    expect(mail.text.endsWith(`\n${link}`)).toBe(true);
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("keeps its headers through the outbox; a column that is no header object counts as none", () => {
    expect(readHeaders('{"List-Unsubscribe":"<https://x.example/u>"}')).toEqual({
      "List-Unsubscribe": "<https://x.example/u>",
    });
    for (const junk of [null, "", "[]", "1", "{", '{"a":1}', "null"])
      expect(readHeaders(junk), String(junk)).toEqual({});
  });
});

const form = (fields: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};
const outcome = (submission: ReturnType<typeof parseForm>) =>
  submission.status === "success" ? { value: submission.value } : { error: submission.error };

describe("the forms' schemas", () => {
  it("read a checkbox as on when it sends 'on' and off when it sends nothing", () => {
    expect(
      outcome(
        parseForm(
          form([
            ["intent", "preferences"],
            ["newsletter", "on"],
          ]),
          preferencesSchema,
        ),
      ),
    ).toEqual({
      value: { intent: "preferences", newsletter: true, personalisedOffers: false, postalAdvertising: false },
    });
  });

  it("refuse any other value of a checkbox at its field", () => {
    for (const value of ["yes", "true", "1", "off", "ON"]) {
      expect(
        outcome(
          parseForm(
            form([
              ["intent", "preferences"],
              ["postalAdvertising", value],
            ]),
            preferencesSchema,
          ),
        ),
        value,
      ).toEqual({ error: { postalAdvertising: ["marketing:form.invalidChoice"] } });
    }
    const twice = parseForm(
      form([
        ["intent", "preferences"],
        ["newsletter", "on"],
        ["newsletter", "on"],
      ]),
      preferencesSchema,
    );
    expect(twice.status).toBe("error");
  });

  it("check the visitor's address as every e-mail field of the shop", () => {
    expect(
      outcome(
        parseForm(
          form([
            ["intent", "subscribe"],
            ["email", " ida@example.org "],
          ]),
          subscribeSchema,
        ),
      ),
    ).toEqual({
      value: { intent: "subscribe", email: "ida@example.org" },
    });
    expect(
      outcome(
        parseForm(
          form([
            ["intent", "subscribe"],
            ["email", "keine-adresse"],
          ]),
          subscribeSchema,
        ),
      ),
    ).toEqual({
      error: { email: ["validation.email"] },
    });
    expect(outcome(parseForm(form([["intent", "subscribe"]]), subscribeSchema))).toEqual({
      error: { email: ["validation.required"] },
    });
    expect(
      outcome(
        parseForm(
          form([
            ["intent", "subscribe"],
            ["email", `${"a".repeat(250)}@example.org`],
          ]),
          subscribeSchema,
        ),
      ),
    ).toEqual({ error: { email: ["validation.maxLength|254"] } });
  });
});
