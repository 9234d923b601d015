import type { Locator, Page } from "@playwright/test";
import { DEMO_PASSWORD, expectToast, uniqueEmail, visit } from "./account-helpers";
import { testCustomerInsert } from "../tests/fixtures/customer";
import { executeD1 } from "./d1";
import { expect, expectAccessible } from "./fixtures";
import { escapeRegExp, waitForHydration } from "./helpers";
import { startSignedIn } from "./session";

/** Products of the seeded catalogue used by the checkout tests (name, price in cents, stock ≥ 95). */
export const COFFEE = { sku: "170001", name: "Caffè Crema ganze Bohne", cents: 1699 };
export const JUICE = { sku: "160009", name: "Apfelsaft klar", cents: 119 };
export const ESPRESSO = { sku: "170002", name: "Espresso ganze Bohne", cents: 1899 };
export const BABY_MILK = { sku: "220010", name: "Bio-Anfangsmilch PRE von Geburt an", cents: 1395 };
export type Product = typeof COFFEE;

/** A pattern for "37,41 €" (3741 cents) inside a text; the app puts a no-break space before the €. */
export function euroText(cents: number): string {
  const amount = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
  return `(?<![\\d,])${escapeRegExp(amount)}\\s€`;
}

/** Exactly the amount, e.g. a table cell "37,41 €". */
export function euro(cents: number): RegExp {
  return new RegExp(`^${euroText(cents)}$`);
}

export interface Customer {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * A fresh, active, signed-in customer for one test: both projects run in parallel against one
 * database, so every checkout test needs its own cart and order history (never Anna's). Made
 * directly in the e2e server's D1 (like expireSessions in account-helpers.ts), not through
 * /register: registration is covered by accounts.spec.ts, is slow, and is throttled to 20 per
 * client and hour, which the whole suite would exceed. The customer gets the demo customers'
 * password hash (so DEMO_PASSWORD), no address, no balance and no SEPA permission, and starts
 * signed in (e2e/session.ts; the browser is on no page yet).
 */
export async function freshCustomer(page: Page): Promise<Customer> {
  const customer = { email: uniqueEmail("checkout"), password: DEMO_PASSWORD, firstName: "Erika", lastName: "Kasse" };
  const id = 500_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const insert = testCustomerInsert({
    id,
    email: customer.email,
    firstname: customer.firstName,
    lastname: customer.lastName,
    gender: "w",
    dob: "1990-05-15",
    telephone: "+49 341 555123",
    since: new Date().toISOString(),
  });
  await executeD1(insert.sql, insert.params);
  const created = await executeD1("SELECT email FROM customer WHERE email = ?", [customer.email]);
  expect(created, "the customer was created").toEqual([{ email: customer.email }]);
  await startSignedIn(page, customer.email);
  return customer;
}

/** Puts one piece of the product into the cart from its product page ("In den Warenkorb"). */
export async function addFromProductPage(page: Page, product: Product, javaScriptEnabled: boolean) {
  await visit(page, `/catalog/product/${product.sku}`, javaScriptEnabled, product.name);
  await page.getByRole("main").getByRole("button", { name: "In den Warenkorb", exact: true }).click();
  await expectToast(page, `„${product.name}“ liegt jetzt im Warenkorb.`);
  // back on (or still on) the product page
  await expect(page).toHaveURL(new RegExp(`/catalog/product/${product.sku}$`));
}

/** The list of cart lines on /cart and one line of it, by the product's name. */
export function cartLine(page: Page, name: string): Locator {
  return page
    .getByRole("list", { name: "Artikel im Warenkorb" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name, exact: true }) });
}

/** The "Übersicht" box of the cart page. */
export function cartSummary(page: Page): Locator {
  return page.getByRole("region", { name: "Übersicht" });
}

/** The shipping method radios (step 1), by the start of their label. */
export const CARRIER = {
  standard: "Standardlieferung",
  express: "Expresslieferung",
  pickup: "Click & Collect – im Markt abholen",
  fresh: "Frischelieferung aus dem Markt",
} as const;

const CARRIER_CODE: Record<keyof typeof CARRIER, string> = {
  standard: "myensopackagedelivery",
  express: "myensodhlexpress",
  pickup: "clickandcollect",
  fresh: "myensofoodshipping",
};

export function shippingStep(page: Page): Locator {
  return page.getByRole("region", { name: "1. Versandart" });
}

/**
 * Chooses the shipping method in step 1 (a GET form): with JavaScript the change submits it, without
 * the visitor presses "Versandart übernehmen". Ends on /checkout?carrier=….
 */
export async function chooseCarrier(page: Page, carrier: keyof typeof CARRIER, javaScriptEnabled: boolean) {
  const step = shippingStep(page);
  await step.getByRole("radio", { name: new RegExp(`^${escapeRegExp(CARRIER[carrier])}`) }).check();
  if (!javaScriptEnabled) await step.getByRole("button", { name: "Versandart übernehmen" }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === "/checkout" && url.searchParams.get("carrier") === CARRIER_CODE[carrier],
  );
  await expect(step.getByRole("radio", { name: new RegExp(`^${escapeRegExp(CARRIER[carrier])}`) })).toBeChecked();
  await waitForHydration(page, javaScriptEnabled);
}

