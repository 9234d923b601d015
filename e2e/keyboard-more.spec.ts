import type { Locator, Page } from "@playwright/test";
import { ANNA, visit } from "./account-helpers";
import {
  addFromProductPage,
  chooseCarrier,
  ESPRESSO,
  freshCustomer,
  JUICE,
  openCheckout,
  shippingStep,
} from "./checkout-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { startSignedIn } from "./session";

// More keyboard findings (WCAG 2.2 AA, issue 31 §4): focus rings not cut off, scrollable code
// reachable, nothing focused under the sticky header, added content announced or focused, no
// error before the customer could choose. Keyboard only; after every step the test says where
// focus is.
test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 360, height: 740 };

/** Presses Tab (or Shift+Tab) until `target` has focus. */
async function tabTo(page: Page, target: Locator, { max = 40, back = false } = {}) {
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
}

/**
 * The sides of the focused element's outline that an ancestor clips (overflow other than
 * visible): the ring must be whole (WCAG 2.4.7, 2.4.11).
 */
async function clippedRingSides(target: Locator): Promise<string[]> {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    const ring = Number.parseFloat(style.outlineWidth) + Number.parseFloat(style.outlineOffset);
    const box = el.getBoundingClientRect();
    const outer = { top: box.top - ring, right: box.right + ring, bottom: box.bottom + ring, left: box.left - ring };
    const sides = new Set<string>();
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      const clip = a.getBoundingClientRect();
      if (outer.top < clip.top) sides.add("top");
      if (outer.right > clip.right) sides.add("right");
      if (outer.bottom > clip.bottom) sides.add("bottom");
      if (outer.left < clip.left) sides.add("left");
    }
    return [...sides];
  });
}

test("the search button's focus ring is whole on every side, on a phone and on a desktop", async ({
  page,
  javaScriptEnabled,
}) => {
  for (const viewport of [PHONE, { width: 1280, height: 720 }]) {
    await page.setViewportSize(viewport);
    await visit(page, "/", javaScriptEnabled);
    const submit = page.getByRole("banner").getByRole("button", { name: "Suchen", exact: true });
    await tabTo(page, submit);
    await expect(submit).toBeFocused();
    expect(await submit.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
    expect(await clippedRingSides(submit), `at ${viewport.width} px`).toEqual([]);
  }
});

test("/api: the curl example scrolls sideways on a phone and is a named Tab stop that arrow keys scroll", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/api");
  await expect(page.getByRole("heading", { level: 1, name: "Frischkorb-API" })).toBeVisible();
  const example = page.getByRole("region", { name: "Beispiel: Aufrufe mit curl" });
  await expect(example).toContainText("curl -s -X POST");
  expect(await example.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

  await tabTo(page, example);
  await expect(example).toBeFocused();
  expect(await example.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
  expect(await clippedRingSides(example)).toEqual([]);
  await expectAccessible(page);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => example.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expect(example).toBeFocused();
  // the next Tab leaves it for the next link or control
  await page.keyboard.press("Tab");
  await expect(example).not.toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(example).toBeFocused();
});

test("Shift+Tab never leaves the focused link under the sticky header, on a phone and on a desktop", async ({
  page,
  javaScriptEnabled,
}) => {
  for (const viewport of [PHONE, { width: 1280, height: 720 }]) {
    await page.setViewportSize(viewport);
    await visit(page, "/search/find?q=milch", javaScriptEnabled, "Suchergebnisse für „milch“");
    const header = page.locator(".site-header");
    const links = page.getByRole("main").getByRole("link");
    const count = await links.count();
    expect(count).toBeGreaterThan(10);
    // the last link of the page content, then the page scrolled so that it sits under the header
    const start = links.nth(count - 1);
    await start.focus();
    await expect(start).toBeFocused();
    for (let step = 0; step < 6; step++) {
      await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        const header = document.querySelector(".site-header") as HTMLElement;
        const under = header.getBoundingClientRect().bottom - focused.getBoundingClientRect().bottom;
        window.scrollBy({ top: -under, behavior: "instant" });
      });
      const before = await page.evaluate(() => document.activeElement);
      await page.keyboard.press("Shift+Tab");
      const focused = page.locator(":focus");
      await expect(focused).toBeFocused();
      expect(await page.evaluate((b) => b !== document.activeElement, before)).toBe(true);
      const headerBottom = await header.evaluate((el) => el.getBoundingClientRect().bottom);
      const top = await focused.evaluate((el) => el.getBoundingClientRect().top);
      expect(top, `focus at ${viewport.width} px, step ${step}`).toBeGreaterThanOrEqual(headerBottom);
    }
  }
});

