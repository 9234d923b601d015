/**
 * The API's account calls (spec section 7 "Customers"): registering, activating (alone or with a
 * token at once), changing, requesting and resetting the password. Each answers as its page does,
 * through the same schema, throttle and domain function: the German texts and statuses of the
 * pages, the activation and reset mails in the outbox, links valid once, every API token and
 * session ended with a new password, one answer for every address, and nothing changed by a
 * refusal. Bad input is a German 400, never a 5xx.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LIMITS } from "~/platform/rate-limit.server";
import { prepareTestCustomer } from "../fixtures/customer";
import { Browser, DEMO, mailedLink, signIn } from "./browser";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
  for (const [id, email] of [
    [9401, "konto-eins@example.org"],
    [9402, "konto-zwei@example.org"],
    [9403, "konto-drei@example.org"],
    [9404, "konto-vier@example.org"],
    [9405, "konto-fuenf@example.org"],
  ] as const)
    await prepareTestCustomer(shop.db, { id, email, firstname: "Konto", lastname: "Kundin", gender: "w" }).run();
});
afterAll(async () => {
  await shop?.dispose();
});
// Locally every request is one client: each test starts with the throttles' counters at nought.
beforeEach(async () => {
  await shop.db.prepare("DELETE FROM rate_limit").run();
});

interface Answer {
  status: number;
  body: { message: string; parameters: string[] } & Record<string, unknown>;
}

async function call(method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await shop.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect(res.headers.get("Set-Cookie")).toBeNull();
  return { status: res.status, body: JSON.parse(await res.text()) };
}

const REGISTER = "/rest/V1/customers";
const ACTIVATE = "/rest/V1/customers/activate";
const COMPLETE = "/rest/V1/integration/customer/complete/token";
const CHANGE = "/rest/V1/customers/me/password";
const FORGOT = "/rest/V1/customers/password";
const RESET = "/rest/V1/customers/resetPassword";

const TEXT = {
  invalid: "Die Anfrage ist ungültig. Bitte überprüfe die Angaben.",
  exists: "Zu dieser E-Mail-Adresse gibt es bereits ein Kundenkonto.",
  throttled: "Zu viele Versuche. Bitte warte ein paar Minuten und versuche es dann erneut.",
  activationGone: "Dieser Aktivierungslink ist ungültig oder abgelaufen.",
  resetGone: "Dieser Link ist ungültig oder abgelaufen.",
  wrongPassword: "Das Passwort ist nicht korrekt.",
  unauthorized: "Bitte melde dich an",
};

let counter = 0;
const freshEmail = () => `api-konto-${Date.now()}-${counter++}@example.org`;

function registration(email: string, customer: Record<string, unknown> = {}, password = "Sommer2026") {
  return {
    customer: {
      email,
      firstname: "Rita",
      lastname: "Registriert",
      dob: "1990-05-17",
      gender: "w",
      website_id: 1,
      custom_attributes: [{ attribute_code: "telephone", value: "+49 341 555555" }],
      extension_attributes: { terms_accepted: true, privacy_accepted: true, values_accepted: true },
      ...customer,
    },
    password,
  };
}

async function token(username: string, password = DEMO.password): Promise<string> {
  const res = await call("POST", "/rest/V1/integration/customer/token", { username, password });
  expect(res.status, `a token for ${username}`).toBe(200);
  return res.body.access_token as string;
}

async function tokenStatus(username: string, password: string): Promise<number> {
  return (await call("POST", "/rest/V1/integration/customer/token", { username, password })).status;
}

const customerCount = async () =>
  (await shop.db.prepare("SELECT COUNT(*) AS n FROM customer").first<{ n: number }>())!.n;
const mailCount = async (to: string) =>
  (await shop.db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE recipient = ?").bind(to).first<{ n: number }>())!.n;

/** Everything of a customer a call could change: the row, links, API tokens, sessions and mails. */
async function state(email: string) {
  const customer = await shop.db.prepare("SELECT * FROM customer WHERE email = ?").bind(email).first();
  const id = (customer?.id as number | undefined) ?? -1;
  const rows = async (sql: string) => (await shop.db.prepare(sql).bind(id).all()).results;
  return {
    customer,
    links: await rows("SELECT * FROM customer_token WHERE customer_id = ? ORDER BY token_hash"),
    tokens: await rows("SELECT * FROM api_token WHERE customer_id = ? ORDER BY token_hash"),
    sessions: await rows("SELECT * FROM session WHERE customer_id = ? ORDER BY id_hash"),
    mails: await mailCount(email),
  };
}

