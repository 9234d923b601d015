/**
 * The marketing page and the newsletter's double opt-in against the built worker
 * (docs/decisions/0026-marketing-preferences.md): a visitor's sign-up, the confirmation by button,
 * the unsubscribe link with its one-click post, the signed-in customer's switches, the consent
 * records, bad input on every form, throttling, and simultaneous requests.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prepareTestCustomer } from "../fixtures/customer";
import { Browser, DEMO, csrfOf, mailedLink, signIn, type Page } from "./browser";
import { startShop, type TestShop } from "./worker";

const PAGE = "/account/abocenter/marketing";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});
// Locally every request is one client: each test starts with fresh throttles.
beforeEach(async () => {
  await shop.db.prepare("DELETE FROM rate_limit").run();
});

let counter = 0;
const freshEmail = () => `abonnentin-${Date.now()}-${counter++}@example.org`;

interface Row {
  [key: string]: unknown;
}
const rows = async (sql: string, ...binds: unknown[]) =>
  (
    await shop.db
      .prepare(sql)
      .bind(...binds)
      .all<Row>()
  ).results;

const subscriptionOf = async (email: string) =>
  (await rows("SELECT * FROM newsletter_subscription WHERE email = ?", email))[0] ?? null;
const recordsOf = (email: string) =>
  rows(
    "SELECT customer_id, email, channel, old_value, new_value, source FROM marketing_consent_record WHERE email = ? ORDER BY id",
    email,
  );
const mailsTo = (email: string) =>
  rows("SELECT subject, text_body, headers FROM outbox WHERE recipient = ? ORDER BY id", email);

/** Everything the marketing tables hold, to show that a refused request changed nothing. */
const marketingTables = async () => ({
  subscriptions: await rows("SELECT * FROM newsletter_subscription ORDER BY id"),
  tokens: await rows("SELECT * FROM newsletter_token ORDER BY token_hash"),
  preferences: await rows("SELECT * FROM marketing_preference ORDER BY customer_id"),
  records: await rows("SELECT * FROM marketing_consent_record ORDER BY id"),
  outbox: await rows("SELECT COUNT(*) AS n FROM outbox"),
});

/** The visitor form as a browser sends it: the page's token and honeypot time stamp. */
async function subscribe(browser: Browser, email: string, extra: Record<string, string> = {}): Promise<Page> {
  const page = await browser.get(PAGE);
  const started = /name="form_started"[^>]*value="([^"]*)"/.exec(page.html)?.[1] ?? "";
  return browser.post(
    PAGE,
    { intent: "subscribe", email, website: "", form_started: started, ...extra },
    { csrf: csrfOf(page.html) },
  );
}

/** The page's main content without the per-browser values (token, honeypot stamp). */
const mainOf = (html: string) =>
  html.slice(html.indexOf("<main"), html.indexOf("</main>")).replace(/value="[^"]*"/g, 'value=""');

async function confirmThroughMail(browser: Browser, email: string): Promise<Page> {
  const link = await mailedLink(shop, email);
  expect(link).toMatch(/^\/newsletter\/confirm\/[\w-]+$/);
  const page = await browser.get(link);
  expect(page.res.status).toBe(200);
  return browser.post(link, {}, { csrf: csrfOf(page.html) });
}

/** The unsubscribe link of the newest mail to the address that carries one. */
async function unsubscribeLink(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const link = mails
    .map((m) => /https?:\/\/\S+\/newsletter\/unsubscribe\/\S+/.exec(String(m.text_body))?.[0])
    .filter(Boolean)
    .at(-1);
  if (!link) throw new Error(`no unsubscribe link to ${email}`);
  return new URL(link).pathname;
}

async function confirmedVisitor(): Promise<{ email: string; browser: Browser }> {
  const email = freshEmail();
  const browser = new Browser(shop);
  expect((await subscribe(browser, email)).res.status).toBe(302);
  expect((await confirmThroughMail(browser, email)).res.status).toBe(302);
  return { email, browser };
}

