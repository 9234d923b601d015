import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { pdfText } from "../tests/fixtures/pdf-text";
import { visit } from "./account-helpers";
import { euro, euroText, freshCustomer } from "./checkout-helpers";
import { executeD1 } from "./d1";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForHydration } from "./helpers";

// A withdrawal refunded within its deadline (issue 32 §3, docs/decisions/0040-refunds.md): the
// customer withdraws a delivered order, support refunds it from the queue, the sandbox provider's
// refund page confirms it signed, the customer sees the refund on her order page, downloads the
// correction of its invoice (docs/decisions/0043-credit-notes.md) and gets the mail.
test.describe.configure({ timeout: 90_000 });

const PAID = 1699 + 495;

/**
 * A paid delivery of one "Caffè Crema" (PayPal through the sandbox), made in the e2e shop's D1:
 * placing and paying an order through the pages is the checkout tests' subject.
 */
async function paidOrder(
  email: string,
  { store, status = "processing" }: { store?: string; status?: "processing" | "complete" } = {},
): Promise<number> {
  const [customer] = await executeD1("SELECT id FROM customer WHERE email = ?", [email]);
  const number = 900_000_000 + Math.floor(Math.random() * 99_000_000);
  const id = `e2e-refund-${number}`;
  const now = new Date().toISOString();
  const address = JSON.stringify({
    name: "Erika Kasse",
    street: "Kochstraße",
    houseNumber: "3",
    zip: "04275",
    city: "Leipzig",
    country: "DE",
  });
  const tax = JSON.stringify([
    { rate: 7, grossCents: 1699, taxCents: 111, netCents: 1588 },
    { rate: 19, grossCents: 495, taxCents: 79, netCents: 416 },
  ]);
  await executeD1(
    `INSERT INTO customer_order (id, increment_id, customer_id, idempotency_key, channel, status, carrier_code, shipping_address,
       payment_method, comment, item_count, subtotal_cents, discount_cents, deposit_cents, shipping_cents, credit_cents,
       grand_total_cents, tax_details, created_at, paid_at)
     VALUES (?, ?, ?, ?, 'online', ?, 'myensopackagedelivery', ?, 'paypal', '', 1, 1699, 0, 0, 495, 0, ?, ?, ?, ?)`,
    [id, number, Number(customer.id), id, status, address, PAID, tax, now, now],
  );
  // a click & collect order of the store instead (its shipping stays in the total: the sums are not the subject)
  if (store)
    await executeD1(
      "UPDATE customer_order SET carrier_code = 'clickandcollect', store_id = ?, shipping_address = NULL WHERE id = ?",
      [store, id],
    );
  await executeD1(
    `INSERT INTO order_item (order_id, sku, is_gift, name, qty, unit_price_cents, deposit_cents, tax_rate, row_total_cents)
     VALUES (?, '170001', 0, 'Caffè Crema ganze Bohne', 1, 1699, 0, 7, 1699)`,
    [id],
  );
  await executeD1(
    `INSERT INTO payment (id, order_id, method, amount_cents, currency, status, settled_by, created_at, settled_at, provider, provider_ref)
     VALUES (?, ?, 'paypal', ?, 'EUR', 'approved', ?, ?, ?, 'sandbox', ?)`,
    [`pay_${id}`, id, PAID, `seeded-${id}`, now, now, `pay_${id}`],
  );
  return number;
}

async function withdraw(page: Page, number: number, javaScriptEnabled: boolean) {
  await visit(page, `/account/order/${number}`, javaScriptEnabled, `Bestellung ${number}`);
  await page.getByRole("link", { name: "Vertrag widerrufen" }).click();
  await page.getByRole("button", { name: "Widerruf jetzt bestätigen" }).click();
  await expect(page.getByText(/Dein Widerruf ist am .* eingegangen/)).toBeVisible();
}