/** The customer id and token of the newest link mailed to the address. */
async function link(email: string, kind: "activation" | "reset"): Promise<{ customerId: number; token: string }> {
  const path = await mailedLink(shop, email);
  const match =
    kind === "activation"
      ? /^\/customer\/activate\/user\/(\d+)\/activationtoken\/([\w-]+)$/.exec(path)
      : /^\/password\/reset\/(\d+)\/([\w-]+)$/.exec(path);
  if (!match) throw new Error(`no ${kind} link in ${path}`);
  return { customerId: Number(match[1]), token: match[2] };
}

const statusOf = async (email: string) =>
  (await shop.db.prepare("SELECT status FROM customer WHERE email = ?").bind(email).first<{ status: string }>())
    ?.status;

/** Waits if the throttle's fixed window ends within the next half minute, so a test fits into one. */
describe("POST /rest/V1/customers (registration)", () => {
  it("creates the customer not yet activated, as the page does, mails the activation link and answers 201 with the customer", async () => {
    const email = freshEmail();
    const res = await call("POST", REGISTER, registration(email));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, firstname: "Rita", lastname: "Registriert", website_id: 1, addresses: [] });
    expect(res.body.custom_attributes).toContainEqual({ attribute_code: "telephone", value: "+49 341 555555" });
    const row = await shop.db
      .prepare("SELECT id, status, dob, gender, telephone, consents_at FROM customer WHERE email = ?")
      .bind(email)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({ id: res.body.id, status: "pending", dob: "1990-05-17", gender: "w" });
    expect(row?.telephone).toBe("+49 341 555555");
    expect(row?.consents_at).toBeTruthy();

    const mail = await shop.db
      .prepare("SELECT subject, text_body FROM outbox WHERE recipient = ?")
      .bind(email)
      .first<{ subject: string; text_body: string }>();
    expect(mail?.subject).toBe("Bitte aktiviere dein Frischkorb-Kundenkonto");
    expect(mail?.text_body).toContain("Hallo Rita,");
    expect((await link(email, "activation")).customerId).toBe(res.body.id);
    // not activated: the token call says so with the spec's 428 (section 8)
    expect(await tokenStatus(email, "Sommer2026")).toBe(428);
  });

  it("takes the telephone as optional, like the page", async () => {
    const email = freshEmail();
    const res = await call("POST", REGISTER, registration(email, { custom_attributes: undefined }));
    expect(res.status).toBe(201);
    expect(res.body.custom_attributes).toContainEqual({ attribute_code: "telephone", value: "" });
  });

  it("refuses an address that has an account with 409 and messages.api.customerAlreadyExists, changing nothing", async () => {
    const before = await state(DEMO.active);
    const count = await customerCount();
    for (const email of [DEMO.active, DEMO.active.toUpperCase(), "konto-eins@example.org"]) {
      const res = await call("POST", REGISTER, registration(email));
      expect(res.status, email).toBe(409);
      expect(res.body.message).toContain(TEXT.exists);
      expect(res.body.message).toContain("Kundenservice");
      expect(res.body.parameters).toEqual(["customer.email"]);
    }
    expect(await customerCount()).toBe(count);
    expect(await state(DEMO.active)).toEqual(before);
  });

  it.each([
    ["17 years old", { dob: "2015-02-01" }, "Sommer2026", "body.customer.dob: Du musst 18 Jahre alt sein"],
    [
      "no real date",
      { dob: "1990-02-31" },
      "Sommer2026",
      "body.customer.dob: Bitte gib ein gültiges Geburtsdatum ein.",
    ],
    [
      "a bad telephone",
      { custom_attributes: [{ attribute_code: "telephone", value: "abc" }] },
      "Sommer2026",
      "body.customer.custom_attributes.0.value: Bitte gib eine gültige Telefonnummer ein, z. B. +49 30 1234567.",
    ],
    ["no salutation", { gender: "x" }, "Sommer2026", "body.customer.gender: Bitte wähle eine Anrede."],
    [
      "the terms not accepted",
      { extension_attributes: { terms_accepted: false, privacy_accepted: true, values_accepted: true } },
      "Sommer2026",
      "body.customer.extension_attributes.terms_accepted: Bitte stimme zu, um fortzufahren.",
    ],
    [
      "no consents at all",
      { extension_attributes: undefined },
      "Sommer2026",
      "body.customer.extension_attributes: Bitte fülle dieses Feld aus.",
    ],
    [
      "a password without digits",
      {},
      "nurbuchstaben",
      "body.password: Das Passwort muss mindestens eine Ziffer und einen Buchstaben enthalten.",
    ],
    ["a short password", {}, "kurz1", "body.password: Das Passwort muss mindestens 8 Zeichen lang sein."],
    [
      "no e-mail address",
      { email: "rita@" },
      "Sommer2026",
      "body.customer.email: Bitte gib eine gültige E-Mail-Adresse ein.",
    ],
    ["a number as name", { firstname: 7 }, "Sommer2026", "body.customer.firstname: Falscher Typ, erwartet: string"],
    ["an unknown field", { is_admin: true }, "Sommer2026", "body.customer: Diese Felder gibt es nicht (is_admin)"],
  ])("answers %s with a German 400 naming the field, and creates nothing", async (_case, over, password, parameter) => {
    const email = freshEmail();
    const count = await customerCount();
    const res = await call("POST", REGISTER, registration(email, over as Record<string, unknown>, password));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TEXT.invalid);
    expect(res.body.parameters).toContain(parameter);
    expect(await customerCount()).toBe(count);
    expect(await mailCount(email)).toBe(0);
  });

  it("is throttled per client like the page: 429 after the limit, and then creates nothing", async () => {
    const { max } = LIMITS.registerClient;
    // attempts count whatever comes of them: existing addresses use them up without new customers
    for (let i = 0; i < max; i++) expect((await call("POST", REGISTER, registration(DEMO.active))).status).toBe(409);
    const email = freshEmail();
    const count = await customerCount();
    const res = await call("POST", REGISTER, registration(email));
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(TEXT.throttled);
    expect(await customerCount()).toBe(count);
    expect(await mailCount(email)).toBe(0);
  });
});

