import type { Page } from "@playwright/test";
import { testCustomerInsert } from "../tests/fixtures/customer";
import { uniqueEmail } from "./account-helpers";
import { executeD1 } from "./d1";
import { expect, expectAccessible, test } from "./fixtures";
import { startSignedIn } from "./session";
import { addFromProductPage, cartLine, euroText, freshCustomer, JUICE } from "./checkout-helpers";
import { headerSearch, waitForHydration } from "./helpers";

/**
 * On a slow phone the page is there long before its scripts: whatever the customer types, ticks
 * or selects before React hydrates the page must still be there after (issue 31). The app's
 * scripts are held back until the fields are filled, then released.
 */

test.describe.configure({ timeout: 90_000 });

/** Holds back the app's scripts until the returned function is called. */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/build\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await waitForHydration(page, true);
  };
}

/** The page as the server sent it, its scripts held back; `waitUntil: "commit"` as the load event waits for them. */
async function openUnhydrated(page: Page, url: string) {
  const hydrate = await holdScripts(page);
  await page.goto(url, { waitUntil: "commit" });
  await expect(page.locator("#main")).toBeVisible();
  expect(
    await page.evaluate(() => Object.keys(document.getElementById("main")!).some((k) => k.startsWith("__react"))),
  ).toBe(false);
  return hydrate;
}

const customers: number[] = [];
test.afterEach(async () => {
  for (const id of customers.splice(0)) await executeD1("DELETE FROM share_purchase WHERE customer_id = ?", [id]);
});

/** A fresh customer of full age with one address, signed in. */
async function signedInCustomer(page: Page) {
  const id = 700_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const email = uniqueEmail("vorab");
  const insert = testCustomerInsert({
    id,
    email,
    firstname: "Lene",
    lastname: "Langsam",
    gender: "w",
    dob: "1985-03-02",
    since: new Date().toISOString(),
  });
  await executeD1(insert.sql, insert.params);
  await executeD1(
    `INSERT INTO address (id, customer_id, street, house_number, zip, city, is_default_shipping, is_default_billing, created_at)
     VALUES (?, ?, 'Karl-Liebknecht-Straße', '7', '04107', 'Leipzig', 1, 1, ?)`,
    [id, id, new Date().toISOString()],
  );
  await executeD1(
    `INSERT INTO address (id, customer_id, street, house_number, zip, city, is_default_shipping, is_default_billing, created_at)
     VALUES (?, ?, 'Petersstraße', '3', '04109', 'Leipzig', 0, 0, ?)`,
    [id + 1, id, new Date().toISOString()],
  );
  customers.push(id);
  await startSignedIn(page, email);
  return { otherAddress: String(id + 1) };
}

test("the share declaration keeps a tick, a number and a choice made before the page hydrates @needs-javascript", async ({
  page,
}) => {
  const { otherAddress } = await signedInCustomer(page);
  const hydrate = await openUnhydrated(page, "/content/shares");
  const form = page.locator("form#share-declaration");
  const quantity = form.getByLabel("Anzahl der Geschäftsanteile", { exact: true });
  // the member list's address is a choice of whole lines (radio buttons)
  const address = form.getByRole("group", { name: "Anschrift" }).getByRole("radio", { name: /Petersstraße 3/ });
  const statutes = form.getByRole("checkbox", { name: /Satzung der Frischkorb eG/ });
  await quantity.fill("4");
  await expect(address).toHaveValue(otherAddress);
  await expect(address).not.toBeChecked();
  await address.check();
  await statutes.check();
  await hydrate();
  await expect(quantity).toHaveValue("4");
  await expect(address).toBeChecked();
  await expect(statutes).toBeChecked();
  await expectAccessible(page);
});

test("the card application keeps a chosen store, a choice, a text and a tick made before the page hydrates @needs-javascript", async ({
  page,
}) => {
  await signedInCustomer(page);
  const hydrate = await openUnhydrated(page, "/account/cards/apply");
  const form = page.locator("form#card-application");
  const store = form.getByRole("group", { name: "Dein Markt", exact: true }).getByRole("radio").nth(1);
  const gender = form.getByLabel("Anrede", { exact: true });
  const bank = form.getByLabel("Kreditinstitut", { exact: true });
  const mandate = form.getByRole("checkbox", { name: /^Ich ermächtige die Frischkorb eG/ });
  const search = headerSearch(page);
  await store.check();
  const storeId = await store.getAttribute("value");
  await gender.selectOption({ label: "Divers" });
  await bank.fill("Sparkasse Leipzig");
  await mandate.check();
  await search.fill("Hafermilch");
  await hydrate();
  await expect(form.getByRole("radio", { checked: true })).toHaveAttribute("value", storeId!);
  await expect(gender).toHaveValue("d");
  await expect(bank).toHaveValue("Sparkasse Leipzig");
  await expect(mandate).toBeChecked();
  await expect(search).toHaveValue("Hafermilch");
  await expectAccessible(page);
});

test("the cart keeps a quantity and a voucher code typed before the page hydrates @needs-javascript", async ({
  page,
}) => {
  await freshCustomer(page);
  await addFromProductPage(page, JUICE, true);
  const hydrate = await openUnhydrated(page, "/cart");
  const quantity = page.getByLabel(`Menge von ${JUICE.name}`, { exact: true });
  const code = page.getByRole("region", { name: "Gutschein" }).getByLabel("Gutscheincode");
  await quantity.fill("4");
  await code.fill("HERBST10");
  await hydrate();
  // the checked fields (their own chunk, decision 0014) take over what the plain ones hold
  await expect(page.locator("form#coupon")).toHaveAttribute("novalidate", "");
  await expect(quantity).toHaveValue("4");
  await expect(code).toHaveValue("HERBST10");
  await quantity.press("Enter");
  await expect(cartLine(page, JUICE.name)).toContainText(new RegExp(euroText(4 * JUICE.cents)));
  await expectAccessible(page);
});

test("sign-in, registration and the header search keep what was typed before the page hydrates @needs-javascript", async ({
  page,
}) => {
  let hydrate = await openUnhydrated(page, "/login");
  const login = page.locator("form#login");
  await login.getByLabel("E-Mail-Adresse", { exact: true }).fill("lene@example.org");
  await headerSearch(page).fill("Käse");
  await hydrate();
  await expect(login.getByLabel("E-Mail-Adresse", { exact: true })).toHaveValue("lene@example.org");
  await expect(headerSearch(page)).toHaveValue("Käse");
  await expectAccessible(page);

  await page.unrouteAll({ behavior: "wait" });
  hydrate = await openUnhydrated(page, "/register");
  const register = page.locator("form#register");
  await register.getByLabel("Vorname", { exact: true }).fill("Lene");
  await register.getByLabel("Anrede", { exact: true }).selectOption({ label: "Frau" });
  await hydrate();
  await expect(register.getByLabel("Vorname", { exact: true })).toHaveValue("Lene");
  await expect(register.getByLabel("Anrede", { exact: true })).toHaveValue("w");
  await expectAccessible(page);
});