/**
 * Finds a click & collect store by the store search and chooses it: with JavaScript the list
 * filters as one types and a choice shows its slots at once; without, "Suchen" and "Abholzeiten
 * anzeigen" send the shipping form (a GET form).
 */
export async function choosePickupStore(page: Page, search: string, name: string, javaScriptEnabled: boolean) {
  const step = shippingStep(page);
  const stores = step.getByRole("group", { name: "Markt", exact: true });
  await stores.getByRole("searchbox", { name: "Markt suchen" }).fill(search);
  if (!javaScriptEnabled) {
    await stores.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("storeSearch") === search);
  }
  const store = stores.getByRole("radio", { name: new RegExp(`^${escapeRegExp(name)} `) });
  await store.check();
  if (!javaScriptEnabled) await step.getByRole("button", { name: "Abholzeiten anzeigen" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("store") !== null);
  await expect(page.getByRole("group", { name: `Abholzeit im Markt ${name}` })).toBeVisible();
  await expect(store).toBeChecked();
  await waitForHydration(page, javaScriptEnabled);
  return stores;
}

/** Opens /checkout (the page needs a non-empty cart to show the form). */
export async function openCheckout(page: Page, javaScriptEnabled: boolean, { search = "" } = {}) {
  await visit(page, `/checkout${search}`, javaScriptEnabled, "Kasse");
  await expect(page.getByRole("button", { name: "Zahlungspflichtig bestellen" })).toBeVisible();
}

/** "Neue Adresse hinzufügen" on the checkout: the nested route's dialog, saved back to the same choices. */
export async function addAddressInPlace(page: Page, javaScriptEnabled: boolean) {
  const address = { street: "Karl-Liebknecht-Straße", houseNumber: "12", zip: "04107", city: "Leipzig" };
  const before = new URL(page.url());
  const step = page.getByRole("region", { name: "2. Lieferadresse" });
  await step.getByRole("link", { name: "Neue Adresse hinzufügen" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/checkout/address" && url.search === before.search);
  const dialog = page.getByRole("dialog", { name: "Neue Lieferadresse" });
  await expect(dialog).toBeVisible();
  const modal = await dialog.evaluate((d: HTMLDialogElement) => ({ open: d.open, modal: d.matches(":modal") }));
  expect(modal).toEqual({ open: true, modal: javaScriptEnabled });
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  await dialog.getByLabel("Straße").fill(address.street);
  await dialog.getByLabel("Hausnummer").fill(address.houseNumber);
  await dialog.getByLabel("Postleitzahl").fill(address.zip);
  await dialog.getByLabel("Ort").fill(address.city);
  await dialog.getByRole("button", { name: "Neue Adresse hinzufügen" }).click();
  await expectToast(page, "Die Adresse wurde gespeichert.");
  await expect(page).toHaveURL((url) => url.pathname === "/checkout" && url.search === before.search);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const line = `${address.street} ${address.houseNumber}, ${address.zip} ${address.city}`;
  // the new address is offered and already chosen (it becomes the default delivery address)
  await expect(step.getByRole("radio", { name: line })).toBeChecked();
  await expect(step.getByText("Du hast noch keine Adresse gespeichert.")).toHaveCount(0);
  await waitForHydration(page, javaScriptEnabled);
  return line;
}

export function paymentStep(page: Page): Locator {
  return page.getByRole("region", { name: "3. Zahlungsart" });
}

export function reviewStep(page: Page): Locator {
  return page.getByRole("region", { name: "4. Deine Bestellung" });
}

/** The grand total shown in the review step, in cents. */
export async function reviewTotalCents(page: Page): Promise<number> {
  const text = await reviewStep(page).locator("dd.grand-total").textContent();
  const match = text!.replace(/\s/g, " ").match(/(\d+),(\d{2}) €/);
  if (!match) throw new Error(`no total in ${JSON.stringify(text)}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

/** "Zahlungspflichtig bestellen", then the sandbox provider's page for the payment. */
export async function orderAndReachProvider(
  page: Page,
  javaScriptEnabled: boolean,
  { amountCents, method }: { amountCents: number; method: string },
) {
  await reviewStep(page).getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await expect(page).toHaveURL(/\/payment\/sandbox\/pay_[\w-]+\?key=[0-9a-f]+$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Zahlung beim Zahlungsdienstleister (Sandbox)" }),
  ).toBeVisible();
  await expect(page.getByRole("main")).toContainText(
    new RegExp(`Bitte bestätige die Zahlung von ${euroText(amountCents)} mit ${escapeRegExp(method)}\\.`),
  );
  await waitForHydration(page, javaScriptEnabled);
}

/** On the sandbox page: approve, decline or cancel. */
export async function answerProvider(
  page: Page,
  answer: "Zahlung bestätigen" | "Zahlung ablehnen" | "Abbrechen und zurück zum Shop",
) {
  await page.getByRole("button", { name: answer, exact: true }).click();
}

/** The success page after an approved payment; returns the order number it shows. */
export async function expectSuccess(page: Page): Promise<number> {
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Vielen Dank für deine Bestellung!" })).toBeVisible();
  const fromUrl = Number(new URL(page.url()).searchParams.get("order"));
  await expect(page.getByText(`Deine Bestellnummer: ${fromUrl}`, { exact: true })).toBeVisible();
  return fromUrl;
}