describe("a visitor subscribes", () => {
  it("gets 'Fast geschafft!', a pending subscription, one confirmation mail and a record", async () => {
    const email = freshEmail();
    const browser = new Browser(shop);
    const page = await browser.get(PAGE);
    expect(page.res.status).toBe(200);
    expect(page.res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.html).toContain("Newsletter abonnieren");
    const posted = await subscribe(browser, email);
    expect(posted.res.status).toBe(302);
    expect(posted.res.headers.get("Location")).toBe(PAGE);
    const after = await browser.follow(posted);
    expect(after.html).toContain("Fast geschafft! Wir haben dir eine E-Mail geschickt.");
    expect((await subscriptionOf(email))?.status).toBe("pending");
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Bitte bestätige deine Anmeldung zum Newsletter");
    expect(String(mails[0].text_body)).toContain("Der Link gilt 48 Stunden und nur einmal.");
    // the question is no marketing mail yet: no unsubscribe headers
    expect(mails[0].headers).toBeNull();
    expect(await recordsOf(email)).toEqual([
      {
        customer_id: null,
        email,
        channel: "newsletter",
        old_value: "none",
        new_value: "pending",
        source: "visitor-form",
      },
    ]);
  });

  it("answers the same for a new, a pending, a confirmed address and a customer's", async () => {
    const pending = freshEmail();
    await subscribe(new Browser(shop), pending);
    const { email: confirmed } = await confirmedVisitor();
    const answers = [];
    for (const email of [freshEmail(), pending, confirmed, DEMO.active, DEMO.blocked]) {
      await shop.db.prepare("DELETE FROM rate_limit").run();
      const browser = new Browser(shop);
      const posted = await subscribe(browser, email);
      const page = await browser.follow(posted);
      answers.push({
        status: posted.res.status,
        location: posted.res.headers.get("Location"),
        cookies: [...browser.cookies.keys()].sort(),
        status2: page.res.status,
        main: mainOf(page.html),
        notice: page.html.includes("Fast geschafft! Wir haben dir eine E-Mail geschickt."),
      });
    }
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
    expect(answers[0].notice).toBe(true);
    // the confirmed address got no new link, but a mail saying so, with the way out
    expect((await subscriptionOf(confirmed))?.status).toBe("confirmed");
    const last = (await mailsTo(confirmed)).at(-1)!;
    expect(last.subject).toBe("Du bekommst unseren Newsletter schon");
    expect(String(last.text_body)).toMatch(/\/newsletter\/unsubscribe\/\d+\/[0-9a-f]{64}/);
  });

  it("refuses bad input with the German message at the field, keeps what was typed, writes nothing", async () => {
    const before = await marketingTables();
    const browser = new Browser(shop);
    const cases: [Record<string, string>, string][] = [
      [{ email: "keine-adresse" }, "Bitte gib eine gültige E-Mail-Adresse ein."],
      [{ email: "" }, "Bitte fülle dieses Feld aus."],
      [{ email: `${"a".repeat(250)}@example.org` }, "Bitte gib höchstens 254 Zeichen ein."],
      [{ email: freshEmail(), customerId: "100001" }, "Das Formular enthält Angaben, die wir nicht kennen."],
      [{ email: freshEmail(), website: "https://spam.example" }, "Bitte überprüfe deine Eingaben."],
    ];
    for (const [fields, message] of cases) {
      const res = await subscribe(browser, fields.email, fields);
      expect(res.res.status, JSON.stringify(fields)).toBe(400);
      expect(res.html, JSON.stringify(fields)).toContain(message);
    }
    const typed = await subscribe(browser, "keine-adresse");
    expect(typed.html).toMatch(/value="keine-adresse"/);
    expect(await marketingTables()).toEqual(before);
  });

  it("is throttled per address with a German message, revealing nothing", async () => {
    const email = freshEmail();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await subscribe(new Browser(shop), email)).res.status);
    expect(statuses).toEqual([302, 302, 302, 429]);
    const throttled = await subscribe(new Browser(shop), email);
    expect(throttled.res.status).toBe(429);
    expect(throttled.html).toContain("Zu viele Versuche.");
    // the five-minute pause between links: three accepted requests, one mail
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("needs its CSRF token and refuses cross-site posts", async () => {
    const before = await marketingTables();
    const browser = new Browser(shop);
    await browser.get(PAGE);
    const fields = { intent: "subscribe", email: freshEmail(), website: "" };
    expect((await browser.post(PAGE, fields, { csrf: null })).res.status).toBe(403);
    expect((await browser.post(PAGE, fields, { csrf: "forged.token" })).res.status).toBe(403);
    const crossSite = await shop.fetch(PAGE, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    expect(crossSite.status).toBe(403);
    expect(await marketingTables()).toEqual(before);
  });

  it("twenty simultaneous sign-ups of one address make one subscription, one link and one mail", async () => {
    const email = freshEmail();
    const browsers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const browser = new Browser(shop);
        const page = await browser.get(PAGE);
        return {
          browser,
          csrf: csrfOf(page.html),
          started: /name="form_started"[^>]*value="([^"]*)"/.exec(page.html)![1],
        };
      }),
    );
    // the throttle lets three of them through (per address and hour); those three race each other
    const answers = await Promise.all(
      browsers.map(({ browser, csrf, started }) =>
        browser.post(PAGE, { intent: "subscribe", email, website: "", form_started: started }, { csrf }),
      ),
    );
    const statuses = answers.map((a) => a.res.status).sort();
    expect(statuses.filter((s) => s === 302)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(17);
    expect(await rows("SELECT id FROM newsletter_subscription WHERE email = ?", email)).toHaveLength(1);
    expect(
      await rows(
        "SELECT t.token_hash FROM newsletter_token t JOIN newsletter_subscription s ON s.id = t.subscription_id WHERE s.email = ?",
        email,
      ),
    ).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await recordsOf(email)).toHaveLength(1);
  });
});

