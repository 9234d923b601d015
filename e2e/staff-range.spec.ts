import { expect, expectAccessible, test } from "./fixtures";
import { waitForHydration } from "./helpers";
import { signInStaff, staffNav } from "./staff";

/**
 * The range (issue 33 §2), JavaScript on and off, axe and the 360 px check on each state: Rudi
 * Regal finds a product, reduces its price with a wrong price first (its message at the field, the
 * input kept), and the shop's product page shows the reduced price with the lowest price of the
 * 30 days before, computed from the price history (§11 PAngV); raised back, the page shows neither
 * a struck-through price nor that line; then he withdraws the product (its shop page is gone) and
 * publishes it again. Each project works on its own product.
 */
test("Rudi reduces a price, the product page shows the computed lowest price of 30 days; withdrawn and back", async ({
  page,
  javaScriptEnabled,
}) => {
  // 120007 Reine Buttermilch 0,89 € (JavaScript), 120020 Naturjoghurt mild 0,99 € (without)
  const [sku, before, reduced] = javaScriptEnabled ? ["120007", "0,89", "0,79"] : ["120020", "0,99", "0,85"];
  await signInStaff(page, "Rudi Regal");
  await staffNav(page).getByRole("link", { name: "Sortiment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sortiment" })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Name, Marke oder Artikelnummer").fill(sku);
  await page.getByRole("button", { name: "Filtern" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${sku}`));
  await page.getByRole("link", { name: sku, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(sku);
  await expect(page.getByText(`Aktueller Preis: ${before} €`)).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  await expectAccessible(page);

  const price = page.locator("#range-price");
  await price.getByLabel(/Als Preisermäßigung zeigen/).check();
  await price.getByLabel("Neuer Preis in Euro").fill("0,7x");
  await price.getByRole("button", { name: "Preis speichern" }).click();
  await expect(price.getByText("Bitte einen Preis wie 2,49 eingeben (größer als 0).")).toBeVisible();
  await expect(price.getByLabel("Neuer Preis in Euro")).toHaveValue("0,7x");
  await expectAccessible(page);

  await price.getByLabel("Neuer Preis in Euro").fill(reduced);
  await price.getByLabel(/Als Preisermäßigung zeigen/).check();
  await price.getByRole("button", { name: "Preis speichern" }).click();
  await expect(page.getByText("Der Preis ist gespeichert.").first()).toBeVisible();
  await expect(page.getByText(`Aktueller Preis: ${reduced} €`)).toBeVisible();
  await expect(page.getByText(`Durchgestrichen: ${before} €`)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Im Shop ansehen" }).click();
  const buy = page.locator("main .product-detail, main").first();
  await expect(buy.getByText(`Niedrigster Preis der letzten 30 Tage: ${before} €`).first()).toBeVisible();
  await expect(buy.getByText(`${reduced} €`).first()).toBeVisible();
  await expectAccessible(page);

  // raised back to an ordinary price: no struck-through price, no lowest-price line
  await page.goto(`/staff/range/${sku}`);
  await waitForHydration(page, javaScriptEnabled);
  await price.getByLabel("Neuer Preis in Euro").fill(before);
  await price.getByRole("button", { name: "Preis speichern" }).click();
  await expect(page.getByText(`Aktueller Preis: ${before} €`)).toBeVisible();
  await expect(page.getByText(/^Durchgestrichen:/)).toHaveCount(0);
  await page.getByRole("link", { name: "Im Shop ansehen" }).click();
  // the product's own buy box (its similar products below may well be reduced)
  const buyBox = page.locator(".product-buy");
  await expect(buyBox.getByText(`${before} €`).first()).toBeVisible();
  await expect(buyBox.getByText("Niedrigster Preis der letzten 30 Tage")).toHaveCount(0);

  // withdrawn, the product has no page in the shop; published again, it is back
  await page.goto(`/staff/range/${sku}`);
  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Artikel zurückziehen" }).click();
  await expect(page.getByText("Der Artikel ist zurückgezogen:")).toBeVisible();
  await expectAccessible(page);
  const gone = await page.request.get(`/catalog/product/${sku}`);
  expect(gone.status()).toBe(404);
  await page.getByRole("button", { name: "Artikel veröffentlichen" }).click();
  await expect(page.getByText("Der Artikel ist veröffentlicht:")).toBeVisible();
  expect((await page.request.get(`/catalog/product/${sku}`)).status()).toBe(200);
});
