import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { headerSearch, mainMenu, openMainMenu, waitForHydration } from "./helpers";

// docs/decisions/0025: an outdated tab's next navigation is a full page load, at most one in 10 s.
test.describe.configure({ timeout: 90_000 });

const T0 = new Date("2026-03-02T09:00:00+01:00").getTime();

/** The server "deploys" another build: /builds/latest names a version the tab does not run. */
async function deployNewBuild(page: Page) {
  await page.route("**/builds/latest", (route) =>
    route.fulfill({ json: { version: "00new00b" }, headers: { "Cache-Control": "no-store" } }),
  );
}

/**
 * The visitor comes back to the tab (the real visibilitychange event): the tab asks the server and
 * marks itself outdated. Repeated until the watcher, loaded after hydration, has heard it.
 */
async function comeBackToTab(page: Page) {
  await expect(async () => {
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect(page.locator("html")).toHaveAttribute("data-new-build", "", { timeout: 1_000 });
  }).toPass();
}

/** A mark on this document; only a full page load takes it away. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
}
function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);
}

function countLoads(page: Page) {
  const loads = { count: 0 };
  page.on("load", () => loads.count++);
  return loads;
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without JavaScript every navigation is a page load");

  test("the server and the page name the same build, and a current tab navigates in place", async ({ page }) => {
    await page.goto("/catalog/product/120001");
    await waitForHydration(page, true);
    const manifest = await page.evaluate(() => window.__remixManifest.version);
    const answer = await page.request.get("/builds/latest");
    expect(answer.headers()["cache-control"]).toBe("no-store");
    expect(await answer.json()).toEqual({ version: manifest });

    await markDocument(page);
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await page.getByRole("link", { name: "Frischkorb – zur Startseite" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Frisch, regional, gemeinsam." })).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
    await expect(page.locator("html")).not.toHaveAttribute("data-new-build");
  });

  test("after a deployment the next link is a full page load, once in 10 s", async ({ page }) => {
    await page.clock.setFixedTime(T0);
    await deployNewBuild(page);
    const loads = countLoads(page);
    await page.goto("/catalog/product/120001");
    await expect(page.getByRole("heading", { level: 1, name: "Frische Vollmilch 3,8 %" })).toBeVisible();
    await waitForHydration(page, true);
    await markDocument(page);
    await comeBackToTab(page);
    expect(loads.count).toBe(1);

    await page.getByRole("link", { name: "Frischkorb – zur Startseite" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Frisch, regional, gemeinsam." })).toBeVisible();
    await expect.poll(() => loads.count).toBe(2);
    expect(await sameDocument(page)).toBe(false);
    await expectAccessible(page);

    // Still outdated (the fake deployment stays), but the reload guard holds for 10 s: in place.
    await waitForHydration(page, true);
    await markDocument(page);
    await comeBackToTab(page);
    await page.clock.setFixedTime(T0 + 9_999);
    await openMainMenu(page);
    await mainMenu(page).details.getByRole("link", { name: "Sortiment", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Alle Kategorien" })).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
    expect(loads.count).toBe(2);

    // 10 s after the forced reload the guard lets the next one through.
    await page.clock.setFixedTime(T0 + 10_000);
    await page.getByRole("link", { name: "Frischkorb – zur Startseite" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Frisch, regional, gemeinsam." })).toBeVisible();
    await expect.poll(() => loads.count).toBe(3);
    expect(await sameDocument(page)).toBe(false);
  });

  test("back and forward in an outdated tab load the page in full", async ({ page }) => {
    await page.clock.setFixedTime(T0);
    await page.goto("/catalog/category/kaese");
    await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
    await waitForHydration(page, true);
    await page.getByRole("link", { name: "Frischkorb – zur Startseite" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Frisch, regional, gemeinsam." })).toBeVisible();

    await deployNewBuild(page);
    await markDocument(page);
    await comeBackToTab(page);
    const loads = countLoads(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/catalog\/category\/kaese$/);
    await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
    await expect.poll(() => loads.count).toBe(1);
    expect(await sameDocument(page)).toBe(false);
  });

  test("a search submitted in an outdated tab is a page load that keeps the query", async ({ page }) => {
    await page.clock.setFixedTime(T0);
    await deployNewBuild(page);
    await page.goto("/");
    await waitForHydration(page, true);
    await markDocument(page);
    await comeBackToTab(page);
    const search = headerSearch(page);
    await search.fill("Bergkäse");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/search\/find\?q=Bergk%C3%A4se$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Bergkäse");
    expect(await sameDocument(page)).toBe(false);
    await expect(headerSearch(page)).toHaveValue("Bergkäse");
  });

  test("a form post in an outdated tab goes to the server as the browser's own, with its data", async ({ page }) => {
    await page.clock.setFixedTime(T0);
    await deployNewBuild(page);
    await page.goto("/catalog/category/kaese");
    await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
    await waitForHydration(page, true);
    await markDocument(page);
    await comeBackToTab(page);
    // The dark-mode switch is a fetcher form in place; in an outdated tab it is posted as a page.
    const menu = await openMainMenu(page);
    await menu.getByRole("button", { name: "Dunkelmodus einschalten" }).click();
    await expect(page.locator("html")).toHaveClass("theme-dark");
    await expect(page).toHaveURL(/\/catalog\/category\/kaese$/);
    await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
    expect(await sameDocument(page)).toBe(false);
  });
});

test("without JavaScript pages load as ever, and /builds/latest names the page's build", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "the no-JS run: nothing polls");
  const response = await page.goto("/catalog/category/kaese");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
  const html = await response!.text();
  const manifest = html.match(/\/build\/manifest-(\w+)\.js/)![1].toLowerCase();
  await page.getByRole("link", { name: "Frischkorb – zur Startseite" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Frisch, regional, gemeinsam." })).toBeVisible();
  await expectAccessible(page);

  const answer = await page.request.get("/builds/latest");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toContain("application/json");
  expect(answer.headers()["cache-control"]).toBe("no-store");
  expect(answer.headers()["set-cookie"]).toBeUndefined();
  expect(await answer.json()).toEqual({ version: manifest });
});
