import type { Browser, Page } from "@playwright/test";
import { testCustomerInsert } from "../tests/fixtures/customer";
import { expectToast, uniqueEmail, visit } from "./account-helpers";
import { executeD1 } from "./d1";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForHydration } from "./helpers";
import { SHARES, declare, purchaseStatus, resetShareCustomers, shareCustomer, signDeclaration } from "./share-helpers";

/**
 * The cooperative's decisions in the back office (issue 32): Gero Genosse signs in, admits one
 * signed declaration and refuses another with a reason (both made by customers through the
 * declaration form and the signing sandbox), and records the payout of shares given notice.
 * Each page state is checked with axe and at 360 px.
 */

test.describe.configure({ timeout: 180_000 });

test.afterEach(resetShareCustomers);

/** A customer's declaration for `quantity` shares, sent and signed in a browser of her own. */
async function signedDeclaration(browser: Browser, javaScriptEnabled: boolean, quantity: string) {
  const context = await browser.newContext({ javaScriptEnabled, locale: "de-DE", timezoneId: "Europe/Berlin" });
  const page = await context.newPage();
  const customer = await shareCustomer(page, javaScriptEnabled);
  await declare(page, javaScriptEnabled, quantity);
  await signDeclaration(page, customer.email, javaScriptEnabled);
  expect(await purchaseStatus(customer.id)).toEqual(["in_review"]);
  return { ...customer, page, close: () => context.close() };
}