describe("the confirmation link", () => {
  it("opening it changes nothing; its button confirms once, sends the welcome mail and records it", async () => {
    const email = freshEmail();
    const browser = new Browser(shop);
    await subscribe(browser, email);
    const link = await mailedLink(shop, email);
    const opened = await browser.get(link);
    expect(opened.res.status).toBe(200);
    expect(opened.res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(opened.html).toContain("Anmeldung bestätigen");
    expect(opened.html).toContain(email);
    await browser.get(link);
    expect((await subscriptionOf(email))?.status).toBe("pending");
    // without its token the button's post is refused
    expect((await browser.post(link, {}, { csrf: null })).res.status).toBe(403);
    expect((await subscriptionOf(email))?.status).toBe("pending");

    const confirmed = await browser.post(link, {}, { csrf: csrfOf(opened.html) });
    expect(confirmed.res.status).toBe(302);
    expect(confirmed.res.headers.get("Location")).toBe(PAGE);
    expect((await browser.follow(confirmed)).html).toContain("Danke! Deine Anmeldung zum Newsletter ist bestätigt.");
    const subscription = await subscriptionOf(email);
    expect(subscription?.status).toBe("confirmed");
    expect(subscription?.confirmed_at).toEqual(expect.any(String));
    expect((await recordsOf(email)).map((r) => [r.old_value, r.new_value, r.source])).toEqual([
      ["none", "pending", "visitor-form"],
      ["pending", "confirmed", "confirmation-link"],
    ]);

    const welcome = (await mailsTo(email)).at(-1)!;
    expect(welcome.subject).toBe("Willkommen beim Frischkorb-Newsletter");
    expect(String(welcome.text_body)).toMatch(
      new RegExp(`\\nhttps?://[^/\\s]+/newsletter/unsubscribe/${subscription?.id}/[0-9a-f]{64}$`),
    );
    const headers = JSON.parse(String(welcome.headers));
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers["List-Unsubscribe"]).toBe(`<${String(welcome.text_body).split("\n").at(-1)}>`);

    // a second use: refused, nothing changes, no second welcome
    const before = await marketingTables();
    const again = await browser.post(link, {}, { csrf: csrfOf(opened.html) });
    expect(again.res.status).toBe(410);
    expect(again.html).toContain("Dieser Bestätigungslink ist ungültig oder abgelaufen.");
    expect((await browser.get(link)).res.status).toBe(410);
    expect(await marketingTables()).toEqual(before);
  });

  it("an expired link and an unknown one are refused and change nothing", async () => {
    const email = freshEmail();
    const browser = new Browser(shop);
    await subscribe(browser, email);
    const link = await mailedLink(shop, email);
    const page = await browser.get(link);
    await shop.db
      .prepare(
        "UPDATE newsletter_token SET expires_at = unixepoch() - 1, created_at = unixepoch() - 48 * 3600 - 1 WHERE subscription_id = (SELECT id FROM newsletter_subscription WHERE email = ?)",
      )
      .bind(email)
      .run();
    const before = await marketingTables();
    expect((await browser.get(link)).res.status).toBe(410);
    const late = await browser.post(link, {}, { csrf: csrfOf(page.html) });
    expect(late.res.status).toBe(410);
    expect(late.html).toContain("Er gilt 48 Stunden und nur einmal.");
    for (const bad of ["/newsletter/confirm/gibt-es-nicht", `${link}x`]) {
      expect((await browser.get(bad)).res.status, bad).toBe(410);
      expect((await browser.post(bad, {}, { csrf: csrfOf(page.html) })).res.status, bad).toBe(410);
    }
    expect(await marketingTables()).toEqual(before);
    // a new request after the expiry sends a new link
    await subscribe(browser, email);
    expect(await mailsTo(email)).toHaveLength(2);
  });
});

