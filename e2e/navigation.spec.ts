import type { Page } from "@playwright/test";
import { freshCustomer } from "./checkout-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import {
  headerDisclosure,
  headerSearch,
  mainMenu,
  openMainMenu,
  productTiles,
  summary,
  waitForHydration,
  scrollToSimilarProducts,
} from "./helpers";

test.describe.configure({ timeout: 120_000 });

const MENU_LINKS: [string, RegExp][] = [
  ["Suche", /^\/search\/find$/],
  ["Merkzettel", /^\/login\?redirectTo=%2Faccount%2Fwishlist$/],
  ["Mein Konto", /^\/login\?redirectTo=%2Faccount$/],
  ["Warenkorb", /^\/login\?redirectTo=%2Fcart$/],
  ["Anmelden", /^\/login\?redirectTo=%2F$/],
  ["Sortiment", /^\/catalog\/category\/startseite$/],
  ["Online-Shop", /^\/content\/online-shop$/],
  ["Märkte", /^\/content\/map$/],
  ["Neuigkeiten", /^\/content\/neuigkeiten$/],
  ["Mitgliedschaft", /^\/content\/mitgliedschaft$/],
];

test("main menu lists every entry and leads to the stores, closing itself", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Frisch, regional, gemeinsam." })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);

  const { details } = mainMenu(page);
  await expect(details).not.toHaveAttribute("open");
  const panel = details.getByRole("navigation", { name: "Hauptnavigation" });
  await expect(panel).toBeHidden();

  // scroll down first: the stores page must then start at the top
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);

  await openMainMenu(page);
  await expect(panel).toBeVisible();
  const links = panel.getByRole("link");
  await expect(links).toHaveText(MENU_LINKS.map(([name]) => name));
  for (const [name, href] of MENU_LINKS) {
    await expect(panel.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(panel.getByRole("button", { name: "Dunkelmodus einschalten" })).toBeVisible();
  await expectAccessible(page);

  await panel.getByRole("link", { name: "Märkte", exact: true }).click();
  await expect(page).toHaveURL(/\/content\/map$/);
  await expect(page.getByRole("heading", { level: 1, name: "Unsere Märkte" })).toBeVisible();
  await expect(page).toHaveTitle("Unsere Märkte – Frischkorb");
  await expect(page.getByRole("region", { name: "Karte der Märkte" })).toBeVisible();
  const stores = page.getByRole("region", { name: /^Alle \d+ Märkte$/ }).getByRole("listitem");
  await expect.poll(() => stores.count()).toBeGreaterThanOrEqual(150);
  await expect(stores.first().getByRole("link")).toHaveAttribute("href", /^\/content\/markt\/[a-z0-9-]+$/);
  await expect(page.getByText(/^Frischkorb gibt es in \d+ Märkten\./)).toBeVisible();
  const intro = await page.getByText(/^Frischkorb gibt es in \d+ Märkten\./).textContent();
  expect(Number(intro!.match(/in (\d+) Märkten/)![1])).toBe(await stores.count());

  // the menu is closed and the new page starts at the top
  await expect(mainMenu(page).details).not.toHaveAttribute("open");
  await expect(mainMenu(page).details.getByRole("navigation", { name: "Hauptnavigation" })).toBeHidden();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expectAccessible(page);
});

