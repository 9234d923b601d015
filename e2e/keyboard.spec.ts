import type { Locator, Page } from "@playwright/test";
import { ANNA, expectToast, visit } from "./account-helpers";
import { addFromProductPage, cartLine, cartSummary, COFFEE, freshCustomer, JUICE } from "./checkout-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { startSignedIn } from "./session";
import { headerDisclosure, mainMenu, waitForHydration } from "./helpers";

// Keyboard only (Tab, Shift+Tab, Enter, Escape, arrows): after every step the test says where
// focus is. With JavaScript focus must never fall to <body>; without JavaScript every step is a
// plain link, form or page load and must work the same way.
test.describe.configure({ timeout: 120_000 });

/** Presses Tab (or Shift+Tab) until `target` has focus; returns how many presses that took. */
async function tabTo(page: Page, target: Locator, { max = 40, back = false } = {}): Promise<number> {
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
  return max;
}

async function focusIsInside(scope: Locator): Promise<boolean> {
  return scope.evaluate((el) => el.contains(document.activeElement));
}

/** The route announcer: the polite live region that reads a new page's title. */
function announcer(page: Page): Locator {
  return page.locator("#route-announcer[aria-live=polite]");
}

test("search: a combobox with suggestions on typing, arrows, Enter and Escape; a plain search form without JS", async ({
  page,
  javaScriptEnabled,
}) => {
  await visit(page, "/search/find?q=milch", javaScriptEnabled, "Suchergebnisse für „milch“");
  const search = page
    .getByRole("banner")
    .getByRole(javaScriptEnabled ? "combobox" : "searchbox", { name: "Produkte suchen" });
  await tabTo(page, search);
  await expect(search).toHaveValue("milch");
  // a pre-filled box opens nothing on focus
  await expect(page.getByRole("listbox")).toHaveCount(0);

  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("kase", { delay: 30 });
  await expect(search).toBeFocused();
  if (!javaScriptEnabled) {
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Suchergebnisse für „kase“" })).toBeVisible();
    return;
  }

  const listbox = page.getByRole("listbox", { name: "Vorschläge" });
  await expect(listbox).toBeVisible();
  await expect(search).toHaveAttribute("aria-expanded", "true");
  await expect(search).toHaveAttribute("aria-controls", (await listbox.getAttribute("id"))!);
  await expect(
    listbox.getByRole("group", { name: "Kategorien" }).getByRole("option", { name: "Käse", exact: true }),
  ).toBeVisible();
  await expect(listbox.getByRole("group", { name: "Produkte" }).getByRole("option").first()).toBeVisible();
  const options = listbox.getByRole("option");
  await expect(options.last()).toHaveText("Alle Ergebnisse für „kase“ anzeigen");
  await expectAccessible(page);

  // ArrowDown/ArrowUp move the active option; focus stays in the box
  await page.keyboard.press("ArrowDown");
  await expect(search).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(search).toHaveAttribute("aria-activedescendant", (await options.nth(1).getAttribute("id"))!);
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(search).toHaveAttribute("aria-activedescendant", (await options.last().getAttribute("id"))!);
  await expect(search).toBeFocused();

  // Escape closes and keeps what was typed
  await page.keyboard.press("Escape");
  await expect(listbox).toHaveCount(0);
  await expect(search).toHaveAttribute("aria-expanded", "false");
  await expect(search).not.toHaveAttribute("aria-activedescendant");
  await expect(search).toHaveValue("kase");
  await expect(search).toBeFocused();

  // focus leaving the search closes the suggestions
  await page.keyboard.press("Backspace");
  await page.keyboard.type("e");
  await expect(listbox).toBeVisible();
  await page.keyboard.press("Shift+Tab");
  await expect(listbox).toHaveCount(0);
  await expect(search).not.toBeFocused();

  // ArrowDown opens them again; Enter follows the active option, and focus lands on the new page's heading
  await tabTo(page, search);
  await expect(listbox).toHaveCount(0);
  await page.keyboard.press("ArrowDown");
  await expect(listbox).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  const href = (await options.first().getAttribute("href"))!;
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(href);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(listbox).toHaveCount(0);
});