describe("PUT /rest/V1/customers/activate and POST /rest/V1/integration/customer/complete/token", () => {
  async function registered(): Promise<{ email: string; customerId: number; token: string }> {
    const email = freshEmail();
    expect((await call("POST", REGISTER, registration(email))).status).toBe(201);
    return { email, ...(await link(email, "activation")) };
  }

  it("activates with the mailed link once; then the token call signs in; the link is used up for the page too", async () => {
    const { email, customerId, token } = await registered();
    const res = await call("PUT", ACTIVATE, { customerId, activationToken: token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: customerId, email });
    expect(await statusOf(email)).toBe("active");
    expect(await tokenStatus(email, "Sommer2026")).toBe(200);

    const before = await state(email);
    const again = await call("PUT", ACTIVATE, { customerId, activationToken: token });
    expect(again.status).toBe(410);
    expect(again.body.message).toContain(TEXT.activationGone);
    const page = await new Browser(shop).get(`/customer/activate/user/${customerId}/activationtoken/${token}`);
    expect(page.res.status).toBe(410);
    expect(await state(email)).toEqual(before);
  });

  it("refuses a wrong key, another customer's number or a link the page used, with 410 and the page's text, changing nothing", async () => {
    const one = await registered();
    const two = await registered();
    const before = [await state(one.email), await state(two.email)];
    for (const body of [
      { customerId: one.customerId, activationToken: "falsch" },
      { customerId: one.customerId, activationToken: two.token },
      { customerId: 999_999_999, activationToken: one.token },
    ]) {
      for (const path of [ACTIVATE, COMPLETE]) {
        const res = await call(path === ACTIVATE ? "PUT" : "POST", path, body);
        expect(res.status, path).toBe(410);
        expect(res.body.message).toBe(
          "Dieser Aktivierungslink ist ungültig oder abgelaufen. Jeder Link ist nur einmal gültig. Wenn dein Konto noch nicht aktiviert ist, fordere bei der Anmeldung einen neuen Link an.",
        );
      }
    }
    expect([await state(one.email), await state(two.email)]).toEqual(before);

    // the page's link and the API's call are one link: used by the page, the API refuses it
    const page = await new Browser(shop).get(`/customer/activate/user/${one.customerId}/activationtoken/${one.token}`);
    expect(page.res.status).toBe(200);
    expect((await call("POST", COMPLETE, { customerId: one.customerId, activationToken: one.token })).status).toBe(410);
  });

  it("completes a registration: activates and answers a token that reads the customer; once", async () => {
    const { email, customerId, token } = await registered();
    const res = await call("POST", COMPLETE, { customerId, activationToken: token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: "Bearer", expires_in: 86400 });
    expect(await statusOf(email)).toBe("active");
    const me = await call("GET", "/rest/V1/customer/me", undefined, res.body.access_token as string);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: customerId, email });

    const before = await state(email);
    const again = await call("POST", COMPLETE, { customerId, activationToken: token });
    expect(again.status).toBe(410);
    expect(again.body.message).toContain(TEXT.activationGone);
    expect(await state(email)).toEqual(before);
  });

  it.each([
    ["a number as text", { customerId: "12", activationToken: "x" }, "body.customerId: Falscher Typ, erwartet: number"],
    ["number 0", { customerId: 0, activationToken: "x" }, "body.customerId: Ungültiger Wert"],
    ["a fraction", { customerId: 1.5, activationToken: "x" }, "body.customerId: Ungültiger Wert"],
    ["a huge number", { customerId: 1e21, activationToken: "x" }, "body.customerId: Ungültiger Wert"],
    ["no key", { customerId: 12 }, "body.activationToken: Bitte fülle dieses Feld aus."],
    ["an empty key", { customerId: 12, activationToken: "" }, "body.activationToken: Bitte fülle dieses Feld aus."],
  ])("answers %s with a German 400", async (_case, body, parameter) => {
    for (const [method, path] of [
      ["PUT", ACTIVATE],
      ["POST", COMPLETE],
    ]) {
      const res = await call(method, path, body);
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe(TEXT.invalid);
      expect(res.body.parameters).toContain(parameter);
    }
  });
});

