import type { BrowserContext, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { mainMenu, openMainMenu, waitForHydration } from "./helpers";

test.describe.configure({ timeout: 180_000 });

const PAGE = "/catalog/category/kaese?sort=price_asc";

async function darkModeCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === "dark_mode");
}

async function setMarker(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled)
    await page.evaluate(() => {
      (window as unknown as { __marker?: string }).__marker = "still here";
    });
}

async function expectMarker(page: Page, javaScriptEnabled: boolean) {
  // With JavaScript the theme switches without a page load: the window (and its marker) survives.
  if (javaScriptEnabled)
    expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe("still here");
}

test("dark mode: switch on, survives a reload via cookie, switch off again", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  const html = page.locator("html");
  await page.goto(PAGE);
  await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
  await expect(html).toHaveClass("theme-light");
  await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute("content", "light");
  expect(await darkModeCookie(context)).toBeUndefined();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  const url = page.url();

  // Switch on
  await setMarker(page, javaScriptEnabled);
  let menu = await openMainMenu(page);
  await menu.getByRole("button", { name: "Dunkelmodus einschalten" }).click();
  await expect(html).toHaveClass("theme-dark");
  expect(page.url()).toBe(url);
  await expectMarker(page, javaScriptEnabled);
  await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute("content", "dark");
  await expect.poll(async () => (await darkModeCookie(context))?.value).toBe("1");
  const cookie = (await darkModeCookie(context))!;
  expect(cookie.path).toBe("/");
  const maxAge = cookie.expires - Date.now() / 1000;
  expect(maxAge).toBeGreaterThan(32_000_000 - 600);
  expect(maxAge).toBeLessThanOrEqual(32_000_000 + 5);
  expect(cookie.sameSite).toBe("Lax");
  // the page keeps working: the sort order and the product list are still there
  await expect(page.getByRole("combobox", { name: "Sortierung" })).toHaveValue("price_asc");
  await expect(page.getByRole("list", { name: "Produkte", exact: true }).getByRole("article").first()).toBeVisible();
  // the toggle now offers the way back
  menu = mainMenu(page).details;
  if (!(await menu.getAttribute("open").then((v) => v !== null))) menu = await openMainMenu(page);
  await expect(menu.getByRole("button", { name: "Hellmodus einschalten" })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Dunkelmodus einschalten" })).toHaveCount(0);
  await expectAccessible(page);

  // Reload: still dark, rendered so by the server
  const response = await page.reload();
  expect(response?.status()).toBe(200);
  await expect(html).toHaveClass("theme-dark");
  await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
  // the server answered with the dark page
  expect(await response!.text()).toMatch(/<html[^>]*class="theme-dark"/);
  await waitForHydration(page, javaScriptEnabled);

  // Other pages are dark too
  await page.goto("/");
  await expect(html).toHaveClass("theme-dark");
  await page.goto(PAGE);
  await expect(html).toHaveClass("theme-dark");
  await waitForHydration(page, javaScriptEnabled);

  // Switch off
  await setMarker(page, javaScriptEnabled);
  menu = await openMainMenu(page);
  await menu.getByRole("button", { name: "Hellmodus einschalten" }).click();
  await expect(html).toHaveClass("theme-light");
  expect(page.url()).toBe(url);
  await expectMarker(page, javaScriptEnabled);
  await expect.poll(async () => (await darkModeCookie(context))?.value).toBe("0");
  await page.reload();
  await expect(html).toHaveClass("theme-light");
  await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
});
