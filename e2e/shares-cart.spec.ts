/**
 * Shares in the cart and the checkout (docs/decisions/0021 "Shares in the cart and checkout"), with
 * and without JavaScript, axe on every page: a customer whose admitted shares wait in the cart sees
 * their line, checks them out alone with the sandbox payment and finds the member number on "Meine
 * Anteile"; another cancels the purchase from the cart.
 *
 * The purchase is written straight into the e2e shop's D1 in state `in_cart` (or `approved`), as the
 * declaration, the signing and the cooperative's check leave it.
 */
import type { Page } from "@playwright/test";
import { expectToast, visit } from "./account-helpers";
import { answerProvider, cartSummary, euro, euroText, expectSuccess, freshCustomer } from "./checkout-helpers";
import { executeD1 } from "./d1";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForHydration } from "./helpers";

test.describe.configure({ timeout: 120_000 });

/** The customer's id, and admitted shares put into the cart (or only admitted, waiting for it). */
async function sharesInCart(email: string, quantity: number, status: "in_cart" | "approved" = "in_cart") {
  const [{ id }] = (await executeD1("SELECT id FROM customer WHERE email = ?", [email])) as { id: number }[];
  const purchaseId = `e2e-purchase-${id}`;
  const now = new Date().toISOString();
  await executeD1(
    `INSERT INTO share_purchase (id, customer_id, quantity, status, declaration, signing_ref, order_id, created_at, signed_at, review_due_at, updated_at)
     VALUES (?, ?, ?, ?, '{}', ?, NULL, ?, ?, ?, ?)`,
    [purchaseId, id, quantity, status, `sig_${purchaseId}`, now, now, now, now],
  );
  return { id, purchaseId };
}

const purchaseStatus = async (purchaseId: string) =>
  ((await executeD1("SELECT status FROM share_purchase WHERE id = ?", [purchaseId])) as { status: string }[])[0]
    ?.status;

function sharesLine(page: Page) {
  return page
    .getByRole("list", { name: "Artikel im Warenkorb" })
    .getByRole("listitem")
    .filter({ hasText: "Genossenschaftsanteil" });
}

