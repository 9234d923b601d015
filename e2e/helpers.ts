import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * With JavaScript, wait until React has hydrated the document (hydrated DOM nodes carry a
 * `__reactFiber$…` property), so clicks and changes reach the app's handlers instead of the
 * browser's defaults. Without JavaScript there is nothing to wait for.
 */
export async function waitForHydration(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  await page.waitForFunction(() => {
    const main = document.getElementById("main");
    return !!main && Object.keys(main).some((key) => key.startsWith("__reactFiber$"));
  });
}

/**
 * The header's search box, by its label: a plain search field without JavaScript, a combobox
 * once hydrated.
 */
export function headerSearch(page: Page): Locator {
  return page.getByRole("banner").getByRole("search").getByLabel("Produkte suchen");
}

/** The product tiles of a listing ("Produkte" list). */
export function productTiles(page: Page): Locator {
  return page.getByRole("list", { name: "Produkte", exact: true }).getByRole("article");
}

/** The number in the listing's "N Produkte" / "1 Produkt" status line. */
export async function listingCount(page: Page): Promise<number> {
  const status = page.getByRole("status").filter({ hasText: /^\d+ Produkte?$/ });
  await expect(status).toBeVisible();
  return Number((await status.textContent())!.match(/^(\d+)/)![1]);
}

/** "1,39 €" (with a normal or a no-break space) → 139 cents. */
export function euroToCents(text: string): number {
  const match = text.replace(/\s/g, " ").match(/(\d+),(\d{2}) €/);
  if (!match) throw new Error(`not a euro amount: ${JSON.stringify(text)}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

/** The disclosure button (<summary>) of a <details> element, by its visible text. */
export function summary(scope: Page | Locator, text: string): Locator {
  return scope.locator("summary").filter({ hasText: new RegExp(`^\\s*${escapeRegExp(text)}(?:\\s|\\(|$)`) });
}

/** A <details> disclosure in the header, found by the text of its <summary>. */
export function headerDisclosure(page: Page, text: string) {
  const details = page
    .getByRole("banner")
    .locator("details")
    .filter({ has: summary(page, text) });
  return { details, toggle: summary(details, text) };
}

/** The site's main menu disclosure ("Menü"). */
export function mainMenu(page: Page) {
  return headerDisclosure(page, "Menü");
}

/** Open the main menu and wait until its panel shows. */
export async function openMainMenu(page: Page) {
  const { details, toggle } = mainMenu(page);
  await toggle.click();
  await expect(details).toHaveAttribute("open", "");
  return details;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Presses Tab (or Shift+Tab) until `target` has focus; returns how many presses that took. */
export async function tabTo(page: Page, target: Locator, { max = 40, back = false } = {}): Promise<number> {
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
  return max;
}

/**
 * Scrolls a product page's similar products into view, in one step inside the page: their section
 * is the server's markup until its code is there and then the browser's own (another element), so
 * a locator's scroll can find the element it resolved taken out of the document.
 */
export async function scrollToSimilarProducts(page: Page) {
  await page.evaluate(() => document.querySelector("section.wheel")?.scrollIntoView({ block: "center" }));
}
