/**
 * A database outage is an outage, not a bug (docs/decisions/0036): while D1 cannot be reached,
 * pages answer 503 with Retry-After and the German "nicht erreichbar" page, the JSON API a German
 * 503 of its usual shape, a visitor's catalogue page from the edge cache stands in past its
 * freshness, and a form post loses nothing typed but passwords. A bug stays a 500.
 *
 * The shop's D1 binding fails here as D1 does when it cannot reach its database ("D1_ERROR:
 * Network connection lost."), switched between requests by this file (scripts/miniflare-shop.mjs).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, csrfOf, DEMO, signIn, type Page } from "./browser";
import { startShop, type TestShop } from "./worker";
import { prepareTestCustomer } from "../fixtures/customer";
import { decodeAttribute } from "../fixtures/html";

let shop: TestShop;
let down = false;
beforeAll(async () => {
  shop = await startShop({ databaseDown: () => down, bindings: { EDGE_CACHE_SECONDS: "1" } });
});
afterAll(async () => {
  await shop?.dispose();
});

/** D1 fails for every statement while `run` runs. */
async function duringOutage<T>(run: () => Promise<T>): Promise<T> {
  down = true;
  try {
    return await run();
  } finally {
    down = false;
  }
}

const TEXT = {
  title: "Fehler 503",
  headline: "Frischkorb ist gerade nicht erreichbar",
  text: "Wir kommen gerade nicht an unsere Daten. Das dauert meist nur kurz – bitte versuche es in ein paar Minuten noch einmal.",
  resend: "Noch einmal senden",
  secretsLeftOut: "Passwörter und PINs bewahren wir dabei nicht auf",
  loginUnavailable: "Die Anmeldung ist gerade nicht möglich, weil Frischkorb kurz nicht erreichbar ist.",
  api: "Frischkorb ist gerade nicht erreichbar. Bitte versuche es in ein paar Minuten noch einmal",
  bug: "Hier ist etwas schiefgelaufen",
};
const NOTHING_INTERNAL = /no such table|SQLITE|D1_ERROR|Network connection lost|at \w+ \(|\.js:\d+/;
const PRODUCT = "120001";

/** The page as a reader sees it: React writes quotes and ampersands as entities. */
const text = (html: string) => decodeAttribute(html);

function expectOutagePage(page: Page) {
  expect(page.res.status).toBe(503);
  expect(page.res.headers.get("Retry-After")).toBe("30");
  expect(page.res.headers.get("Cache-Control")).toContain("no-store");
  expect(page.res.headers.get("Content-Type")).toContain("text/html");
  expect(page.html).toContain(`<title>${TEXT.title}`);
  expect(page.html).toContain(TEXT.headline);
  expect(text(page.html)).toContain(TEXT.text);
  expect(page.html).not.toContain(TEXT.bug);
  expect(page.html).not.toMatch(NOTHING_INTERNAL);
}

/** The hidden fields of the outage page's form that sends a post again, and where it goes. */
function resendForm(html: string): { action: string; fields: Record<string, string> } | null {
  const form = /<form method="post" action="([^"]*)" class="error-resend">(.*?)<\/form>/s.exec(html);
  if (!form) return null;
  const fields = Object.fromEntries(
    [...form[2].matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g)].map((m) => [
      decodeAttribute(m[1]),
      decodeAttribute(m[2]),
    ]),
  );
  return { action: decodeAttribute(form[1]), fields };
}

let counter = 0;
async function customer() {
  const email = `ausfall-${Date.now()}-${counter++}@example.org`;
  const id = 960000 + counter;
  await prepareTestCustomer(shop.db, { id, email, firstname: "Ida", lastname: "Ausfall", gender: "w" }).run();
  const browser = new Browser(shop);
  const login = await signIn(browser, email);
  expect(login.res.status).toBe(302);
  await browser.follow(login);
  return { browser, id, email };
}

async function cartQty(customerId: number): Promise<number | null> {
  const row = await shop.db
    .prepare("SELECT qty FROM cart_item WHERE customer_id = ? AND sku = ? AND is_gift = 0")
    .bind(customerId, PRODUCT)
    .first<{ qty: number }>();
  return row?.qty ?? null;
}

