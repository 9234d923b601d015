/**
 * Consent and tracking against the built worker (docs/decisions/0027): the banner on a first
 * visit, the cookie it sets, the edge cache's variants, the CSP and the tag manager only after
 * statistics consent on the configured host, the proof of a signed-in customer's choice, the
 * events that ride along after cart changes and sign-in, and bad input on the consent form.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, csrfOf, DEMO, signIn } from "./browser";
import { ORIGIN, startShop, type TestShop } from "./worker";

let shop: TestShop;
/** The configured tag manager is Google's (https): the CSP must name it, and only after consent. */
const TAG_MANAGER = {
  EDGE_CACHE_SECONDS: "60",
  TAG_MANAGER_CONTAINER_ID: "GTM-TEST123",
  TAG_MANAGER_HOST: new URL(ORIGIN).hostname,
  TAG_MANAGER_ORIGINS: "https://region1.google-analytics.com",
};
beforeAll(async () => {
  shop = await startShop({ bindings: TAG_MANAGER });
});
afterAll(async () => {
  await shop?.dispose();
});

const GTM_SCRIPT = "https://www.googletagmanager.com/gtm.js?id=GTM-TEST123";
const BANNER = 'class="consent-banner"';

async function page(path: string, cookie?: string) {
  const res = await shop.fetch(path, { headers: cookie ? { Cookie: cookie } : {} });
  return { res, html: await res.text() };
}

function form(fields: [string, string][]): URLSearchParams {
  return new URLSearchParams(fields);
}

