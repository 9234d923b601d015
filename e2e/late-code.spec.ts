import type { Page } from "@playwright/test";
import { notifications } from "./account-helpers";
import { addFromProductPage, cartLine, freshCustomer, JUICE } from "./checkout-helpers";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./helpers";

// Code a page loads on demand (docs/decisions/0054) may come after the page's other updates: the
// texts fetched when the browser is idle, the data after a press. A part whose code is still on its
// way shows the server's markup; an urgent update reaching it makes React drop that markup (its
// error 421, which the fixtures count as a page error). Here that code is held back until the test
// lets it go, as on a slow connection.

/** Holds back the JavaScript that the page's document does not name (`only` such files), until `release`. */
async function holdOnDemandCode(page: Page, only = /./) {
  const firstLoad = new Set<string>();
  const waiting: (() => void)[] = [];
  const held: string[] = [];
  let released = false;
  await page.route("**/*", async (route) => {
    const request = route.request();
    const { pathname } = new URL(request.url());
    if (request.resourceType() === "document") {
      const response = await route.fetch();
      const html = await response.text();
      for (const [, file] of html.matchAll(/"(\/build\/[^"]+\.js)"/g)) firstLoad.add(file);
      return route.fulfill({ response, body: html });
    }
    if (
      !released &&
      pathname.startsWith("/build/") &&
      pathname.endsWith(".js") &&
      !firstLoad.has(pathname) &&
      only.test(pathname)
    ) {
      held.push(pathname);
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    return route.continue();
  });
  return {
    held,
    release() {
      released = true;
      for (const go of waiting.splice(0)) go();
    },
  };
}

/** Resolves when the browser has fetched the texts of every kind of page (fetched when idle). */
const laterTexts = (page: Page) =>
  page.waitForResponse((response) => response.url().includes("/locales/de/account.json"));

test.describe("code that comes late @needs-javascript", () => {
  test("the product page's similar products keep the server's tiles while the texts arrive, then hydrate", async ({
    page,
  }) => {
    const code = await holdOnDemandCode(page);
    const texts = laterTexts(page);
    await page.goto(`/catalog/product/${JUICE.sku}`);
    await waitForHydration(page, true);
    const similar = page.locator("section.wheel");
    const tiles = await similar.locator("article").count();
    expect(tiles).toBeGreaterThan(0);
    await texts;
    await expect.poll(() => code.held.some((file) => file.includes("InspirationWheel"))).toBe(true);
    // the new texts rendered; the similar products are still the server's, all of them
    await page.waitForTimeout(200);
    await expect(similar.locator("article")).toHaveCount(tiles);
    code.release();
    await page.waitForFunction(() =>
      Object.keys(document.querySelector("section.wheel") ?? {}).some((key) => key.startsWith("__reactFiber$")),
    );
    await expect(similar.locator("article")).toHaveCount(tiles);
  });

  test("an add to cart before that code: its result waits for the code, the server's markup stays", async ({
    page,
  }) => {
    await freshCustomer(page);
    const code = await holdOnDemandCode(page);
    const texts = laterTexts(page);
    await page.goto(`/catalog/product/${JUICE.sku}`);
    await waitForHydration(page, true);
    await texts;
    const similar = page.locator("section.wheel").locator("article");
    const tiles = await similar.count();
    await page.getByRole("main").getByRole("button", { name: "In den Warenkorb", exact: true }).click();
    // The answer is a transition of Remix's router: React holds it back until the parts whose code
    // is on its way have hydrated, rather than drop their markup (decision 0054).
    await expect.poll(() => code.held.some((file) => file.includes("Toast"))).toBe(true);
    await expect(similar).toHaveCount(tiles);
    code.release();
    const message = `„${JUICE.name}“ liegt jetzt im Warenkorb.`;
    await expect(notifications(page)).toContainText(message);
    await expect(page.locator(".toast").filter({ hasText: message })).toBeVisible();
  });

  test("a visitor's click while the similar products' code is on its way: their markup stays the server's until it is there", async ({
    page,
  }) => {
    // Until their code is there the similar products are the server's markup, outside React
    // (HydrationBoundary.tsx): the router's updates after hydration and the login prompt's cannot
    // make React throw it away (its error 421, which came with a click right after hydration).
    const code = await holdOnDemandCode(page, /InspirationWheel/);
    const discovered = page.waitForResponse((response) => response.url().includes("/__manifest"));
    await page.goto("/catalog/product/120001");
    await page.evaluate(() => document.querySelector("section.wheel")?.setAttribute("data-server", ""));
    await waitForHydration(page, true);
    await discovered;
    const similar = page.locator("section.wheel");
    const tiles = await similar.locator("article").count();
    expect(tiles).toBeGreaterThan(0);
    const product = page.getByRole("article", { name: "Frische Vollmilch 3,8 %" });
    await product.getByRole("link", { name: "Frische Vollmilch 3,8 % auf den Merkzettel setzen", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Bitte melde dich an" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Schließen" }).click();
    await expect(dialog).toBeHidden();
    await expect(similar).toHaveAttribute("data-server", "");
    await expect(similar.locator("article")).toHaveCount(tiles);
    code.release();
    // React's own now: a new element, the same tiles
    await expect(similar).not.toHaveAttribute("data-server");
    await expect(similar.locator("article")).toHaveCount(tiles);
    expect(
      await similar.evaluate((section) => Object.keys(section).some((key) => key.startsWith("__reactFiber$"))),
    ).toBe(true);
  });

  test("a keyboard focus in the similar products before their code stays on its product when the code comes", async ({
    page,
  }) => {
    const code = await holdOnDemandCode(page, /InspirationWheel/);
    await page.goto(`/catalog/product/${JUICE.sku}`);
    await waitForHydration(page, true);
    await expect.poll(() => code.held.length).toBeGreaterThan(0);
    const similar = page.locator("section.wheel");
    const second = similar.locator("a.tile-link").nth(1);
    const href = await second.getAttribute("href");
    await second.focus();
    code.release();
    await page.waitForFunction(() =>
      Object.keys(document.querySelector("section.wheel") ?? {}).some((key) => key.startsWith("__reactFiber$")),
    );
    // the browser's own tiles now; the focus is on the same product's link, and the wheel keeps it
    await expect(similar.locator(`a.tile-link[href="${href}"]`)).toBeFocused();
    await expect(similar.getByRole("button", { name: "Nächstes Produkt" })).toBeVisible();
    await expect(similar.locator(`a.tile-link[href="${href}"]`)).toBeFocused();
  });
});

/**
 * Code on demand that never comes (a connection lost on the way, on a phone in a tunnel): the part
 * is left out or stays plain, never the whole page (on-demand.ts, withChecks.ts). Before, React
 * showed the error page ("Fehler 500") in the cart's place.
 */
test("code that never comes: the cart keeps working with plain fields, no toast drawn and no suggestions @needs-javascript", async ({
  page,
}) => {
  await freshCustomer(page);
  await addFromProductPage(page, JUICE, true);
  const lost: string[] = [];
  await page.route(/\/build\/.*(CheckedCartFields|Toast|SearchSuggestions)-[A-Z0-9]+\.js$/, (route) => {
    lost.push(new URL(route.request().url()).pathname);
    return route.abort();
  });
  await page.goto("/cart");
  await waitForHydration(page, true);
  await expect.poll(() => lost.some((file) => file.includes("CheckedCartFields"))).toBe(true);

  const quantity = cartLine(page, JUICE.name).getByLabel(`Menge von ${JUICE.name}`);
  await cartLine(page, JUICE.name)
    .getByRole("button", { name: `Eins mehr von ${JUICE.name}` })
    .click();
  await expect(quantity).toHaveValue("2");
  // the toast is not drawn, its message is still read out
  await expect(notifications(page)).toContainText(`Die Menge von „${JUICE.name}“ wurde geändert.`);
  await expect.poll(() => lost.some((file) => file.includes("Toast"))).toBe(true);

  // the plain quantity field still sends its number
  await quantity.fill("3");
  await quantity.press("Enter");
  await expect(page.getByRole("link", { name: /^Warenkorb, 3 Artikel/ })).toBeVisible();
  await expect(quantity).toHaveValue("3");
  await expect(page.getByText("Hier ist etwas schiefgelaufen")).toHaveCount(0);

  // no suggestions, and the search form still searches
  const search = page.getByRole("combobox", { name: "Produkte suchen" });
  await search.fill("milch");
  await expect.poll(() => lost.some((file) => file.includes("SearchSuggestions"))).toBe(true);
  await search.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Suchergebnisse für „milch“" })).toBeVisible();
});
