import type { Locator, Page } from "@playwright/test";
import { executeD1 } from "./d1";
import { expect, expectAccessible } from "./fixtures";
import { escapeRegExp, mainMenu, openMainMenu, waitForHydration } from "./helpers";

/** The password of the seeded demo customers. */
export const DEMO_PASSWORD = "Frischkorb2026";
/** Password of the customers the tests register. */
export const PASSWORD = "Gurke4ever";

export const ANNA = "anna.schmidt@example.org";
export const BEN = "ben.mueller@example.org";
export const CLARA = "clara.weber@example.org";

/** A fresh address per call: both projects run in parallel against one database. */
export function uniqueEmail(tag = "e2e"): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;
}

/** Navigate, with JavaScript wait until the page is hydrated, and check the page state with axe. */
export async function visit(page: Page, url: string, javaScriptEnabled: boolean, heading?: string | RegExp) {
  await page.goto(url);
  if (heading !== undefined) await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  await expectAccessible(page);
}

/** The main menu, opened unless it already is (with JavaScript it stays open after a toggle). */
export async function menuPanel(page: Page) {
  const { details } = mainMenu(page);
  if ((await details.getAttribute("open")) !== null) return details;
  return openMainMenu(page);
}

/** What the toasts announce: role=status inside the "Benachrichtigungen" region. */
export function notifications(page: Page): Locator {
  return page.getByRole("region", { name: "Benachrichtigungen" }).getByRole("status");
}

/** A toast with the text is on screen, and the live region announces it. */
export async function expectToast(page: Page, text: string | RegExp) {
  const toast = page.getByRole("region", { name: "Benachrichtigungen" }).locator(".toast").filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect(notifications(page).getByText(text)).toBeAttached();
}

export interface NewCustomer {
  email: string;
  firstName: string;
  lastName: string;
  dob: string;
  gender: "Herr" | "Frau" | "Divers";
  telephone: string;
  password: string;
}

export function newCustomer(overrides: Partial<NewCustomer> = {}): NewCustomer {
  return {
    email: uniqueEmail(),
    firstName: "Erika",
    lastName: "Mustermann",
    dob: "1990-05-15",
    gender: "Frau",
    telephone: "+49 341 555123",
    password: PASSWORD,
    ...overrides,
  };
}

/** The registration form's fields, by their German labels. */
export function registerFields(page: Page) {
  const form = page.locator("form#register");
  return {
    email: form.getByLabel("E-Mail-Adresse", { exact: true }),
    emailConfirm: form.getByLabel("E-Mail-Adresse wiederholen", { exact: true }),
    password: form.getByLabel("Passwort", { exact: true }),
    passwordConfirm: form.getByLabel("Passwort wiederholen", { exact: true }),
    gender: form.getByLabel("Anrede", { exact: true }),
    firstName: form.getByLabel("Vorname", { exact: true }),
    lastName: form.getByLabel("Nachname", { exact: true }),
    dob: form.getByLabel("Geburtsdatum", { exact: true }),
    telephone: form.getByLabel("Telefonnummer (optional)", { exact: true }),
    terms: form.getByRole("checkbox", { name: /AGB/ }),
    privacy: form.getByRole("checkbox", { name: /Datenschutzerklärung/ }),
    values: form.getByRole("checkbox", { name: /Wertekodex/ }),
    submit: form.getByRole("button", { name: "Registrieren", exact: true }),
  };
}

export async function fillRegistration(page: Page, c: NewCustomer, repeat: { email?: string; password?: string } = {}) {
  const f = registerFields(page);
  await f.email.fill(c.email);
  await f.emailConfirm.fill(repeat.email ?? c.email);
  await f.password.fill(c.password);
  await f.passwordConfirm.fill(repeat.password ?? c.password);
  await f.gender.selectOption({ label: c.gender });
  await f.firstName.fill(c.firstName);
  await f.lastName.fill(c.lastName);
  await f.dob.fill(c.dob);
  await f.telephone.fill(c.telephone);
  // With JavaScript a field is checked as it loses focus; leaving it first keeps a message that
  // appears below it from moving the boxes under the pointer.
  await f.telephone.blur();
  await f.terms.check();
  await f.privacy.check();
  await f.values.check();
}

