import type { Page } from "@playwright/test";
import {
  ACTIVATION_SUBJECT,
  ANNA,
  BEN,
  CLARA,
  DEMO_PASSWORD,
  RESET_SUBJECT,
  activate,
  expectToast,
  fillRegistration,
  loginFields,
  mailLink,
  newCustomer,
  register,
  registerFields,
  submitLogin,
  uniqueEmail,
  visit,
} from "./account-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForHydration } from "./helpers";

test.describe.configure({ timeout: 120_000 });

/** The form-level message (role=alert) of the page's form. */
function formAlert(page: Page) {
  return page.getByRole("main").getByRole("alert");
}

test("registration: German errors next to the fields, typed values kept", async ({ page, javaScriptEnabled }) => {
  const seventeen = `${new Date().getFullYear() - 17}-01-01`;
  const customer = newCustomer({
    dob: seventeen,
    telephone: "12ab34",
    firstName: "Jana",
    lastName: "Jünger",
    gender: "Divers",
  });
  const otherEmail = uniqueEmail("other");
  await visit(page, "/register", javaScriptEnabled, "Kundenkonto anlegen");
  await fillRegistration(page, customer, { email: otherEmail, password: "Anders123" });
  const f = registerFields(page);
  await f.submit.click();

  await expect(formAlert(page)).toHaveText("Bitte überprüfe deine Eingaben.");
  const errors = [
    [f.dob, "Du musst 18 Jahre alt sein"],
    [f.emailConfirm, "Die E-Mail-Adressen stimmen nicht überein."],
    [f.passwordConfirm, "Die Passwörter stimmen nicht überein."],
    [f.telephone, "Bitte gib eine gültige Telefonnummer ein, z. B. +49 30 1234567."],
  ] as const;
  for (const [field, message] of errors) {
    await expect(field).toHaveAttribute("aria-invalid", "true");
    // the message is the field's own error (aria-describedby), shown right below it
    await expect(field).toHaveAccessibleDescription(new RegExp(`${message.replace(/[.+]/g, "\\$&")}$`));
    await expect(field.locator("xpath=following-sibling::p[contains(@class, 'field-error')]")).toHaveText(message);
  }
  for (const field of [f.email, f.firstName, f.lastName, f.gender])
    await expect(field).not.toHaveAttribute("aria-invalid", "true");
  // what was typed is still there …
  await expect(f.email).toHaveValue(customer.email);
  await expect(f.emailConfirm).toHaveValue(otherEmail);
  await expect(f.gender).toHaveValue("d");
  await expect(f.firstName).toHaveValue("Jana");
  await expect(f.lastName).toHaveValue("Jünger");
  await expect(f.dob).toHaveValue(seventeen);
  await expect(f.telephone).toHaveValue("12ab34");
  for (const consent of [f.terms, f.privacy, f.values]) await expect(consent).toBeChecked();
  // (that the passwords are not kept is the next test's subject)
  await expectAccessible(page);

  // Corrected, but the address already has an account
  await fillRegistration(page, { ...customer, email: ANNA, dob: "1990-05-15", telephone: "" });
  await f.submit.click();
  await expect(f.email).toHaveAccessibleDescription(
    "Zu dieser E-Mail-Adresse gibt es bereits ein Kundenkonto. Eine erneute Registrierung ist nicht möglich – bitte melde dich an oder wende dich an den Kundenservice.",
  );
  await expect(f.email).toHaveAttribute("aria-invalid", "true");
  for (const field of [f.dob, f.emailConfirm, f.passwordConfirm, f.telephone])
    await expect(field).not.toHaveAttribute("aria-invalid", "true");
  await expect(f.email).toHaveValue(ANNA);
  await expect(f.firstName).toHaveValue("Jana");
  await expect(f.dob).toHaveValue("1990-05-15");
  await expect(page.getByRole("heading", { name: "Fast geschafft!" })).toHaveCount(0);
  await expectAccessible(page);
});