async function signInAsGero(page: Page, javaScriptEnabled: boolean) {
  await visit(page, "/staff/login", javaScriptEnabled, "Anmeldung Backoffice");
  await page.getByRole("button", { name: "Als Gero Genosse anmelden" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Hallo Gero Genosse" })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("navigation", { name: "Backoffice" }).getByRole("link", { name: "Genossenschaft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Beitrittserklärungen in Prüfung" })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
}

/** The queue's row of a customer's declaration (her e-mail address is in it). */
const queueRow = (page: Page, email: string) => page.getByRole("row").filter({ hasText: email });

test("Gero Genosse admits one declaration, refuses another with a reason, and records a payout", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(240_000);
  const admitted = await signedDeclaration(browser, javaScriptEnabled, "2");
  const refused = await signedDeclaration(browser, javaScriptEnabled, "1");

  await signInAsGero(page, javaScriptEnabled);
  await expect(queueRow(page, admitted.email)).toContainText("2 Anteile (200,00 €)");
  await expect(queueRow(page, refused.email)).toContainText("1 Anteil (100,00 €)");
  await expect(queueRow(page, "emil.wagner@example.org")).toContainText("Emil Wagner");
  await expectAccessible(page);

  // admitted: the shares wait for her cart, as after every admission
  await queueRow(page, admitted.email).getByRole("button", { name: "Zulassen" }).click();
  await expectToast(page, "Beitritt zugelassen: 2 Anteile liegen jetzt im Warenkorb der Kundin.");
  await expect(queueRow(page, admitted.email)).toHaveCount(0);
  await expectAccessible(page);
  expect(await purchaseStatus(admitted.id)).toEqual(["approved"]);

  // refused: the reason is required, then she is told
  await waitForHydration(page, javaScriptEnabled);
  await queueRow(page, refused.email).getByRole("link", { name: "Ablehnen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Beitritt ablehnen" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Beitrittserklärung" })).toContainText(refused.email);
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  const reason = page.getByLabel("Begründung");
  await reason.fill("zu kurz");
  await page.getByRole("button", { name: "Beitritt ablehnen" }).click();
  await expect(page.getByText("Die Begründung muss mindestens 10 Zeichen lang sein.")).toBeVisible();
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(reason).toHaveValue("zu kurz");
  await expectAccessible(page);
  expect(await purchaseStatus(refused.id)).toEqual(["in_review"]);
  const why = "Wir konnten deine Anschrift nicht bestätigen. Bitte melde dich bei uns.";
  await reason.fill(why);
  await page.getByRole("button", { name: "Beitritt ablehnen" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/staff/cooperative");
  await expectToast(page, "Beitritt abgelehnt. Die Kundin wurde per E-Mail benachrichtigt.");
  await expect(queueRow(page, refused.email)).toHaveCount(0);
  await expectAccessible(page);
  expect(await purchaseStatus(refused.id)).toEqual(["refused"]);

  // her page says so, and the waiting is over
  await visit(refused.page, SHARES, javaScriptEnabled, "Geschäftsanteile zeichnen");
  await expect(
    refused.page.getByText("Die Genossenschaft hat deine letzte Beitrittserklärung nicht angenommen."),
  ).toBeVisible();
  await expect(refused.page.getByText(why)).toBeVisible();
  await expect(refused.page.getByRole("dialog", { name: "Deine Beitrittserklärung wird geprüft" })).toHaveCount(0);
  await expectAccessible(refused.page);
  await Promise.all([admitted.close(), refused.close()]);

  // a member's notice that took effect at the end of last year: its payout after the general meeting
  const member = await memberWithNotice();
  await waitForHydration(page, javaScriptEnabled);
  await page
    .getByRole("navigation", { name: "Genossenschaft" })
    .getByRole("link", { name: "Gekündigte Anteile" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Gekündigte Anteile" })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  await page.getByLabel("Stand").selectOption({ label: "Auszahlung offen" });
  await page.getByRole("button", { name: "Filtern" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("state") === "due");
  const row = page.getByRole("row").filter({ hasText: member.name });
  await expect(row).toContainText("Auszahlung offen");
  await expect(row).toContainText("200,00 €");
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  await row.getByRole("link", { name: "Auszahlung buchen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Auszahlung buchen" })).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  await page.getByLabel("Tag der Auszahlung").fill(member.effectiveAt);
  await page.getByRole("button", { name: "Auszahlung buchen" }).click();
  await expect(
    page.getByText("Die Auszahlung kann erst nach dem Tag liegen, zu dem die Kündigung wirksam wurde."),
  ).toBeVisible();
  await expectAccessible(page);
  const paidOn = new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Berlin" });
  await page.getByLabel("Tag der Auszahlung").fill(paidOn);
  await page.getByRole("button", { name: "Auszahlung buchen" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/staff/cooperative/notices");
  await expectToast(page, "Auszahlung gebucht.");
  const paidRow = page.getByRole("row").filter({ hasText: member.name });
  await expect(paidRow).toContainText(`Ausgezahlt am ${paidOn.split("-").reverse().join(".")}`);
  await expect(paidRow.getByRole("link", { name: "Auszahlung buchen" })).toHaveCount(0);
  await expectAccessible(page);
  expect(await executeD1("SELECT amount_cents FROM share_payout WHERE cancellation_id = ?", [member.entry])).toEqual([
    { amount_cents: 20_000 },
  ]);
});

/** A member who gave notice of 2 of her 4 shares, effective at the end of last year. */
async function memberWithNotice() {
  const id = 610_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const lastname = `Kündiger${id}`;
  const insert = testCustomerInsert({ id, email: uniqueEmail("kuendigung"), firstname: "Kai", lastname, gender: "m" });
  const year = new Date().getFullYear() - 1;
  const entry = `e2e-notice-${id}`;
  await executeD1(insert.sql, insert.params);
  await executeD1(
    "INSERT INTO shareholder (customer_id, member_number, joined_at) VALUES (?, ?, '2020-02-02T10:00:00.000Z')",
    [id, String(id)],
  );
  await executeD1(
    `INSERT INTO share_entry (id, customer_id, type, quantity, value_cents, created_at, effective_at, payout_at)
     VALUES (?, ?, 'purchase', 4, 40000, '2020-02-02T10:00:00.000Z', '2020-02-02', NULL)`,
    [`e2e-buy-${id}`, id],
  );
  await executeD1(
    `INSERT INTO share_entry (id, customer_id, type, quantity, value_cents, created_at, effective_at, payout_at)
     VALUES (?, ?, 'cancellation', 2, 20000, ?, ?, ?)`,
    [entry, id, `${year}-05-05T10:00:00.000Z`, `${year}-12-31`, `${year + 1}-06-30`],
  );
  return { id, entry, name: `Kai ${lastname}`, effectiveAt: `${year}-12-31` };
}
