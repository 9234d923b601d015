import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, DEMO, csrfOf, mailedLink, signIn } from "./browser";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

let counter = 0;
const freshEmail = () => `kundin-${Date.now()}-${counter++}@example.org`;

function registration(email: string, over: Record<string, string> = {}) {
  return {
    email,
    emailConfirm: email,
    password: "Sommer2026",
    passwordConfirm: "Sommer2026",
    gender: "w",
    firstName: "Erika",
    lastName: "Mustermann",
    dob: "1990-05-17",
    telephone: "+49 341 555555",
    terms: "on",
    privacy: "on",
    values: "on",
    website: "",
    ...over,
  };
}

/** Registers through the form (with the page's honeypot time stamp) and returns the browser. */
async function register(email: string, over: Record<string, string> = {}) {
  const browser = new Browser(shop);
  const page = await browser.get("/register");
  const started = /name="form_started"[^>]*value="([^"]*)"/.exec(page.html)?.[1] ?? "";
  const result = await browser.post(
    "/register",
    { ...registration(email, over), form_started: started },
    { csrf: csrfOf(page.html) },
  );
  return { browser, result };
}

async function registerAndActivate(email = freshEmail()) {
  const { browser, result } = await register(email);
  expect(result.res.status).toBe(200);
  const activation = await browser.get(await mailedLink(shop, email));
  expect(activation.res.status).toBe(200);
  return email;
}