test("a failed registration or sign-in never gives the typed password back", async ({ page, javaScriptEnabled }) => {
  // Without JavaScript the server renders the form without passwords; with JavaScript the page
  // must empty the fields the browser still holds.
  await visit(page, "/register", javaScriptEnabled, "Kundenkonto anlegen");
  const r = registerFields(page);
  await fillRegistration(page, newCustomer(), { password: "Anders123" });
  await r.submit.click();
  await expect(r.passwordConfirm).toHaveAccessibleDescription("Die Passwörter stimmen nicht überein.");
  await expect(r.password).toHaveValue("");
  await expect(r.passwordConfirm).toHaveValue("");

  await visit(page, "/login", javaScriptEnabled, "Anmelden");
  const l = loginFields(page);
  await submitLogin(page, uniqueEmail("unknown"), "Falsch12345");
  await expect(formAlert(page)).toHaveText("Die Anmeldung war nicht erfolgreich. Überprüfe deine Zugangsdaten.");
  await expect(l.password).toHaveValue("");
});

test("failed sign-in: wrong credentials, not activated (with a new link), blocked", async ({
  page,
  javaScriptEnabled,
}) => {
  await visit(page, "/login", javaScriptEnabled, "Anmelden");
  const f = loginFields(page);
  const resend = page.getByRole("button", { name: "Aktivierungslink erneut senden" });

  // An address without an account
  const unknown = uniqueEmail("unknown");
  await submitLogin(page, unknown, "Falsch12345");
  await expect(formAlert(page)).toHaveText("Die Anmeldung war nicht erfolgreich. Überprüfe deine Zugangsdaten.");
  await expect(f.email).toHaveValue(unknown);
  await expect(resend).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator("html")).toHaveAttribute("data-signed-in", "0");
  await expectAccessible(page);

  // Ben has not activated his account: he can ask for a new link.
  await visit(page, "/login", javaScriptEnabled, "Anmelden");
  await submitLogin(page, BEN, DEMO_PASSWORD);
  await expect(formAlert(page)).toHaveText(
    /^Dein Kundenkonto ist noch nicht aktiviert\. Bitte klicke auf den Link in der E-Mail/,
  );
  await expect(resend).toBeVisible();
  await expectAccessible(page);
  await resend.click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "Falls zu dieser Adresse ein noch nicht aktiviertes Kundenkonto gehört, haben wir dir einen neuen Aktivierungslink geschickt.",
  );
  // the new link is in the mailbox (not followed: Ben stays not activated for the other tests)
  expect(await mailLink(page, BEN, ACTIVATION_SUBJECT, "/customer/activate/user/", javaScriptEnabled)).toMatch(
    /^\/customer\/activate\/user\/100002\/activationtoken\/[^/]+$/,
  );

  // Clara is blocked
  await visit(page, "/login", javaScriptEnabled, "Anmelden");
  await submitLogin(page, CLARA, DEMO_PASSWORD);
  await expect(formAlert(page)).toHaveText(
    /^Dein Kundenkonto ist gesperrt\. Bitte wende dich an unseren Kundenservice/,
  );
  await expect(f.email).toHaveValue(CLARA);
  await expect(resend).toHaveCount(0);
  await expect(page.locator("html")).toHaveAttribute("data-signed-in", "0");
});