test("balance: 'Mehr anzeigen' by keyboard says how many entries it added; without JS it loads the longer page", async ({
  page,
  javaScriptEnabled,
}) => {
  await startSignedIn(page, ANNA);
  await visit(page, "/account/balance", javaScriptEnabled, "Mein Guthaben");
  const main = page.getByRole("main");
  const rows = main.getByRole("table").getByRole("rowgroup").nth(1).getByRole("row");
  const status = main.locator("[aria-live=polite]");
  await expect(rows).toHaveCount(10);
  await expect(status).toHaveText("");
  const more = main.getByRole("link", { name: "Mehr anzeigen" });
  await tabTo(page, more, { max: 80 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => url.search === "?limit=20");
  await expect(rows).toHaveCount(12);
  const less = main.getByRole("link", { name: "Weniger anzeigen" });
  if (javaScriptEnabled) {
    // Anna has 12 entries: two more, read out politely; the link that replaced the used one has focus
    await expect(status).toHaveText("2 weitere Buchungen angezeigt");
    await expect(less).toBeFocused();
  } else {
    // a new page: the page load says it; the live region is empty
    await expect(status).toHaveText("");
    await tabTo(page, less, { max: 80 });
  }
  await expectAccessible(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => url.pathname === "/account/balance" && url.search === "");
  await expect(rows).toHaveCount(10);
  await expect(status).toHaveText("");
  if (javaScriptEnabled) await expect(more).toBeFocused();
});

test("click & collect: no store error before the customer could choose one; an attempt to order shows it", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page);
  for (const product of [ESPRESSO, JUICE]) await addFromProductPage(page, product, javaScriptEnabled);
  await openCheckout(page, javaScriptEnabled);
  await chooseCarrier(page, "pickup", javaScriptEnabled);
  const pickup = page.getByRole("region", { name: "2. Abholung" });
  const error = pickup.getByText("Bitte wähle einen Markt für die Abholung.");
  await expect(pickup.getByText("Wähle oben einen Markt: Dann siehst du hier seine Abholzeiten.")).toBeVisible();
  await expect(error).toHaveCount(0);
  await expectAccessible(page);

  // the store search is the next stop: still no error while choosing
  const search = shippingStep(page).getByRole("searchbox", { name: "Markt suchen" });
  await tabTo(page, search, { max: 60 });
  await page.keyboard.type("Süd");
  await expect(error).toHaveCount(0);

  // ordering without a store: now it says what is missing (the browser checks, or the server)
  const order = page.getByRole("button", { name: "Zahlungspflichtig bestellen" });
  await order.focus();
  await expect(order).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(error).toBeVisible();
  await expect(pickup.getByText("Wähle oben einen Markt: Dann siehst du hier seine Abholzeiten.")).toHaveCount(0);
  await expectAccessible(page);
});

test("click & collect: 'N weitere Märkte anzeigen' by keyboard puts focus on the first store it added", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page);
  await addFromProductPage(page, ESPRESSO, javaScriptEnabled);
  await openCheckout(page, javaScriptEnabled);
  await chooseCarrier(page, "pickup", javaScriptEnabled);
  const stores = shippingStep(page).getByRole("group", { name: "Markt", exact: true });
  const radios = stores.getByRole("radio");
  await expect(radios).toHaveCount(10);
  const tenth = (await radios.nth(9).getAttribute("value"))!;
  const more = stores.getByRole("button", { name: /^\d+ weitere Märkte anzeigen$/ });
  await stores.getByRole("searchbox", { name: "Markt suchen" }).focus();
  await tabTo(page, more);
  await page.keyboard.press("Enter");
  // without JavaScript this is a page load: "more" is gone for a moment before the new list
  // arrives, so the list's length is waited for, never read once
  await expect.poll(() => radios.count()).toBeGreaterThan(50);
  await expect(more).toHaveCount(0);
  // the first ten stay where they were; the eleventh is the first new one
  await expect(radios.nth(9)).toHaveAttribute("value", tenth);
  if (javaScriptEnabled) {
    await expect(radios.nth(10)).toBeFocused();
    await expect(radios.nth(10)).not.toBeChecked();
  } else {
    // the form sent with "more": a page load with the whole list, whose stores Tab reaches
    await expect(page).toHaveURL((url) => url.searchParams.get("allStores") === "1");
    await tabTo(page, radios.first(), { max: 80 });
  }
  await expectAccessible(page);
});
