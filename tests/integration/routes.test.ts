import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

async function page(pathname: string, init?: RequestInit) {
  const res = await shop.fetch(pathname, init);
  return { res, html: await res.text() };
}

describe("public pages", () => {
  it("home shows hero, category tiles, product rows and membership benefits in German", async () => {
    const { res, html } = await page("/");
    expect(res.status).toBe(200);
    expect(html).toContain('<html lang="de"');
    expect(html).toContain("Frisch, regional, gemeinsam.");
    expect(html).toContain("Unser Sortiment");
    expect(html).toContain("Aktuelle Angebote");
    expect(html).toContain("Neu im Sortiment");
    expect(html).toContain("Mitglied werden lohnt sich");
    expect(html).toMatch(/\d+,\d\d&nbsp;€|\d+,\d\d\u00a0€/);
  });

  it("category page has a breadcrumb without 'Startseite' in the path, tiles and subcategories", async () => {
    const { res, html } = await page("/catalog/category/milch");
    expect(res.status).toBe(200);
    expect(html).toContain('aria-label="Brotkrumennavigation"');
    expect(html).toContain('href="/catalog/category/milch-eier"');
    expect(html).not.toContain('href="/catalog/category/startseite">Startseite');
    expect(html).toMatch(/class="product-tile"/);
    // the base price in the wording of the product page and the cart
    expect(html).toMatch(/\d,\d\d(?:\s|&nbsp;)€ pro Liter/);
    expect(html).not.toMatch(/\/ Liter/);
  });

  it("unknown category and product answer 404 with the German not-found page", async () => {
    for (const p of ["/catalog/category/gibt-es-nicht", "/catalog/product/999999", "/catalog/product/%3Cscript%3E"]) {
      const { res, html } = await page(p);
      expect(res.status, p).toBe(404);
      expect(html).toContain("Die Seite konnte nicht gefunden werden");
    }
  });

  it("product page shows the legally required food information", async () => {
    const { res, html } = await page("/catalog/product/120001");
    expect(res.status).toBe(200);
    for (const text of [
      "Zutaten",
      "Allergene",
      "Nährwerte",
      "Energie",
      "davon gesättigte Fettsäuren",
      "davon einfach ungesättigte Fettsäuren",
      "davon mehrfach ungesättigte Fettsäuren",
      "Kohlenhydrate",
      "davon Zucker",
      "Eiweiß",
      "Salz",
      "Herkunft",
      "Lebensmittelunternehmer",
      "inkl. MwSt.",
      "Grundpreis",
      "Versandkosten",
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).toMatch(/<strong>Milch<\/strong>/);
    expect(html).toMatch(/srcSet="[^"]*270w[^"]*480w[^"]*1024w"|srcset="[^"]*270w[^"]*480w[^"]*1024w"/i);
    // visitors' shopping buttons lead to the login
    expect(html).toContain("/login?redirectTo=%2Fcatalog%2Fproduct%2F120001");
  });

  it("nutrition rows come in the legal order", async () => {
    const { html } = await page("/catalog/product/120001");
    const order = [
      "Energie",
      "Fett",
      "davon gesättigte",
      "davon einfach",
      "davon mehrfach",
      "Kohlenhydrate",
      "davon Zucker",
      "Eiweiß",
      "Salz",
    ];
    const table = html.slice(html.indexOf("nutrition-table"));
    const positions = order.map((label) => table.indexOf(`>${label}`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("legal and content pages come from the database and ship no JavaScript", async () => {
    for (const p of [
      "/pages/legal",
      "/pages/legal/impressum",
      "/pages/legal/widerrufsbelehrung",
      "/content/mitgliedschaft",
      "/content/markt/leipzig-gohlis",
    ]) {
      const { res, html } = await page(p);
      expect(res.status, p).toBe(200);
      expect(html, p).not.toMatch(/<script/i);
      expect(html, p).not.toContain("modulepreload");
    }
    const { html } = await page("/pages/legal/widerrufsbelehrung");
    expect(html).toMatch(/schnell verderben|verderblich/);
  });

  it("interactive pages start their scripts only after the first paint: modules wait in an inert template", async () => {
    for (const p of [
      "/",
      "/catalog/category/kaese",
      "/catalog/product/120001",
      "/search/find?q=milch",
      "/content/map",
    ]) {
      const { html } = await page(p);
      const template = html.match(/<template id="app-scripts">([\s\S]*?)<\/template>/);
      expect(template, p).not.toBeNull();
      expect(template![1], p).toContain('rel="modulepreload"');
      expect(template![1], p).toMatch(/<script[^>]*type="module"/);
      const outside = html.replace(template![0], "");
      expect(outside, p).not.toContain("modulepreload");
      expect(outside, p).not.toMatch(/<script[^>]*type="module"/);
      // the loader data waits as text the browser does not run, after the markup; the start
      // script hands it to Remix once Remix's scripts are in
      expect(outside, p).toMatch(/<script type="application\/json" id="page-data">\[.*<\/script><\/body><\/html>$/s);
      expect(outside, p).toContain('getElementById("page-data")');
      expect(outside, p).not.toContain("streamController.enqueue(");
    }
  });

  it("every page links all legal pages in the footer", async () => {
    for (const p of ["/", "/catalog/category/kaese", "/content/map", "/gibt-es-nicht"]) {
      const { html } = await page(p);
      for (const slug of ["impressum", "datenschutz", "agb", "widerrufsbelehrung", "versand-zahlung"]) {
        expect(html, `${p} ${slug}`).toContain(`href="/pages/legal/${slug}"`);
      }
    }
  });

  it("the store map lists every store beside the map, each linked to its page, with click & collect", async () => {
    const { html } = await page("/content/map");
    const list = html.slice(html.indexOf('class="store-map-list"'));
    expect(
      (list.match(/<li id="[a-z0-9-]+"><a [^>]*href="\/content\/markt\/[a-z0-9-]+">/g) ?? []).length,
    ).toBeGreaterThanOrEqual(150);
    expect(list).toContain("Click &amp; Collect");
  });
});

describe("routing rules", () => {
  it.each([
    ["/signup", 301, "/login"],
    ["/account/voucher", 301, "/account/balance"],
    ["/de/catalog/category/kaese?sort=price_asc", 301, "/catalog/category/kaese?sort=price_asc"],
    ["/de", 301, "/"],
    ["/filialen", 301, "/content/map"],
    ["/Filialen/", 301, "/content/map"],
    ["/karriere", 302, "https://karriere.frischkorb.example/"],
  ])("%s answers %i to %s", async (from, status, to) => {
    const res = await shop.fetch(from);
    expect(res.status).toBe(status);
    expect(new URL(res.headers.get("Location")!, "http://shop.test").href.replace("http://shop.test", "")).toBe(to);
  });

  it("unresolved path: 404 with the not-found text", async () => {
    const { res, html } = await page("/gibt/es/nicht");
    expect(res.status).toBe(404);
    expect(html).toContain("Die Seite konnte nicht gefunden werden");
    expect(html).toContain("<title>Fehler 404");
    expect(html).toContain("Zur Startseite");
  });

  it("an unhandled error shows the error page with status 500 and no stack trace", async () => {
    const { res, html } = await page("/dev/error");
    expect(res.status).toBe(500);
    expect(html).toContain("Hier ist etwas schiefgelaufen");
    expect(html).toContain("error-loader");
    expect(html).not.toContain("Deliberate error");
    expect(html).not.toMatch(/at .*\(.*:\d+:\d+\)/);
  });
});

describe("dark mode", () => {
  it("no-JS toggle sets the cookie for 32,000,000 s on / and sends the customer back", async () => {
    const res = await shop.fetch("/theme", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://shop.test" },
      body: "darkMode=1&redirectTo=%2Fcatalog%2Fcategory%2Fkaese",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/catalog/category/kaese");
    expect(res.headers.get("Set-Cookie")).toMatch(/dark_mode=1; Max-Age=32000000; Path=\//);
  });

  it("the server renders the dark theme from the cookie (no flash)", async () => {
    const dark = await page("/", { headers: { Cookie: "dark_mode=1" } });
    expect(dark.html).toContain('class="theme-dark"');
    const light = await page("/");
    expect(light.html).toContain('class="theme-light"');
  });

  it("an external redirect target is refused", async () => {
    const res = await shop.fetch("/theme", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://shop.test" },
      body: "darkMode=0&redirectTo=%2F%2Fevil.example",
    });
    expect(res.headers.get("Location")).toBe("/");
  });
});

describe("security and caching headers", () => {
  it("pages carry CSP with a nonce, nosniff, referrer policy and frame protection", async () => {
    const { res, html } = await page("/");
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("anonymous public pages are cacheable at the edge", async () => {
    for (const p of [
      "/",
      "/catalog/category/kaese",
      "/catalog/product/120001",
      "/search/find?q=milch",
      "/pages/legal/agb",
    ]) {
      const res = await shop.fetch(p);
      expect(res.headers.get("Cache-Control"), p).toMatch(/public/);
    }
  });

  it("the marketing pages are never edge-cached: they carry a CSRF token or a personal link", async () => {
    for (const p of [
      "/account/abocenter/marketing",
      "/newsletter/confirm/gibt-es-nicht",
      "/newsletter/unsubscribe/1/gibt-es-nicht",
    ]) {
      const res = await shop.fetch(p);
      await res.text();
      expect(res.headers.get("Cache-Control"), p).toBe("private, no-store");
    }
    const marketing = await page("/account/abocenter/marketing");
    expect(marketing.res.status).toBe(200);
    expect(marketing.html).toContain("Newsletter und Werbung");
  });

  it("cross-site form posts are refused", async () => {
    const res = await shop.fetch("/theme", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: "darkMode=1",
    });
    expect(res.status).toBe(403);
  });
});
