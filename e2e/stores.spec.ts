import { expectToast, uniqueEmail, visit } from "./account-helpers";
import {
  ESPRESSO,
  JUICE,
  addFromProductPage,
  chooseCarrier,
  choosePickupStore,
  freshCustomer,
  openCheckout,
  reviewStep,
  shippingStep,
} from "./checkout-helpers";
import { testCustomerInsert } from "../tests/fixtures/customer";
import { executeD1 } from "./d1";
import { expect, expectAccessible, test } from "./fixtures";
import { startSignedIn } from "./session";
import { waitForHydration } from "./helpers";

test.describe.configure({ timeout: 90_000 });

/** A delivery address in the customer's account, straight in the e2e server's database. */
async function addAddress(email: string, zip: string, city: string) {
  await executeD1(
    `INSERT INTO address (customer_id, street, house_number, zip, city, is_default_shipping, is_default_billing, created_at)
     SELECT id, 'Hauptstraße', '1', ?, ?, 1, 1, ? FROM customer WHERE email = ?`,
    [zip, city, new Date().toISOString(), email],
  );
}

test("a store's page from the store list: address, hours, what staffed means, services and the way back", async ({
  page,
}) => {
  test.setTimeout(180_000); // axe and the 360 px check of the whole store list take their time
  // The store list is server-rendered and its links work before the map's island hydrates.
  await visit(page, "/content/map", false, "Unsere Märkte");
  await page.getByRole("link", { name: "Frischkorb Leipzig-Gohlis", exact: true }).click();
  await expect(page).toHaveURL(/\/content\/markt\/leipzig-gohlis$/);
  await expect(page).toHaveTitle("Frischkorb Leipzig-Gohlis: Adresse und Öffnungszeiten – Frischkorb");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Frischkorb Leipzig-Gohlis" })).toBeVisible();
  await expect(main.getByRole("region", { name: "Adresse" })).toContainText("Lindenthaler Weg 23");
  await expect(
    main.getByRole("region", { name: "Adresse" }).getByRole("link", { name: "0341 98765-22" }),
  ).toHaveAttribute("href", "tel:03419876522");
  const hours = main.getByRole("region", { name: "Zeiten" });
  const opening = hours.locator(".store-hours").filter({ hasText: "Öffnungszeiten" });
  await expect(opening.getByRole("definition")).toHaveText(["06:00–22:00", "geschlossen"]);
  const staffed = hours.locator(".store-hours").filter({ hasText: "Mit Personal besetzt" });
  await expect(staffed.getByRole("term")).toHaveText(["Mo–Fr", "Sa", "So"]);
  await expect(staffed.getByRole("definition")).toHaveText(["08:00–13:00, 15:00–19:00", "08:00–14:00", "geschlossen"]);
  await expect(hours).toContainText(
    "Außerhalb der besetzten Zeiten kommst du mit deiner Frischkorb-Kundenkarte hinein",
  );
  const services = main.getByRole("region", { name: "Angebot" });
  await expect(services.getByRole("listitem")).toHaveText([
    "Click & Collect: Du holst deine Online-Bestellung hier zur gewählten Zeit ab.",
    "Einlass mit Kundenkarte auch außerhalb der besetzten Zeiten.",
  ]);
  await expectAccessible(page);

  await main.getByRole("link", { name: "Zurück zur Übersicht aller Märkte" }).click();
  await expect(page).toHaveURL(/\/content\/map$/);
  await expect(page.getByRole("heading", { level: 1, name: "Unsere Märkte" })).toBeVisible();

  // A stall of the market hall: its own hours, staffed whenever it is open
  await page.getByRole("link", { name: "Frischkorb Markthalle Leipzig – Fisch", exact: true }).click();
  await expect(page).toHaveURL(/\/content\/markt\/leipzig-markthalle-fisch$/);
  await expect(main.getByRole("region", { name: "Adresse" })).toContainText("Roßplatz 9");
  await expect(main.getByRole("region", { name: "Zeiten" })).toContainText(
    "Während der ganzen Öffnungszeit ist Personal im Markt.",
  );
  await expectAccessible(page);

  // An unknown store is the shop's not-found page
  const missing = await page.goto("/content/markt/gibt-es-nicht");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("nicht gefunden");
});

