import { HtmlValidate } from "html-validate/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, csrfOf, mailedLink, signIn } from "./browser";
import { checkoutHelpers } from "./checkout-helpers";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

const validator = new HtmlValidate({ extends: ["html-validate:standard"] });

async function problems(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`));
}

/** What follows the closing </html> tag: the loader data's scripts must stay inside <body>. */
function afterDocument(html: string): string {
  return html.slice(html.lastIndexOf("</html>") + "</html>".length);
}

describe("the pages are valid HTML", () => {
  it.each([
    "/",
    "/catalog/category/milch",
    "/catalog/product/120001",
    "/search/find?q=milch",
    "/register",
    "/login",
    "/account/abocenter/marketing",
    "/content/map",
    "/content/map?lat=51.3397&lng=12.3731&zoom=14",
  ])("%s", async (pathname) => {
    const res = await shop.fetch(pathname);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html.startsWith("<!DOCTYPE html><html"), "standards mode").toBe(true);
    expect(html).toContain('<script type="application/json" id="page-data">');
    expect(await problems(html)).toEqual([]);
    expect(afterDocument(html).length, "characters after </html>").toBe(0);
  });

  it("pages without JavaScript: legal, content, the API reference", async () => {
    for (const pathname of ["/pages/legal/impressum", "/content/mitgliedschaft", "/api"]) {
      const res = await shop.fetch(pathname);
      const html = await res.text();
      expect(res.status, pathname).toBe(200);
      expect(html.startsWith("<!DOCTYPE html><html"), `${pathname}: standards mode`).toBe(true);
      expect(html, pathname).not.toContain("<script");
      expect(await problems(html), pathname).toEqual([]);
    }
  });

  it("signed-in pages: addresses, wishlist, cart, balance", async () => {
    const browser = new Browser(shop);
    await signIn(browser);
    for (const pathname of ["/account/address", "/account/wishlist", "/cart", "/account/balance?limit=20"]) {
      const { res, html } = await browser.get(pathname);
      expect(res.status, pathname).toBe(200);
      expect(html.startsWith("<!DOCTYPE html><html"), `${pathname}: standards mode`).toBe(true);
      expect(await problems(html), pathname).toEqual([]);
      expect(afterDocument(html).length, `${pathname}: characters after </html>`).toBe(0);
    }
  });

  it("the marketing page signed in, the newsletter's confirmation and unsubscribe pages", async () => {
    const browser = new Browser(shop);
    await signIn(browser);
    const page = await browser.get("/account/abocenter/marketing");
    await browser.post(
      "/account/abocenter/marketing",
      { intent: "preferences", newsletter: "on" },
      { csrf: csrfOf(page.html) },
    );
    const link = await mailedLink(shop, "anna.schmidt@example.org");
    const confirmation = await browser.get(link);
    await browser.post(link, {}, { csrf: csrfOf(confirmation.html) });
    const welcome = await shop.db
      .prepare("SELECT text_body FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1")
      .bind("anna.schmidt@example.org")
      .first<{ text_body: string }>();
    const unsubscribe = new URL(welcome!.text_body.split("\n").at(-1)!).pathname;
    const pages = [
      ["/account/abocenter/marketing", page],
      [link, confirmation],
      [unsubscribe, await browser.get(unsubscribe)],
      ["/newsletter/confirm/gibt-es-nicht", await browser.get("/newsletter/confirm/gibt-es-nicht")],
      ["/newsletter/unsubscribe/1/x", await browser.get("/newsletter/unsubscribe/1/x")],
    ] as const;
    for (const [pathname, { html }] of pages) {
      expect(await problems(html), pathname).toEqual([]);
      expect(afterDocument(html).length, `${pathname}: characters after </html>`).toBe(0);
    }
  });

  it("pages without JavaScript: the store list and stores' pages", async () => {
    for (const pathname of [
      "/content/map",
      "/content/markt/leipzig-gohlis",
      "/content/markt/leipzig-markthalle-fisch",
    ]) {
      const res = await shop.fetch(pathname);
      const html = await res.text();
      expect(res.status, pathname).toBe(200);
      expect(await problems(html), pathname).toEqual([]);
      expect(afterDocument(html).length, `${pathname}: characters after </html>`).toBe(0);
    }
  });

  it("the store choice: click & collect at the checkout and the card application", async () => {
    const { browser } = await checkoutHelpers(shop).buyer();
    for (const pathname of [
      "/checkout?carrier=clickandcollect",
      "/checkout?carrier=clickandcollect&store=leipzig-suedvorstadt&storeSearch=Hamburg",
      "/checkout?carrier=clickandcollect&storeSearch=gibt-es-nicht",
      "/account/cards/apply",
    ]) {
      const { res, html } = await browser.get(pathname);
      expect(res.status, pathname).toBe(200);
      expect(await problems(html), pathname).toEqual([]);
      expect(afterDocument(html).length, `${pathname}: characters after </html>`).toBe(0);
    }
  });
});