test("shares alone: the line in the cart, a checkout without shipping, the sandbox payment, the member number", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(180_000);
  const customer = await freshCustomer(page);
  const { id, purchaseId } = await sharesInCart(customer.email, 3);

  await visit(page, "/cart", javaScriptEnabled, "Warenkorb");
  const line = sharesLine(page);
  await expect(line).toHaveCount(1);
  await expect(line).toContainText("Genossenschaftsanteil × 3");
  await expect(line.getByText(/pro Anteil$/)).toHaveText(new RegExp(`^${euroText(10_000)} pro Anteil$`));
  await expect(line.locator(".cart-line-total")).toHaveText(euro(30_000));
  await expect(line.getByRole("button", { name: "Kauf abbrechen" })).toBeVisible();
  await expect(line.getByRole("spinbutton")).toHaveCount(0); // no quantity stepper
  const summary = cartSummary(page);
  await expect(summary).toContainText("Genossenschaftsanteile (3)");
  await expect(summary.locator("dd.grand-total")).toHaveText(euro(30_000));
  await expect(summary).not.toContainText("Mindestbestellwert");
  await expect(summary.getByRole("link", { name: "Mit Anteilen bis zu 4 % sparen" })).toHaveAttribute(
    "href",
    "/content/shares",
  );

  await page.getByRole("link", { name: "Zur Kasse" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Kasse" })).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  await expect(page.getByText(/^Genossenschaftsanteile werden nicht verschickt/)).toBeVisible();
  await expect(page.getByRole("region", { name: "1. Versandart" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "2. Lieferadresse" })).toHaveCount(0);
  const review = page.getByRole("region", { name: "2. Deine Bestellung" });
  await expect(review.getByRole("list", { name: "Artikel" }).getByRole("listitem")).toHaveText([
    new RegExp(`^3 × Genossenschaftsanteil\\s*${euroText(30_000)}$`),
  ]);
  await expect(review.locator("dd.grand-total")).toHaveText(euro(30_000));

  // Without a payment method the page says so at the field (the browser's or the server's check)
  await review.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  const payment = page.getByRole("region", { name: "1. Zahlungsart" });
  await expect(payment.getByText("Bitte wähle eine Zahlungsart.")).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);

  await payment.getByRole("radio", { name: "Kredit- oder Debitkarte" }).check();
  await review.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await expect(page).toHaveURL(/\/payment\/sandbox\/pay_[\w-]+\?key=[0-9a-f]+$/);
  await expect(page.getByRole("main")).toContainText(
    new RegExp(`Bitte bestätige die Zahlung von ${euroText(30_000)} mit Kredit- oder Debitkarte\\.`),
  );
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  await answerProvider(page, "Zahlung bestätigen");
  await expectSuccess(page);
  await expectAccessible(page);
  await expect(page.getByText(/Deine Anteile werden mit der Bezahlung verbindlich/)).toBeVisible();
  expect(await purchaseStatus(purchaseId)).toBe("paid");
  const [{ member_number: number }] = (await executeD1("SELECT member_number FROM shareholder WHERE customer_id = ?", [
    id,
  ])) as { member_number: string }[];

  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("link", { name: "Zu meinen Anteilen" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/account/shareholder");
  await expect(page.getByRole("heading", { level: 1, name: "Meine Anteile" })).toBeVisible();
  await expectAccessible(page);
  const fact = (term: string) =>
    page
      .locator("dl.share-facts > div")
      .filter({ has: page.getByRole("term").getByText(term, { exact: true }) })
      .getByRole("definition");
  await expect(fact("Mitgliedsnummer")).toHaveText(number);
  await expect(fact("Deine Anteile")).toHaveText("3");

  // the cart is empty again
  await visit(page, "/cart", javaScriptEnabled, "Warenkorb");
  await expect(page.getByText("Dein Warenkorb ist leer.")).toBeVisible();
});

test("'Kauf abbrechen' in the cart cancels the purchase and empties the cart", async ({ page, javaScriptEnabled }) => {
  const customer = await freshCustomer(page);
  const { purchaseId } = await sharesInCart(customer.email, 2);
  await visit(page, "/cart", javaScriptEnabled, "Warenkorb");
  const line = sharesLine(page);
  await expect(line).toContainText("Genossenschaftsanteil × 2");
  await expect(cartSummary(page).locator("dd.grand-total")).toHaveText(euro(20_000));
  await line.getByRole("button", { name: "Kauf abbrechen" }).click();
  await expectToast(page, "Der Kauf deiner Anteile wurde abgebrochen.");
  await expect(page).toHaveURL((url) => url.pathname === "/cart");
  await expect(sharesLine(page)).toHaveCount(0);
  await expect(page.getByText("Dein Warenkorb ist leer.")).toBeVisible();
  await expectAccessible(page);
  expect(await purchaseStatus(purchaseId)).toBe("cancelled");
});

test("admitted shares go into the cart by themselves with JavaScript, by the notice's button without: the same message, the header counts them", async ({
  page,
  javaScriptEnabled,
}) => {
  const customer = await freshCustomer(page);
  // a catalogue page: a signed-in customer's copy comes from the edge cache (decision 0030), filled
  // in for her, and must not be served while her shares wait for the cart
  const page1 = "/catalog/category/kaese";
  await visit(page, page1, javaScriptEnabled);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Warenkorb, 0 Artikel, 0,00 €" })).toBeVisible();
  const { purchaseId } = await sharesInCart(customer.email, 3, "approved");

  await page.goto(page1);
  if (!javaScriptEnabled) {
    await expect(page.getByText("Deine 3 Anteile sind freigegeben.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Anteile in den Warenkorb legen" }).click();
    await expect(page).toHaveURL((url) => url.pathname === page1);
  }
  await expectToast(page, "3 Anteile wurden in den Warenkorb gelegt.");
  await expect(header.getByRole("link", { name: "Warenkorb, 3 Artikel, 300,00 €" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Anteile in den Warenkorb legen" })).toHaveCount(0);
  await expectAccessible(page);
  expect(await purchaseStatus(purchaseId)).toBe("in_cart");
});