test("a click on a product far down a listing opens the product page at the top", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/catalog/category/startseite");
  await expect(page.getByRole("heading", { level: 1, name: "Alle Kategorien" })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  const tile = page.getByRole("list", { name: "Produkte", exact: true }).getByRole("article").nth(40);
  const link = tile.getByRole("link").first();
  const name = (await link.getByRole("heading").textContent())!.trim();
  await link.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/catalog\/product\/[\w-]+$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the “Sortiment” category menu in the header shows the category tree", async ({ page, javaScriptEnabled }) => {
  await page.goto("/catalog/product/120001");
  await expect(page.getByRole("heading", { level: 1, name: "Frische Vollmilch 3,8 %" })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);

  const { details, toggle } = headerDisclosure(page, "Sortiment");
  await expect(toggle).toBeVisible();
  const nav = details.getByRole("navigation", { name: "Kategorien" });
  await expect(nav).toBeHidden();
  await toggle.click();
  await expect(details).toHaveAttribute("open", "");
  await expect(nav).toBeVisible();
  // 13 main categories, each a disclosure of its subcategories, plus "Alle Kategorien"
  const mains = nav.locator("summary");
  await expect(mains).toHaveCount(13);
  await expect(mains.first()).toHaveText("Obst & Gemüse");
  await expect(nav.getByRole("link")).toHaveText(["Alle Kategorien"]);
  await expect(nav.getByRole("link", { name: "Alle Kategorien", exact: true })).toHaveAttribute(
    "href",
    "/catalog/category/startseite",
  );
  await summary(nav, "Milchprodukte & Eier").click();
  await expect(nav.getByRole("link", { name: "Alles aus Milchprodukte & Eier", exact: true })).toHaveAttribute(
    "href",
    "/catalog/category/milch-eier",
  );
  await expect(nav.getByRole("link", { name: "Milch", exact: true })).toHaveAttribute(
    "href",
    "/catalog/category/milch",
  );
  await summary(nav, "Getränke").click();
  await expect(nav.getByRole("link", { name: "Wasser", exact: true })).toHaveAttribute(
    "href",
    "/catalog/category/wasser",
  );
  await expect(nav.getByRole("link", { name: "Bier", exact: true })).toHaveAttribute("href", "/catalog/category/bier");
  await expect(nav.getByRole("link", { name: "Startseite", exact: true })).toHaveCount(0);
  await expectAccessible(page);

  // With JavaScript the panel's plain links (server markup) navigate inside the app: no page load.
  if (javaScriptEnabled) await page.evaluate(() => Object.assign(window, { samePage: true }));
  await nav.getByRole("link", { name: "Bier", exact: true }).click();
  await expect(page).toHaveURL(/\/catalog\/category\/bier$/);
  await expect(page.getByRole("heading", { level: 1, name: "Bier" })).toBeVisible();
  if (javaScriptEnabled) expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  const breadcrumb = page.getByRole("navigation", { name: "Brotkrumennavigation" });
  await expect(breadcrumb.getByRole("link", { name: "Getränke" })).toHaveAttribute(
    "href",
    "/catalog/category/getraenke",
  );
  await expect(headerDisclosure(page, "Sortiment").details).not.toHaveAttribute("open");
  await expect(page.getByRole("banner").getByRole("navigation", { name: "Kategorien" })).toBeHidden();
});

/** Whether the header's overlays are all closed: main menu, category menu, search suggestions. */
async function expectOverlaysClosed(page: Page) {
  await expect(mainMenu(page).details).not.toHaveAttribute("open");
  await expect(headerDisclosure(page, "Sortiment").details).not.toHaveAttribute("open");
  await expect(page.getByRole("banner").getByRole("navigation", { name: "Hauptnavigation" })).toBeHidden();
  await expect(page.getByRole("banner").getByRole("navigation", { name: "Kategorien" })).toBeHidden();
  await expect(page.getByRole("listbox", { name: "Vorschläge" })).toHaveCount(0);
}