test("main menu: Enter opens, Escape closes back to its toggle, focus leaving closes it", async ({
  page,
  javaScriptEnabled,
}) => {
  await visit(page, "/", javaScriptEnabled, "Frisch, regional, gemeinsam.");
  const { details, toggle } = mainMenu(page);
  const panel = details.getByRole("navigation", { name: "Hauptnavigation" });
  await tabTo(page, toggle);
  await page.keyboard.press("Enter");
  await expect(panel).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("link", { name: "Suche", exact: true })).toBeFocused();

  if (javaScriptEnabled) {
    await page.keyboard.press("Escape");
    await expect(details).not.toHaveAttribute("open");
    await expect(toggle).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(panel).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(page.getByRole("link", { name: "Zum Inhalt springen" })).toBeFocused();
    await expect(details).not.toHaveAttribute("open");
    await expect(panel).toBeHidden();
    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
  }

  // a menu link leads to its page; with JavaScript focus moves to the new heading and the title is announced
  await tabTo(page, panel.getByRole("link", { name: "Märkte", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Unsere Märkte" })).toBeVisible();
  await expect(page).toHaveTitle("Unsere Märkte – Frischkorb");
  if (javaScriptEnabled) {
    await expect(page.getByRole("heading", { level: 1, name: "Unsere Märkte" })).toBeFocused();
    await expect(announcer(page)).toHaveText("Unsere Märkte – Frischkorb");
  }
  await expect(details).not.toHaveAttribute("open");
});

test("category panel: one Tab stop per main category, subcategories open per category, Escape and focus leaving close it", async ({
  page,
  javaScriptEnabled,
}) => {
  await visit(page, "/catalog/product/120001", javaScriptEnabled, "Frische Vollmilch 3,8 %");
  const { details, toggle } = headerDisclosure(page, "Sortiment");
  // by CSS, not by role: the closed panel must still be found
  const nav = details.locator("nav.category-panel");
  await tabTo(page, toggle);
  await page.keyboard.press("Enter");
  await expect(nav).toBeVisible();
  await expectAccessible(page);

  // Tab through the whole panel: 13 main categories and "Alle Kategorien", then out
  const stops: string[] = [];
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    if (!(await focusIsInside(nav))) break;
    stops.push((await page.evaluate(() => document.activeElement!.textContent ?? "")).trim());
  }
  expect(stops).toHaveLength(14);
  expect(stops[0]).toBe("Obst & Gemüse");
  expect(stops[13]).toBe("Alle Kategorien");
  // with JavaScript the panel closes once focus has left it
  if (javaScriptEnabled) await expect(nav).toBeHidden();

  if (javaScriptEnabled) {
    await tabTo(page, toggle, { back: true });
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
  }
  await expect(nav).toBeVisible();

  // a category's summary opens its subcategories
  const drinks = nav.locator("summary", { hasText: /^Getränke$/ });
  // without JavaScript the panel stayed open behind the focus
  await tabTo(page, drinks, { back: !javaScriptEnabled });
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Alles aus Getränke", exact: true })).toBeFocused();
  await expect(nav.getByRole("link", { name: "Alles aus Getränke", exact: true })).toHaveAttribute(
    "href",
    "/catalog/category/getraenke",
  );
  await tabTo(page, nav.getByRole("link", { name: "Bier", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/catalog\/category\/bier$/);
  const heading = page.getByRole("heading", { level: 1, name: "Bier" });
  await expect(heading).toBeVisible();
  if (javaScriptEnabled) {
    await expect(heading).toBeFocused();
    await expect(announcer(page)).toHaveText(await page.title());
  }
  await expect(page.getByRole("banner").getByRole("navigation", { name: "Kategorien" })).toBeHidden();
});

test("add to cart, quantity change and the gift dialog keep the keyboard focus and announce the result", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page);
  await visit(page, `/catalog/product/${JUICE.sku}`, javaScriptEnabled, JUICE.name);
  const add = page.getByRole("main").getByRole("button", { name: "In den Warenkorb", exact: true });
  await tabTo(page, add, { max: 60 });
  await page.keyboard.press("Enter");
  await expectToast(page, `„${JUICE.name}“ liegt jetzt im Warenkorb.`);
  if (javaScriptEnabled) await expect(add).toBeFocused();

  // Enter in the quantity field: the cart updates, focus stays in the field
  await visit(page, "/cart", javaScriptEnabled, "Warenkorb");
  const quantity = cartLine(page, JUICE.name).getByLabel(`Menge von ${JUICE.name}`);
  await tabTo(page, quantity, { max: 60 });
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("43");
  await page.keyboard.press("Enter");
  await expect(cartSummary(page)).toContainText("Zwischensumme (43 Artikel)");
  await expectToast(page, `Die Menge von „${JUICE.name}“ wurde geändert.`);
  await expect(quantity).toHaveValue("43");
  if (javaScriptEnabled) {
    await expect(cartLine(page, JUICE.name).getByText("Wird aktualisiert …")).toHaveCount(0);
    await expect(quantity).toBeFocused();
  }

  // the gift dialog: focus moves in, Tab stays inside, Escape closes it back to its opener
  const opener = page
    .getByRole("region", { name: "Gratis-Zugabe für dich" })
    .getByRole("link", { name: "Gratis-Zugabe auswählen" });
  await tabTo(page, opener, { max: 80, back: true });
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Gratis-Zugabe auswählen" });
  await expect(dialog).toBeVisible();
  if (javaScriptEnabled) {
    await expect(dialog.getByRole("link", { name: "Schließen" })).toBeFocused();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await focusIsInside(dialog), `Tab ${i + 1} stays in the dialog`).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await focusIsInside(dialog)).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(opener).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
  }

  // choosing a gift: the dialog closes, the toast says so, focus is back on the page
  const choose = dialog.getByRole("button", { name: "Mozzarella als Gratis-Zugabe auswählen" });
  await tabTo(page, choose);
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expectToast(page, /Mozzarella/);
  if (javaScriptEnabled) {
    const focused = page.locator(":focus");
    await expect(focused).toHaveCount(1);
    expect(await focused.evaluate((el) => el.closest("main") !== null)).toBe(true);
  }
});

