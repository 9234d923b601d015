/**
 * Signed-in shoppers' catalogue pages from the edge cache (docs/decisions/0030): one cached copy
 * per page, filled in per request with the shopper's own name, CSRF token and hearts, in the markup
 * and in the hydration data. Customers never see each other's data, the cache holds no one's, and
 * each answer has its own nonce.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, DEMO, cartLinkName, csrfOf, signIn } from "./browser";
import { startShop, type TestShop } from "./worker";
import { prepareTestCustomer } from "../fixtures/customer";
import { loadCart } from "~/domain/cart/cart.server";
import { formatEuro } from "~/domain/money/format";
import { decodeAttribute } from "../fixtures/html";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop({ bindings: { EDGE_CACHE_SECONDS: "60" } });
});
afterAll(async () => {
  await shop?.dispose();
});

let counter = 0;
async function customer(firstname: string) {
  const email = `gecacht-${Date.now()}-${counter++}@example.org`;
  const id = 700000 + Math.floor(Math.random() * 1e9);
  await prepareTestCustomer(shop.db, { id, email, firstname, lastname: "Beispiel", gender: "w" }).run();
  const browser = new Browser(shop);
  const login = await signIn(browser, email);
  expect(login.res.status).toBe(302);
  // The sign-in's notice is shown (and cleared) on the first page.
  await browser.follow(login);
  return { browser, id, firstname };
}

type Shopper = Awaited<ReturnType<typeof customer>>;

const PRODUCT = "/catalog/product/120001";
/** A placeholder's mark (app/platform/personal-placeholders.ts). */
const PLACEHOLDER = /~fk[0-9a-f]{16}~/;
const PAGES = ["/", "/catalog/category/milch-eier", PRODUCT, "/search/find?q=milch"];

/** The header's greeting as a screen reader reads it. */
function greeting(html: string): string | undefined {
  const match = /aria-label="(Hallo, [^"]*)"/.exec(html);
  return match ? decodeAttribute(match[1]) : undefined;
}

/**
 * Remix's hydration data as the browser reads it: the text of the page's data script (one
 * turbo-stream line), its escapes for the document (`\u003c`, …) read back.
 */
function hydrationData(html: string): string {
  const text = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  return text === undefined ? "" : JSON.stringify(JSON.parse(text));
}

function heartPressed(html: string, sku: string): boolean | undefined {
  const form = new RegExp(
    `<form[^>]*class="wish-form"[^>]*>(?:(?!</form>).)*?name="sku" value="${sku}".*?</form>`,
    "s",
  ).exec(html)?.[0];
  if (!form) return undefined;
  const pressed = /aria-pressed="(true|false)"/.exec(form)?.[1] === "true";
  expect(form.includes("is-wished")).toBe(pressed);
  const intent = /name="intent" value="(add|remove)"/.exec(form)?.[1];
  expect(intent).toBe(pressed ? "remove" : "add");
  return pressed;
}

function expectOwnPage(html: string, shopper: Shopper, wished: boolean, other: Shopper) {
  expect(greeting(html)).toBe(`Hallo, ${shopper.firstname}`);
  expect(html).not.toContain(other.firstname);
  expect(html).not.toMatch(PLACEHOLDER);
  const data = hydrationData(html);
  expect(data).toContain(JSON.stringify(shopper.firstname));
  expect(data).not.toContain(JSON.stringify(other.firstname));
  expect(data).toContain(`"wishlist",${JSON.stringify(wished ? "120001" : "")}`);
  expect(data).toContain(JSON.stringify(csrfOf(html)));
}