test("support refunds a withdrawal within its deadline; the sandbox confirms; the customer sees it and gets a mail", async ({
  page,
  javaScriptEnabled,
}) => {
  const customer = await freshCustomer(page);
  // delivered: its invoice gets a correction with the refund
  const number = await paidOrder(customer.email, { status: "complete" });
  await withdraw(page, number, javaScriptEnabled);

  // Sina Support signs in to the back office and opens the withdrawals queue
  await page.goto("/staff/login");
  await page.getByRole("button", { name: "Als Sina Support anmelden" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Hallo Sina Support" })).toBeVisible();
  await page.getByRole("navigation", { name: "Backoffice" }).getByRole("link", { name: "Widerrufe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Widerrufe" })).toBeVisible();
  await expect(page.getByText(/§ 357 Abs\. 4 BGB/)).toBeVisible();
  await expectAccessible(page);

  // the order, found by its number: due in 14 days, not overdue
  await waitForHydration(page, javaScriptEnabled);
  await page.getByLabel("Bestellnummer, Name oder E-Mail").fill(String(number));
  await page.getByRole("button", { name: "Filtern" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${number}`));
  const row = page.getByRole("row").filter({ hasText: String(number) });
  await expect(row).toHaveCount(1);
  const due = new Date(Date.now() + 14 * 24 * 60 * 60 * 1000).toLocaleDateString("de-DE", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "Europe/Berlin",
  });
  await expect(row).toContainText(due);
  await expect(row).not.toContainText("überfällig");
  await expect(row.getByRole("cell", { name: euro(PAID) }).first()).toBeVisible();
  await expectAccessible(page);

  // "Erstatten": the sandbox provider's refund page stands in for the provider
  await row.getByRole("button", { name: new RegExp(`^Erstatten: ${euroText(PAID)} zu Bestellung ${number}$`) }).click();
  await expect(page).toHaveURL(/\/payment\/sandbox\/refund\/[\w-]+\?key=[0-9a-f]+$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Erstattung beim Zahlungsdienstleister (Sandbox)" }),
  ).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Erstattung bestätigen" }).click();
  await expect(page).toHaveURL(/\/staff\/withdrawals$/);
  await expect(page.getByText(`Die Erstattung zu Bestellung ${number} ist bestätigt.`).first()).toBeVisible();
  await expectAccessible(page);

  // done: listed under "Erledigt"
  await page.goto(`/staff/withdrawals?q=${number}&state=done`);
  await expect(page.getByRole("row").filter({ hasText: String(number) })).toContainText("Erstattet");

  // the customer's order page shows the refund
  await visit(page, `/account/order/${number}`, javaScriptEnabled, `Bestellung ${number}`);
  const refunds = page.getByRole("region", { name: "Erstattungen" });
  await expect(refunds).toContainText(new RegExp(`Widerruf:\\s*${euroText(PAID)}`));
  await expect(refunds).toContainText("Erstattet");
  await expect(refunds).toContainText(new RegExp(`${euroText(PAID)} über den Zahlungsweg deiner Bestellung`));
  // beside the invoice, the correction the refund made of it (the series' number depends on the run)
  const creditNote = page.getByRole("main").getByRole("link", { name: /^Rechnungskorrektur RK-\d{6} \(PDF\)$/ });
  await expect(creditNote).toHaveCount(1);
  await expect(page.getByRole("main").getByRole("link", { name: "Rechnung herunterladen (PDF)" })).toBeVisible();
  await expectAccessible(page);
  const [download] = await Promise.all([page.waitForEvent("download"), creditNote.click()]);
  const name = download.suggestedFilename();
  expect(name).toMatch(/^Rechnungskorrektur-RK-\d{6}\.pdf$/);
  const text = pdfText(await readFile(await download.path()));
  const rk = name.slice("Rechnungskorrektur-".length, -".pdf".length);
  expect(text).toContain(`Rechnungskorrektur ${rk}`);
  expect(
    text.some((line) => /^Rechnungskorrektur RK-\d{6} zur Rechnung RE-\d{6} vom \d\d\.\d\d\.\d{4}$/.test(line)),
  ).toBe(true);
  // the correction's amount, negative, as the PDF writes it ("-21,94 €")
  expect(text).toContain(`-${(PAID / 100).toFixed(2).replace(".", ",")}\u00a0€`);
  await expect(page).toHaveURL(new RegExp(`/account/order/${number}$`));

  // and the mail is in the development mailbox
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(customer.email)}`);
  const mail = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { level: 2, name: `Erstattung zu deiner Bestellung ${number}` }) });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(
    new RegExp(`wir haben dir zu deiner Bestellung ${number} ${euroText(PAID)} erstattet\\.`),
  );
  await expectAccessible(page);
});

test("Paula cancels an order of her store: a reason is required; everything is given back and refunded", async ({
  page,
  javaScriptEnabled,
}) => {
  const customer = await freshCustomer(page);
  const number = await paidOrder(customer.email, { store: "leipzig-gohlis" });

  await page.goto(`/staff/login?redirectTo=${encodeURIComponent(`/staff/orders/${number}/cancel`)}`);
  await page.getByRole("button", { name: "Als Paula Pick anmelden" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Bestellung ${number} stornieren` })).toBeVisible();
  await expect(page.getByText("Abholung in Frischkorb Leipzig-Gohlis")).toBeVisible();
  await expectAccessible(page);

  // without a reason: the German message at the field, nothing cancelled
  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Bestellung stornieren" }).click();
  await expect(page.getByText("Bitte gib einen Grund an (mindestens 3 Zeichen).")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Grund (die Kundin liest ihn in ihrer E-Mail)").fill("Die Kühlung im Markt ist ausgefallen.");
  await page.getByRole("button", { name: "Bestellung stornieren" }).click();
  await expect(page).toHaveURL(/\/payment\/sandbox\/refund\/[\w-]+\?key=[0-9a-f]+$/);
  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Erstattung bestätigen" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/orders/${number}/cancel$`));
  await expect(page.getByText(`Die Erstattung zu Bestellung ${number} ist bestätigt.`).first()).toBeVisible();
  await expect(page.getByText("Diese Bestellung ist storniert.")).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/dev/mailbox?to=${encodeURIComponent(customer.email)}`);
  await expect(
    page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { level: 2, name: `Deine Bestellung ${number} wurde storniert` }) }),
  ).toContainText("Grund: Die Kühlung im Markt ist ausgefallen.");
});
