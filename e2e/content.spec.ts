import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForHydration } from "./helpers";

test.describe.configure({ timeout: 120_000 });

const FOOTER_LINKS: [string, string][] = [
  ["Impressum", "/pages/legal/impressum"],
  ["Datenschutz", "/pages/legal/datenschutz"],
  ["AGB", "/pages/legal/agb"],
  ["Widerrufsbelehrung", "/pages/legal/widerrufsbelehrung"],
  ["Versand & Zahlung", "/pages/legal/versand-zahlung"],
];

/**
 * These tests see only pages that ship no JavaScript at all (each asserts it), so a browser with
 * JavaScript sees exactly what one without sees: the no-JS project runs them, the JS project
 * leaves them out (playwright.config.ts).
 */
const PAGES_WITHOUT_JAVASCRIPT = { tag: "@pages-without-javascript" };

/** Collects every request for the app's JavaScript bundles (/build/….js). */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/build/") && pathname.endsWith(".js")) scripts.push(pathname);
  });
  return scripts;
}

async function expectStaticPage(page: Page, path: string, heading: string) {
  const scripts = watchScripts(page);
  const response = await page.goto(path, { waitUntil: "load" });
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(page).toHaveTitle(`${heading} – Frischkorb`);
  await expect(page.getByText(/^(Stand:|Aktualisiert am) \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();

  const footer = page.getByRole("contentinfo");
  const legal = footer.getByRole("navigation", { name: "Rechtliches" });
  for (const [name, href] of FOOTER_LINKS) {
    await expect(legal.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(footer.getByText("Alle Preise in Euro inkl. gesetzlicher MwSt.", { exact: false })).toBeVisible();

  // The page ships no JavaScript: no script at all, none of the app's is referenced or loaded.
  await expect(page.locator('script, link[rel="modulepreload"]')).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  expect(scripts).toEqual([]);
  await expectAccessible(page);
  expect(scripts).toEqual([]);
}

test("Impressum: heading, legal footer, no JavaScript", PAGES_WITHOUT_JAVASCRIPT, async ({ page }) => {
  await expectStaticPage(page, "/pages/legal/impressum", "Impressum");
  await expect(page.getByText("Frischkorb eG", { exact: false }).first()).toBeVisible();
});

test(
  "Widerrufsbelehrung: includes the exceptions for perishable goods, no JavaScript",
  PAGES_WITHOUT_JAVASCRIPT,
  async ({ page }) => {
    await expectStaticPage(page, "/pages/legal/widerrufsbelehrung", "Widerrufsbelehrung");
    const exceptions = page.getByRole("heading", {
      level: 2,
      name: /^Ausschluss und vorzeitiges Erlöschen des Widerrufsrechts/,
    });
    await expect(exceptions).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: /Waren, die schnell verderben können/ })).toBeVisible();
    await expect(
      page.getByRole("listitem").filter({ hasText: /Molkereiprodukte, Fleisch, Wurst, Fisch, Käse/ }),
    ).toBeVisible();
  },
);

test(
  "Mitgliedschaft content page: heading, legal footer, no JavaScript",
  PAGES_WITHOUT_JAVASCRIPT,
  async ({ page }) => {
    await expectStaticPage(page, "/content/mitgliedschaft", "Teilhaber werden");
  },
);

test("a footer link on a shop page opens the legal page at its top", async ({ page, javaScriptEnabled }) => {
  await page.goto("/catalog/category/milch-eier");
  await expect(page.getByRole("heading", { level: 1, name: "Milchprodukte & Eier" })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  const link = page
    .getByRole("contentinfo")
    .getByRole("navigation", { name: "Rechtliches" })
    .getByRole("link", { name: "Widerrufsbelehrung", exact: true });
  await link.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await link.click();
  await expect(page).toHaveURL(/\/pages\/legal\/widerrufsbelehrung$/);
  await expect(page.getByRole("heading", { level: 1, name: "Widerrufsbelehrung" })).toBeVisible();
  // a new page starts at the top, where its heading is
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole("heading", { level: 1, name: "Widerrufsbelehrung" })).toBeInViewport();
});

test("footer links lead to the legal pages", PAGES_WITHOUT_JAVASCRIPT, async ({ page }) => {
  const scripts = watchScripts(page);
  await page.goto("/pages/legal/impressum");
  const legal = page.getByRole("contentinfo").getByRole("navigation", { name: "Rechtliches" });
  await legal.getByRole("link", { name: "Versand & Zahlung", exact: true }).click();
  await expect(page).toHaveURL(/\/pages\/legal\/versand-zahlung$/);
  await expect(page.getByRole("heading", { level: 1, name: "Versand & Zahlung" })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Alle rechtlichen Informationen" }).click();
  await expect(page).toHaveURL(/\/pages\/legal$/);
  await expect(page.getByRole("heading", { level: 1, name: "Rechtliches" })).toBeVisible();
  for (const title of [
    "Impressum",
    "Datenschutzerklärung",
    "Allgemeine Geschäftsbedingungen",
    "Widerrufsbelehrung",
    "Versand & Zahlung",
  ]) {
    await expect(page.getByRole("main").getByRole("link", { name: title, exact: true })).toBeVisible();
  }
  await expect(page.locator("script")).toHaveCount(0);
  expect(scripts).toEqual([]);
  await expectAccessible(page);
});

test(
  "the API reference lists the calls, links the OpenAPI document and ships no JavaScript",
  PAGES_WITHOUT_JAVASCRIPT,
  async ({ page }) => {
    const scripts = watchScripts(page);
    const response = await page.goto("/api", { waitUntil: "load" });
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Frischkorb-API" })).toBeVisible();
    await expect(page).toHaveTitle("Frischkorb-API – Frischkorb");
    await expect(page.getByRole("link", { name: "/rest/V1/openapi.json" })).toHaveAttribute(
      "href",
      "/rest/V1/openapi.json",
    );
    const customer = page.getByRole("region", { name: "Kunde" });
    await expect(customer.getByRole("cell", { name: /POST \/rest\/V1\/integration\/customer\/token/ })).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: "Warenkorb" })
        .getByRole("cell", { name: /PUT \/rest\/V1\/carts\/mine\/update/ }),
    ).toBeVisible();
    await expect(page.locator("script")).toHaveCount(0);
    expect(scripts).toEqual([]);
    await expectAccessible(page);
  },
);