describe("PUT /rest/V1/customers/me/password", () => {
  it("changes the password with the current one and ends every API token and every session, as the page does", async () => {
    const email = "konto-eins@example.org";
    const browser = new Browser(shop);
    await signIn(browser, email);
    expect((await browser.get("/account")).res.status).toBe(200);
    const first = await token(email);
    const second = await token(email);
    const res = await call("PUT", CHANGE, { currentPassword: DEMO.password, newPassword: "Winter2027" }, first);
    expect(res.status).toBe(200);
    expect(res.body).toBe(true);

    for (const t of [first, second]) {
      const me = await call("GET", "/rest/V1/customer/me", undefined, t);
      expect(me.status).toBe(401);
      expect(me.body.message).toContain(TEXT.unauthorized);
    }
    expect((await browser.get("/account")).res.status).toBe(302);
    expect((await state(email)).tokens).toEqual([]);
    expect((await state(email)).sessions).toEqual([]);
    expect(await tokenStatus(email, DEMO.password)).toBe(401);
    expect(await tokenStatus(email, "Winter2027")).toBe(200);
  });

  it("refuses a wrong current password with 400 and the page's text, changing nothing; throttled like the page", async () => {
    const email = "konto-zwei@example.org";
    const { max } = LIMITS.passwordConfirmation;
    const t = await token(email);
    const before = await state(email);
    for (let i = 0; i < max; i++) {
      const res = await call("PUT", CHANGE, { currentPassword: `Falsch${i}x`, newPassword: "Winter2027" }, t);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: TEXT.wrongPassword, parameters: ["currentPassword"] });
    }
    // over the limit even the right password is refused, and nothing is checked
    const right = await call("PUT", CHANGE, { currentPassword: DEMO.password, newPassword: "Winter2027" }, t);
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(TEXT.throttled);
    expect(await state(email)).toEqual(before);
    expect((await call("GET", "/rest/V1/customer/me", undefined, t)).status).toBe(200);
  });

  it.each([
    [
      "a short new password",
      { currentPassword: DEMO.password, newPassword: "kurz1" },
      "body.newPassword: Das Passwort muss mindestens 8 Zeichen lang sein.",
    ],
    [
      "a new password without a letter",
      { currentPassword: DEMO.password, newPassword: "12345678" },
      "body.newPassword: Das Passwort muss mindestens eine Ziffer und einen Buchstaben enthalten.",
    ],
    ["no current password", { newPassword: "Winter2027" }, "body.currentPassword: Bitte fülle dieses Feld aus."],
    [
      "the page's field names",
      { currentPassword: DEMO.password, password: "Winter2027", passwordConfirm: "Winter2027" },
      "body: Diese Felder gibt es nicht (password, passwordConfirm)",
    ],
  ])("answers %s with a German 400, changing nothing", async (_case, body, parameter) => {
    const email = "konto-drei@example.org";
    const t = await token(email);
    const before = await state(email);
    const res = await call("PUT", CHANGE, body, t);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TEXT.invalid);
    expect(res.body.parameters).toContain(parameter);
    expect(await state(email)).toEqual(before);
  });

  it("needs a token", async () => {
    const res = await call("PUT", CHANGE, { currentPassword: DEMO.password, newPassword: "Winter2027" });
    expect(res.status).toBe(401);
    expect(res.body.message).toContain(TEXT.unauthorized);
  });
});