test("back and forward find the menus closed", async ({ page, javaScriptEnabled }) => {
  await page.goto("/catalog/category/kaese");
  await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);

  // A link in the main menu (a client-side navigation with JavaScript), then back.
  const menu = await openMainMenu(page);
  await menu.getByRole("link", { name: "Sortiment", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Alle Kategorien" })).toBeVisible();
  await expectOverlaysClosed(page);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
  await expectOverlaysClosed(page);

  // The category menu left open on a page, then forward and back again.
  const { details, toggle } = headerDisclosure(page, "Sortiment");
  await toggle.click();
  await expect(details).toHaveAttribute("open", "");
  await page.goForward();
  await expect(page.getByRole("heading", { level: 1, name: "Alle Kategorien" })).toBeVisible();
  await expectOverlaysClosed(page);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
  await expectOverlaysClosed(page);

  await expectAccessible(page);
});

test("the search overlay closes on a suggestion, on submitting and on going back", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript the search is a plain form without an overlay");
  await page.goto("/catalog/category/getraenke");
  await expect(page.getByRole("heading", { level: 1, name: "Getränke" })).toBeVisible();
  await waitForHydration(page, true);
  const search = headerSearch(page);
  const overlay = page.getByRole("listbox", { name: "Vorschläge" });

  // a suggestion (a link in the overlay)
  await search.click();
  await search.pressSequentially("kase", { delay: 40 });
  await overlay.getByRole("option", { name: "Käse", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
  await expectOverlaysClosed(page);

  // submitting the search
  await search.click();
  await search.pressSequentially("milch", { delay: 40 });
  await expect(overlay).toBeVisible();
  await search.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Suchergebnisse für „milch“" })).toBeVisible();
  await expectOverlaysClosed(page);

  // the overlay open again, then back
  await search.fill("");
  await search.pressSequentially("brot", { delay: 40 });
  await expect(overlay).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
  await expectOverlaysClosed(page);
  await expect(search).toHaveValue("");
});

test("signing out from the open menu (a form post and a redirect) closes it", async ({ page, javaScriptEnabled }) => {
  await freshCustomer(page);
  await page.goto("/catalog/category/kaese");
  await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  const menu = await openMainMenu(page);
  await menu.getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.locator("html")).toHaveAttribute("data-signed-in", "0");
  await expectOverlaysClosed(page);
});

test("a new page starts at the top; back returns to where the visitor was; filters and anchors keep the place", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/catalog/category/startseite");
  await expect(page.getByRole("heading", { level: 1, name: "Alle Kategorien" })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  const tile = productTiles(page).nth(30);
  const link = tile.getByRole("link").first();
  const name = (await link.getByRole("heading").textContent())!.trim();
  await link.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  const listingY = await page.evaluate(() => window.scrollY);

  await link.click();
  await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // back: the listing where it was left (as the browser does)
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Alle Kategorien" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(listingY);

  // forward: the product page from its top again
  await page.goForward();
  await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // the skip link jumps to the content of the same page, not to the top
  await page.goto("/catalog/category/kaese");
  await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Zum Inhalt springen" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  // right below the sticky header, which the page's scroll padding keeps clear (not under it)
  const { mainTop, padding } = await page.evaluate(() => ({
    mainTop: document.getElementById("main")!.getBoundingClientRect().top,
    padding: Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0,
  }));
  expect(Math.abs(mainTop - padding)).toBeLessThan(2);
});

/**
 * A slow phone: the code of the parts a page renders on demand comes seconds late (milliseconds by
 * file name). A page the browser renders itself waits for it, so "back" returns to where the
 * visitor was and not to where a page without those parts ended.
 */
async function slowPartsCode(page: Page, delays: Record<string, number>) {
  await page.route(/\/build\/_shared\/(\w+)-\w+\.js$/, async (route) => {
    const part = /\/build\/_shared\/(\w+)-\w+\.js$/.exec(route.request().url())![1];
    await new Promise((resolve) => setTimeout(resolve, delays[part] ?? 0));
    await route.continue();
  });
}

// without JavaScript the browser restores the place of a page it loaded itself
test("back returns to the place on a listing and on a product page while their parts' code is still on its way @needs-javascript", async ({
  page,
}) => {
  // the tiles' code comes late, the food information's later still
  await slowPartsCode(page, { TileBody: 2_000, VisitorActionLinks: 2_000, ProductDetails: 6_000 });
  await page.goto("/catalog/category/startseite");
  await expect(page.getByRole("heading", { level: 1, name: "Alle Kategorien" })).toBeVisible();
  await waitForHydration(page, true);
  const link = productTiles(page).nth(30).getByRole("link").first();
  const name = (await link.getByRole("heading").textContent())!.trim();
  await link.scrollIntoViewIfNeeded();
  const listingY = await page.evaluate(() => window.scrollY);
  expect(listingY).toBeGreaterThan(1000);
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Alle Kategorien" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(listingY);

  // A product page loaded as a document keeps the server's food information; rendered again by
  // the browser after "back", it needs that part's code. The visitor scrolls to the similar
  // products, which turn into the wheel there (their height changes with it), and leaves.
  await page.goto("/catalog/product/120001");
  await expect(page.getByRole("heading", { level: 1, name: "Frische Vollmilch 3,8 %" })).toBeVisible();
  const wheel = page.getByRole("region", { name: "Ähnliche Produkte" });
  await scrollToSimilarProducts(page);
  await expect(wheel.getByRole("button", { name: "Nächstes Produkt" })).toBeVisible();
  await wheel.scrollIntoViewIfNeeded();
  const productY = await page.evaluate(() => window.scrollY);
  expect(productY).toBeGreaterThan(500);
  // a click of the mouse where the sticky header's logo stands (the locator's click would first
  // scroll a sticky element "into view", and away from the place)
  const logo = (await page.getByRole("link", { name: "Frischkorb – zur Startseite" }).boundingBox())!;
  await page.mouse.click(logo.x + logo.width / 2, logo.y + logo.height / 2);
  await expect(page.locator(".home")).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Frische Vollmilch 3,8 %" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(productY);
});

test("with JavaScript a filter of the same listing keeps the place on the page", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript a filter is applied by a button, a page load from the top");
  await page.goto("/catalog/category/kaese");
  await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
  await waitForHydration(page, true);
  const sort = page.getByRole("combobox", { name: "Sortierung" });
  await page.evaluate(() => window.scrollTo(0, 300));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
  await sort.selectOption("price_asc");
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
});