describe("the unsubscribe link", () => {
  it("opening it changes nothing; its button unsubscribes at once, without sign-in or token", async () => {
    const { email } = await confirmedVisitor();
    const link = await unsubscribeLink(email);
    const browser = new Browser(shop);
    const opened = await browser.get(link);
    expect(opened.res.status).toBe(200);
    expect(opened.res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(opened.html).toContain("Abmelden");
    expect((await subscriptionOf(email))?.status).toBe("confirmed");
    const posted = await browser.post(link, {}, { csrf: null });
    expect(posted.res.status).toBe(302);
    expect(posted.res.headers.get("Location")).toBe(link);
    const after = await browser.follow(posted);
    expect(after.html).toContain("Du bist vom Newsletter abgemeldet.");
    expect(after.html).not.toContain(">Abmelden<");
    expect((await subscriptionOf(email))?.status).toBe("unsubscribed");
    expect((await recordsOf(email)).at(-1)).toEqual({
      customer_id: null,
      email,
      channel: "newsletter",
      old_value: "confirmed",
      new_value: "unsubscribed",
      source: "unsubscribe-link",
    });
    // again: nothing more to record
    const count = (await recordsOf(email)).length;
    expect((await browser.post(link, {}, { csrf: null })).res.status).toBe(302);
    expect(await recordsOf(email)).toHaveLength(count);
  });

  it("takes a mail program's one-click post: no cookie, no token, a foreign or no Origin", async () => {
    for (const origin of ["https://mail.example", null]) {
      const { email } = await confirmedVisitor();
      const link = await unsubscribeLink(email);
      const res = await shop.fetch(link, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          ...(origin ? { Origin: origin, "Sec-Fetch-Site": "cross-site" } : {}),
        },
        body: "List-Unsubscribe=One-Click",
      });
      expect(res.status, String(origin)).toBe(200);
      expect((await subscriptionOf(email))?.status).toBe("unsubscribed");
      expect((await recordsOf(email)).at(-1)?.source).toBe("one-click");
    }
  });

  it("a wrong token or id is a German 404 and changes nothing, also for one-click", async () => {
    const { email } = await confirmedVisitor();
    const { email: other } = await confirmedVisitor();
    const link = await unsubscribeLink(email);
    const [, , , id, token] = link.split("/");
    const otherId = (await subscriptionOf(other))?.id;
    const before = await marketingTables();
    for (const bad of [
      `/newsletter/unsubscribe/${id}/${"0".repeat(64)}`,
      `/newsletter/unsubscribe/${id}/${token.slice(1)}`,
      `/newsletter/unsubscribe/${otherId}/${token}`,
      `/newsletter/unsubscribe/x/${token}`,
      `/newsletter/unsubscribe/999999999/${token}`,
    ]) {
      const page = await new Browser(shop).get(bad);
      expect(page.res.status, bad).toBe(404);
      expect(page.html, bad).toContain("Dieser Abmeldelink ist ungültig.");
      const oneClick = await shop.fetch(bad, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.status, bad).toBe(404);
    }
    expect(await marketingTables()).toEqual(before);
  });

  it("is the only path a cross-site post reaches", async () => {
    for (const path of [PAGE, "/newsletter/confirm/x", "/newsletter/unsubscribe/1/x/y", "/logout"]) {
      const res = await shop.fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(res.status, path).toBe(403);
    }
  });
});