describe("pages while D1 fails", () => {
  it("answer 503 with Retry-After and the German page, for visitors and signed-in customers, and work again after", async () => {
    const visitor = new Browser(shop);
    const { browser } = await customer();
    const pages = await duringOutage(async () => ({
      category: await visitor.get("/catalog/category/obst-gemuese"),
      product: await visitor.get(`/catalog/product/${PRODUCT}`),
      account: await browser.get("/account"),
      cart: await browser.get("/cart"),
      signedInCategory: await browser.get("/catalog/category/obst-gemuese"),
    }));
    for (const page of Object.values(pages)) expectOutagePage(page);
    // Nothing was sent, so there is nothing to send again.
    expect(resendForm(pages.category.html)).toBeNull();
    expect((await visitor.get("/catalog/category/obst-gemuese")).res.status).toBe(200);
    expect((await browser.get("/account")).res.status).toBe(200);
  });

  it("a navigation's data answers 503 with Retry-After too (the error page in the browser)", async () => {
    const data = await duringOutage(() => new Browser(shop).get("/catalog/category/brot-backwaren.data"));
    expect(data.res.status).toBe(503);
    expect(data.res.headers.get("Retry-After")).toBe("30");
    expect(data.html).toContain("databaseUnavailable");
    expect(data.html).not.toMatch(NOTHING_INTERNAL);
  });

  it("a bug that is no outage stays a 500 (a missing table)", async () => {
    await shop.db.prepare("ALTER TABLE product RENAME TO product_away").run();
    let page: Page;
    try {
      page = await new Browser(shop).get(`/catalog/product/${PRODUCT}`);
    } finally {
      await shop.db.prepare("ALTER TABLE product_away RENAME TO product").run();
    }
    expect(page.res.status).toBe(500);
    expect(page.res.headers.get("Retry-After")).toBeNull();
    expect(page.html).toContain(TEXT.bug);
    expect(page.html).not.toContain(TEXT.headline);
    expect(page.html).not.toMatch(NOTHING_INTERNAL);
  });
});

describe("the JSON API while D1 fails", () => {
  const json = { "Content-Type": "application/json" };

  it("answers 503 in German in its usual error shape, with Retry-After, signed in or not", async () => {
    const token = (await (
      await shop.fetch("/rest/V1/integration/customer/token", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ username: DEMO.active, password: DEMO.password }),
      })
    ).json()) as { access_token: string };
    const answers = await duringOutage(async () => [
      await shop.fetch("/rest/V1/els/search?q=milch"),
      await shop.fetch("/rest/V1/customer/me", { headers: { Authorization: `Bearer ${token.access_token}` } }),
      await shop.fetch("/rest/V1/integration/customer/token", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ username: DEMO.active, password: DEMO.password }),
      }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(res.headers.get("Retry-After")).toBe("30");
      expect(res.headers.get("Content-Type")).toContain("application/json");
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      const body = await res.text();
      expect(JSON.parse(body)).toEqual({ message: expect.stringContaining(TEXT.api), parameters: [] });
      expect(body).not.toMatch(NOTHING_INTERNAL);
    }
    expect((await shop.fetch("/rest/V1/els/search?q=milch")).status).toBe(200);
  });

  it("describes the 503 in its OpenAPI document", async () => {
    const doc = (await (await shop.fetch("/rest/V1/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(doc.paths["/rest/V1/els/search"].get.responses["503"]).toBeDefined();
  });
});

describe("the edge cache while D1 fails", () => {
  const PAGE = "/catalog/category/milch";

  /** The page from the edge cache: asked until the copy stored after the first answer is there. */
  async function cached(pathname: string): Promise<Page> {
    for (let i = 0; i < 40; i++) {
      const page = await new Browser(shop).get(pathname);
      if (page.res.headers.get("X-Edge-Cache") === "HIT") return page;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${pathname} never came from the edge cache`);
  }

  it("serves a visitor's page cached before the outage past its freshness (200, marked stale)", async () => {
    const before = await cached(PAGE);
    expect(before.html).toContain("Vollmilch");
    // Past its freshness (EDGE_CACHE_SECONDS=1): with D1 up it would be rendered anew.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const { stale, uncached } = await duringOutage(async () => ({
      stale: await new Browser(shop).get(PAGE),
      uncached: await new Browser(shop).get("/catalog/category/kaese"),
    }));
    expect(stale.res.status).toBe(200);
    expect(stale.res.headers.get("X-Edge-Cache")).toBe("STALE");
    expect(stale.res.headers.get("Retry-After")).toBeNull();
    expect(stale.res.headers.get("Cache-Control")).toBe(before.res.headers.get("Cache-Control"));
    expect(stale.res.headers.has("X-Fresh-Until")).toBe(false);
    expect(stale.html).toContain("Vollmilch");
    expect(stale.html).not.toContain(TEXT.headline);
    // Its own nonce, like every answer from the cache.
    const nonce = (page: Page) => /nonce="([^"]+)"/.exec(page.html)?.[1];
    expect(nonce(stale)).toBeDefined();
    expect(nonce(stale)).not.toBe(nonce(before));
    expect(stale.res.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonce(stale)}'`);
    // A page that was never cached has nothing to stand in for it.
    expectOutagePage(uncached);
  });

  it("renders a stale page anew once D1 answers again, and caches that", async () => {
    await cached(PAGE);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const fresh = await new Browser(shop).get(PAGE);
    expect(fresh.res.status).toBe(200);
    expect(fresh.res.headers.get("X-Edge-Cache")).toBeNull();
    expect((await cached(PAGE)).res.status).toBe(200);
  });
});

