/**
 * Request hardening (docs/decisions/0008): open redirects, unreadable cookies, malformed requests
 * and the smaller leaks an attacker's walk through the shop found.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, csrfOf, DEMO, signIn } from "./browser";
import { ORIGIN, startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

const SAME_ORIGIN = { Origin: ORIGIN, "X-Forwarded-Host": new URL(ORIGIN).host };

/** A Location that a browser follows stays in the shop: no "//host", no "\", no tab or line break. */
function expectInShop(location: string | null) {
  expect(location).not.toBeNull();
  expect(location).toMatch(/^\/(?![/\\])/);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this looks for
  expect(location).not.toMatch(/[\u0000-\u001f\\]/);
  expect(new URL(location!, ORIGIN).origin).toBe(ORIGIN);
}

const REDIRECT_BYPASSES = [
  "//evil.example",
  "/\\evil.example",
  "\\/evil.example",
  "/\t/evil.example",
  "/\r\n/evil.example",
  "/%09/evil.example",
  "/%2F%2Fevil.example",
  "%2F%2Fevil.example",
  "/%5Cevil.example",
  "javascript:alert(1)",
  "http:evil.example",
  "https://evil.example",
  "\\\\evil.example",
  "/\\t/evil.example",
];

describe("open redirects (item 4)", () => {
  it("the locale prefix never leads off-site", async () => {
    for (const path of ["/de//evil.example", "/de///evil.example", "/DE//evil.example/x?y=1"]) {
      const res = await shop.fetch(path);
      expect(res.status, path).toBe(301);
      expectInShop(res.headers.get("Location"));
      expect(res.headers.get("Location"), path).toBe("/");
    }
    const ok = await shop.fetch("/de/catalog/category/milch?x=1");
    expect(ok.headers.get("Location")).toBe("/catalog/category/milch?x=1");
  });

  it("the theme toggle sends every bypass home", async () => {
    for (const redirectTo of REDIRECT_BYPASSES) {
      const res = await shop.fetch("/theme", {
        method: "POST",
        headers: { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ darkMode: "1", redirectTo }),
      });
      expect(res.status, JSON.stringify(redirectTo)).toBe(302);
      expect(res.headers.get("Location"), JSON.stringify(redirectTo)).toBe("/");
    }
  });

  it("sign-in, cart and wishlist send every bypass to the shop's own page", async () => {
    const anna = new Browser(shop);
    for (const redirectTo of REDIRECT_BYPASSES.slice(0, 4)) {
      const signedIn = await anna.submit("/login", {
        intent: "login",
        email: DEMO.active,
        password: DEMO.password,
        redirectTo,
      });
      expect(signedIn.res.status, JSON.stringify(redirectTo)).toBe(302);
      expect(signedIn.res.headers.get("Location")).toBe("/");
      await anna.submit("/account", {}, "/logout");
    }
    await signIn(anna);
    const csrf = csrfOf((await anna.get("/cart")).html);
    for (const redirectTo of REDIRECT_BYPASSES) {
      for (const [path, fields] of [
        ["/cart", { intent: "remove", sku: "0" }],
        ["/account/wishlist", { intent: "remove", sku: "0" }],
      ] as const) {
        const res = await anna.post(path, { ...fields, redirectTo }, { csrf });
        expect(res.res.status, `${path} ${JSON.stringify(redirectTo)}`).toBe(302);
        expectInShop(res.res.headers.get("Location"));
      }
    }
  });
});

describe("unreadable cookies (item 6)", () => {
  // Values that do not even parse; a well-formed value with a wrong signature is an ended session (0003).
  const BAD_VALUES = ["x", "a.b", "%", "%E0%A4%A", "eyJ9.x", "a.%", "", "   "];
  // a flash cookie as earlier versions named it, and one with an action's stamp (flash.server.ts)
  const SIGNED = ["__session", "__flash", "__flash_mj1k2p3q0abc123", "csrf"];

  it("are treated as absent and cleared, on every page, for as long as the browser sends them", async () => {
    for (const name of SIGNED) {
      for (const value of BAD_VALUES) {
        for (const path of ["/", "/login", "/register", "/catalog/category/milch", "/search/find?q=milch"]) {
          const res = await shop.fetch(path, { headers: { Cookie: `${name}=${value}; dark_mode=1` } });
          await res.text();
          expect(res.status, `${path} ${name}=${value}`).toBe(200);
          // cleared, or (the token on a form page) replaced by a fresh one
          const set = res.headers.getSetCookie().filter((c) => c.startsWith(`${name}=`));
          expect(set, `${path} ${name}=${value}`).toHaveLength(1);
          expect(/max-age=0/i.test(set[0]) || name === "csrf", `${path} ${name}=${value} cleared`).toBe(true);
          if (value.trim()) expect(set[0].startsWith(`${name}=${value};`)).toBe(false);
        }
      }
    }
  });

  it("the login page hands out a fresh token instead of the unreadable one", async () => {
    const res = await shop.fetch("/login", { headers: { Cookie: "csrf=%" } });
    const set = res.headers.getSetCookie().filter((c) => c.startsWith("csrf="));
    expect(set).toHaveLength(1);
    expect(set[0]).not.toMatch(/max-age=0/i);
    expect(csrfOf(await res.text())).not.toBe("%");
  });

  it("a signed-in customer whose session cookie breaks is sent to the login, as on expiry", async () => {
    const anna = new Browser(shop);
    await signIn(anna);
    expect((await anna.get("/account")).res.status).toBe(200);
    anna.cookies.set("__session", "a.b");
    const page = await anna.get("/account");
    expect(page.res.status).toBe(302);
    expect(page.res.headers.get("Location")).toBe("/login?redirectTo=%2Faccount");
    expect(anna.cookies.has("__session")).toBe(false);
    expect((await anna.follow(page)).res.status).toBe(200);
  });

  it("an unreadable token cookie on a form post is a refused form, not an error", async () => {
    const anna = new Browser(shop);
    await signIn(anna);
    const csrf = csrfOf((await anna.get("/account/address")).html);
    anna.cookies.set("csrf", "%");
    const res = await anna.post("/cart", { intent: "add", sku: "120001" }, { csrf });
    expect(res.res.status).toBe(403);
    expect(res.html).toContain("Das Formular ist abgelaufen");
  });

  it("the plain dark-mode cookie tolerates junk", async () => {
    const res = await shop.fetch("/", { headers: { Cookie: "dark_mode=%; dark_mode=1" } });
    expect(res.status).toBe(200);
  });
});