async function postConsent(browser: Browser, fields: [string, string][], csrf?: string) {
  const body = form(csrf === undefined ? fields : [...fields, ["csrf", csrf]]);
  return browser.request("/consent", {
    method: "POST",
    body,
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

describe("a first visit", () => {
  it("shows the banner with both answers alike, and no tag manager", async () => {
    const { res, html } = await page("/catalog/category/milch");
    expect(res.status).toBe(200);
    expect(html).toContain(BANNER);
    expect(html).toMatch(/value="rejectAll" class="button button-primary"[^>]*>Alle ablehnen</);
    expect(html).toMatch(/value="acceptAll" class="button button-primary"[^>]*>Alle akzeptieren</);
    expect(html).toContain("<summary>Einstellungen</summary>");
    // refusing comes first, so Enter in the form never consents
    expect(html.indexOf('value="rejectAll"')).toBeLessThan(html.indexOf('value="acceptAll"'));
    expect(html).not.toContain("googletagmanager");
    expect(html).not.toContain("dataLayer");
    expect(res.headers.get("Content-Security-Policy")).not.toContain("googletagmanager");
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("links the settings from every page's footer", async () => {
    const { html } = await page("/pages/legal/impressum", "consent=v1%3A");
    expect(html).toMatch(/<a[^>]*href="\/consent"[^>]*>Cookie-Einstellungen<\/a>/);
  });
});

describe("the edge cache", () => {
  it("keeps one variant per choice: the banner never reaches a visitor who chose, nor the tags one who refused", async () => {
    const path = `/catalog/category/obst-gemuese?cache=${Date.now()}`;
    const ask = await page(path);
    const askAgain = await page(path);
    expect(askAgain.res.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(askAgain.html).toContain(BANNER);

    const refused = await page(path, "consent=v1%3A");
    expect(refused.res.headers.get("X-Edge-Cache")).toBeNull();
    expect(refused.html).not.toContain(BANNER);
    expect(refused.html).not.toContain("googletagmanager");
    const refusedAgain = await page(path, "consent=v1%3A");
    expect(refusedAgain.res.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(refusedAgain.html).not.toContain(BANNER);

    const statistics = await page(path, "consent=v1%3Astatistics");
    expect(statistics.res.headers.get("X-Edge-Cache")).toBeNull();
    expect(statistics.html).toContain(GTM_SCRIPT.replaceAll("&", "&amp;"));
    const statisticsAgain = await page(path, "consent=v1%3Astatistics");
    expect(statisticsAgain.res.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(statisticsAgain.res.headers.get("Content-Security-Policy")).toContain("https://www.googletagmanager.com");

    // a tampered or older cookie is no choice: the banner's variant
    const tampered = await page(path, "consent=v0%3Astatistics");
    expect(tampered.res.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(tampered.html).toContain(BANNER);
    expect(tampered.html).not.toContain("googletagmanager");
    expect(ask.html).toContain(BANNER);
  });
});

describe("the tag manager", () => {
  it("starts with every category denied, then the choice, the page view with its context, then the container", async () => {
    const { res, html } = await page("/search/find?q=milch", "consent=v1%3Astatistics");
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(
      /script-src 'self' 'nonce-[^']+' https:\/\/www\.googletagmanager\.com https:\/\/region1\.google-analytics\.com/,
    );
    expect(csp).toMatch(/connect-src 'self'[^;]* https:\/\/region1\.google-analytics\.com/);
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    const inline = html.match(
      new RegExp(`<script nonce="${nonce.replace(/[+/=]/g, "\\$&")}">(window\\.dataLayer[\\s\\S]*?)</script>`),
    );
    expect(inline).not.toBeNull();
    const start = inline![1];
    expect(start).toContain('gtag("consent","default",{"ad_storage":"denied"');
    expect(start).toContain('gtag("consent","update",{"analytics_storage":"granted","ad_storage":"denied"');
    expect(start).toContain('"event":"page_view","page_context":"results","page_path":"/search/find?q=milch"');
    expect(html).toContain(`<script async="" src="${GTM_SCRIPT}" nonce="${nonce}">`);
    // the search term with its count waits in the page's data for the tracker
    expect(html).toContain("search_term");
    expect(html).toMatch(/search:milch:\d+/);
  });

  it("stays away on any other host, and without statistics consent", async () => {
    const other = await startShop({ bindings: { ...TAG_MANAGER, TAG_MANAGER_HOST: "www.frischkorb.example" } });
    try {
      const res = await other.fetch("/", { headers: { Cookie: "consent=v1%3Astatistics%2Cmarketing" } });
      expect(await res.text()).not.toContain("googletagmanager");
      expect(res.headers.get("Content-Security-Policy")).not.toContain("googletagmanager");
    } finally {
      await other.dispose();
    }
    const marketingOnly = await page("/", "consent=v1%3Amarketing");
    expect(marketingOnly.html).not.toContain("googletagmanager");
    expect(marketingOnly.html).not.toContain(BANNER);
  });

  it("names a signed-in customer's group, hyphenated, and such a page is never cached", async () => {
    const before = await shop.db
      .prepare("SELECT group_identifier AS g FROM customer WHERE email = ?")
      .bind(DEMO.active)
      .first<{ g: string }>();
    await shop.db
      .prepare("UPDATE customer SET group_identifier = 'retail_member' WHERE email = ?")
      .bind(DEMO.active)
      .run();
    try {
      const anna = new Browser(shop);
      anna.cookies.set("consent", "v1%3Astatistics");
      await signIn(anna);
      const { res, html } = await anna.get("/");
      expect(html).toContain('"customer_group":"retail-member"');
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      expect((await page("/", "consent=v1%3Astatistics")).html).not.toContain("customer_group");
    } finally {
      await shop.db
        .prepare("UPDATE customer SET group_identifier = ? WHERE email = ?")
        .bind(before!.g, DEMO.active)
        .run();
    }
  });
});

describe("choosing", () => {
  it("sets the cookie for a year and goes back where the visitor was, with a notice", async () => {
    const visitor = new Browser(shop);
    const res = (
      await postConsent(visitor, [
        ["choice", "acceptAll"],
        ["consentVersion", "1"],
        ["source", "banner"],
        ["back", "/catalog/category/milch"],
      ])
    ).res;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/catalog/category/milch");
    expect(res.headers.getSetCookie().find((c) => c.startsWith("consent="))).toBe(
      "consent=v1%3Astatistics%2Cmarketing; Max-Age=32000000; Path=/; SameSite=Lax",
    );
    const back = await visitor.follow({ res, html: "" });
    expect(back.html).toContain("Deine Cookie-Einstellungen sind gespeichert.");
    expect(back.html).not.toContain(BANNER);
    expect(back.html).toContain("googletagmanager");
  });

  it("withdraws as easily, forgetting the tag manager's cookies", async () => {
    const visitor = new Browser(shop);
    visitor.cookies.set("consent", "v1%3Astatistics%2Cmarketing");
    visitor.cookies.set("_ga", "GA1.1.1.1");
    visitor.cookies.set("_fbp", "fb.1");
    visitor.cookies.set("dark_mode", "1");
    const settings = await visitor.get("/consent");
    expect(settings.html).toContain("Erlaubt: Statistik, Marketing");
    const { res } = await postConsent(visitor, [
      ["choice", "rejectAll"],
      ["consentVersion", "1"],
      ["source", "settings"],
    ]);
    expect(res.status).toBe(302);
    // the notice's flash cookie has the action's stamp in its name (app/platform/flash.server.ts)
    expect([...visitor.cookies.keys()].map((name) => name.replace(/^__flash_\w+$/, "__flash")).sort()).toEqual([
      "__flash",
      "consent",
      "dark_mode",
    ]);
    expect(visitor.cookies.get("consent")).toBe("v1%3A");
    expect(res.headers.getSetCookie()).toContain("_ga=; Max-Age=0; Path=/; Domain=shop.test");
  });

  it("saves a choice of categories", async () => {
    const visitor = new Browser(shop);
    await postConsent(visitor, [
      ["choice", "save"],
      ["consentVersion", "1"],
      ["category", "statistics"],
    ]);
    expect(visitor.cookies.get("consent")).toBe("v1%3Astatistics");
  });

  it("records a signed-in customer's choices as proof, with time, version and source, and checks her token", async () => {
    const anna = new Browser(shop);
    await signIn(anna);
    const id = (await shop.db
      .prepare("SELECT id FROM customer WHERE email = ?")
      .bind(DEMO.active)
      .first<{ id: number }>())!.id;
    const count = async () =>
      (await shop.db
        .prepare("SELECT COUNT(*) AS n FROM consent_record WHERE customer_id = ?")
        .bind(id)
        .first<{ n: number }>())!.n;
    const before = await count();
    expect(
      (
        await postConsent(anna, [
          ["choice", "acceptAll"],
          ["consentVersion", "1"],
        ])
      ).res.status,
    ).toBe(403);
    expect(
      (
        await postConsent(
          anna,
          [
            ["choice", "acceptAll"],
            ["consentVersion", "1"],
          ],
          "forged",
        )
      ).res.status,
    ).toBe(403);
    expect(await count()).toBe(before);

    const token = csrfOf((await anna.get("/")).html);
    const started = new Date().toISOString();
    await postConsent(
      anna,
      [
        ["choice", "save"],
        ["consentVersion", "1"],
        ["source", "banner"],
        ["category", "statistics"],
      ],
      token,
    );
    await postConsent(
      anna,
      [
        ["choice", "rejectAll"],
        ["consentVersion", "1"],
        ["source", "settings"],
      ],
      token,
    );
    const rows = (
      await shop.db
        .prepare(
          "SELECT version, statistics, marketing, source, created_at FROM consent_record WHERE customer_id = ? ORDER BY id DESC LIMIT 2",
        )
        .bind(id)
        .all<{ version: number; statistics: number; marketing: number; source: string; created_at: string }>()
    ).results;
    expect(rows.map(({ created_at: _, ...r }) => r)).toEqual([
      { version: 1, statistics: 0, marketing: 0, source: "settings" },
      { version: 1, statistics: 1, marketing: 0, source: "banner" },
    ]);
    expect(rows.every((r) => r.created_at >= started)).toBe(true);
  });

  it("refuses a post from another site", async () => {
    const res = await shop.fetch("/consent", {
      method: "POST",
      body: form([
        ["choice", "acceptAll"],
        ["consentVersion", "1"],
      ]),
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe("bad input on the consent form", () => {
  const cases: [string, [string, string][], string][] = [
    [
      "an unknown category",
      [
        ["choice", "save"],
        ["consentVersion", "1"],
        ["category", "werbung"],
      ],
      "Diese Cookie-Kategorie gibt es bei uns nicht.",
    ],
    [
      "a tampered version",
      [
        ["choice", "acceptAll"],
        ["consentVersion", "2"],
      ],
      "Unsere Cookie-Einstellungen haben sich geändert.",
    ],
    ["no version", [["choice", "acceptAll"]], "Unsere Cookie-Einstellungen haben sich geändert."],
    [
      "an unknown answer",
      [
        ["choice", "alles"],
        ["consentVersion", "1"],
      ],
      "Bitte wähle „Alle ablehnen“",
    ],
    ["no answer", [["consentVersion", "1"]], "Bitte wähle „Alle ablehnen“"],
    [
      "too many categories",
      [
        ["choice", "save"],
        ["consentVersion", "1"],
        ...Array.from({ length: 50 }, (): [string, string] => ["category", "statistics"]),
      ],
      "Diese Cookie-Kategorie",
    ],
  ];
  for (const [what, fields, message] of cases) {
    it(`${what}: a German message on the settings page, nothing set`, async () => {
      const visitor = new Browser(shop);
      const { res, html } = await postConsent(visitor, fields);
      expect(res.status).toBe(400);
      expect(html).toContain(message);
      expect(html).toContain("<h1>Cookie-Einstellungen</h1>");
      expect(visitor.cookies.has("consent")).toBe(false);
    });
  }

  it("an unsafe or overlong way back goes home", async () => {
    for (const back of ["//evil.example", "https://evil.example/", `/${"x".repeat(5000)}`, "/\t/evil.example"]) {
      const { res } = await postConsent(new Browser(shop), [
        ["choice", "rejectAll"],
        ["consentVersion", "1"],
        ["back", back],
      ]);
      expect(res.status, back.slice(0, 30)).toBeLessThan(500);
      if (res.status === 302) expect(res.headers.get("Location")).toMatch(/^\/(?!\/)/);
    }
  });
});

/** The login event as the page's data (Remix single fetch's turbo-stream, in its data script) writes it. */
const LOGIN_EVENT = '"event","login"';

describe("events that ride along", () => {
  async function rootTracking(browser: Browser) {
    const { html } = await browser.get("/account");
    return html;
  }

  it("a cart change and the sign-in reach the next page as events, only with statistics consent", async () => {
    const anna = new Browser(shop);
    anna.cookies.set("consent", "v1%3Astatistics");
    const signedIn = await anna.follow(await signIn(anna));
    expect(signedIn.html).toContain(LOGIN_EVENT);
    const token = csrfOf(signedIn.html);
    await anna.post("/cart", { intent: "add", sku: "120001", qty: "2", redirectTo: "/account" }, { csrf: token });
    const html = await rootTracking(anna);
    expect(html).toMatch(/add_to_cart/);
    expect(html).toContain("item_id");
    await anna.post("/cart", { intent: "remove", sku: "120001", redirectTo: "/account" }, { csrf: token });
    expect(await rootTracking(anna)).toMatch(/remove_from_cart/);

    // the same customer in a browser that refused: nothing rides along
    const refused = new Browser(shop);
    refused.cookies.set("consent", "v1%3A");
    const plain = await refused.follow(await signIn(refused));
    expect(plain.html).not.toContain(LOGIN_EVENT);
    await refused.post(
      "/cart",
      { intent: "add", sku: "120001", qty: "1", redirectTo: "/account" },
      { csrf: csrfOf(plain.html) },
    );
    expect(await rootTracking(refused)).not.toMatch(/add_to_cart/);
    await refused.post(
      "/cart",
      { intent: "remove", sku: "120001", redirectTo: "/account" },
      { csrf: csrfOf(plain.html) },
    );
  });
});

describe("the tag manager's stand-in", () => {
  it("serves its container script and records what it receives", async () => {
    const script = await shop.fetch("/dev/tag-manager/gtm.js?id=GTM-TEST123");
    expect(script.status).toBe(200);
    expect(script.headers.get("Content-Type")).toContain("javascript");
    const post = (body: URLSearchParams) =>
      shop.fetch("/dev/tag-manager/collect", {
        method: "POST",
        body,
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      });
    const ok = await post(
      new URLSearchParams({ container: "GTM-TEST123", page: "/", payload: '{"event":"page_view"}' }),
    );
    expect(ok.status).toBe(204);
    const row = await shop.db
      .prepare("SELECT payload FROM tag_manager_hit ORDER BY id DESC LIMIT 1")
      .first<{ payload: string }>();
    expect(row?.payload).toBe('{"event":"page_view"}');
    expect((await post(new URLSearchParams({ container: "x", page: "/", payload: "{not json" }))).status).toBe(400);
    expect((await post(new URLSearchParams({ container: "x", page: "/" }))).status).toBe(400);
    expect(
      (await post(new URLSearchParams({ container: "x", page: "/", payload: `"${"x".repeat(9000)}"` }))).status,
    ).toBe(400);
  });
});