test("cart: '+' at the maximum keeps the focus; removing a line moves it to the next line, the last one to the heading", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page);
  await addFromProductPage(page, COFFEE, javaScriptEnabled);
  await addFromProductPage(page, JUICE, javaScriptEnabled);
  await visit(page, "/cart", javaScriptEnabled, "Warenkorb");

  // up to the maximum of 99 by typing, then "+" once more: refused, and the focus stays on "+"
  const quantity = cartLine(page, JUICE.name).getByLabel(`Menge von ${JUICE.name}`);
  await tabTo(page, quantity, { max: 80 });
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("98");
  await page.keyboard.press("Enter");
  await expect(quantity).toHaveValue("98");
  const increase = cartLine(page, JUICE.name).getByRole("button", { name: `Eins mehr von ${JUICE.name}` });
  await tabTo(page, increase);
  await page.keyboard.press("Enter");
  await expect(quantity).toHaveValue("99");
  if (javaScriptEnabled) {
    await expect(increase).toHaveAttribute("aria-disabled", "true");
    await expect(increase).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(quantity).toHaveValue("99");
    await expect(increase).toBeFocused();
  }

  // "Entfernen" on the first line: focus goes to the line that takes its place
  const removeCoffee = cartLine(page, COFFEE.name).getByRole("button", {
    name: `${COFFEE.name} aus dem Warenkorb entfernen`,
  });
  await tabTo(page, removeCoffee, { max: 80, back: true });
  await page.keyboard.press("Enter");
  await expectToast(page, `„${COFFEE.name}“ wurde aus dem Warenkorb entfernt.`);
  await expect(cartLine(page, COFFEE.name)).toHaveCount(0);
  if (javaScriptEnabled) await expect(cartLine(page, JUICE.name).getByRole("link", { name: JUICE.name })).toBeFocused();

  // the last line: focus goes to the page heading
  const removeJuice = cartLine(page, JUICE.name).getByRole("button", {
    name: `${JUICE.name} aus dem Warenkorb entfernen`,
  });
  await tabTo(page, removeJuice, { max: 80 });
  await page.keyboard.press("Enter");
  await expect(page.getByText("Dein Warenkorb ist leer.")).toBeVisible();
  if (javaScriptEnabled) await expect(page.getByRole("heading", { level: 1, name: "Warenkorb" })).toBeFocused();
});