describe("forms while D1 fails", () => {
  it("sign-in: the form comes back (503) with the address typed and a German message, never the password", async () => {
    const browser = new Browser(shop);
    const form = await browser.get("/login");
    const page = await duringOutage(() =>
      browser.post(
        "/login",
        { intent: "login", email: "ida.typed@example.org", password: "Geheim-Passwort-1", redirectTo: "/" },
        { csrf: csrfOf(form.html) },
      ),
    );
    expect(page.res.status).toBe(503);
    expect(page.res.headers.get("Retry-After")).toBe("30");
    expect(text(page.html)).toContain(TEXT.loginUnavailable);
    expect(page.html).toMatch(/<form[^>]*id="login"/);
    expect(page.html).toContain('value="ida.typed@example.org"');
    expect(page.html).not.toContain("Geheim-Passwort-1");
    expect(page.html).not.toMatch(NOTHING_INTERNAL);
    expect(page.res.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
  });

  it("sign-in with JavaScript: the action's answer is the same 503 with the form's message", async () => {
    const browser = new Browser(shop);
    const form = await browser.get("/login");
    const answer = await duringOutage(() =>
      browser.post(
        "/login.data",
        { intent: "login", email: "ida.typed@example.org", password: "Geheim-Passwort-1" },
        { csrf: csrfOf(form.html) },
      ),
    );
    expect(answer.res.status).toBe(503);
    expect(answer.html).toContain("account:login.unavailable");
    expect(answer.html).not.toContain("Geheim-Passwort-1");
  });

  it("a cart add without JavaScript: the 503 page keeps the post and sends it again once D1 answers", async () => {
    const { browser, id } = await customer();
    const product = await browser.get(`/catalog/product/${PRODUCT}`);
    const fields = { intent: "add", sku: PRODUCT, qty: "1", redirectTo: `/catalog/product/${PRODUCT}` };
    const page = await duringOutage(() => browser.post("/cart", fields, { csrf: csrfOf(product.html) }));
    expectOutagePage(page);
    expect(await cartQty(id)).toBeNull();
    const resend = resendForm(page.html);
    expect(resend).toEqual({ action: "/cart", fields: { ...fields, csrf: csrfOf(product.html) } });
    expect(text(page.html)).not.toContain(TEXT.secretsLeftOut);
    expect(page.html).toContain(TEXT.resend);

    const again = await browser.post(resend!.action, resend!.fields, { csrf: null });
    expect(again.res.status).toBe(302);
    expect(again.res.headers.get("Location")).toBe(`/catalog/product/${PRODUCT}`);
    expect(await cartQty(id)).toBe(1);
  });

  it("a cart add with JavaScript (a fetcher, no way back): 503 with the post to send again", async () => {
    const { browser, id } = await customer();
    const product = await browser.get(`/catalog/product/${PRODUCT}`);
    const answer = await duringOutage(() =>
      browser.post("/cart.data", { intent: "add", sku: PRODUCT, qty: "1" }, { csrf: csrfOf(product.html) }),
    );
    expect(answer.res.status).toBe(503);
    expect(answer.res.headers.get("Retry-After")).toBe("30");
    expect(answer.html).toContain("databaseUnavailable");
    expect(answer.html).toContain(PRODUCT);
    expect(answer.html).not.toMatch(NOTHING_INTERNAL);
    expect(await cartQty(id)).toBeNull();
  });

  it("a form with a password: everything else is kept, the password is not, and the page says so", async () => {
    const { browser } = await customer();
    const form = await browser.get("/account/customer");
    const page = await duringOutage(() =>
      browser.post(
        "/account/customer",
        {
          intent: "email",
          newEmail: "ida.neu@example.org",
          newEmailConfirm: "ida.neu@example.org",
          password: DEMO.password,
        },
        { csrf: csrfOf(form.html) },
      ),
    );
    expectOutagePage(page);
    const resend = resendForm(page.html);
    expect(resend?.action).toBe("/account/customer");
    expect(resend?.fields).toMatchObject({ intent: "email", newEmail: "ida.neu@example.org" });
    expect(resend?.fields).not.toHaveProperty("password");
    expect(page.html).not.toContain(DEMO.password);
    expect(text(page.html)).toContain(TEXT.secretsLeftOut);
  });
});

describe("a worker that has not read the menu yet", () => {
  it("sign-in: the page's own outage answer keeps the address to send again, never the password", async () => {
    let fresh = false;
    const other = await startShop({ databaseDown: () => fresh });
    try {
      const browser = new Browser(other);
      // The sign-in form's data alone (as a navigation asks for it): the root, and with it the
      // menu, was never read, so the page after the post cannot be drawn without D1.
      const form = await browser.get("/login.data?_routes=routes%2Flogin");
      const token = /"csrf","([^"]+)"/.exec(form.html)?.[1];
      expect(token).toBeDefined();
      fresh = true;
      const page = await browser.post(
        "/login",
        { intent: "login", email: "ida.typed@example.org", password: "Geheim-Passwort-1", redirectTo: "/" },
        { csrf: token },
      );
      fresh = false;
      expectOutagePage(page);
      expect(resendForm(page.html)).toEqual({
        action: "/login",
        fields: { intent: "login", email: "ida.typed@example.org", redirectTo: "/", csrf: token },
      });
      expect(page.html).not.toContain("Geheim-Passwort-1");
      expect(text(page.html)).toContain(TEXT.secretsLeftOut);
    } finally {
      await other.dispose();
    }
  });
});
