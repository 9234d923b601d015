import type { Browser } from "@playwright/test";
import { expectToast, mailLink, visit } from "./account-helpers";
import { answerProvider, expectSuccess } from "./checkout-helpers";
import { executeD1 } from "./d1";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForHydration } from "./helpers";
import {
  MAIL_SUBJECT,
  SHARES,
  declarationForm,
  declare,
  expectDialogInFront,
  purchaseStatus,
  resetShareCustomers,
  shareCustomer,
} from "./share-helpers";

/**
 * Buying shares, first half (docs/decisions/0021): the membership declaration, the e-mail with
 * the signing link, signing in the signing sandbox, the waiting modal on the shop's pages while
 * the cooperative checks, the check by hand on /dev/shares (another browser), and the admitted
 * shares going into the cart: by themselves with JavaScript, by the notice's button without.
 * Also cancelling from the 'E-Mail bestätigen' modal and the form's messages at its fields.
 *
 * Both projects run in parallel against one database: each test has a customer of its own, and
 * the customer's share purchases are removed after the test.
 */

test.describe.configure({ timeout: 120_000 });

const WAITING = "Deine Beitrittserklärung wird geprüft";

test.afterEach(resetShareCustomers);

/** The cooperative's check by hand, in a browser of its own (a developer's, not the customer's). */
async function approveOnDevPage(browser: Browser, email: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, locale: "de-DE" });
  try {
    const dev = await context.newPage();
    await dev.goto("/dev/shares");
    await expect(dev.getByRole("heading", { level: 1, name: "Beitrittserklärungen (Entwicklung)" })).toBeVisible();
    await waitForHydration(dev, javaScriptEnabled);
    const entry = dev
      .getByRole("list", { name: "Beitrittserklärungen (Entwicklung)" })
      .getByRole("listitem")
      .filter({ hasText: email });
    await expect(entry).toContainText("in Prüfung");
    await entry.getByRole("button", { name: "Jetzt prüfen und zulassen" }).click();
    await expectToast(dev, "Die Beitrittserklärung ist zugelassen.");
    await expect(entry).toContainText("zugelassen");
  } finally {
    await context.close();
  }
}

