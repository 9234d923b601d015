import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { escapeRegExp, waitForHydration } from "./helpers";

test.describe.configure({ timeout: 120_000 });

const SKU = "120001";
const NAME = "Frische Vollmilch 3,8 %";
const LOGIN_HREF = `/login?redirectTo=%2Fcatalog%2Fproduct%2F${SKU}`;

async function expectLoginPrompt(page: Page, trigger: Locator, javaScriptEnabled: boolean, loginHref = LOGIN_HREF) {
  await expect(trigger).toHaveAttribute("href", loginHref);
  const productUrl = page.url();
  await trigger.click();
  if (!javaScriptEnabled) {
    // a plain link to the login page, which sends the visitor back afterwards
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(loginHref)}$`));
    return;
  }
  const dialog = page.getByRole("dialog", { name: "Bitte melde dich an" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { level: 2, name: "Bitte melde dich an" })).toBeVisible();
  await expect(
    dialog.getByText(
      /^Um einzukaufen, Produkte auf den Merkzettel zu setzen oder dein Konto zu verwalten, melde dich bitte an\./,
    ),
  ).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Zur Anmeldung" })).toHaveAttribute("href", loginHref);
  // a modal dialog: the page behind it is inert
  expect(await dialog.evaluate((d: HTMLDialogElement) => d.open && d.matches(":modal"))).toBe(true);
  expect(page.url()).toBe(productUrl);
  await expectAccessible(page);

  await dialog.getByRole("button", { name: "Schließen" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(page.url()).toBe(productUrl);
}

test("visitor pressing “In den Warenkorb” is asked to log in", async ({ page, javaScriptEnabled }) => {
  await page.goto(`/catalog/product/${SKU}`);
  const product = page.getByRole("article", { name: NAME });
  await expect(product.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  await expectLoginPrompt(
    page,
    product.getByRole("link", { name: "In den Warenkorb", exact: true }),
    javaScriptEnabled,
  );
});

test("visitor pressing the wish (heart) button is asked to log in", async ({ page, javaScriptEnabled }) => {
  await page.goto(`/catalog/product/${SKU}`);
  const product = page.getByRole("article", { name: NAME });
  await expect(product.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  await expectLoginPrompt(
    page,
    product.getByRole("link", { name: `${NAME} auf den Merkzettel setzen`, exact: true }),
    javaScriptEnabled,
  );
});

test("product tiles in a listing ask for login too; Escape closes the prompt", async ({ page, javaScriptEnabled }) => {
  await page.goto("/catalog/category/milch?sort=price_asc");
  await expect(page.getByRole("heading", { level: 1, name: "Milch", exact: true })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  const loginHref = "/login?redirectTo=%2Fcatalog%2Fcategory%2Fmilch%3Fsort%3Dprice_asc";
  const cart = page.getByRole("link", { name: `${NAME} in den Warenkorb legen`, exact: true });
  if (!javaScriptEnabled) {
    await expectLoginPrompt(page, cart, false, loginHref);
    return;
  }
  await expect(cart).toHaveAttribute("href", loginHref);
  const dialog = page.getByRole("dialog", { name: "Bitte melde dich an" });
  await cart.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Zur Anmeldung" })).toHaveAttribute("href", loginHref);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // and it opens again, this time from the heart
  await page.getByRole("link", { name: `${NAME} auf den Merkzettel setzen`, exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Schließen" }).click();
  await expect(dialog).toBeHidden();
});

test("after a new sort the tiles' links lead back to the new order (in the app with JavaScript)", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/catalog/category/milch?sort=price_asc");
  await waitForHydration(page, javaScriptEnabled);
  // with JavaScript the sort changes in the app: the same tiles stay mounted, their links now lead
  // back to the new order; without, the form's own button loads the new page
  await page.getByRole("combobox", { name: "Sortierung" }).selectOption("price_desc");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Filter anwenden" }).click();
  await expect(page).toHaveURL(/sort=price_desc/);
  const { pathname, search } = new URL(page.url());
  const loginHref = `/login?redirectTo=${encodeURIComponent(pathname + search)}`;
  const cart = page.getByRole("link", { name: `${NAME} in den Warenkorb legen`, exact: true });
  if (!javaScriptEnabled) {
    await expectLoginPrompt(page, cart, false, loginHref);
    return;
  }
  await expect(cart).toHaveAttribute("href", loginHref);
  const dialog = page.getByRole("dialog", { name: "Bitte melde dich an" });
  await cart.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Zur Anmeldung" })).toHaveAttribute("href", loginHref);
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});
