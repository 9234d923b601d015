import type { Page } from "@playwright/test";
import { testCustomerInsert } from "../tests/fixtures/customer";
import { ANNA, expectToast, uniqueEmail, visit } from "./account-helpers";
import { executeD1 } from "./d1";
import { expect, expectAccessible, test } from "./fixtures";
import { startSignedIn } from "./session";
import { tabTo, waitForHydration } from "./helpers";

test.describe.configure({ timeout: 120_000 });

const SHARES = "/account/shareholder";

/** The date a cancellation made today takes effect (docs/decisions/0020), as the pages write it. */
function effectiveToday(): string {
  const today = new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Berlin" });
  const year = Number(today.slice(0, 4));
  return `31.12.${Number(today.slice(5, 7)) <= 9 ? year : year + 1}`;
}

/**
 * A fresh, active customer made in the e2e shop's D1 and signed in; with purchases, a member.
 * Both projects run in parallel against one database, so a test that sells gets its own member.
 */
async function freshCustomer(page: Page, purchases: number[] = []) {
  const id = 900_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const email = uniqueEmail("shares");
  const insert = testCustomerInsert({
    id,
    email,
    firstname: "Greta",
    lastname: "Teilhaber",
    gender: "w",
    since: new Date().toISOString(),
  });
  await executeD1(insert.sql, insert.params);
  if (purchases.length) {
    await executeD1("INSERT INTO shareholder (customer_id, member_number, joined_at) VALUES (?, ?, ?)", [
      id,
      `E${id}`,
      "2024-02-01T10:00:00.000Z",
    ]);
    for (const [i, quantity] of purchases.entries()) {
      await executeD1(
        `INSERT INTO share_entry (id, customer_id, type, quantity, value_cents, created_at, effective_at)
         VALUES (?, ?, 'purchase', ?, ?, ?, ?)`,
        [`e2e-${id}-${i}`, id, quantity, quantity * 10_000, `2024-02-0${i + 1}T10:00:00.000Z`, `2024-02-0${i + 1}`],
      );
    }
  }
  await startSignedIn(page, email);
  return { id, email };
}

/** The value next to a term of the facts list. */
const fact = (page: Page, term: string) =>
  page
    .locator("dl.share-facts > div")
    .filter({ has: page.getByRole("term").getByText(term, { exact: true }) })
    .getByRole("definition");

test("Anna's shares and their listing (read-only)", async ({ page, javaScriptEnabled }) => {
  await startSignedIn(page, ANNA);
  await visit(page, "/account", javaScriptEnabled, "Hallo, Anna");
  await page
    .getByRole("main")
    .getByRole("link", { name: /^Anteile/ })
    .click();
  await expect(page).toHaveURL(/\/account\/shareholder$/);
  await expect(page.getByRole("heading", { level: 1, name: "Meine Anteile" })).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  await expect(fact(page, "Mitgliedsnummer")).toHaveText("4711");
  await expect(fact(page, "Deine Anteile")).toHaveText("12");
  await expect(fact(page, "Wert deiner Anteile")).toHaveText("1.200,00 €");
  await expect(fact(page, "Deine Rückvergütung")).toHaveText(/^3,1\s%$/);
  await expect(fact(page, "Verkäuflich")).toHaveText("12");
  await expect(page.getByRole("link", { name: "Anteile verkaufen" })).toBeVisible();

  await page.getByRole("link", { name: "Alle Buchungen deiner Anteile" }).click();
  await expect(page).toHaveURL(/\/account\/shareholder\/listing$/);
  await expect(page.getByRole("heading", { level: 1, name: "Buchungen deiner Anteile" })).toBeVisible();
  await expectAccessible(page);
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole("columnheader")).toHaveText(["Datum", "Art", "Anzahl", "Wert", "Termine"]);
  await expect(rows.nth(0)).toContainText("Kauf");
  await expect(rows.nth(0)).toContainText("300,00 €");
});