describe("PUT /rest/V1/customers/password (forgot) and POST /rest/V1/customers/resetPassword", () => {
  it("answers the same for an address with an account, without one and a blocked one; only the first gets a mail", async () => {
    const email = "konto-vier@example.org";
    const mails = {
      own: await mailCount(email),
      none: await mailCount("niemand@example.org"),
      blocked: await mailCount(DEMO.blocked),
    };
    const own = await call("PUT", FORGOT, { email, template: "email_reset", websiteId: 1 });
    const none = await call("PUT", FORGOT, { email: "niemand@example.org" });
    const blocked = await call("PUT", FORGOT, { email: DEMO.blocked, template: "email_reminder" });
    for (const res of [own, none, blocked]) expect(res).toEqual({ status: 200, body: true });
    expect(await mailCount(email)).toBe(mails.own + 1);
    expect(await mailCount("niemand@example.org")).toBe(mails.none);
    expect(await mailCount(DEMO.blocked)).toBe(mails.blocked);
    const mail = await shop.db
      .prepare("SELECT subject, text_body FROM outbox WHERE recipient = ? ORDER BY id DESC")
      .bind(email)
      .first<{ subject: string; text_body: string }>();
    expect(mail?.text_body).toContain("Hallo Konto,");
    expect((await link(email, "reset")).customerId).toBe(9404);
  });

  it("is throttled per address like the page, the same for an address without account", async () => {
    const { max } = LIMITS.resetAccount;
    for (const email of ["konto-fuenf@example.org", "auch-niemand@example.org"]) {
      for (let i = 0; i < max; i++) expect((await call("PUT", FORGOT, { email })).status).toBe(200);
      const mails = await mailCount(email);
      const res = await call("PUT", FORGOT, { email });
      expect(res.status).toBe(429);
      expect(res.body.message).toBe(TEXT.throttled);
      expect(await mailCount(email)).toBe(mails);
    }
  });

  it.each([
    ["no e-mail address", { email: "konto@" }, "body.email: Bitte gib eine gültige E-Mail-Adresse ein."],
    [
      "an unknown template",
      { email: "konto-vier@example.org", template: "beliebig" },
      "body.template: Ungültiger Wert",
    ],
    ["another website", { email: "konto-vier@example.org", websiteId: 2 }, "body.websiteId: Ungültiger Wert"],
  ])("answers %s with a German 400 and mails nothing", async (_case, body, parameter) => {
    const mails = await mailCount("konto-vier@example.org");
    const res = await call("PUT", FORGOT, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TEXT.invalid);
    expect(res.body.parameters).toContain(parameter);
    expect(await mailCount("konto-vier@example.org")).toBe(mails);
  });

  it("sets the new password with the mailed link once and ends every API token and session", async () => {
    const email = "konto-vier@example.org";
    const browser = new Browser(shop);
    await signIn(browser, email);
    const t = await token(email);
    expect((await call("PUT", FORGOT, { email })).status).toBe(200);
    const { customerId, token: resetToken } = await link(email, "reset");

    // a refused reset leaves the link as it was: another address, a weak password
    const before = await state(email);
    const other = await call("POST", RESET, { email: DEMO.active, customerId, resetToken, newPassword: "Herbst2027" });
    expect(other.status).toBe(410);
    expect(other.body.message).toBe(
      "Dieser Link ist ungültig oder abgelaufen. Jeder Link ist nur einmal gültig. Bitte fordere einen neuen an.",
    );
    const weak = await call("POST", RESET, { customerId, resetToken, newPassword: "schwach" });
    expect(weak.status).toBe(400);
    expect(weak.body.parameters).toContain("body.newPassword: Das Passwort muss mindestens 8 Zeichen lang sein.");
    expect(await state(email)).toEqual(before);

    const res = await call("POST", RESET, {
      email: email.toUpperCase(),
      customerId,
      resetToken,
      newPassword: "Herbst2027",
    });
    expect(res).toEqual({ status: 200, body: true });
    expect((await call("GET", "/rest/V1/customer/me", undefined, t)).status).toBe(401);
    expect((await browser.get("/account")).res.status).toBe(302);
    expect(await tokenStatus(email, DEMO.password)).toBe(401);
    expect(await tokenStatus(email, "Herbst2027")).toBe(200);

    const after = await state(email);
    const again = await call("POST", RESET, { customerId, resetToken, newPassword: "Frost2028x" });
    expect(again.status).toBe(410);
    expect(again.body.message).toContain(TEXT.resetGone);
    expect(await state(email)).toEqual(after);
    const page = await new Browser(shop).get(`/password/reset/${customerId}/${resetToken}`);
    expect(page.res.status).toBe(410);
  });

  it("refuses a wrong key with 410, changing nothing", async () => {
    const email = "konto-fuenf@example.org";
    const before = await state(email);
    const res = await call("POST", RESET, { customerId: 9405, resetToken: "falsch", newPassword: "Herbst2027" });
    expect(res.status).toBe(410);
    expect(res.body.message).toContain(TEXT.resetGone);
    expect(await state(email)).toEqual(before);
  });
});