describe("a signed-in shopper's cached page", () => {
  it("says each shopper's own name, token and hearts, for two customers asking in turn and at once", async () => {
    // Escaping: the name stands in an attribute and inside a JSON string inside the data script.
    const zoe = await customer(`Zoë "Zo" <i>&amp;</i> O'Neil \\ \u2028`);
    const jonas = await customer("Jonas");
    const wished = await zoe.browser.post(
      "/account/wishlist",
      { intent: "add", sku: "120001", redirectTo: "/" },
      { csrf: csrfOf((await zoe.browser.get(PRODUCT)).html) },
    );
    await zoe.browser.follow(wished);

    for (const path of PAGES) {
      const answers = [];
      for (const who of [zoe, jonas, zoe, jonas]) answers.push({ who, page: await who.browser.get(path) });
      answers.push(
        ...(await Promise.all([zoe, jonas].map(async (who) => ({ who, page: await who.browser.get(path) })))),
      );
      for (const [i, { who, page }] of answers.entries()) {
        expect(page.res.status, path).toBe(200);
        expect(page.res.headers.get("Cache-Control"), path).toBe("private, no-store");
        if (i >= 1) expect(page.res.headers.get("X-Edge-Cache"), `${path} #${i}`).toBe("HIT");
        expectOwnPage(page.html, who, who === zoe, who === zoe ? jonas : zoe);
        if (path === PRODUCT) expect(heartPressed(page.html, "120001"), path).toBe(who === zoe);
      }
    }
  });

  it("serves a navigation's data with JavaScript the same way", async () => {
    const lea = await customer("Lea");
    const tom = await customer("Tom");
    await lea.browser.post(
      "/account/wishlist",
      { intent: "add", sku: "110001", redirectTo: "/" },
      { csrf: csrfOf((await lea.browser.get(PRODUCT)).html) },
    );
    await lea.browser.get("/");
    for (const path of ["/catalog/category/brot.data", "/_root.data", "/search/find.data?q=brot"]) {
      for (const [i, who] of [lea, tom, lea, tom].entries()) {
        const { res, html: data } = await who.browser.get(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get("Content-Type")).toContain("text/x-script");
        if (i >= 1) expect(res.headers.get("X-Edge-Cache"), path).toBe("HIT");
        expect(data).toContain(`"firstname",${JSON.stringify(who.firstname)}`);
        expect(data).toContain(`"wishlist",${JSON.stringify(who === lea ? "110001" : "")}`);
        expect(data).not.toContain((who === lea ? tom : lea).firstname);
        expect(data).not.toMatch(PLACEHOLDER);
      }
    }
  });

  it("shows the shopper's own cart figures in the header, as the cart counts them", async () => {
    const ida = await customer("Ida");
    const cartLink = (html: string) => /<a[^>]*class="header-button cart-link"[^>]*>/.exec(html)?.[0] ?? "";
    const empty = await ida.browser.get("/catalog/category/kaese");
    expect(cartLink(empty.html)).toContain('data-items="0"');
    expect(cartLinkName(empty.html)).toBe(`Warenkorb, 0 Artikel, ${formatEuro(0)}`);
    for (const [sku, qty] of [
      ["120001", "2"],
      ["110001", "1"],
    ]) {
      const page = await ida.browser.get(PRODUCT);
      const added = await ida.browser.post(
        "/cart",
        { intent: "add", sku, qty, redirectTo: PRODUCT },
        { csrf: csrfOf(page.html) },
      );
      expect(added.res.status).toBe(302);
      await ida.browser.follow(added);
    }
    const { totals } = await loadCart(shop.db, ida.id);
    expect(totals.itemCount).toBe(3);
    for (let i = 0; i < 2; i++) {
      const page = await ida.browser.get("/catalog/category/kaese");
      expect(page.res.headers.get("X-Edge-Cache")).toBe("HIT");
      expect(cartLink(page.html)).toContain('data-items="3"');
      expect(cartLinkName(page.html)).toBe(`Warenkorb, 3 Artikel, ${formatEuro(totals.subtotalCents)}`);
      expect(hydrationData(page.html)).toContain(
        `"items","3","total",${JSON.stringify(formatEuro(totals.subtotalCents))}`,
      );
    }
    // The cart page itself is rendered for her alone and says the same.
    const cart = await ida.browser.get("/cart");
    expect(cart.res.headers.get("X-Edge-Cache")).toBeNull();
    expect(cartLink(cart.html)).toContain('data-items="3"');
  });

  it("takes the shopper's own form posts, without JavaScript too", async () => {
    const mia = await customer("Mia");
    await mia.browser.get(PRODUCT);
    const page = await mia.browser.get(PRODUCT);
    expect(page.res.headers.get("X-Edge-Cache")).toBe("HIT");
    const added = await mia.browser.post(
      "/cart",
      { intent: "add", sku: "120001", qty: "1", redirectTo: PRODUCT },
      { csrf: csrfOf(page.html) },
    );
    expect(added.res.status).toBe(302);
    const back = await mia.browser.follow(added);
    // A page with a notice is rendered for her alone, and shows it.
    expect(back.res.headers.get("X-Edge-Cache")).toBeNull();
    expect(back.html).toContain("„Frische Vollmilch 3,8 %“ liegt jetzt im Warenkorb.");
    const cart = await shop.db
      .prepare("SELECT qty FROM cart_item WHERE customer_id = ? AND sku = '120001'")
      .bind(mia.id)
      .first<{ qty: number }>();
    expect(cart?.qty).toBe(1);
    // Someone else's token is refused.
    const other = await customer("Ole");
    const refused = await other.browser.post(
      "/cart",
      { intent: "add", sku: "120001", qty: "1", redirectTo: PRODUCT },
      { csrf: csrfOf(page.html) },
    );
    expect(refused.res.status).toBe(403);
  });

  it("keeps no one's data and no cookie in the cache", async () => {
    const first = await customer("Erstkundin");
    const before = await first.browser.get("/catalog/category/obst-gemuese");
    expect(before.res.headers.get("X-Edge-Cache")).toBeNull();
    // A third customer's hit is the stored copy with only her values filled in.
    const later = await customer("Spaetkundin");
    const hit = await later.browser.get("/catalog/category/obst-gemuese");
    expect(hit.res.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(hit.html).not.toContain("Erstkundin");
    expect(hit.html).not.toContain(csrfOf(before.html));
    expect(greeting(hit.html)).toBe("Hallo, Spaetkundin");
    const cookies = hit.res.headers.getSetCookie().map((c) => c.split("=")[0]);
    expect(cookies.filter((name) => name !== "__d1b")).toEqual([]);
  });

  it("shows a change in the range at once: her session's read brings the range's version", async () => {
    const shopper = await customer("Sortimentskundin");
    const page = "/catalog/category/butter-sahne";
    await shopper.browser.get(page);
    expect((await shopper.browser.get(page)).res.headers.get("X-Edge-Cache")).toBe("HIT");
    // What the back office's range changes do in their batch (catalogueChanged): the version moves on.
    await shop.db.prepare("UPDATE catalogue_version SET version = version + 1 WHERE id = 1").run();
    const after = await shopper.browser.get(page);
    expect(after.res.headers.get("X-Edge-Cache")).toBeNull();
    expect(greeting(after.html)).toBe("Hallo, Sortimentskundin");
    expect((await shopper.browser.get(page)).res.headers.get("X-Edge-Cache")).toBe("HIT");
  });

  it("gives every answer its own nonce, a signed-in shopper's and a visitor's", async () => {
    const nina = await customer("Nina");
    for (const browser of [nina.browser, new Browser(shop)]) {
      const nonces = [];
      for (let i = 0; i < 3; i++) {
        const { res, html } = await browser.get(PRODUCT);
        if (i > 0) expect(res.headers.get("X-Edge-Cache")).toBe("HIT");
        const nonce = /'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1];
        expect(nonce).toBeDefined();
        const inPage = [...html.matchAll(/<(?:script|link)[^>]* nonce="([^"]*)"/g)].map((m) => m[1]);
        expect(inPage.length).toBeGreaterThan(0);
        expect(new Set(inPage)).toEqual(new Set([nonce]));
        nonces.push(nonce);
      }
      expect(new Set(nonces).size).toBe(3);
    }
  });

  it("cannot be replaced by a visitor's page through a URL shaped like its cache key", async () => {
    const { version } = (await (await shop.fetch("/builds/latest")).json()) as { version: string };
    for (const path of [
      `/?__build=${version}&__theme=light&__consent=ask&__shopper=general`,
      `/__edge/${version}/light/ask/shopper-general/`,
      `/catalog/category/eier?__shopper=general`,
    ])
      await shop.fetch(path);
    const kim = await customer("Kim");
    for (const path of ["/", "/catalog/category/eier"]) {
      for (let i = 0; i < 2; i++) {
        const page = await kim.browser.get(path);
        expect(page.html, path).toContain('data-signed-in="1"');
        expect(greeting(page.html), path).toBe("Hallo, Kim");
      }
    }
  });

  it("fills in only what the shop rendered, never what a URL puts on the page", async () => {
    const una = await customer("Una");
    const typed = "~fk0011223344556677~Firstname~ ~fkp~Csrf~";
    for (let i = 0; i < 2; i++) {
      const page = await una.browser.get(`/search/find?q=${encodeURIComponent(typed)}`);
      expect(page.res.status).toBe(200);
      expect(page.html).toContain(`value="${typed}"`);
      expect(page.html).not.toMatch(/value="[^"]*Una[^"]*"/);
    }
  });

  it("is never what a visitor gets", async () => {
    const paul = await customer("Paul");
    await paul.browser.get("/catalog/category/brot-backwaren");
    const visitor = await shop.fetch("/catalog/category/brot-backwaren");
    const html = await visitor.text();
    expect(html).toContain('data-signed-in="0"');
    expect(html).not.toMatch(PLACEHOLDER);
    expect(html).not.toContain("Hallo,");
  });

  it("is not used for a page that must say more: a declaration under review shows its waiting modal", async () => {
    const emil = new Browser(shop);
    await emil.follow(await signIn(emil, "emil.wagner@example.org"));
    for (let i = 0; i < 2; i++) {
      const page = await emil.get(PRODUCT);
      expect(page.res.headers.get("X-Edge-Cache")).toBeNull();
      expect(page.html).toContain("Deine Beitrittserklärung wird geprüft");
    }
  });

  it("is not used once the session has ended: the shopper is sent to sign in", async () => {
    const anna = new Browser(shop);
    await anna.follow(await signIn(anna, DEMO.active));
    await anna.get(PRODUCT);
    await shop.db
      .prepare("DELETE FROM session WHERE customer_id = (SELECT id FROM customer WHERE email = ?)")
      .bind(DEMO.active)
      .run();
    const page = await anna.get(PRODUCT);
    expect(page.res.status).toBe(302);
    expect(page.res.headers.get("Location")).toMatch(/^\/login/);
  });
});
