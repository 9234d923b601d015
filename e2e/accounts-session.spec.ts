import type { Locator, Page } from "@playwright/test";
import { ANNA, DEMO_PASSWORD, expectToast, expireSessions, submitLogin, visit } from "./account-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { freshCustomer } from "./checkout-helpers";
import { waitForHydration } from "./helpers";

test.describe.configure({ timeout: 120_000 });

test("an expired session goes to /login with a warning, and signing in returns to where the customer was going", async ({
  page,
  javaScriptEnabled,
}) => {
  const customer = await freshCustomer(page);
  await visit(page, "/account", javaScriptEnabled, "Hallo, Erika");

  await expireSessions(customer.email);
  await page
    .getByRole("main")
    .getByRole("link", { name: /^Adressen/ })
    .click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Faddress$/);
  await expect(page.getByRole("heading", { level: 1, name: "Anmelden" })).toBeVisible();
  await expectToast(page, "Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.");
  await expect(page.locator("html")).toHaveAttribute("data-signed-in", "0");
  await expect(page.getByRole("banner").getByRole("link", { name: "Mein Konto" })).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);

  await submitLogin(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/account\/address$/);
  await expect(page.getByRole("heading", { level: 1, name: "Adressen" })).toBeVisible();
  await expectToast(page, "Du bist jetzt angemeldet.");
  await expect(page.locator("html")).toHaveAttribute("data-signed-in", "1");
});

test("a visitor opening /account/address signs in and lands there", async ({ page, javaScriptEnabled }) => {
  const response = await page.goto("/account/address");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Faddress$/);
  await expect(page.getByRole("heading", { level: 1, name: "Anmelden" })).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  await submitLogin(page, ANNA, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/account\/address$/);
  await expectToast(page, "Du bist jetzt angemeldet.");
  await expect(page.getByRole("heading", { level: 1, name: "Adressen" })).toBeVisible();
  await expect(
    page.getByRole("link", { name: "Adresse Karl-Liebknecht-Straße 45, 04275 Leipzig bearbeiten" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Adresse Gohliser Straße 12a, 04155 Leipzig bearbeiten" })).toBeVisible();
  await expectAccessible(page);
});

const MILK = { sku: "120001", name: "Frische Vollmilch 3,8 %" };
const BREAD = { sku: "110001", name: "Weizenmischbrot" };
const ANNAS_WISHES = ["Bio-Bananen", "Weizenmischbrot", "Gouda mittelalt in Scheiben"];

/** A toggle button: its name stays, `aria-pressed` says whether the product is on the list. */
function heart(scope: Page | Locator, product: { name: string }) {
  return scope.getByRole("button", { name: `${product.name} merken`, exact: true });
}

/** On the product's own page, press its heart and check the new state. */
async function toggleOnProductPage(
  page: Page,
  product: { sku: string; name: string },
  javaScriptEnabled: boolean,
  wish: boolean,
) {
  const url = `/catalog/product/${product.sku}`;
  await visit(page, url, javaScriptEnabled, product.name);
  const article = page.getByRole("article", { name: product.name });
  await expect(heart(article, product)).toHaveAttribute("aria-pressed", String(!wish));
  await heart(article, product).click();
  await expect(heart(article, product)).toHaveAttribute("aria-pressed", String(wish));
  await expectToast(
    page,
    wish ? `„${product.name}“ steht jetzt auf deinem Merkzettel.` : `„${product.name}“ wurde vom Merkzettel entfernt.`,
  );
  await expect(page).toHaveURL(url);
}

test("wishlist: add on product pages, see them on the wishlist page, remove on a product page and on the wishlist page", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page);

  await toggleOnProductPage(page, MILK, javaScriptEnabled, true);
  await toggleOnProductPage(page, BREAD, javaScriptEnabled, true);

  // The wishlist page, through the header's heart
  await page.getByRole("banner").getByRole("link", { name: "Merkzettel" }).click();
  await expect(page).toHaveURL(/\/account\/wishlist$/);
  await expect(page.getByRole("heading", { level: 1, name: "Merkzettel" })).toBeVisible();
  const tiles = page.getByRole("list", { name: "Merkzettel" }).getByRole("article");
  await expect(tiles).toHaveCount(2);
  // names show with a no-break space between a number and its unit ("3,8 %")
  const names = await tiles.getByRole("heading", { level: 2 }).allTextContents();
  expect(names.map((name) => name.replaceAll("\u00a0", " ")).sort()).toEqual([MILK.name, BREAD.name].sort());
  await expect(heart(page, MILK)).toHaveAttribute("aria-pressed", "true");
  await expect(heart(page, BREAD)).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page);

  // Removed on its product page, it is gone from the wishlist
  await toggleOnProductPage(page, BREAD, javaScriptEnabled, false);
  await visit(page, "/account/wishlist", javaScriptEnabled, "Merkzettel");
  await expect(tiles).toHaveCount(1);
  await expect(tiles.getByRole("heading", { level: 2 })).toHaveText(MILK.name);

  // Removed on the wishlist page: the list is empty
  await heart(page, MILK).click();
  await expectToast(page, `„${MILK.name}“ wurde vom Merkzettel entfernt.`);
  await expect(page).toHaveURL(/\/account\/wishlist$/);
  await expect(tiles).toHaveCount(0);
  await expect(
    page.getByText("Dein Merkzettel ist leer. Tippe bei einem Produkt auf das Herz, um es dir zu merken."),
  ).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Zum Sortiment" })).toBeVisible();
  await expectAccessible(page);
  // and on the product page the heart is empty again
  await visit(page, `/catalog/product/${MILK.sku}`, javaScriptEnabled, MILK.name);
  await expect(heart(page.getByRole("article", { name: MILK.name }), MILK)).toHaveAttribute("aria-pressed", "false");
});

test("Anna's wishlist shows her three products, wished", async ({ page, javaScriptEnabled }) => {
  await visit(page, "/login?redirectTo=%2Faccount%2Fwishlist", javaScriptEnabled, "Anmelden");
  await submitLogin(page, ANNA, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/account\/wishlist$/);
  const tiles = page.getByRole("list", { name: "Merkzettel" }).getByRole("article");
  await expect(tiles).toHaveCount(3);
  for (const name of ANNAS_WISHES) await expect(heart(page, { name })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page);
});

test("wishlist page on a desktop screen: every tile's heart can be pressed", async ({ page, javaScriptEnabled }) => {
  // Narrow tiles once let the cart button push the heart under the neighbouring tile.
  await visit(page, "/login?redirectTo=%2Faccount%2Fwishlist", javaScriptEnabled, "Anmelden");
  await submitLogin(page, ANNA, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/account\/wishlist$/);
  await expect(page.getByRole("list", { name: "Merkzettel" }).getByRole("article")).toHaveCount(3);
  await waitForHydration(page, javaScriptEnabled);
  // a trial click: all actionability checks (including "receives the pointer"), but no click, so
  // Anna's wishlist stays as it is
  for (const name of ANNAS_WISHES) await heart(page, { name }).click({ trial: true, timeout: 5_000 });
});
