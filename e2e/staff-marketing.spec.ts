import type { Browser } from "@playwright/test";
import { expectToast, visit } from "./account-helpers";
import {
  JUICE,
  answerProvider,
  cartSummary,
  euroText,
  expectSuccess,
  freshCustomer,
  openCheckout,
  orderAndReachProvider,
  paymentStep,
} from "./checkout-helpers";
import { executeD1 } from "./d1";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForHydration } from "./helpers";
import { signInStaff, staffNav } from "./staff";

/**
 * Marketing's vouchers (issue 33 §3), JavaScript on and off, axe and the 360 px check on each new
 * page state: Mia Marketing creates a single-use voucher (a wrong amount first: its message at the
 * field, the code kept), a customer redeems it in her cart and orders with it, and the list then
 * shows the one use. The gift steps' page is opened and checked too; its changes, the voucher's
 * concurrency and give-back are in the integration tests (tests/integration/vouchers.test.ts,
 * staff-marketing.test.ts).
 */
test.describe.configure({ timeout: 180_000 });

/** A customer in a browser of her own: 20 × Apfelsaft (23,80 €) in the cart and a Leipzig address. */
async function customerWithCart(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, locale: "de-DE", timezoneId: "Europe/Berlin" });
  const page = await context.newPage();
  const customer = await freshCustomer(page);
  const [{ id }] = (await executeD1("SELECT id FROM customer WHERE email = ?", [customer.email])) as { id: number }[];
  await executeD1(
    `INSERT INTO address (customer_id, street, house_number, zip, city, is_default_shipping, is_default_billing, created_at)
     VALUES (?, 'Kochstraße', '3', '04275', 'Leipzig', 1, 1, '2026-01-01')`,
    [id],
  );
  await executeD1(
    "INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, ?, 0, 20, '2026-01-01')",
    [id, JUICE.sku],
  );
  return { page, close: () => context.close() };
}

test("Mia Marketing creates a single-use voucher, a customer orders with it, the list shows its use", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const code = `MIA-${javaScriptEnabled ? "JS" : "HTML"}-${Date.now() % 1_000_000_000}`;
  await signInStaff(page, "Mia Marketing");
  await expect(staffNav(page).getByRole("link")).toHaveText(["Übersicht", "Gutscheine und Zugaben"]);
  await staffNav(page).getByRole("link", { name: "Gutscheine und Zugaben" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Gutscheine" })).toBeVisible();
  await expect(page.getByRole("row", { name: /FRISCH5/ })).toContainText("ohne Grenze");
  await expectAccessible(page);

  // a wrong amount first: the message at the field, what was typed kept
  await waitForHydration(page, javaScriptEnabled);
  const form = page.locator("#voucher-create");
  await form.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await form.getByLabel("Bezeichnung").fill("2 € Testrabatt");
  await form.getByLabel("Art").selectOption({ label: "Festbetrag" });
  await form.getByLabel("Wert", { exact: true }).fill("zwei");
  await form.getByLabel("Nutzungen").fill("1");
  await form.getByRole("button", { name: "Gutschein anlegen" }).click();
  await expect(form.getByText("Bitte gib einen Betrag in Euro ein, z. B. 5,00.")).toBeVisible();
  await expect(form.getByLabel("Wert", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Code", { exact: true })).toHaveValue(code.toLowerCase());
  await expectAccessible(page);

  await form.getByLabel("Wert", { exact: true }).fill("2,00");
  await form.getByRole("button", { name: "Gutschein anlegen" }).click();
  await expect(page.getByText(`Der Gutschein „${code}“ ist angelegt.`).first()).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(code) });
  await expect(row).toContainText("0 von 1");
  await expect(row).toContainText("aktiv");
  await expectAccessible(page);

  // the customer redeems it in her cart and orders with it
  const customer = await customerWithCart(browser, javaScriptEnabled);
  const shop = customer.page;
  await visit(shop, "/cart", javaScriptEnabled, "Warenkorb");
  await waitForHydration(shop, javaScriptEnabled);
  await shop.getByRole("region", { name: "Gutschein" }).getByLabel("Gutscheincode").fill(code.toLowerCase());
  await shop.getByRole("region", { name: "Gutschein" }).getByRole("button", { name: "Einlösen" }).click();
  await expectToast(shop, `Der Gutschein „${code}“ wurde eingelöst.`);
  await expect(cartSummary(shop)).toContainText("2 € Testrabatt");
  const total = 20 * JUICE.cents - 200 + 495;
  await openCheckout(shop, javaScriptEnabled);
  await waitForHydration(shop, javaScriptEnabled);
  await shop
    .getByRole("region", { name: "2. Lieferadresse" })
    .getByLabel("Wunschliefertermin")
    .selectOption({ index: 1 });
  await paymentStep(shop).getByRole("radio", { name: "Kredit- oder Debitkarte" }).check();
  await orderAndReachProvider(shop, javaScriptEnabled, { amountCents: total, method: "Kredit- oder Debitkarte" });
  await answerProvider(shop, "Zahlung bestätigen");
  await expectSuccess(shop);
  await expect(shop.getByRole("main").locator("dd.grand-total")).toHaveText(new RegExp(euroText(total)));
  await customer.close();

  // the list, filtered by its URL, shows the use
  await page.goto(`/staff/marketing?q=${encodeURIComponent(code)}`);
  await expect(page.getByRole("row", { name: new RegExp(code) })).toContainText("1 von 1");
  await expect(page.getByRole("row", { name: /FRISCH5/ })).toHaveCount(0);
  await expectAccessible(page);

  // the gift steps' page
  await page.getByRole("navigation", { name: "Marketing" }).getByRole("link", { name: "Gratis-Zugaben" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Gratis-Zugaben" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /^Stufe ab 50,00/ })).toBeVisible();
  await expectAccessible(page);
});