/** Registers through /register and checks the "Fast geschafft!" box. */
export async function register(page: Page, c: NewCustomer, javaScriptEnabled: boolean) {
  await visit(page, "/register", javaScriptEnabled, "Kundenkonto anlegen");
  await fillRegistration(page, c);
  await registerFields(page).submit.click();
  const done = page
    .getByRole("status")
    .filter({ has: page.getByRole("heading", { level: 1, name: "Fast geschafft!" }) });
  await expect(done).toBeVisible();
  await expect(done).toContainText(`Wir haben dir eine E-Mail an ${c.email} geschickt.`);
  await expectAccessible(page);
}

/**
 * The newest mail with this subject to this recipient in the development mailbox, and the path of
 * its link starting with `linkPath`. Mails may be written just after the answer, so it polls.
 */
export async function mailLink(
  page: Page,
  recipient: string,
  subject: string,
  linkPath: string,
  javaScriptEnabled: boolean,
): Promise<string> {
  let href = "";
  await expect(async () => {
    // only the recipient's mails: the whole outbox is everyone's, and differs with every test
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(recipient)}`);
    const mail = page
      .getByRole("article")
      .filter({ hasText: `An: ${recipient} ·` })
      .filter({ has: page.getByRole("heading", { level: 2, name: subject, exact: true }) })
      .first();
    const link = mail.getByRole("link", { name: new RegExp(escapeRegExp(linkPath)) });
    href = (await link.getAttribute("href", { timeout: 1_000 })) ?? "";
    expect(href).toContain(linkPath);
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Postausgang (nur Entwicklung)" })).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  const url = new URL(href);
  return url.pathname + url.search;
}

export const ACTIVATION_SUBJECT = "Bitte aktiviere dein Frischkorb-Kundenkonto";
export const RESET_SUBJECT = "Neues Passwort für dein Frischkorb-Kundenkonto";

/** Follows the activation link of the customer's mail. Returns the link's path. */
export async function activate(page: Page, email: string, javaScriptEnabled: boolean): Promise<string> {
  const link = await mailLink(page, email, ACTIVATION_SUBJECT, "/customer/activate/user/", javaScriptEnabled);
  expect(link).toMatch(/^\/customer\/activate\/user\/\d+\/activationtoken\/[^/]+$/);
  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Dein Kundenkonto ist aktiviert" })).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  return link;
}

export function loginFields(page: Page) {
  const form = page.locator("form#login");
  return {
    email: form.getByLabel("E-Mail-Adresse", { exact: true }),
    password: form.getByLabel("Passwort", { exact: true }),
    submit: form.getByRole("button", { name: "Anmelden", exact: true }),
  };
}

/** Fills and sends the sign-in form of the /login page the browser is on. */
export async function submitLogin(page: Page, email: string, password: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Anmelden" })).toBeVisible();
  const f = loginFields(page);
  await f.email.fill(email);
  await f.password.fill(password);
  await f.submit.click();
}

/** Signs in from /login and expects the success toast on the page it leads to (default "/"). */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  javaScriptEnabled: boolean,
  { expectPath = "/" } = {},
) {
  await visit(page, "/login", javaScriptEnabled, "Anmelden");
  await submitLogin(page, email, password);
  await expect(page).toHaveURL((url) => url.pathname + url.search === expectPath);
  await expectToast(page, "Du bist jetzt angemeldet.");
}

/** Signs out through the menu's "Abmelden" (a POST form): back on "/" with the toast. */
export async function signOut(page: Page) {
  const menu = await menuPanel(page);
  await menu.getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expectToast(page, "Du wurdest erfolgreich abgemeldet.");
  await expect(page.locator("html")).toHaveAttribute("data-signed-in", "0");
}

/** Setup for a test about something else: a fresh, activated, signed-in customer. */
export async function registerActivateSignIn(page: Page, c: NewCustomer, javaScriptEnabled: boolean) {
  await register(page, c, javaScriptEnabled);
  await activate(page, c.email, javaScriptEnabled);
  await signIn(page, c.email, c.password, javaScriptEnabled);
}

/** Makes every session of the customer idle since 1970, i.e. expired. */
export async function expireSessions(email: string) {
  if (!/^[\w.+-]+@[\w.-]+$/.test(email)) throw new Error(`unexpected e-mail ${email}`);
  await executeD1(
    `UPDATE session SET last_seen_at = 0 WHERE customer_id = (SELECT id FROM customer WHERE email = '${email}')`,
  );
}
