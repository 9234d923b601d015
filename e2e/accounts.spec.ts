import type { Page } from "@playwright/test";
import {
  activate,
  expectToast,
  menuPanel,
  newCustomer,
  register,
  signIn,
  signOut,
  submitLogin,
  visit,
} from "./account-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { freshCustomer } from "./checkout-helpers";
import { waitForHydration } from "./helpers";

test.describe.configure({ timeout: 120_000 });

async function switchTheme(page: Page, to: "dark" | "light") {
  const menu = await menuPanel(page);
  await menu.getByRole("button", { name: to === "dark" ? "Dunkelmodus einschalten" : "Hellmodus einschalten" }).click();
  await expect(page.locator("html")).toHaveClass(`theme-${to}`);
  const value = to === "dark" ? "1" : "0";
  // the toggle has reached the server (cookie set, and for a customer the account saved)
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "dark_mode")?.value)
    .toBe(value);
}

/** The dialog of a nested address route: a real modal with JavaScript, an open dialog in the page without. */
async function expectRouteDialog(page: Page, name: string, javaScriptEnabled: boolean) {
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { level: 2, name })).toBeVisible();
  const state = await dialog.evaluate((d: HTMLDialogElement) => ({ open: d.open, modal: d.matches(":modal") }));
  expect(state).toEqual({ open: true, modal: javaScriptEnabled });
  return dialog;
}

test("register, activate, sign in, edit the profile; the account's dark mode wins at sign-in; sign out", async ({
  page,
  javaScriptEnabled,
}) => {
  const customer = newCustomer();
  const html = page.locator("html");

  // Registration and activation by the link in the mail
  await register(page, customer, javaScriptEnabled);
  const link = await activate(page, customer.email, javaScriptEnabled);
  // the link works only once
  const again = await page.goto(link);
  expect(again?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1, name: "Aktivierung nicht möglich" })).toBeVisible();
  await expect(page.getByText(/^Dieser Aktivierungslink ist ungültig oder abgelaufen\./)).toBeVisible();
  await expectAccessible(page); // without JavaScript already checked by activate()
  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("main").getByRole("link", { name: "Zur Anmeldung" }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Sign in
  await submitLogin(page, customer.email, customer.password);
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expectToast(page, "Du bist jetzt angemeldet.");
  await expect(html).toHaveAttribute("data-signed-in", "1");
  await expect(page.getByRole("banner").getByRole("link", { name: "Hallo, Erika" })).toBeVisible();

  // Account overview → personal data
  await visit(page, "/account", javaScriptEnabled, "Hallo, Erika");
  const main = page.getByRole("main");
  for (const tile of ["Persönliche Daten", "Adressen", "Merkzettel"]) {
    await expect(main.getByRole("link", { name: new RegExp(`^${tile}`) })).toBeVisible();
  }
  await main.getByRole("link", { name: /^Persönliche Daten/ }).click();
  await expect(page).toHaveURL(/\/account\/customer$/);
  await expect(page.getByRole("heading", { level: 1, name: "Persönliche Daten" })).toBeVisible();
  await expectAccessible(page);
  const profile = page.getByRole("region", { name: "Profil" });
  await expect(profile.getByLabel("Anrede")).toHaveValue("w");
  await expect(profile.getByLabel("Vorname")).toHaveValue("Erika");
  await expect(profile.getByLabel("Nachname")).toHaveValue("Mustermann");
  await expect(profile.getByLabel("Geburtsdatum")).toHaveValue("1990-05-15");
  await expect(profile.getByLabel("Telefonnummer (optional)")).toHaveValue("+49 341 555123");
  await expect(page.getByRole("region", { name: "E-Mail-Adresse" })).toContainText(
    `Aktuelle E-Mail-Adresse: ${customer.email}`,
  );
  await expect(
    page.getByRole("region", { name: "Passwort" }).getByRole("button", { name: "Passwort ändern" }),
  ).toBeVisible();

  await profile.getByLabel("Vorname").fill("Erika-Marie");
  await profile.getByLabel("Anrede").selectOption({ label: "Divers" });
  await profile.getByLabel("Telefonnummer (optional)").fill("0341 999888");
  await profile.getByRole("button", { name: "Profil speichern" }).click();
  await expectToast(page, "Deine persönlichen Daten wurden gespeichert.");
  await expect(page).toHaveURL(/\/account\/customer$/);
  await page.reload();
  await expect(profile.getByLabel("Vorname")).toHaveValue("Erika-Marie");
  await expect(profile.getByLabel("Anrede")).toHaveValue("d");
  await expect(profile.getByLabel("Telefonnummer (optional)")).toHaveValue("0341 999888");
  await expect(page.getByRole("banner").getByRole("link", { name: "Hallo, Erika-Marie" })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);

  // Dark mode: switched on while signed in, it is saved to the account …
  await expect(html).toHaveClass("theme-light");
  await switchTheme(page, "dark");
  await expect(page).toHaveURL(/\/account\/customer$/);
  await expectAccessible(page);
  await signOut(page);
  await expect(html).toHaveClass("theme-dark");
  // … so after the visitor switched this browser back to light, signing in brings the account's dark mode back
  await waitForHydration(page, javaScriptEnabled);
  await switchTheme(page, "light");
  await signIn(page, customer.email, customer.password, javaScriptEnabled);
  await expect(html).toHaveClass("theme-dark");
  expect((await page.context().cookies()).find((c) => c.name === "dark_mode")?.value).toBe("1");
  await expect((await menuPanel(page)).getByRole("button", { name: "Hellmodus einschalten" })).toBeVisible();
  await expectAccessible(page);

  // Sign out: the account pages are closed again
  await signOut(page);
  await page.goto("/account/customer");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fcustomer$/);
});