describe("registration", () => {
  it("creates a pending customer, mails the activation link, and the link works exactly once", async () => {
    const email = freshEmail();
    const { browser, result } = await register(email);
    expect(result.res.status).toBe(200);
    expect(result.html).toContain("Fast geschafft!");
    expect(result.html).toContain(email);
    const link = await mailedLink(shop, email);
    expect(link).toMatch(/^\/customer\/activate\/user\/\d+\/activationtoken\/[A-Za-z0-9_-]{40,}$/);

    const mail = await shop.db
      .prepare("SELECT subject, text_body FROM outbox WHERE recipient = ?")
      .bind(email)
      .first<{ subject: string; text_body: string }>();
    expect(mail!.subject).toBe("Bitte aktiviere dein Frischkorb-Kundenkonto");
    expect(mail!.text_body).toContain("Hallo Erika,");

    const pending = await signIn(browser, email, "Sommer2026");
    expect(pending.res.status).toBe(403);

    const first = await browser.get(link);
    expect(first.res.status).toBe(200);
    expect(first.html).toContain("Dein Kundenkonto ist aktiviert");
    const second = await browser.get(link);
    expect(second.res.status).toBe(410);
    expect(second.html).toContain("Aktivierung nicht möglich");

    const signedIn = await signIn(browser, email, "Sommer2026");
    expect(signedIn.res.status).toBe(302);
    expect(signedIn.res.headers.get("Location")).toBe("/");
  });

  it("answers bad input with German messages next to the fields, keeps values but never passwords", async () => {
    const { result } = await register("erika@", {
      emailConfirm: "anders@example.org",
      dob: "2010-01-01",
      telephone: "abc",
      gender: "",
    });
    expect(result.res.status).toBe(400);
    expect(result.html).toContain("Bitte gib eine gültige E-Mail-Adresse ein.");
    expect(result.html).toContain("Du musst 18 Jahre alt sein");
    expect(result.html).toContain("Bitte gib eine gültige Telefonnummer ein");
    expect(result.html).toContain("Bitte wähle eine Anrede.");
    expect(result.html).toContain('value="erika@"');
    expect(result.html).toContain('value="Mustermann"');
    expect(result.html).toContain('value="2010-01-01"');
    expect(result.html).not.toContain("Sommer2026");
    expect(result.html).toMatch(/aria-invalid="true"/);
  });

  it("refuses an address that already has an account with messages.api.customerAlreadyExists", async () => {
    const { result } = await register(DEMO.active);
    expect(result.res.status).toBe(409);
    expect(result.html).toContain("Zu dieser E-Mail-Adresse gibt es bereits ein Kundenkonto.");
  });

  it("stops a bot that fills the honeypot", async () => {
    const email = freshEmail();
    const { result } = await register(email, { website: "https://spam.example" });
    expect(result.res.status).toBe(400);
    const row = await shop.db
      .prepare("SELECT COUNT(*) AS n FROM customer WHERE email = ?")
      .bind(email)
      .first<{ n: number }>();
    expect(row!.n).toBe(0);
  });

  it("ten simultaneous registrations of one address make exactly one customer", async () => {
    const email = freshEmail();
    const results = await Promise.all(Array.from({ length: 10 }, () => register(email)));
    const statuses = results.map((r) => r.result.res.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const row = await shop.db
      .prepare("SELECT COUNT(*) AS n FROM customer WHERE email = ?")
      .bind(email)
      .first<{ n: number }>();
    expect(row!.n).toBe(1);
  });
});

describe("sign-in failures", () => {
  const cases = [
    {
      name: "unknown address",
      email: "niemand@example.org",
      password: DEMO.password,
      status: 401,
      text: "Die Anmeldung war nicht erfolgreich. Überprüfe deine Zugangsdaten.",
    },
    {
      name: "wrong password",
      email: DEMO.pending,
      password: "Falsch123",
      status: 401,
      text: "Die Anmeldung war nicht erfolgreich. Überprüfe deine Zugangsdaten.",
    },
    {
      name: "not activated",
      email: DEMO.pending,
      password: DEMO.password,
      status: 403,
      text: "Dein Kundenkonto ist noch nicht aktiviert.",
    },
    {
      name: "blocked",
      email: DEMO.blocked,
      password: DEMO.password,
      status: 409,
      text: "Dein Kundenkonto ist gesperrt.",
    },
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.status} with its German message, no session`, async () => {
      const browser = new Browser(shop);
      const { res, html } = await signIn(browser, c.email, c.password);
      expect(res.status).toBe(c.status);
      expect(html).toContain(c.text);
      expect(html).toContain(`value="${c.email}"`);
      expect(html).not.toContain(`value="${c.password}"`);
      expect(browser.cookies.has("__session")).toBe(false);
    });
  }

  it("a not activated customer can have the link sent again", async () => {
    const browser = new Browser(shop);
    const failed = await signIn(browser, DEMO.pending);
    expect(failed.html).toContain("Aktivierungslink erneut senden");
    const before = await shop.db
      .prepare("SELECT COUNT(*) AS n FROM outbox WHERE recipient = ?")
      .bind(DEMO.pending)
      .first<{ n: number }>();
    const resent = await browser.post(
      "/login",
      { intent: "resendActivation", email: DEMO.pending },
      { csrf: csrfOf(failed.html) },
    );
    expect(resent.res.status).toBe(200);
    expect(resent.html).toContain("haben wir dir einen neuen Aktivierungslink geschickt");
    const after = await shop.db
      .prepare("SELECT COUNT(*) AS n FROM outbox WHERE recipient = ?")
      .bind(DEMO.pending)
      .first<{ n: number }>();
    expect(after!.n).toBe(before!.n + 1);
  });

  // Locally every request is one client (CF-Connecting-IP is only trusted where Cloudflare sets it);
  // the policy across clients and devices: sign-in-throttling.test.ts, on a deployed shop.
  it("throttles repeated failures of one client for an address, with a German message, even for the right password", async () => {
    const email = await registerAndActivate();
    for (let i = 0; i < 5; i++) {
      const attempt = await signIn(new Browser(shop), email, `Falsch${i}x`);
      expect(attempt.res.status).toBe(401);
    }
    const blocked = await signIn(new Browser(shop), email, "Sommer2026");
    expect(blocked.res.status).toBe(429);
    expect(blocked.html).toContain("Zu viele Versuche. Bitte warte ein paar Minuten");
  });
});

describe("sessions", () => {
  it("sign-in sets a HttpOnly SameSite=Lax session cookie and goes back to redirectTo", async () => {
    const browser = new Browser(shop);
    const page = await browser.get("/login?redirectTo=%2Faccount%2Faddress");
    const res = (
      await browser.post(
        "/login",
        { intent: "login", email: DEMO.active, password: DEMO.password, redirectTo: "/account/address" },
        { csrf: csrfOf(page.html) },
      )
    ).res;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/account/address");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // The database keeps only a hash of the id: a copy of it signs no one in.
    const cookieValue = decodeURIComponent(browser.cookies.get("__session")!);
    const { results } = await shop.db.prepare("SELECT id_hash FROM session").all<{ id_hash: string }>();
    expect(results.length).toBeGreaterThan(0);
    expect(results.some((r) => cookieValue.includes(r.id_hash))).toBe(false);
  });

  it("never sends a customer to another site after sign-in", async () => {
    const browser = new Browser(shop);
    const page = await browser.get("/login");
    const res = (
      await browser.post(
        "/login",
        { intent: "login", email: DEMO.active, password: DEMO.password, redirectTo: "https://evil.example/" },
        { csrf: csrfOf(page.html) },
      )
    ).res;
    expect(res.headers.get("Location")).toBe("/");
  });

  it("signed-in customers are sent away from /login, /register and /password/forgot", async () => {
    const browser = new Browser(shop);
    await signIn(browser);
    expect((await browser.get("/login")).res.headers.get("Location")).toBe("/");
    expect((await browser.get("/register")).res.headers.get("Location")).toBe("/");
    expect((await browser.get("/password/forgot")).res.headers.get("Location")).toBe("/account/customer");
  });

  it("logout ends the session on the server: a replayed cookie is refused", async () => {
    const browser = new Browser(shop);
    await signIn(browser);
    const stolen = browser.cookies.get("__session")!;
    const account = await browser.get("/account");
    expect(account.res.status).toBe(200);
    const out = await browser.post("/logout", {}, { csrf: csrfOf(account.html) });
    expect(out.res.status).toBe(302);
    expect(out.res.headers.get("Location")).toBe("/");
    const home = await browser.follow(out);
    expect(home.html).toContain("Du wurdest erfolgreich abgemeldet.");

    const replay = new Browser(shop);
    replay.cookies.set("__session", stolen);
    const res = (await replay.get("/account")).res;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Faccount");
  });

  it("an expired session goes to /login with the warning, on any page", async () => {
    const email = await registerAndActivate();
    const browser = new Browser(shop);
    await signIn(browser, email, "Sommer2026");
    await shop.db
      .prepare(
        "UPDATE session SET last_seen_at = last_seen_at - 2 * 86400 WHERE customer_id = (SELECT id FROM customer WHERE email = ?)",
      )
      .bind(email)
      .run();
    const res = (await browser.get("/catalog/category/milch")).res;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fcatalog%2Fcategory%2Fmilch");
    expect(browser.cookies.has("__session")).toBe(false);
    const login = await browser.get(res.headers.get("Location")!);
    expect(login.html).toContain("Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.");
    expect(
      (await shop.db
        .prepare("SELECT COUNT(*) AS n FROM session WHERE customer_id = (SELECT id FROM customer WHERE email = ?)")
        .bind(email)
        .first<{ n: number }>())!.n,
    ).toBe(0);
  });

  it("every login-required route sends a visitor to /login with the way back", async () => {
    const visitor = new Browser(shop);
    for (const path of [
      "/account",
      "/account/customer",
      "/account/address",
      "/account/address/new",
      "/account/wishlist",
      "/cart",
      "/checkout",
      "/checkout/success",
      "/account/cards",
      "/account/cards/apply",
      "/account/balance",
      "/account/shareholder",
      "/account/shareholder/listing",
      "/account/order/overview",
      "/content/shares",
      "/content/shares/confirm",
      "/content/shares/cancel",
      "/account/shareholder/status",
    ]) {
      const res = (await visitor.get(path)).res;
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  it("account pages and personal pages are private, no-store", async () => {
    const browser = new Browser(shop);
    await signIn(browser);
    for (const path of [
      "/account",
      "/account/customer",
      "/account/address",
      "/account/wishlist",
      "/",
      "/catalog/category/milch",
    ]) {
      const res = (await browser.get(path)).res;
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });
});

describe("CSRF", () => {
  it("a form post without or with a wrong token is refused with 403", async () => {
    const browser = new Browser(shop);
    await signIn(browser);
    const page = await browser.get("/account/address/new");
    const fields = { street: "Teststraße", houseNumber: "1", zip: "04109", city: "Leipzig", country: "DE" };
    expect((await browser.post("/account/address/new", fields, { csrf: null })).res.status).toBe(403);
    expect((await browser.post("/account/address/new", fields, { csrf: "forged.token" })).res.status).toBe(403);
    expect((await browser.post("/account/address/new", fields, { csrf: csrfOf(page.html) })).res.status).toBe(302);
    expect(
      (
        await new Browser(shop).post(
          "/login",
          { intent: "login", email: DEMO.active, password: DEMO.password },
          { csrf: csrfOf(page.html) },
        )
      ).res.status,
    ).toBe(403);
  });

  it("card posts without or with a forged token are refused with 403 and change nothing", async () => {
    const browser = new Browser(shop);
    await signIn(browser);
    const page = await browser.get("/account/cards/300001/alias");
    const cardData = async () => [
      (await shop.db.prepare("SELECT * FROM card WHERE customer_id = 100001 ORDER BY id").all()).results,
      (await shop.db.prepare("SELECT * FROM card_event ORDER BY id").all()).results,
      (await shop.db.prepare("SELECT * FROM card_application ORDER BY id").all()).results,
    ];
    const before = await cardData();
    const posts: [string, Record<string, string>][] = [
      ["/account/cards/300001/alias", { alias: "Gekapert", version: "1" }],
      ["/account/cards/300001/status", { change: "lock", version: "1" }],
      ["/account/cards/300005/pin", { intent: "set", pin: "1111", pinRepeat: "1111", version: "1" }],
      ["/account/cards/300001/pin", { intent: "disable", password: DEMO.password, version: "1" }],
      [
        "/account/cards/apply",
        {
          storeId: "leipzig-gohlis",
          gender: "w",
          telephone: "+49 341 1234567",
          sepaHolder: "Anna Schmidt",
          sepaBank: "Sparkasse Leipzig",
          iban: "DE89370400440532013000",
          bic: "COBADEFFXXX",
          sepaConsent: "on",
          terms: "on",
          privacy: "on",
        },
      ],
      ["/dev/cards", { intent: "block", cardId: "300001" }],
      ["/dev/cards", { intent: "pinFailure", cardId: "300001" }],
    ];
    for (const [path, fields] of posts) {
      expect((await browser.post(path, fields, { csrf: null })).res.status, `${path} without token`).toBe(403);
      expect((await browser.post(path, fields, { csrf: "forged.token" })).res.status, `${path} forged`).toBe(403);
      const foreign = csrfOf((await new Browser(shop).get("/login")).html);
      expect((await browser.post(path, fields, { csrf: foreign })).res.status, `${path} foreign token`).toBe(403);
    }
    expect(await cardData()).toEqual(before);
    // the same post with the page's own token goes through
    const renamed = await browser.post("/account/cards/300001/alias", posts[0][1], { csrf: csrfOf(page.html) });
    expect(renamed.res.status).toBe(302);
    expect(await cardData()).not.toEqual(before);
  });

  it("a sell-shares post without or with a forged token is refused with 403 and marks nothing", async () => {
    const browser = new Browser(shop);
    await signIn(browser);
    const page = await browser.get("/account/shareholder/sell");
    const ledger = async () =>
      (await shop.db.prepare("SELECT * FROM share_entry WHERE customer_id = 100001 ORDER BY id").all()).results;
    const before = await ledger();
    const path = "/account/shareholder/sell";
    expect((await browser.post(path, { quantity: "1" }, { csrf: null })).res.status).toBe(403);
    expect((await browser.post(path, { quantity: "1" }, { csrf: "forged.token" })).res.status).toBe(403);
    const foreign = csrfOf((await new Browser(shop).get("/login")).html);
    expect((await browser.post(path, { quantity: "1" }, { csrf: foreign })).res.status).toBe(403);
    expect(await ledger()).toEqual(before);
    // the page's own token gets past the check to the form's own answer (no share: 400, nothing written)
    expect((await browser.post(path, { quantity: "0" }, { csrf: csrfOf(page.html) })).res.status).toBe(400);
    expect(await ledger()).toEqual(before);
  });

  it("a cross-site post is refused before any action runs", async () => {
    const res = await shop.fetch("/logout", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      body: new URLSearchParams({}),
    });
    expect(res.status).toBe(403);
  });
});

describe("password reset", () => {
  it("answers the same for known and unknown addresses", async () => {
    const answer = async (email: string) => {
      const browser = new Browser(shop);
      const { res, html } = await browser.submit("/password/forgot", { email });
      const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
      return { status: res.status, main: main.replace(/value="[^"]*"/g, "") };
    };
    const known = await answer(DEMO.active);
    const unknown = await answer("gibt-es-nicht@example.org");
    expect(known.status).toBe(200);
    expect(known).toEqual(unknown);
    expect(known.main).toContain("Falls zu dieser E-Mail-Adresse ein Kundenkonto existiert");
  });

  it("sets a new password through the mailed link once and ends every session", async () => {
    const email = await registerAndActivate();
    const other = new Browser(shop);
    await signIn(other, email, "Sommer2026");
    expect((await other.get("/account")).res.status).toBe(200);

    const browser = new Browser(shop);
    await browser.submit("/password/forgot", { email });
    const link = await mailedLink(shop, email);
    expect(link).toMatch(/^\/password\/reset\/\d+\/[A-Za-z0-9_-]+$/);
    const weak = await browser.submit(link, { password: "kurz1", passwordConfirm: "kurz1" });
    expect(weak.res.status).toBe(400);
    expect(weak.html).toContain("Das Passwort muss mindestens 8 Zeichen lang sein.");
    const done = await browser.submit(link, { password: "Winter2027", passwordConfirm: "Winter2027" });
    expect(done.res.status).toBe(302);
    expect(done.res.headers.get("Location")).toBe("/login");

    expect((await other.get("/account")).res.status).toBe(302);
    expect((await signIn(new Browser(shop), email, "Sommer2026")).res.status).toBe(401);
    expect((await signIn(new Browser(shop), email, "Winter2027")).res.status).toBe(302);
    const again = await browser.get(link);
    expect(again.res.status).toBe(410);
  });

  it("ten simultaneous uses of one reset link set exactly one password", async () => {
    const email = await registerAndActivate();
    const browser = new Browser(shop);
    await browser.submit("/password/forgot", { email });
    const link = await mailedLink(shop, email);
    const token = csrfOf((await browser.get(link)).html);
    const passwords = Array.from({ length: 10 }, (_, i) => `Parallel${i}x2027`);
    const answers = await Promise.all(
      passwords.map((password) => browser.post(link, { password, passwordConfirm: password }, { csrf: token })),
    );
    const won = answers.flatMap((a, i) => (a.res.status === 302 ? [passwords[i]] : []));
    expect(won).toHaveLength(1);
    // the winner's password is the account's; a loser's is not (more tries would meet the sign-in throttle)
    expect((await signIn(new Browser(shop), email, won[0])).res.status).toBe(302);
    const loser = passwords.find((p) => p !== won[0])!;
    expect((await signIn(new Browser(shop), email, loser)).res.status).toBe(401);
  });

  it("throttles reset requests per address", async () => {
    const browser = new Browser(shop);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await browser.submit("/password/forgot", { email: "viel-vergessen@example.org" })).res.status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
