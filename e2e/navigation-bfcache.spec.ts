import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { headerDisclosure, headerSearch, mainMenu, openMainMenu, waitForHydration } from "./helpers";
import { launchOptions } from "./playwright.config";

// Real browsers keep a page left by a full page load in their back-forward cache; Playwright
// switches that cache off, so this file switches it on again (it must be top-level: a new worker),
// in the full Chromium: the headless shell the other tests use has no back-forward cache.
test.use({
  launchOptions: {
    ...launchOptions,
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    ignoreDefaultArgs: ["--disable-back-forward-cache"],
  },
});

async function expectOverlaysClosed(page: Page) {
  await expect(mainMenu(page).details).not.toHaveAttribute("open");
  await expect(headerDisclosure(page, "Sortiment").details).not.toHaveAttribute("open");
  await expect(page.getByRole("listbox", { name: "Vorschläge" })).toHaveCount(0);
}

/** Marks the document; a page restored from the cache still has the mark, a new load has not. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
}

test.describe("with JavaScript", () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    "without JavaScript the browser shows the cached page exactly as it was left, an open <details> included; nothing can close it there (docs/decisions/0025)",
  );

  test("a page brought back from the cache has its main menu closed", async ({ page }) => {
    await page.goto("/catalog/category/kaese");
    await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
    await waitForHydration(page, true);
    await markDocument(page);
    // "Anmelden" is a plain link: a full page load even with JavaScript.
    const menu = await openMainMenu(page);
    await menu.getByRole("link", { name: "Anmelden", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Anmelden" })).toBeVisible();
    // a page from the cache fires no load event
    await page.goBack({ waitUntil: "commit" });
    await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
    await expectSameDocument(page);
    await expectOverlaysClosed(page);
  });

  test("a page brought back from the cache has its search suggestions closed", async ({ page }) => {
    await page.goto("/catalog/category/kaese");
    await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
    await waitForHydration(page, true);
    await markDocument(page);
    const search = headerSearch(page);
    await search.click();
    await search.pressSequentially("brot", { delay: 40 });
    await expect(page.getByRole("listbox", { name: "Vorschläge" })).toBeVisible();
    // the visitor types another address
    await page.goto("/pages/legal/impressum");
    await expect(page.getByRole("heading", { level: 1, name: "Impressum" })).toBeVisible();
    await page.goBack({ waitUntil: "commit" });
    await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
    await expectSameDocument(page);
    await expectOverlaysClosed(page);
  });
});
