import { expect, expectAccessible, test } from "./fixtures";
import { headerSearch, waitForHydration } from "./helpers";

test.describe.configure({ timeout: 120_000 });

test("unknown path: 404 page with a way back home", async ({ page, javaScriptEnabled }) => {
  const response = await page.goto("/gibt-es-nicht");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Die Seite konnte nicht gefunden werden" })).toBeVisible();
  await expect(page).toHaveTitle("Fehler 404 – Frischkorb");
  await expect(page.getByText("Vielleicht hat sich die Adresse geändert.", { exact: false })).toBeVisible();
  // the shop's frame is still there
  await expect(headerSearch(page)).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);

  const home = page.getByRole("main").getByRole("link", { name: "Zur Startseite" });
  await expect(home).toHaveCount(1);
  await expect(home).toHaveAttribute("href", "/");
  await home.click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Frisch, regional, gemeinsam." })).toBeVisible();
  await expect(page).toHaveTitle("Frischkorb – Lebensmittel online bestellen");
});

test("unknown product and category are 404 pages too", async ({ page }) => {
  for (const path of ["/catalog/product/999999", "/catalog/category/gibt-es-nicht"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Die Seite konnte nicht gefunden werden" })).toBeVisible();
    await expect(page).toHaveTitle("Fehler 404 – Frischkorb");
  }
});

test("server error: 500 page with exactly one way out", async ({ page }) => {
  const response = await page.goto("/dev/error");
  expect(response?.status()).toBe(500);
  await expect(page.getByRole("heading", { level: 1, name: "Hier ist etwas schiefgelaufen" })).toBeVisible();
  await expect(page).toHaveTitle("Fehler 500 – Frischkorb");
  await expect(page.getByText("Bitte entschuldige.", { exact: false })).toBeVisible();
  // no technical details for the customer
  await expect(page.getByText("Deliberate error", { exact: false })).toHaveCount(0);
  const main = page.getByRole("main");
  const links = main.getByRole("link", { name: "Zur Startseite" });
  const buttons = main.getByRole("button", { name: "Zur Startseite" });
  await expect(links.or(buttons)).toHaveCount(1);
  await expect(main.getByRole("link")).toHaveCount(1);
  await expect(main.getByRole("button")).toHaveCount(0);
  await expect(links).toHaveAttribute("href", "/");
  await expectAccessible(page);

  await links.click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Frisch, regional, gemeinsam." })).toBeVisible();
});

test("a request the shop cannot read: German 400 page, and the way home works", async ({ page, javaScriptEnabled }) => {
  const response = await page.goto("/%5Cevil.example");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1, name: "Diese Anfrage können wir nicht lesen" })).toBeVisible();
  await expect(page).toHaveTitle("Fehler 400 – Frischkorb");
  await expect(page.getByText("Bitte lade die Seite neu", { exact: false })).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Diese Anfrage können wir nicht lesen" })).toBeVisible();

  await page.getByRole("main").getByRole("link", { name: "Zur Startseite" }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Frisch, regional, gemeinsam." })).toBeVisible();
});