test("address dialog: it opens in its first field, Escape returns to “Neue Adresse”, the close link works without JS", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page);
  await visit(page, "/account/address", javaScriptEnabled, "Adressen");
  const opener = page.getByRole("main").getByRole("link", { name: "Neue Adresse hinzufügen" });
  await tabTo(page, opener, { max: 60 });
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Neue Adresse" });
  await expect(dialog).toBeVisible();
  const close = dialog.getByRole("link", { name: "Schließen" });
  // with and without JavaScript the customer starts in the form's first field (docs/decisions/0038)
  await expect(dialog.getByRole("textbox", { name: "Straße" })).toBeFocused();
  if (javaScriptEnabled) {
    await page.keyboard.press("Shift+Tab");
    await expect(close).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    expect(await focusIsInside(dialog)).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/account\/address$/);
    await expect(opener).toBeFocused();
  } else {
    await tabTo(page, close);
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/account\/address$/);
  }
});

test("login prompt: opened from a visitor's wishlist heart, focus inside, Escape back to the heart", async ({
  page,
  javaScriptEnabled,
}) => {
  await visit(page, "/catalog/product/120001", javaScriptEnabled, "Frische Vollmilch 3,8 %");
  const heart = page
    .getByRole("main")
    .getByRole("link", { name: /Merkzettel/ })
    .first();
  await tabTo(page, heart, { max: 60 });
  await page.keyboard.press("Enter");
  if (!javaScriptEnabled) {
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    return;
  }
  const dialog = page.getByRole("dialog", { name: "Bitte melde dich an" });
  await expect(dialog).toBeVisible();
  expect(await focusIsInside(dialog)).toBe(true);
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press("Tab");
    expect(await focusIsInside(dialog), `Tab ${i + 1} stays in the dialog`).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(heart).toBeFocused();
});

test("page structure: unique landmark names, no skipped heading level on the wishlist, address buttons named by their text", async ({
  page,
  javaScriptEnabled,
}) => {
  await startSignedIn(page, ANNA);
  await visit(page, "/", javaScriptEnabled);
  const names = await page.locator("nav").evaluateAll((navs) =>
    navs.map((n) => {
      const labelledBy = n.getAttribute("aria-labelledby");
      return labelledBy ? document.getElementById(labelledBy)?.textContent : n.getAttribute("aria-label");
    }),
  );
  expect(names.length).toBeGreaterThan(3);
  expect(names.filter((name) => !name)).toEqual([]);
  expect(new Set(names).size).toBe(names.length);

  await visit(page, "/account/wishlist", javaScriptEnabled, "Merkzettel");
  const levels = await page
    .getByRole("main")
    .locator("h1, h2, h3, h4, h5, h6")
    .evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
  expect(levels.length).toBeGreaterThan(1);
  levels.forEach((level, i) => {
    if (i > 0) expect(level - levels[i - 1], `heading ${i + 1}`).toBeLessThanOrEqual(1);
  });

  await visit(page, "/account/address", javaScriptEnabled, "Adressen");
  const setDefault = page.getByRole("button", { name: /^Als Lieferadresse festlegen: / });
  await expect(setDefault.first()).toHaveText("Als Lieferadresse festlegen");
  await waitForHydration(page, javaScriptEnabled);
});

test("home hero: its white text keeps at least 4.5:1 at every point of the gradient", async ({ page }) => {
  // axe cannot judge text on a gradient, so the test samples the gradient between its colour stops.
  await page.goto("/");
  const hero = page.locator(".hero");
  await expect(hero.getByRole("heading", { level: 1, name: "Frisch, regional, gemeinsam." })).toBeVisible();
  const { color, image } = await hero.evaluate((el) => ({
    color: getComputedStyle(el).color,
    image: getComputedStyle(el).backgroundImage,
  }));
  expect(color).toBe("rgb(255, 255, 255)");
  const stops = [...image.matchAll(/rgb\((\d+), (\d+), (\d+)\)/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
    Number(m[3]),
  ]);
  expect(stops.length).toBeGreaterThanOrEqual(2);
  const luminance = (rgb: number[]) => {
    const [r, g, b] = rgb.map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  let lowest = Infinity;
  for (let i = 1; i < stops.length; i++) {
    for (let t = 0; t <= 1; t += 0.01) {
      const mixed = stops[i - 1].map((c, k) => Math.round(c + (stops[i][k] - c) * t));
      lowest = Math.min(lowest, 1.05 / (luminance(mixed) + 0.05));
    }
  }
  expect(lowest).toBeGreaterThanOrEqual(4.5);
});