test("a member sells one share through the dialog and sees the pending sale in the listing", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page, [2, 1]);
  await visit(page, SHARES, javaScriptEnabled, "Meine Anteile");
  await expect(fact(page, "Verkäuflich")).toHaveText("3");
  if (javaScriptEnabled) await page.evaluate(() => document.documentElement.setAttribute("data-e2e-document", "1"));
  await page.getByRole("link", { name: "Anteile verkaufen" }).click();
  await expect(page).toHaveURL(/\/account\/shareholder\/sell$/);
  const dialog = page.getByRole("dialog", { name: "Anteile verkaufen" });
  await expect(dialog).toBeVisible();
  const state = await dialog.evaluate((d: HTMLDialogElement) => ({ open: d.open, modal: d.matches(":modal") }));
  expect(state).toEqual({ open: true, modal: javaScriptEnabled });
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-e2e-document", "1");
  await expectAccessible(page);

  const quantity = dialog.getByLabel("Anzahl der Anteile");
  await quantity.fill("4");
  await dialog.getByRole("button", { name: "Zur Kündigung vormerken" }).click();
  await expect(quantity).toHaveAttribute("aria-invalid", "true");
  await expect(quantity).toHaveAccessibleDescription(/Du kannst höchstens 3 Anteile verkaufen\.$/);
  await expectAccessible(page);

  await quantity.fill("1");
  await dialog.getByRole("button", { name: "Zur Kündigung vormerken" }).click();
  await expect(page).toHaveURL((url) => url.pathname === SHARES);
  await expectToast(page, `1 Anteil zum ${effectiveToday()} zur Kündigung vorgemerkt`);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await waitForHydration(page, javaScriptEnabled);
  await expect(fact(page, "Verkäuflich")).toHaveText("2");
  await expect(page.getByRole("region", { name: "Zum Verkauf vorgemerkt" })).toContainText(
    `1 Anteil, wirksam zum ${effectiveToday()}`,
  );
  await expectAccessible(page);

  await page.getByRole("link", { name: "Alle Buchungen deiner Anteile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Buchungen deiner Anteile" })).toBeVisible();
  await expectAccessible(page);
  const cancellation = page.getByRole("table").locator("tbody tr").filter({ hasText: "Kündigung" });
  await expect(cancellation).toHaveCount(1);
  await expect(cancellation).toContainText(`wirksam zum ${effectiveToday()}`);
  await expect(cancellation).toContainText("100,00 €");
});

test("keyboard only: the sell dialog opens where the customer looks, in its field; a number too large is read where the focus is", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page, [2, 1]);
  await visit(page, SHARES, javaScriptEnabled, "Meine Anteile");
  await waitForHydration(page, javaScriptEnabled);
  await tabTo(page, page.getByRole("link", { name: "Anteile verkaufen" }), { max: 60 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/account\/shareholder\/sell$/);
  const dialog = page.getByRole("dialog", { name: "Anteile verkaufen" });
  await expect(dialog.getByRole("heading", { level: 2, name: "Anteile verkaufen" })).toBeInViewport();
  const quantity = dialog.getByLabel("Anzahl der Anteile");
  await expect(quantity).toBeFocused();
  // without JavaScript the dialog is part of the page: right below the page's heading, before the facts
  const factsFollow = (d: Element) =>
    Boolean(d.compareDocumentPosition(document.querySelector("dl.share-facts")!) & Node.DOCUMENT_POSITION_FOLLOWING);
  expect(await dialog.evaluate(factsFollow)).toBe(true);
  await expectAccessible(page);

  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("4");
  await page.keyboard.press("Enter");
  await expect(quantity).toHaveAttribute("aria-invalid", "true");
  await expect(quantity).toBeFocused();
  await expect(quantity).toHaveAccessibleDescription(/Du kannst höchstens 3 Anteile verkaufen\.$/);
  await expect(page).toHaveURL(/\/account\/shareholder\/sell$/);
  await expectAccessible(page);
  await expect(fact(page, "Verkäuflich")).toHaveText("3");
});

test("a customer who is no member sees the invitation", async ({ page, javaScriptEnabled }) => {
  await freshCustomer(page);
  await visit(page, SHARES, javaScriptEnabled, "Meine Anteile");
  await expect(page.getByText(/bis zu 4\s%\sRückvergütung/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Anteile verkaufen" })).toHaveCount(0);
  // the invitation leads to the membership declaration
  await page.getByRole("link", { name: "Jetzt Anteile zeichnen" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/content/shares");
  await expect(page.getByRole("heading", { level: 1, name: "Geschäftsanteile zeichnen" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Beitrittserklärung" })).toBeVisible();
});
