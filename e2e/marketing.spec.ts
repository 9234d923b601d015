/**
 * Newsletter and advertising preferences (docs/decisions/0026-marketing-preferences.md), with and
 * without JavaScript: a visitor subscribes, confirms through the development mailbox, gets the
 * welcome mail and leaves through its link; a signed-in customer switches each preference.
 * Axe runs on every page.
 */
import type { Page } from "@playwright/test";
import { testCustomerInsert } from "../tests/fixtures/customer";
import { expectToast, mailLink, uniqueEmail, visit } from "./account-helpers";
import { executeD1 } from "./d1";
import { expect, expectAccessible, test } from "./fixtures";
import { startSignedIn } from "./session";
import { waitForHydration } from "./helpers";

test.describe.configure({ timeout: 120_000 });

const PAGE = "/account/abocenter/marketing";
const CONFIRMATION_SUBJECT = "Bitte bestätige deine Anmeldung zum Newsletter";
const WELCOME_SUBJECT = "Willkommen beim Frischkorb-Newsletter";

/** Opens the confirmation link from the mailbox and presses its button. */
async function confirmFromMailbox(page: Page, email: string, javaScriptEnabled: boolean) {
  const link = await mailLink(page, email, CONFIRMATION_SUBJECT, "/newsletter/confirm/", javaScriptEnabled);
  await visit(page, link, javaScriptEnabled, "Newsletter bestätigen");
  await expect(page.getByText(`an ${email} bekommen möchtest`)).toBeVisible();
  await page.getByRole("button", { name: "Anmeldung bestätigen" }).click();
  await expect(page).toHaveURL((url) => url.pathname === PAGE);
  await expectToast(page, "Danke! Deine Anmeldung zum Newsletter ist bestätigt.");
  await expectAccessible(page);
}

test("a visitor subscribes, confirms by mail, gets the welcome mail and unsubscribes through its link", async ({
  page,
}, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  const email = uniqueEmail("newsletter");

  // the footer leads to the page
  await visit(page, "/", js);
  await page.getByRole("contentinfo").getByRole("link", { name: "Newsletter", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === PAGE);
  await expect(page.getByRole("heading", { level: 1, name: "Newsletter und Werbung" })).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, js);

  const field = page.getByLabel("E-Mail-Adresse", { exact: true });
  const submit = page.getByRole("button", { name: "Newsletter abonnieren" });
  // a bad address: the German message at the field, what was typed stays
  await field.fill("keine-adresse");
  await submit.click();
  await expect(page.getByText("Bitte gib eine gültige E-Mail-Adresse ein.")).toBeVisible();
  await expect(field).toHaveValue("keine-adresse");
  await expectAccessible(page);

  await field.fill(email);
  await submit.click();
  await expectToast(page, "Fast geschafft! Wir haben dir eine E-Mail geschickt.");
  await expectAccessible(page);

  await confirmFromMailbox(page, email, js);

  const unsubscribe = await mailLink(page, email, WELCOME_SUBJECT, "/newsletter/unsubscribe/", js);
  // the mailbox shows the one-click headers of the marketing mail
  const welcome = page
    .getByRole("article")
    .filter({ hasText: `An: ${email} ·` })
    .filter({ has: page.getByRole("heading", { level: 2, name: WELCOME_SUBJECT }) });
  await expect(welcome).toContainText("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  await expect(welcome).toContainText(/List-Unsubscribe: <https?:\/\/\S+\/newsletter\/unsubscribe\/\d+\/[0-9a-f]{64}>/);

  await visit(page, unsubscribe, js, "Newsletter abbestellen");
  await expect(page.getByText(`Newsletter an ${email} abbestellen?`)).toBeVisible();
  await page.getByRole("button", { name: "Abmelden", exact: true }).click();
  await expectToast(page, "Du bist vom Newsletter abgemeldet.");
  await expect(page.getByText(`Du bist vom Newsletter an ${email} abgemeldet.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Abmelden", exact: true })).toHaveCount(0);
  await expectAccessible(page);

  // a link that is not the shop's own: a German "not found" page
  await visit(page, "/newsletter/unsubscribe/1/gibt-es-nicht", js, "Link ungültig");
});

test("a signed-in customer switches each preference and confirms the newsletter through the mailbox", async ({
  page,
}, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  const email = uniqueEmail("werbung");
  const insert = testCustomerInsert({
    id: 900_000_000 + Math.floor(Math.random() * 1_000_000_000),
    email,
    firstname: "Wera",
    lastname: "Werbung",
    gender: "w",
    since: new Date().toISOString(),
  });
  await executeD1(insert.sql, insert.params);
  await startSignedIn(page, email);

  // from the personal data page
  await visit(page, "/account/customer", js, "Persönliche Daten");
  await page.getByRole("link", { name: "Newsletter und Werbung einstellen" }).click();
  await expect(page).toHaveURL((url) => url.pathname === PAGE);
  await expect(page.getByRole("heading", { level: 1, name: "Newsletter und Werbung" })).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, js);

  const newsletter = page.getByRole("checkbox", { name: "Newsletter per E-Mail" });
  const offers = page.getByRole("checkbox", { name: "Persönliche Angebote" });
  const post = page.getByRole("checkbox", { name: "Werbung per Post" });
  const save = page.getByRole("button", { name: "Einstellungen speichern" });
  await expect(newsletter).not.toBeChecked();
  await expect(offers).not.toBeChecked();
  await expect(post).not.toBeChecked();

  // personalised offers and postal advertising take effect at once
  await offers.check();
  await post.check();
  await save.click();
  await expectToast(page, "Deine Einstellungen sind gespeichert.");
  await page.reload();
  await expect(offers).toBeChecked();
  await expect(post).toBeChecked();
  await post.uncheck();
  await save.click();
  await expectToast(page, "Deine Einstellungen sind gespeichert.");
  await page.reload();
  await expect(post).not.toBeChecked();
  await expect(offers).toBeChecked();

  // the newsletter waits for its confirmation
  await newsletter.check();
  await save.click();
  await expectToast(page, "Bitte bestätige den Newsletter über den Link in der E-Mail");
  await expect(page.getByText(/^Bestätigung ausstehend\./)).toBeVisible();
  await expectAccessible(page);

  await confirmFromMailbox(page, email, js);
  await expect(page.getByText(/^Angemeldet\./)).toBeVisible();
  await expect(newsletter).toBeChecked();

  // and is switched off at once
  await newsletter.uncheck();
  await save.click();
  await expectToast(page, "Du bekommst keinen Newsletter mehr.");
  await expect(page.getByText(/^Nicht angemeldet\./)).toBeVisible();
  await expect(newsletter).not.toBeChecked();
  await expectAccessible(page);
  await visit(page, PAGE, js, "Newsletter und Werbung");
});