test("password reset: forgot → mail → new password; the old one fails, the new one works", async ({
  page,
  javaScriptEnabled,
}) => {
  const customer = newCustomer();
  const newPassword = "Tomate2027x";
  await register(page, customer, javaScriptEnabled);
  await activate(page, customer.email, javaScriptEnabled);

  // Ask for the link (from the login page's "Passwort vergessen?")
  await visit(page, "/login", javaScriptEnabled, "Anmelden");
  await page.getByRole("link", { name: "Passwort vergessen?" }).click();
  await expect(page).toHaveURL(/\/password\/forgot$/);
  await expect(page.getByRole("heading", { level: 1, name: "Passwort vergessen?" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("E-Mail-Adresse", { exact: true }).fill(customer.email);
  await page.getByRole("button", { name: "Link anfordern" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "Falls zu dieser E-Mail-Adresse ein Kundenkonto existiert, haben wir dir einen Link zum Zurücksetzen des Passworts geschickt. Er ist 2 Stunden gültig.",
  );
  await expectAccessible(page);

  // The link from the mail
  const link = await mailLink(page, customer.email, RESET_SUBJECT, "/password/reset/", javaScriptEnabled);
  expect(link).toMatch(/^\/password\/reset\/\d+\/[^/]+$/);
  await visit(page, link, javaScriptEnabled, "Neues Passwort vergeben");
  const password = page.getByLabel("Neues Passwort", { exact: true });
  const repeat = page.getByLabel("Neues Passwort wiederholen", { exact: true });
  await password.fill("kurz1");
  await repeat.fill("kurz1");
  await page.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(password).toHaveAccessibleDescription(/Das Passwort muss mindestens 8 Zeichen lang sein\.$/);
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  await password.fill(newPassword);
  await repeat.fill(newPassword);
  await page.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, "Dein Passwort wurde geändert. Du kannst dich jetzt mit dem neuen Passwort anmelden.");

  // The link is used up
  const reused = await page.goto(link);
  expect(reused?.status()).toBe(410);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(/^Dieser Link ist ungültig oder abgelaufen\./);
  await expect(page.getByRole("link", { name: "Neuen Link anfordern" })).toHaveAttribute("href", "/password/forgot");
  await expectAccessible(page);

  // Old password: refused; new password: signed in
  await visit(page, "/login", javaScriptEnabled, "Anmelden");
  await submitLogin(page, customer.email, customer.password);
  await expect(formAlert(page)).toHaveText("Die Anmeldung war nicht erfolgreich. Überprüfe deine Zugangsdaten.");
  await visit(page, "/login", javaScriptEnabled, "Anmelden");
  await submitLogin(page, customer.email, newPassword);
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expectToast(page, "Du bist jetzt angemeldet.");
  await expect(page.locator("html")).toHaveAttribute("data-signed-in", "1");
  await waitForHydration(page, javaScriptEnabled);
});

test("after a failed sign-in the customer can correct the form and try again", async ({ page, javaScriptEnabled }) => {
  await visit(page, "/login", javaScriptEnabled, "Anmelden");
  await submitLogin(page, uniqueEmail("typo"), DEMO_PASSWORD);
  await expect(formAlert(page)).toHaveText("Die Anmeldung war nicht erfolgreich. Überprüfe deine Zugangsdaten.");
  // the customer fixes the typo in the address and enters the password again (short timeouts:
  // if typing broke the form, the test fails instead of hanging)
  const f = loginFields(page);
  await f.email.fill(ANNA, { timeout: 10_000 });
  await f.password.fill(DEMO_PASSWORD, { timeout: 10_000 });
  await f.submit.click({ timeout: 10_000 });
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expectToast(page, "Du bist jetzt angemeldet.");
});

test("a mistyped e-mail address is named as the field is left with JavaScript, by the server on submit without", async ({
  page,
  javaScriptEnabled,
}) => {
  const message = "Bitte gib eine gültige E-Mail-Adresse ein.";
  await visit(page, "/register", javaScriptEnabled, "Kundenkonto anlegen");
  const f = registerFields(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await f.email.fill("erika@");
  await f.email.blur();
  if (javaScriptEnabled) {
    // the same schema as the server's, in the browser: the message is there before any submit …
    await expect(f.email).toHaveAttribute("aria-invalid", "true");
    await expect(f.email).toHaveAccessibleDescription(message);
    // … and goes as soon as the address is right
    await f.email.fill("erika@example.de");
    await expect(f.email).not.toHaveAttribute("aria-invalid", "true");
    // a submit with errors is stopped in the browser and answered as the server would
    await f.email.fill("erika@");
    await f.submit.click();
    await expect(formAlert(page)).toHaveText("Bitte überprüfe deine Eingaben.");
    await expect(f.email).toHaveAccessibleDescription(message);
    await expect(f.firstName).toHaveAccessibleDescription("Bitte fülle dieses Feld aus.");
    expect(posts).toEqual([]);
  } else {
    await expect(f.email).not.toHaveAttribute("aria-invalid", "true");
    await f.submit.click();
    await expect(formAlert(page)).toHaveText("Bitte überprüfe deine Eingaben.");
    await expect(f.email).toHaveAttribute("aria-invalid", "true");
    await expect(f.email).toHaveAccessibleDescription(message);
    expect(posts).toHaveLength(1);
  }
  await expect(f.email).toHaveValue("erika@");
  await expectAccessible(page);
});
