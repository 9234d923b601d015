/**
 * Buying shares in the browser, for the specs that need a membership declaration on its way
 * (share-purchase.spec.ts, staff-cooperative.spec.ts): a fresh customer, the declaration sent
 * from the purchase page, and its signature in the signing sandbox.
 */
import type { Locator, Page } from "@playwright/test";
import { testCustomerInsert } from "../tests/fixtures/customer";
import { expectToast, mailLink, uniqueEmail, visit } from "./account-helpers";
import { executeD1 } from "./d1";
import { expect, expectAccessible } from "./fixtures";
import { startSignedIn } from "./session";
import { waitForHydration } from "./helpers";

export const SHARES = "/content/shares";
export const MAIL_SUBJECT = "Bitte bestätige deine Beitrittserklärung";

const customers: number[] = [];

async function resetPurchases(customerId: number) {
  await executeD1("DELETE FROM share_purchase WHERE customer_id = ?", [customerId]);
}

/** Removes the share purchases of the customers made since the last call (a spec's afterEach). */
export async function resetShareCustomers() {
  for (const id of customers.splice(0)) await resetPurchases(id);
}

/** A fresh, active customer of full age with one address, made in the e2e shop's D1 and signed in. */
export async function shareCustomer(page: Page, _javaScriptEnabled: boolean) {
  const id = 600_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const email = uniqueEmail("anteile");
  const insert = testCustomerInsert({
    id,
    email,
    firstname: "Hanna",
    lastname: "Zeichner",
    gender: "w",
    dob: "1988-07-14",
    since: new Date().toISOString(),
  });
  await executeD1(insert.sql, insert.params);
  await executeD1(
    `INSERT INTO address (id, customer_id, street, house_number, zip, city, is_default_shipping, is_default_billing, created_at)
     VALUES (?, ?, 'Gottschedstraße', '12', '04109', 'Leipzig', 1, 1, ?)`,
    [id, id, new Date().toISOString()],
  );
  customers.push(id);
  await resetPurchases(id);
  await startSignedIn(page, email);
  return { id, email };
}

export const purchaseStatus = async (customerId: number) =>
  (await executeD1("SELECT status FROM share_purchase WHERE customer_id = ? ORDER BY created_at", [customerId])).map(
    (r) => r.status,
  );

export function declarationForm(page: Page) {
  const form = page.locator("form#share-declaration");
  return {
    form,
    quantity: form.getByLabel("Anzahl der Geschäftsanteile", { exact: true }),
    // the customer's one address, a choice of whole lines that a 360 px phone does not cut off
    address: form.getByRole("group", { name: "Anschrift", exact: true }).getByRole("radio"),
    statutes: form.getByRole("checkbox", { name: /Satzung der Frischkorb eG/ }),
    privacy: form.getByRole("checkbox", { name: /Datenschutzhinweise/ }),
    submit: form.getByRole("button", { name: "Beitrittserklärung absenden" }),
  };
}

/**
 * A dialog is where the customer looks: in view, with the focus inside (without JavaScript on its
 * heading, the dialog being part of the page; with JavaScript on its first control).
 */
export async function expectDialogInFront(dialog: Locator, title: string, javaScriptEnabled: boolean) {
  const heading = dialog.getByRole("heading", { level: 2, name: title });
  await expect(heading).toBeInViewport();
  // the close control in the dialog's corner comes first
  if (javaScriptEnabled) await expect(dialog.getByRole("link", { name: "Schließen" }).first()).toBeFocused();
  else await expect(heading).toBeFocused();
}

/** The declaration for `quantity` shares, sent from the purchase page: the 'E-Mail bestätigen' modal opens. */
export async function declare(page: Page, javaScriptEnabled: boolean, quantity: string) {
  await visit(page, SHARES, javaScriptEnabled, "Geschäftsanteile zeichnen");
  const f = declarationForm(page);
  await expect(f.address).toBeChecked();
  await f.quantity.fill(quantity);
  await f.statutes.check();
  await f.privacy.check();
  await f.submit.click();
  await expect(page).toHaveURL((url) => url.pathname === `${SHARES}/confirm`);
  const dialog = page.getByRole("dialog", { name: "E-Mail bestätigen" });
  await expect(dialog).toBeVisible();
  await expectDialogInFront(dialog, "E-Mail bestätigen", javaScriptEnabled);
  await expectToast(page, "Wir haben dir eine E-Mail mit dem Link zur Bestätigung geschickt.");
  await expect(dialog).toContainText("Bitte bestätige darin deine Beitrittserklärung.");
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  return dialog;
}

/** The declaration signed through the mail's link in the signing sandbox: the cooperative's check begins. */
export async function signDeclaration(page: Page, email: string, javaScriptEnabled: boolean) {
  const link = await mailLink(page, email, MAIL_SUBJECT, "/signing/sandbox/", javaScriptEnabled);
  await visit(page, link, javaScriptEnabled, "Beitrittserklärung unterschreiben");
  await page.getByRole("button", { name: "Unterschreiben" }).click();
  await expect(page.getByText("Du hast die Beitrittserklärung unterschrieben.")).toBeVisible();
}