describe("malformed requests (item 7)", () => {
  const post = (path: string, init: { type?: string; body?: BodyInit | null; headers?: Record<string, string> } = {}) =>
    shop.fetch(path, {
      method: "POST",
      headers: { ...SAME_ORIGIN, ...(init.type ? { "Content-Type": init.type } : {}), ...init.headers },
      body: init.body ?? null,
    });

  it("a body that is no form is refused with 415 and a German page, on every form", async () => {
    const bodies: [string | undefined, string][] = [
      ["application/json", '{"email":"x"}'],
      ["application/xml", "<a/>"],
      ["text/plain", "email=x"],
      [undefined, ""],
      ["application/octet-stream", "\u0000\u0001"],
      ["application/x-www-form-urlencodedX", "a=b"],
    ];
    for (const path of [
      "/login",
      "/register",
      "/logout",
      "/cart",
      "/account/address/1/delete",
      "/password/forgot",
      "/theme",
      "/consent",
      "/checkout",
    ]) {
      for (const [type, body] of bodies) {
        const res = await post(path, { type, body });
        const html = await res.text();
        expect(res.status, `${path} ${type}`).toBe(415);
        expect(html, `${path} ${type}`).toContain("Dieses Format verstehen wir nicht");
        expect(html).toContain("<title>Fehler 415");
      }
    }
  });

  it("the refusal page keeps the visitor's dark mode and the signed-in customer's header", async () => {
    const dark = await post("/cart", { type: "application/json", body: "{}", headers: { Cookie: "dark_mode=1" } });
    expect(dark.status).toBe(415);
    expect(await dark.text()).toContain('class="theme-dark"');
    const anna = new Browser(shop);
    await signIn(anna);
    const refused = await anna.request("/account/address/new", {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "text/plain" },
      body: "street=x",
    });
    expect(refused.res.status).toBe(415);
    expect(refused.html).toContain("Hallo, Anna");
  });

  it("broken multipart is a 400 with a German page", async () => {
    const res = await post("/login", {
      type: "multipart/form-data; boundary=x",
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Diese Anfrage können wir nicht lesen");
    const noBoundary = await post("/cart", { type: "multipart/form-data", body: "a=b" });
    expect(noBoundary.status).toBe(400);
  });

  it("a body over 64 KiB is refused with 413, with or without Content-Length", async () => {
    const big = `a=${"x".repeat(64 * 1024)}`;
    const res = await post("/login", { type: "application/x-www-form-urlencoded", body: big });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("Das war zu viel auf einmal");
    const encoder = new TextEncoder();
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 80; i++) controller.enqueue(encoder.encode("x".repeat(1024)));
        controller.close();
      },
    });
    const streamed = await shop.fetch("/register", {
      method: "POST",
      headers: { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: chunked,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    const justBelow = await post("/login", {
      type: "application/x-www-form-urlencoded",
      body: `a=${"x".repeat(60 * 1024)}`,
    });
    expect(justBelow.status).toBe(403);
  });

  it("other methods than GET, HEAD and POST get 405", async () => {
    for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const res = await shop.fetch("/cart", { method, headers: SAME_ORIGIN });
      expect(res.status, method).toBe(405);
      expect(await res.text()).toContain("Das geht an dieser Adresse nicht");
    }
  });

  it("the payment provider's webhook still takes JSON", async () => {
    const res = await post("/payment/sandbox/notify", {
      type: "application/json",
      body: '{"paymentId":"x"}',
      headers: { Origin: "" },
    });
    expect(res.status).toBe(401);
    const huge = await post("/payment/sandbox/notify", {
      type: "application/json",
      body: JSON.stringify({ a: "x".repeat(70_000) }),
    });
    expect(huge.status).toBe(413);
  });

  it("the signing service's webhook takes JSON too, within the size limit", async () => {
    const res = await post("/signing/webhook", {
      type: "application/json",
      body: '{"eventId":"e","ref":"sig_x","outcome":"signed"}',
      headers: { Origin: "" },
    });
    expect(res.status).toBe(401);
    const huge = await post("/signing/webhook", {
      type: "application/json",
      body: JSON.stringify({ a: "x".repeat(70_000) }),
    });
    expect(huge.status).toBe(413);
  });

  it("a line break in redirectTo, an over-long honeypot and a backslash path are 4xx, not 500", async () => {
    const theme = await post("/theme", {
      type: "application/x-www-form-urlencoded",
      body: "darkMode=1&redirectTo=%2F%0D%0ASet-Cookie%3A%20a%3Db",
    });
    expect(theme.status).toBe(302);
    expect(theme.headers.get("Location")).toBe("/");

    const visitor = new Browser(shop);
    const page = await visitor.get("/register");
    const honeypot = await visitor.post(
      "/register",
      {
        salutation: "mrs",
        firstname: "Eva",
        lastname: "Bot",
        email: "eva.bot@example.org",
        password: "Frischkorb2026!",
        passwordConfirm: "Frischkorb2026!",
        website: "",
        form_started: `U2FsdGVkX1${"A".repeat(5000)}`,
      },
      { csrf: csrfOf(page.html) },
    );
    expect(honeypot.res.status).toBe(400);

    for (const path of [
      "/%5C",
      "/%5c",
      "/%5Cevil.example",
      "/catalog/product/%5C",
      "/%09/%2F%09%2Fevil.example",
      "/de/%0d%0a",
    ]) {
      const res = await shop.fetch(path);
      expect(res.status, path).toBe(400);
      expect(await res.text()).toContain("Diese Anfrage können wir nicht lesen");
    }
  });

  it("a refused post changes nothing: the customer stays signed in and her cart is as it was", async () => {
    const anna = new Browser(shop);
    await signIn(anna);
    const cartLines = () =>
      shop.db
        .prepare("SELECT COUNT(*) AS n FROM cart_item WHERE customer_id = (SELECT id FROM customer WHERE email = ?)")
        .bind(DEMO.active)
        .first<{ n: number }>();
    const before = await cartLines();
    const res = await anna.request("/logout", { method: "POST", headers: { Origin: ORIGIN } });
    expect(res.res.status).toBe(415);
    await anna.request("/cart", {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/json" },
      body: '{"intent":"add","sku":"120001"}',
    });
    expect((await anna.get("/cart")).res.status).toBe(200);
    expect(await cartLines()).toEqual(before);
  });
});