describe("bad input to the account calls", () => {
  const BODIES = [
    "",
    "{",
    "null",
    "[]",
    '"text"',
    "7",
    '{"customer":null}',
    '{"customer":{"email":["a"]},"password":{}}',
    '{"customerId":-1,"activationToken":null,"resetToken":[],"newPassword":1}',
    '{"email":"\\u0000@example.org"}',
    `{"email":"${"x".repeat(5000)}@example.org"}`,
    '{"__proto__":{"admin":true}}',
    `${'{"a":'.repeat(2000)}1${"}".repeat(2000)}`,
  ];

  it("answers every sort of broken body with a German 4xx JSON, never a 5xx, and creates no customer", async () => {
    const t = await token("konto-drei@example.org");
    const count = await customerCount();
    const problems: string[] = [];
    for (const [method, path] of [
      ["POST", REGISTER],
      ["PUT", ACTIVATE],
      ["POST", COMPLETE],
      ["PUT", CHANGE],
      ["PUT", FORGOT],
      ["POST", RESET],
    ]) {
      for (const body of BODIES) {
        const res = await shop.fetch(path, {
          method,
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${t}` },
          body,
        });
        const text = await res.text();
        const where = `${method} ${path} ${body.slice(0, 40)}`;
        if (res.status !== 400) problems.push(`${where}: ${res.status}`);
        const answer = JSON.parse(text) as { message: string; parameters: string[] };
        if (!/[äöüß]|Bitte|Anfrage|JSON/.test(answer.message)) problems.push(`${where}: ${answer.message}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await customerCount()).toBe(count);
  });
});