describe("a signed-in customer", () => {
  let nextId = 820001;
  async function customer() {
    const id = nextId++;
    const email = `werbung-${id}@example.org`;
    await prepareTestCustomer(shop.db, { id, email, firstname: "Wera", lastname: "Werbung", gender: "w" }).run();
    const browser = new Browser(shop);
    await signIn(browser, email);
    return { id, email, browser };
  }
  const save = async (browser: Browser, fields: Record<string, string>) => {
    const page = await browser.get(PAGE);
    return browser.post(PAGE, { intent: "preferences", ...fields }, { csrf: csrfOf(page.html) });
  };
  /** The names of the page's checked switches, as the server rendered them. */
  const checkedSwitches = (html: string) =>
    [...html.matchAll(/<input[^>]*type="checkbox"[^>]*>/g)]
      .filter(([input]) => /\schecked(=""|\s|\/?>)/.test(input))
      .map(([input]) => /name="([^"]+)"/.exec(input)?.[1])
      // the consent banner's "Notwendig" is always ticked and sends nothing
      .filter((name) => name !== undefined);
  const preferencesOf = async (id: number) =>
    (
      await rows("SELECT personalised_offers, postal_advertising FROM marketing_preference WHERE customer_id = ?", id)
    )[0];
  const customerRecords = (id: number) =>
    rows(
      "SELECT channel, old_value, new_value, source FROM marketing_consent_record WHERE customer_id = ? ORDER BY id",
      id,
    );

  it("switches personalised offers and postal advertising at once, each change recorded", async () => {
    const { id, browser } = await customer();
    const page = await browser.get(PAGE);
    expect(page.res.status).toBe(200);
    expect(page.res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.html).toContain("Persönliche Angebote");
    expect(page.html).toContain("Werbung per Post");
    expect(page.html).toContain("Nicht angemeldet. An ");
    expect(checkedSwitches(page.html)).toEqual([]);

    const saved = await save(browser, { personalisedOffers: "on" });
    expect(saved.res.status).toBe(302);
    expect((await browser.follow(saved)).html).toContain("Deine Einstellungen sind gespeichert.");
    expect(await preferencesOf(id)).toEqual({ personalised_offers: 1, postal_advertising: 0 });
    await save(browser, { postalAdvertising: "on" });
    expect(await preferencesOf(id)).toEqual({ personalised_offers: 0, postal_advertising: 1 });
    expect(checkedSwitches((await browser.get(PAGE)).html)).toEqual(["postalAdvertising"]);
    await save(browser, { postalAdvertising: "on" });
    await save(browser, {});
    expect(await preferencesOf(id)).toEqual({ personalised_offers: 0, postal_advertising: 0 });
    expect(await customerRecords(id)).toEqual([
      { channel: "personalised_offers", old_value: "off", new_value: "on", source: "account" },
      { channel: "personalised_offers", old_value: "on", new_value: "off", source: "account" },
      { channel: "postal_advertising", old_value: "off", new_value: "on", source: "account" },
      { channel: "postal_advertising", old_value: "on", new_value: "off", source: "account" },
    ]);
  });

  it("switches the newsletter on by double opt-in and off at once", async () => {
    const { id, email, browser } = await customer();
    const on = await save(browser, { newsletter: "on" });
    expect(on.res.status).toBe(302);
    const pending = await browser.follow(on);
    expect(pending.html).toContain("Bitte bestätige den Newsletter über den Link in der E-Mail");
    expect(pending.html).toContain("Bestätigung ausstehend");
    expect((await subscriptionOf(email))?.status).toBe("pending");
    // saving again while the link is out sends no second one
    await save(browser, { newsletter: "on" });
    expect(await mailsTo(email)).toHaveLength(1);

    expect((await confirmThroughMail(browser, email)).res.status).toBe(302);
    expect((await browser.get(PAGE)).html).toContain("Angemeldet. An ");
    expect((await mailsTo(email)).at(-1)?.subject).toBe("Willkommen beim Frischkorb-Newsletter");

    const off = await save(browser, {});
    expect((await browser.follow(off)).html).toContain("Du bekommst keinen Newsletter mehr.");
    expect((await subscriptionOf(email))?.status).toBe("unsubscribed");
    expect(await recordsOf(email)).toEqual([
      { customer_id: id, email, channel: "newsletter", old_value: "none", new_value: "pending", source: "account" },
      {
        customer_id: null,
        email,
        channel: "newsletter",
        old_value: "pending",
        new_value: "confirmed",
        source: "confirmation-link",
      },
      {
        customer_id: id,
        email,
        channel: "newsletter",
        old_value: "confirmed",
        new_value: "unsubscribed",
        source: "account",
      },
    ]);
    // switched off while a link was out: the link no longer confirms
    await save(browser, { newsletter: "on" });
    const link = await mailedLink(shop, email);
    await save(browser, {});
    expect((await browser.get(link)).res.status).toBe(410);
  });

  it("refuses tampered switches, unknown fields and intents: 400 or a German message, nothing written", async () => {
    const { id, browser } = await customer();
    const before = await marketingTables();
    const cases: [Record<string, string>, string][] = [
      [{ newsletter: "yes" }, "Bitte schalte diese Einstellung nur über das Kästchen ein oder aus."],
      [{ postalAdvertising: "1" }, "Bitte schalte diese Einstellung nur über das Kästchen ein oder aus."],
      [{ personalisedOffers: "on", customerId: "100001" }, "Das Formular enthält Angaben, die wir nicht kennen."],
      [{ personalisedOffers: "on", email: DEMO.active }, "Das Formular enthält Angaben, die wir nicht kennen."],
    ];
    for (const [fields, message] of cases) {
      const res = await save(browser, fields);
      expect(res.res.status, JSON.stringify(fields)).toBe(400);
      expect(res.html, JSON.stringify(fields)).toContain(message);
    }
    const page = await browser.get(PAGE);
    for (const intent of ["delete", "", "preferences2"]) {
      const res = await browser.post(PAGE, { intent, newsletter: "on" }, { csrf: csrfOf(page.html) });
      expect(res.res.status, intent).toBe(400);
    }
    expect(await marketingTables()).toEqual(before);
    expect(await preferencesOf(id)).toBeUndefined();
  });

  it("twenty simultaneous saves switching the newsletter on make one subscription, one mail, one record", async () => {
    const { id, email, browser } = await customer();
    const csrf = csrfOf((await browser.get(PAGE)).html);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        browser.post(PAGE, { intent: "preferences", newsletter: "on", personalisedOffers: "on" }, { csrf }),
      ),
    );
    expect(answers.map((a) => a.res.status)).toEqual(Array(20).fill(302));
    expect(await rows("SELECT id FROM newsletter_subscription WHERE email = ?", email)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await recordsOf(email)).toHaveLength(1);
    expect(await customerRecords(id)).toEqual([
      { channel: "personalised_offers", old_value: "off", new_value: "on", source: "account" },
      { channel: "newsletter", old_value: "none", new_value: "pending", source: "account" },
    ]);
  });

  it("reaches the page from the personal data page; the footer links it on every page", async () => {
    const { browser } = await customer();
    expect((await browser.get("/account/customer")).html).toContain(`href="${PAGE}"`);
    expect((await new Browser(shop).get("/")).html).toMatch(new RegExp(`href="${PAGE}"[^>]*>Newsletter<`));
  });
});

describe("the proof of consent", () => {
  it("is append-only: the database refuses to change or delete a record", async () => {
    await confirmedVisitor();
    await expect(shop.db.prepare("UPDATE marketing_consent_record SET new_value = 'on'").run()).rejects.toThrow(
      /append-only/,
    );
    await expect(shop.db.prepare("DELETE FROM marketing_consent_record").run()).rejects.toThrow(/append-only/);
  });

  it("the development mailbox shows the one-click headers of a marketing mail", async () => {
    await confirmedVisitor();
    const html = (await new Browser(shop).get("/dev/mailbox")).html;
    expect(html).toMatch(/List-Unsubscribe: &lt;https?:\/\/[^/\s]+\/newsletter\/unsubscribe\/\d+\/[0-9a-f]{64}&gt;/);
    expect(html).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });
});