describe("found by the fuzz test", () => {
  it("a filter value named like an object key is just an unknown filter", async () => {
    for (const path of [
      "/catalog/category/obst-gemuese?categories=__proto__",
      "/search/find?q=milch&categories=constructor&brands=__proto__",
    ]) {
      const res = await shop.fetch(path);
      await res.text();
      expect(res.status, path).toBe(200);
    }
  });
});

describe("smaller ones (item 8)", () => {
  it("the visitor's form pages go out private and uncached", async () => {
    for (const path of ["/login", "/register", "/password/forgot", "/password/reset/1/abc"]) {
      const res = await shop.fetch(path);
      await res.text();
      expect(res.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });

  it("translation files are looked up by their own names only", async () => {
    for (const path of [
      "/locales/constructor/name",
      "/locales/de/constructor",
      "/locales/__proto__/common",
      "/locales/de/hasOwnProperty",
      "/locales/de/toString",
    ]) {
      const res = await shop.fetch(path);
      await res.text();
      expect(res.status, path).toBe(404);
    }
    expect((await shop.fetch("/locales/de/common.json")).status).toBe(200);
  });

  it("sign-in and sign-out hand out a new CSRF token; the old one no longer works", async () => {
    const anna = new Browser(shop);
    const loginPage = await anna.get("/login");
    const before = anna.cookies.get("csrf");
    const visitorToken = csrfOf(loginPage.html);
    await anna.post(
      "/login",
      { intent: "login", email: DEMO.active, password: DEMO.password, redirectTo: "/" },
      { csrf: visitorToken },
    );
    const afterSignIn = anna.cookies.get("csrf");
    expect(afterSignIn).toBeDefined();
    expect(afterSignIn).not.toBe(before);
    const planted = await anna.post(
      "/account/wishlist",
      { intent: "add", sku: "120001", redirectTo: "/" },
      { csrf: visitorToken },
    );
    expect(planted.res.status).toBe(403);

    const customerToken = csrfOf((await anna.get("/account")).html);
    expect(customerToken).not.toBe(visitorToken);
    await anna.post("/logout", {}, { csrf: customerToken });
    expect(anna.cookies.get("csrf")).not.toBe(afterSignIn);
    expect(anna.cookies.has("__session")).toBe(false);
  });
});
