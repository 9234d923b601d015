/**
 * The JSON API's door (docs/decisions/0034): bearer tokens from the token call (with the sign-in
 * page's statuses and throttle), stored as hashes, ended by signing out and by a password change;
 * the cookie never opens the API and a token never opens a page; every refusal is a 4xx with a
 * German `{ message, parameters }`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareTestCustomer } from "../fixtures/customer";
import { Browser, DEMO, signIn } from "./browser";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
  for (const [id, email] of [
    [9101, "api-eins@example.org"],
    [9102, "api-zwei@example.org"],
    [9103, "api-drei@example.org"],
  ] as const)
    await prepareTestCustomer(shop.db, { id, email, firstname: "Api", lastname: "Kundin", gender: "w" }).run();
});
afterAll(async () => {
  await shop?.dispose();
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

async function token(username: string, password = DEMO.password): Promise<string> {
  const res = await shop.fetch("/rest/V1/integration/customer/token", json({ username, password }));
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number };
  expect(body.token_type).toBe("Bearer");
  expect(body.expires_in).toBe(86400);
  return body.access_token;
}

const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

describe("the token call", () => {
  it("gives a random token, stored only as its hash", async () => {
    const first = await token("api-eins@example.org");
    const second = await token("api-eins@example.org");
    expect(first).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(second).not.toBe(first);
    const rows = await shop.db
      .prepare("SELECT token_hash FROM api_token WHERE customer_id = 9101")
      .all<{ token_hash: string }>();
    expect(rows.results).toHaveLength(2);
    for (const row of rows.results) expect([first, second]).not.toContain(row.token_hash);
  });

  it.each([
    [
      "a wrong password",
      "api-eins@example.org",
      "Falsch2026",
      401,
      "Die Anmeldung war nicht erfolgreich. Überprüfe deine Zugangsdaten.",
    ],
    [
      "an unknown address",
      "niemand@example.org",
      DEMO.password,
      401,
      "Die Anmeldung war nicht erfolgreich. Überprüfe deine Zugangsdaten.",
    ],
    // 428 is the spec's "not activated" (section 8); the sign-in page answers 403
    ["an account not activated", DEMO.pending, DEMO.password, 428, "Dein Kundenkonto ist noch nicht aktiviert."],
    ["a blocked account", DEMO.blocked, DEMO.password, 409, "Dein Kundenkonto ist gesperrt."],
  ])(
    "answers %s with the spec's status and the sign-in page's text",
    async (_case, username, password, status, text) => {
      const res = await shop.fetch("/rest/V1/integration/customer/token", json({ username, password }));
      expect(res.status).toBe(status);
      const body = (await res.json()) as { message: string; parameters: string[] };
      expect(body.message).toContain(text);
      expect(body.parameters).toEqual([]);
    },
  );

  it("is throttled like the sign-in page (429 after the pair's attempts), and the right password is refused then too", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await shop.fetch(
        "/rest/V1/integration/customer/token",
        json({ username: "api-drei@example.org", password: `Falsch${i}` }, { "CF-Connecting-IP": "203.0.113.7" }),
      );
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
    const right = await shop.fetch(
      "/rest/V1/integration/customer/token",
      json({ username: "api-drei@example.org", password: DEMO.password }, { "CF-Connecting-IP": "203.0.113.7" }),
    );
    expect(right.status).toBe(429);
    expect(((await right.json()) as { message: string }).message).toMatch(/versuch/i);
  });
});

describe("the customer with a token", () => {
  it("reads the customer in the spec's shape", async () => {
    const res = await shop.fetch("/rest/V1/customer/me", { headers: bearer(await token(DEMO.active)) });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const me = (await res.json()) as Record<string, unknown> & {
      custom_attributes: { attribute_code: string; value: string }[];
      extension_attributes: Record<string, unknown>;
      addresses: unknown[];
    };
    expect(me).toMatchObject({ email: DEMO.active, firstname: "Anna", website_id: 1 });
    expect(me.addresses).toHaveLength(2);
    const attributes = Object.fromEntries(me.custom_attributes.map((a) => [a.attribute_code, a.value]));
    // the balance in euros with two places, as the spec's system writes attribute values
    expect(attributes).toMatchObject({ theme_id: "1", balance: "25.00", is_sepa_allowed: "1" });
    expect(me.extension_attributes).toMatchObject({
      is_shareholder: true,
      shares_count: 12,
      shareholder_membership_number: "4711",
      shareholder_state: "open",
    });
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("saves names and dark mode, and refuses an e-mail change, unknown fields and wrong types with German messages", async () => {
    const t = await token("api-zwei@example.org");
    const put = (customer: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      shop.fetch("/rest/V1/customer/update/me", {
        ...json({ customer, ...extra }, bearer(t)),
        method: "PUT",
      });
    const ok = await put({
      email: "api-zwei@example.org",
      firstname: "Zora",
      lastname: "Zweig",
      website_id: 1,
      custom_attributes: [{ attribute_code: "dark_mode_enabled", value: "1" }],
    });
    expect(ok.status).toBe(200);
    const me = (await ok.json()) as {
      firstname: string;
      custom_attributes: { attribute_code: string; value: string }[];
    };
    expect(me.firstname).toBe("Zora");
    expect(me.custom_attributes).toContainEqual({ attribute_code: "dark_mode_enabled", value: "1" });

    // the customer as GET answers it, sent back whole (the spec's save), with a new telephone number
    const read = (await (await shop.fetch("/rest/V1/customer/me", { headers: bearer(t) })).json()) as {
      custom_attributes: { attribute_code: string; value: string }[];
    };
    expect((await put(read)).status).toBe(200);
    const edited = read.custom_attributes.map((a) =>
      a.attribute_code === "telephone"
        ? { ...a, value: "0341 1234567" }
        : a.attribute_code === "balance"
          ? { ...a, value: "999.00" }
          : a,
    );
    const saved = await put({ ...read, custom_attributes: edited });
    expect(saved.status).toBe(200);
    const after = (await saved.json()) as typeof read;
    expect(after.custom_attributes).toContainEqual({ attribute_code: "telephone", value: "0341 1234567" });
    // the balance is the shop's to say: sent back changed, it stays
    expect(after.custom_attributes).toContainEqual(read.custom_attributes.find((a) => a.attribute_code === "balance"));
    const badPhone = await put({
      ...read,
      custom_attributes: [{ attribute_code: "telephone", value: "keine Nummer" }],
    });
    expect(badPhone.status).toBe(400);
    expect(((await badPhone.json()) as { parameters: string[] }).parameters[0]).toMatch(
      /^body\.customer\.custom_attributes\.0\.value: .+/,
    );

    const before = await shop.db
      .prepare("SELECT firstname, lastname, email, dark_mode_enabled FROM customer WHERE id = 9102")
      .first();
    const email = await put({ email: "anders@example.org", firstname: "X", lastname: "Y" });
    expect(email.status).toBe(400);
    expect(((await email.json()) as { message: string }).message).toContain("Bestätigungslink");
    const unknown = await put({ email: "api-zwei@example.org", firstname: "X", lastname: "Y", is_admin: true });
    expect(unknown.status).toBe(400);
    const unknownBody = (await unknown.json()) as { message: string; parameters: string[] };
    expect(unknownBody.message).toBe("Die Anfrage ist ungültig. Bitte überprüfe die Angaben.");
    expect(unknownBody.parameters.join(" ")).toContain("is_admin");
    const types = await put({ email: "api-zwei@example.org", firstname: 7, lastname: "" });
    expect(types.status).toBe(400);
    const typesBody = (await types.json()) as { parameters: string[] };
    expect(typesBody.parameters).toEqual([
      "body.customer.firstname: Falscher Typ, erwartet: string",
      expect.stringMatching(/^body\.customer\.lastname: .+/),
    ]);
    expect(
      await shop.db
        .prepare("SELECT firstname, lastname, email, dark_mode_enabled FROM customer WHERE id = 9102")
        .first(),
    ).toEqual(before);
  });

  it("answers malformed JSON 400, another content type 415 and an oversized body 413, changing nothing", async () => {
    const t = await token("api-zwei@example.org");
    const at = "/rest/V1/customer/update/me";
    const malformed = await shop.fetch(at, {
      method: "PUT",
      headers: { ...bearer(t), "Content-Type": "application/json" },
      body: '{"customer":',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toBe(
      "Der Inhalt der Anfrage ist kein gültiges JSON.",
    );
    const form = await shop.fetch(at, {
      method: "PUT",
      headers: { ...bearer(t), "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(form.status).toBe(415);
    const big = await shop.fetch(at, {
      method: "PUT",
      headers: { ...bearer(t), "Content-Type": "application/json" },
      body: JSON.stringify({ customer: { firstname: "x".repeat(70_000) } }),
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { message: string }).message).toBe("Die Anfrage ist zu groß.");
  });
});

describe("the doors stay apart", () => {
  it("answers 401 without, with a wrong, an expired or a revoked token; signing out ends the token", async () => {
    const none = await shop.fetch("/rest/V1/customer/me");
    expect(none.status).toBe(401);
    expect(none.headers.get("WWW-Authenticate")).toContain("Bearer");
    expect(await none.json()).toEqual({
      message: "Bitte melde dich an: Der Zugangsschlüssel fehlt, ist abgelaufen oder wurde beendet.",
      parameters: [],
    });
    expect((await shop.fetch("/rest/V1/customer/me", { headers: bearer("x".repeat(43)) })).status).toBe(401);

    const t = await token("api-eins@example.org");
    expect((await shop.fetch("/rest/V1/customer/me", { headers: bearer(t) })).status).toBe(200);
    const out = await shop.fetch("/rest/V1/integration/customer/token", { method: "DELETE", headers: bearer(t) });
    expect(out.status).toBe(204);
    expect((await shop.fetch("/rest/V1/customer/me", { headers: bearer(t) })).status).toBe(401);

    const old = await token("api-eins@example.org");
    await shop.db.prepare("UPDATE api_token SET expires_at = 1 WHERE customer_id = 9101").run();
    expect((await shop.fetch("/rest/V1/customer/me", { headers: bearer(old) })).status).toBe(401);
  });

  it("ends every token of the customer when the password changes on the account page", async () => {
    const t = await token(DEMO.active);
    const browser = new Browser(shop);
    await signIn(browser);
    const changed = await browser.submit("/account/customer", {
      intent: "password",
      currentPassword: DEMO.password,
      password: "Frischkorb2027",
      passwordConfirm: "Frischkorb2027",
    });
    expect(changed.res.status).toBeLessThan(400);
    expect((await shop.fetch("/rest/V1/customer/me", { headers: bearer(t) })).status).toBe(401);
    expect((await token(DEMO.active, "Frischkorb2027")).length).toBeGreaterThan(40);
  });

  it("never takes the session cookie, and a page never takes a token", async () => {
    const browser = new Browser(shop);
    await signIn(browser, "api-eins@example.org");
    const withCookie = await shop.fetch("/rest/V1/customer/me", { headers: { Cookie: browser.cookieHeader() } });
    expect(withCookie.status).toBe(401);
    const t = await token("api-eins@example.org");
    const page = await shop.fetch("/account", { headers: bearer(t) });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toContain("/login");
  });

  it("is closed to other origins unless configured, and open only to the configured ones", async () => {
    const closed = await shop.fetch("/rest/V1/customer/me", { headers: { Origin: "https://app.example" } });
    expect(closed.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const preflight = await shop.fetch("/rest/V1/customer/me", {
      method: "OPTIONS",
      headers: { Origin: "https://app.example" },
    });
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBeNull();

    const open = await startShop({ bindings: { API_CORS_ORIGINS: "https://app.example" } });
    try {
      const allowed = await open.fetch("/rest/V1/customer/me", {
        method: "OPTIONS",
        headers: { Origin: "https://app.example" },
      });
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get("Access-Control-Allow-Origin")).toBe("https://app.example");
      expect(allowed.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
      const other = await open.fetch("/rest/V1/customer/me", { headers: { Origin: "https://evil.example" } });
      expect(other.headers.get("Access-Control-Allow-Origin")).toBeNull();
    } finally {
      await open.dispose();
    }
  });

  it("answers an unknown path 404 and a wrong method 405 as JSON, never the HTML page", async () => {
    const missing = await shop.fetch("/rest/V1/nirgends");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Content-Type")).toContain("application/json");
    expect(((await missing.json()) as { message: string }).message).toBe("Diesen Aufruf gibt es nicht.");
    const wrong = await shop.fetch("/rest/V1/customer/me", { method: "POST" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("Allow")).toBe("GET");
    expect((await shop.fetch("/v1/nirgends")).status).toBe(404);
  });
});

describe("the description", () => {
  it("is an OpenAPI 3.1 document with the customer's calls, each with its security", async () => {
    const res = await shop.fetch("/rest/V1/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths["/rest/V1/integration/customer/token"].post.security).toEqual([]);
    expect(doc.paths["/rest/V1/integration/customer/token"].delete.security).toEqual([{ bearer: [] }]);
    expect(doc.paths["/rest/V1/customer/me"].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths["/rest/V1/customer/update/me"].put).toBeDefined();
  });
});