test("addresses: add (after a failed try), edit and delete in the dialog of a nested route", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page);

  await visit(page, "/account", javaScriptEnabled, "Hallo, Erika");
  await page
    .getByRole("main")
    .getByRole("link", { name: /^Adressen/ })
    .click();
  await expect(page).toHaveURL(/\/account\/address$/);
  await expect(page.getByRole("heading", { level: 1, name: "Adressen" })).toBeVisible();
  await expect(page.getByText("Du hast noch keine Adresse hinterlegt.")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Neue Adresse hinzufügen" }).click();
  await expect(page).toHaveURL(/\/account\/address\/new$/);
  let dialog = await expectRouteDialog(page, "Neue Adresse", javaScriptEnabled);
  await expectAccessible(page);
  await expect(dialog.getByLabel("Land")).toHaveValue("DE");
  await dialog.getByLabel("Straße").fill("Musterweg");
  await dialog.getByLabel("Hausnummer").fill("12 a");
  await dialog.getByLabel("Postleitzahl").fill("123");
  await dialog.getByLabel("Ort").fill("Leipzig");
  await dialog.getByRole("button", { name: "Adresse speichern" }).click();
  dialog = await expectRouteDialog(page, "Neue Adresse", javaScriptEnabled);
  await expect(dialog.getByRole("alert")).toHaveText("Die Adresse konnte nicht gespeichert werden.");
  await expect(dialog.getByLabel("Hausnummer")).toHaveAccessibleDescription(
    "Die Hausnummer darf keine Leerzeichen enthalten.",
  );
  await expect(dialog.getByLabel("Hausnummer")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Postleitzahl")).toHaveAccessibleDescription(
    "Bitte gib eine gültige Postleitzahl mit 5 Ziffern ein.",
  );
  await expect(dialog.getByLabel("Postleitzahl")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Straße")).toHaveValue("Musterweg");
  await expect(dialog.getByLabel("Hausnummer")).toHaveValue("12 a");
  await expect(dialog.getByLabel("Ort")).toHaveValue("Leipzig");
  await expectAccessible(page);
  await dialog.getByLabel("Hausnummer").fill("12a");
  await dialog.getByLabel("Postleitzahl").fill("04109");
  await dialog.getByLabel("Als Standard-Lieferadresse verwenden").check();
  await dialog.getByRole("button", { name: "Adresse speichern" }).click();
  await expectToast(page, "Die Adresse wurde gespeichert.");
  await expect(page).toHaveURL(/\/account\/address$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const card = page.getByRole("listitem").filter({ has: page.locator("address") });
  await expect(card).toHaveCount(1);
  await expect(card.locator("address")).toHaveText(/^Musterweg 12a\s*04109 Leipzig\s*Deutschland$/);
  await expect(card).toContainText("Standard-Lieferadresse");
  await expect(page.getByText("Du hast noch keine Adresse hinterlegt.")).toHaveCount(0);

  await page.getByRole("link", { name: "Adresse Musterweg 12a, 04109 Leipzig bearbeiten" }).click();
  await expect(page).toHaveURL(/\/account\/address\/\d+\/edit$/);
  dialog = await expectRouteDialog(page, "Adresse bearbeiten", javaScriptEnabled);
  await expectAccessible(page);
  await expect(dialog.getByLabel("Straße")).toHaveValue("Musterweg");
  await expect(dialog.getByLabel("Hausnummer")).toHaveValue("12a");
  await expect(dialog.getByLabel("Postleitzahl")).toHaveValue("04109");
  await dialog.getByLabel("Hausnummer").fill("14");
  await dialog.getByLabel("Adresszusatz (optional)").fill("Hinterhaus");
  await dialog.getByRole("button", { name: "Adresse speichern" }).click();
  await expect(page).toHaveURL(/\/account\/address$/);
  await expectToast(page, "Die Adresse wurde gespeichert.");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(card.locator("address")).toHaveText(/^Musterweg 14\s*Hinterhaus\s*04109 Leipzig\s*Deutschland$/);
  await expect(page.getByRole("link", { name: "Adresse Musterweg 12a, 04109 Leipzig bearbeiten" })).toHaveCount(0);

  await page.getByRole("link", { name: "Adresse Musterweg 14, 04109 Leipzig löschen" }).click();
  await expect(page).toHaveURL(/\/account\/address\/\d+\/delete$/);
  dialog = await expectRouteDialog(page, "Adresse löschen", javaScriptEnabled);
  await expect(dialog).toContainText("Möchtest du diese Adresse wirklich löschen?");
  await expect(dialog).toContainText("Musterweg 14, 04109 Leipzig");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Ja, löschen" }).click();
  await expect(page).toHaveURL(/\/account\/address$/);
  await expectToast(page, "Die Adresse wurde gelöscht.");
  await expect(card).toHaveCount(0);
  await expect(page.getByText("Du hast noch keine Adresse hinterlegt.")).toBeVisible();
});