test("click & collect: the stores nearest the delivery address first, a search, the chosen store's slots", async ({
  page,
  javaScriptEnabled,
}) => {
  const customer = await freshCustomer(page);
  await addAddress(customer.email, "01099", "Dresden");
  for (const product of [ESPRESSO, JUICE]) await addFromProductPage(page, product, javaScriptEnabled);
  await openCheckout(page, javaScriptEnabled);
  await chooseCarrier(page, "pickup", javaScriptEnabled);

  const stores = shippingStep(page).getByRole("group", { name: "Markt", exact: true });
  await expect(stores).toContainText("Die Märkte nahe deiner Postleitzahl 01099 stehen zuerst");
  await expect(stores.getByRole("radio")).toHaveCount(10);
  await expect(stores.getByRole("radio").first()).toHaveAccessibleName(/^Frischkorb Dresden.* \d+,\d\skm entfernt$/);
  await expectAccessible(page);

  // More stores, then a search by district
  const more = stores.getByRole("button", { name: /^\d+ weitere Märkte anzeigen$/ });
  await more.click();
  // without JavaScript a page load: the list is empty for a moment, so its length is waited for
  await expect.poll(() => stores.getByRole("radio").count()).toBeGreaterThan(50);
  await expect(more).toHaveCount(0);
  await waitForHydration(page, javaScriptEnabled);

  await choosePickupStore(page, "Gohlis", "Frischkorb Leipzig-Gohlis", javaScriptEnabled);
  await expect(stores.getByRole("radio")).toHaveCount(1);
  await expect(stores).toContainText("Ein Markt passt zu „Gohlis“.");
  await expect(page).toHaveURL((url) => url.searchParams.get("store") === "leipzig-gohlis");
  await expectAccessible(page);

  // Another search keeps the chosen store visible and chosen
  await stores.getByRole("searchbox", { name: "Markt suchen" }).fill("Hamburg");
  if (!javaScriptEnabled) await stores.getByRole("button", { name: "Suchen" }).click();
  await expect(stores.getByRole("radio", { name: /^Frischkorb Hamburg-/ }).first()).toBeVisible();
  await expect(stores.getByRole("radio", { name: /^Frischkorb Leipzig-Gohlis / })).toBeChecked();

  // The order's store choice is complete: a free slot and the pickup terms
  const pickup = page.getByRole("region", { name: "2. Abholung" });
  const slots = pickup.getByRole("group", { name: "Abholzeit im Markt Frischkorb Leipzig-Gohlis" });
  await slots.getByRole("radio", { disabled: false }).first().check();
  await pickup.getByRole("checkbox", { name: /^Ich habe die Abholbedingungen gelesen/ }).check();
  await expect(reviewStep(page)).toContainText(/Versand \(Click & Collect – im Markt abholen\)\s*0,00\s€/);
});

test("card application: the store search finds the market hall's stalls and keeps what was typed", async ({
  page,
  javaScriptEnabled,
}) => {
  const email = uniqueEmail("markt");
  const insert = testCustomerInsert({
    id: 700_000_000 + Math.floor(Math.random() * 1_000_000_000),
    email,
    firstname: "Mara",
    lastname: "Markt",
    gender: "w",
    dob: "1992-04-01",
    telephone: "+49 341 555999",
    since: new Date().toISOString(),
  });
  await executeD1(insert.sql, insert.params);
  await addAddress(email, "04109", "Leipzig");
  await startSignedIn(page, email);
  await visit(page, "/account/cards/apply", javaScriptEnabled, "Kundenkarte beantragen");

  const form = page.locator("form#card-application");
  const stores = form.getByRole("group", { name: "Dein Markt", exact: true });
  await expect(stores).toContainText("Die Märkte nahe deiner Postleitzahl 04109 stehen zuerst");
  await expect(stores.getByRole("radio")).toHaveCount(10);
  await form.getByLabel("IBAN", { exact: true }).fill("DE89 3704 0044 0532 0130 00");

  await stores.getByRole("searchbox", { name: "Markt suchen" }).fill("Markthalle");
  if (!javaScriptEnabled) await stores.getByRole("button", { name: "Suchen" }).click();
  await expect(stores.getByRole("radio")).toHaveCount(10);
  await expect(stores).toContainText("10 Märkte passen zu „Markthalle“.");
  await expect(form.getByLabel("IBAN", { exact: true })).toHaveValue("DE89 3704 0044 0532 0130 00");
  await expectAccessible(page);
  await stores.getByRole("radio", { name: /^Frischkorb Markthalle Leipzig – Käsetheke / }).check();

  await form.getByLabel("Kreditinstitut", { exact: true }).fill("Sparkasse Leipzig");
  await form.getByLabel("BIC", { exact: true }).fill("COBADEFFXXX");
  await form.getByRole("checkbox", { name: /^Ich ermächtige die Frischkorb eG/ }).check();
  await form.getByRole("checkbox", { name: /Kartenbedingungen/ }).check();
  await form.getByRole("checkbox", { name: /Datenschutzhinweise/ }).check();
  await form.getByRole("button", { name: "Karte verbindlich beantragen" }).click();

  await expect(page).toHaveURL((url) => url.pathname === "/account/cards");
  await expectToast(page, /Kartenantrag/);
  await expect(page.getByRole("region", { name: "Dein Kartenantrag" })).toContainText(
    "Markt Frischkorb Markthalle Leipzig – Käsetheke",
  );
});