test("declaration, mail, signature, the waiting modal, the cooperative's check, the shares into the cart, checkout, payment, member number, one share sold", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(240_000);
  const { id, email } = await shareCustomer(page, javaScriptEnabled);
  await declare(page, javaScriptEnabled, "3");
  expect(await purchaseStatus(id)).toEqual(["awaiting_signature"]);

  // the mail's link leads to the signing sandbox
  const link = await mailLink(page, email, MAIL_SUBJECT, "/signing/sandbox/", javaScriptEnabled);
  await visit(page, link, javaScriptEnabled, "Beitrittserklärung unterschreiben");
  const signingDocument = page.getByRole("article", { name: "Beitrittserklärung zur Frischkorb eG" });
  await expect(signingDocument).toContainText("3 Geschäftsanteile zu je 100,00 €, zusammen 300,00 €");
  await expect(signingDocument).toContainText("Hanna Zeichner");
  await expect(signingDocument).toContainText("14.07.1988");
  await expect(signingDocument).toContainText("Gottschedstraße 12");
  await page.getByRole("button", { name: "Unterschreiben" }).click();
  await expect(page.getByText("Du hast die Beitrittserklärung unterschrieben.")).toBeVisible();
  await expectAccessible(page);
  // the sandbox stands for the outside world: no waiting modal there
  await expect(page.getByRole("dialog", { name: WAITING })).toHaveCount(0);
  expect(await purchaseStatus(id)).toEqual(["in_review"]);

  // every shop page waits for the cooperative's check
  await page.goto("/account/shareholder");
  const waiting = page.getByRole("dialog", { name: WAITING });
  await expect(waiting).toBeVisible();
  await expect(waiting).toContainText("Die Genossenschaft prüft gerade deine unterschriebene Beitrittserklärung.");
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  if (javaScriptEnabled) {
    // a modal: the page behind is inert
    expect(await waiting.evaluate((d: HTMLDialogElement) => d.matches(":modal"))).toBe(true);
    await page.evaluate(() => document.documentElement.setAttribute("data-e2e-document", "1"));
  }

  await approveOnDevPage(browser, email, javaScriptEnabled);

  if (javaScriptEnabled) {
    // the modal asks every 5 s: it closes within about 7 s (8 s allowed for a busy machine), and the shares go into the cart by themselves
    await expect(waiting).toBeHidden({ timeout: 8_000 });
    await expectToast(page, "3 Anteile wurden in den Warenkorb gelegt.");
    // all in the same document: no reload
    await expect(page.locator("html")).toHaveAttribute("data-e2e-document", "1");
    await expect(page.getByRole("button", { name: "Anteile in den Warenkorb legen" })).toHaveCount(0);
  } else {
    // the page reloads itself every 5 s; then the notice offers the button
    const button = page.getByRole("button", { name: "Anteile in den Warenkorb legen" });
    await expect(button).toBeVisible({ timeout: 8_000 });
    await expect(waiting).toHaveCount(0);
    await expect(page.getByText("Deine 3 Anteile sind freigegeben.")).toBeVisible();
    await expectAccessible(page);
    await button.click();
    await expect(page).toHaveURL((url) => url.pathname === "/account/shareholder");
    await expectToast(page, "3 Anteile wurden in den Warenkorb gelegt.");
    await expect(button).toHaveCount(0);
  }
  // the header counts the shares in the cart at once, in the same document with JavaScript
  await expect(page.getByRole("banner").getByRole("link", { name: "Warenkorb, 3 Artikel, 300,00 €" })).toBeVisible();
  await expectAccessible(page);
  expect(await purchaseStatus(id)).toEqual(["in_cart"]);

  await visit(page, SHARES, javaScriptEnabled, "Geschäftsanteile zeichnen");
  await expect(page.getByText("Deine 3 Anteile liegen im Warenkorb.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Zum Warenkorb" })).toHaveAttribute("href", "/cart");
  await expect(declarationForm(page).form).toHaveCount(0);

  // the rest of the way: the cart, the checkout of shares alone, the sandbox payment, the member
  // number on "Meine Anteile", one share sold, and the pending sale in the listing
  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("link", { name: "Zum Warenkorb" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/cart");
  await expect(page.getByText("Genossenschaftsanteil × 3")).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("link", { name: "Zur Kasse" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/checkout");
  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("radio", { name: "Kredit- oder Debitkarte" }).check();
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await expect(page).toHaveURL(/\/payment\/sandbox\/pay_[\w-]+\?key=[0-9a-f]+$/);
  await waitForHydration(page, javaScriptEnabled);
  await answerProvider(page, "Zahlung bestätigen");
  await expectSuccess(page);
  expect(await purchaseStatus(id)).toEqual(["paid"]);
  const [{ member_number: memberNumber }] = (await executeD1(
    "SELECT member_number FROM shareholder WHERE customer_id = ?",
    [id],
  )) as { member_number: string }[];

  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("link", { name: "Zu meinen Anteilen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Meine Anteile" })).toBeVisible();
  await expect(page.locator("dl.share-facts")).toContainText(memberNumber);
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("link", { name: "Anteile verkaufen" }).click();
  const sell = page.getByRole("dialog", { name: "Anteile verkaufen" });
  await sell.getByLabel("Anzahl der Anteile").fill("1");
  await sell.getByRole("button", { name: "Zur Kündigung vormerken" }).click();
  await expectToast(page, /1 Anteil zum 31\.12\.\d{4} zur Kündigung vorgemerkt/);
  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("link", { name: "Alle Buchungen deiner Anteile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Buchungen deiner Anteile" })).toBeVisible();
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows.filter({ hasText: "Kündigung" })).toContainText(/wirksam zum 31\.12\.\d{4}/);
  await expect(rows.filter({ hasText: "Kauf" })).toContainText("300,00 €");
  await expectAccessible(page);
});

