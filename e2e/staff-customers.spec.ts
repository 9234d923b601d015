import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { ANNA, DEMO_PASSWORD, expectToast, submitLogin, uniqueEmail, visit } from "./account-helpers";
import { executeD1 } from "./d1";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForHydration } from "./helpers";

// Customer support in the back office (issue 32 §4): Sina Support finds a demo customer and exports
// her data, blocks and unblocks a customer (whose sign-in says so), books goodwill and erases an
// account. Changes are made on customers made for the test only, so no other spec sees them.
test.describe.configure({ timeout: 90_000 });

/** A new, activated customer with the demo password (Anna's hash: the same password and pepper). */
async function newCustomer(tag: string): Promise<{ email: string; id: number }> {
  const email = uniqueEmail(tag);
  const id = 800_000_000 + Math.floor(Math.random() * 100_000_000);
  await executeD1(
    `INSERT INTO customer (id, email, password_hash, firstname, lastname, dob, telephone, gender, status, consents_at, created_at, updated_at)
     SELECT ?, ?, password_hash, 'Frieda', 'Frisch', '1991-02-03', '+49 341 111222', 'w', 'active', created_at, created_at, updated_at
     FROM customer WHERE email = ?`,
    [id, email, ANNA],
  );
  return { email, id };
}

async function signInAsSina(page: Page, javaScriptEnabled: boolean) {
  await visit(page, "/staff/login", javaScriptEnabled, "Anmeldung Backoffice");
  await page.getByRole("button", { name: "Als Sina Support anmelden" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Hallo Sina Support" })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  await page
    .getByRole("navigation", { name: "Backoffice" })
    .getByRole("link", { name: "Kundinnen und Kunden" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Kundinnen und Kunden" })).toBeVisible();
  await expectAccessible(page);
}

/** Searches and opens the account of the first hit. */
async function openCustomer(page: Page, text: string, kind: string, name: string, javaScriptEnabled: boolean) {
  const listed = name.split(" ").reverse().join(", ");
  await page.getByLabel("Suchbegriff").fill(text);
  await page.getByLabel("Suchen in").selectOption({ label: kind });
  await page.getByRole("button", { name: "Suchen", exact: true }).click();
  const results = page.getByRole("region", { name: "Suchergebnisse" });
  await expect(results.getByRole("link", { name: listed })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  await expectAccessible(page);
  await results.getByRole("link", { name: listed }).first().click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  await expectAccessible(page);
}

/** The customer's own sign-in, in a browser context of her own. */
async function customerSignIn(page: Page, email: string) {
  const context = await page
    .context()
    .browser()!
    .newContext({
      baseURL: new URL(page.url()).origin,
      javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
    });
  const own = await context.newPage();
  await own.goto("/login");
  await submitLogin(own, email, DEMO_PASSWORD);
  return { own, close: () => context.close() };
}

test("Sina Support finds a demo customer by her member number and downloads her data", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInAsSina(page, javaScriptEnabled);
  await openCustomer(page, "4711", "Mitgliedsnummer", "Anna Schmidt", javaScriptEnabled);
  await expect(page.getByText("Mitgliedsnummer 4711")).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: "Kundenkarten" })
      .getByText(/^•••• \d{4}/)
      .first(),
  ).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Alle Daten exportieren (JSON)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^frischkorb-kundendaten-\d+\.json$/);
  const data = JSON.parse(readFileSync((await file.path())!, "utf8"));
  expect(data.customer.email).toBe(ANNA);
  expect(JSON.stringify(data)).not.toMatch(/password_hash|pin_hash|pbkdf2/);
});

test("Sina Support blocks a customer, who is told so at sign-in, unblocks her and books goodwill", async ({
  page,
  javaScriptEnabled,
}) => {
  const customer = await newCustomer("support-block");
  await signInAsSina(page, javaScriptEnabled);
  await openCustomer(page, customer.email, "E-Mail-Adresse", "Frieda Frisch", javaScriptEnabled);

  await page.getByRole("button", { name: "Konto sperren" }).click();
  await expectToast(page, "Das Konto ist gesperrt.");
  await expect(page.getByRole("button", { name: "Konto entsperren" })).toBeVisible();
  await expectAccessible(page);
  const blocked = await customerSignIn(page, customer.email);
  await expect(blocked.own.getByText(/Dein Kundenkonto ist gesperrt\./)).toBeVisible();
  await blocked.close();

  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Konto entsperren" }).click();
  await expectToast(page, "Das Konto ist entsperrt.");
  await expect(page.getByRole("button", { name: "Konto sperren" })).toBeVisible();
  const welcome = await customerSignIn(page, customer.email);
  await expect(welcome.own.getByText("Du bist jetzt angemeldet.").first()).toBeAttached();
  await welcome.close();

  await waitForHydration(page, javaScriptEnabled);
  const credit = page.locator("form#customer-credit");
  await credit.getByLabel("Betrag in Euro").fill("zwölf");
  await credit.getByLabel(/^Grund/).fill("Entschuldigung für die Verspätung");
  await credit.getByRole("button", { name: "Buchen" }).click();
  await expect(credit.getByText("Bitte gib einen Betrag wie 12,50 ein.")).toBeVisible();
  await expect(credit.getByLabel("Betrag in Euro")).toHaveValue("zwölf");
  await expectAccessible(page);
  await credit.getByLabel("Betrag in Euro").fill("12,50");
  await credit.getByRole("button", { name: "Buchen" }).click();
  await expectToast(page, "Die Buchung ist im Guthabenverlauf.");
  await expect(page.getByText("Aktuelles Guthaben: 12,50 €")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Guthaben" }).getByRole("cell", { name: "Entschuldigung für die Verspätung" }),
  ).toBeVisible();
  await expectAccessible(page);
});

test("Sina Support erases a customer's account after typing her e-mail address", async ({
  page,
  javaScriptEnabled,
}) => {
  const customer = await newCustomer("support-erase");
  await signInAsSina(page, javaScriptEnabled);
  await openCustomer(page, String(customer.id), "Kundennummer", "Frieda Frisch", javaScriptEnabled);
  await page.getByRole("link", { name: "Konto löschen …" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Konto von Frieda Frisch löschen" })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  await expectAccessible(page);
  const confirmation = page.getByLabel("E-Mail-Adresse des Kontos zur Bestätigung");
  await confirmation.fill("jemand@example.org");
  await page.getByRole("button", { name: "Endgültig löschen" }).click();
  await expect(page.getByText("Die E-Mail-Adresse stimmt nicht mit der des Kontos überein.")).toBeVisible();
  await expectAccessible(page);
  await confirmation.fill(customer.email);
  await page.getByRole("button", { name: "Endgültig löschen" }).click();
  await expectToast(page, "Das Konto ist gelöscht.");
  await expect(page.getByRole("heading", { level: 1, name: "Gelöschtes Konto" })).toBeVisible();
  await expectAccessible(page);
  const refused = await customerSignIn(page, customer.email);
  await expect(
    refused.own.getByText("Die Anmeldung war nicht erfolgreich. Überprüfe deine Zugangsdaten."),
  ).toBeVisible();
  await refused.close();
});