test("keyboard only: the waiting modal keeps the customer at it, every reload too, and lets her sign out", async ({
  page,
  javaScriptEnabled,
}) => {
  const { id } = await shareCustomer(page, javaScriptEnabled);
  // a signed declaration in review whose check is not due: the modal stays
  const now = new Date().toISOString();
  await executeD1(
    `INSERT INTO share_purchase (id, customer_id, quantity, status, declaration, signing_ref, created_at, signed_at, review_due_at, updated_at)
     VALUES (?, ?, 2, 'in_review', '{}', ?, ?, ?, '2999-12-31T00:00:00.000Z', ?)`,
    [`e2e-wait-${id}`, id, `e2e-wait-${id}`, now, now, now],
  );
  await page.goto("/account");
  const waiting = page.getByRole("dialog", { name: WAITING });
  await expect(waiting).toBeVisible();
  const signOut = waiting.getByRole("button", { name: "Abmelden" });
  await waitForHydration(page, javaScriptEnabled);
  await expectAccessible(page);
  if (javaScriptEnabled) {
    // the modal's one control has the focus, and Tab keeps it there
    await expect(signOut).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(signOut).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(signOut).toBeFocused();
  } else {
    // the page reloads itself every 5 s, and each time the focus is at the modal, not at the top of the page
    const heading = waiting.getByRole("heading", { level: 2, name: WAITING });
    await expect(heading).toBeFocused();
    await page.evaluate(() => document.documentElement.setAttribute("data-e2e-document", "1"));
    await expect(page.locator("html[data-e2e-document]")).toHaveCount(0, { timeout: 8_000 });
    await expect(heading).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(signOut).toBeFocused();
  }
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expectToast(page, "Du wurdest erfolgreich abgemeldet.");
  await expect(page.getByRole("dialog", { name: WAITING })).toHaveCount(0);
  await expectAccessible(page);
  // signing out leaves the cooperative's check running
  expect(await purchaseStatus(id)).toEqual(["in_review"]);
});

test("cancelling from the 'E-Mail bestätigen' modal", async ({ page, javaScriptEnabled }) => {
  const { id } = await shareCustomer(page, javaScriptEnabled);
  const confirm = await declare(page, javaScriptEnabled, "2");
  await confirm.getByRole("link", { name: "Kauf abbrechen" }).click();
  await expect(page).toHaveURL((url) => url.pathname === `${SHARES}/cancel`);
  const dialog = page.getByRole("dialog", { name: "Kauf abbrechen" });
  await expect(dialog).toBeVisible();
  await expectDialogInFront(dialog, "Kauf abbrechen", javaScriptEnabled);
  await expect(dialog).toContainText("Möchtest du den Kauf deiner 2 Anteile abbrechen?");
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  await dialog.getByRole("button", { name: "Kauf abbrechen" }).click();
  await expect(page).toHaveURL((url) => url.pathname === SHARES);
  await expectToast(page, "Der Kauf deiner Anteile wurde abgebrochen.");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(declarationForm(page).submit).toBeVisible();
  await expectAccessible(page);
  expect(await purchaseStatus(id)).toEqual(["cancelled"]);
});

test("the declaration's messages at their fields, and nothing is sent", async ({ page, javaScriptEnabled }) => {
  const { id } = await shareCustomer(page, javaScriptEnabled);
  await visit(page, SHARES, javaScriptEnabled, "Geschäftsanteile zeichnen");
  const f = declarationForm(page);
  await f.quantity.fill("51");
  await f.privacy.check();
  await f.submit.click();
  await expect(f.quantity).toHaveAttribute("aria-invalid", "true");
  await expect(f.quantity).toHaveAccessibleDescription(
    /Du kannst mit einer Erklärung höchstens 50 Anteile zeichnen\.$/,
  );
  await expect(f.statutes).toHaveAttribute("aria-invalid", "true");
  await expect(f.statutes).toHaveAccessibleDescription("Bitte erkenne die Satzung an.");
  // what was typed and chosen stays
  await expect(f.quantity).toHaveValue("51");
  await expect(f.privacy).toBeChecked();
  await expect(f.address).toBeChecked();
  await expect(page).toHaveURL((url) => url.pathname === SHARES);
  await expectAccessible(page);

  await waitForHydration(page, javaScriptEnabled);
  await f.quantity.fill("1,5");
  await f.statutes.check();
  await f.submit.click();
  await expect(f.quantity).toHaveAccessibleDescription(/Bitte gib eine ganze Zahl ein\.$/);
  await expect(f.statutes).not.toHaveAttribute("aria-invalid", "true");

  await waitForHydration(page, javaScriptEnabled);
  await f.quantity.fill("0");
  await f.submit.click();
  await expect(f.quantity).toHaveAccessibleDescription(/Bitte zeichne mindestens einen Anteil\.$/);
  await expect(page).toHaveURL((url) => url.pathname === SHARES);
  expect(await purchaseStatus(id)).toEqual([]);
});
