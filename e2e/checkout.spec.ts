import { expectToast, visit } from "./account-helpers";
import {
  BABY_MILK,
  COFFEE,
  ESPRESSO,
  JUICE,
  addAddressInPlace,
  addFromProductPage,
  answerProvider,
  cartLine,
  cartSummary,
  chooseCarrier,
  choosePickupStore,
  euro,
  euroText,
  expectSuccess,
  freshCustomer,
  openCheckout,
  orderAndReachProvider,
  paymentStep,
  reviewStep,
  reviewTotalCents,
  shippingStep,
} from "./checkout-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { escapeRegExp, waitForHydration } from "./helpers";
import { executeD1 } from "./d1";

// Every test gets its own fresh customer (both projects share one database; Anna's cart is shared).
// A checkout without JavaScript is a dozen full page loads and a provider round trip: about half a
// minute on a quiet 2-core machine, so a busy one needs more than a minute.
test.describe.configure({ timeout: 120_000 });

/** A gift of the first step (50 €). */
const GIFT = "Mozzarella";

test("full flow: quantities, a gift at the 50 € step, voucher, address added in place, wish slot, card payment approved, order in the account", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(180_000); // without JavaScript every step is a full page load
  await freshCustomer(page);

  // Products from their pages
  for (const product of [COFFEE, JUICE]) await addFromProductPage(page, product, javaScriptEnabled);

  // Cart: two more coffees, one click at a time
  await visit(page, "/cart", javaScriptEnabled, "Warenkorb");
  const coffee = cartLine(page, COFFEE.name);
  await expect(coffee.getByLabel(`Menge von ${COFFEE.name}`)).toHaveValue("1");
  for (const qty of [2, 3]) {
    await coffee.getByRole("button", { name: `Eins mehr von ${COFFEE.name}` }).click();
    await expectToast(page, `Die Menge von „${COFFEE.name}“ wurde geändert.`);
    await expect(coffee.getByLabel(`Menge von ${COFFEE.name}`)).toHaveValue(String(qty));
    await expect(coffee).not.toHaveAttribute("aria-busy", "true"); // with JavaScript: the server has confirmed it
  }
  await expect(coffee).toContainText(new RegExp(euroText(3 * COFFEE.cents)));
  await expect(coffee).toContainText(new RegExp(`${euroText(COFFEE.cents)} pro Stück`));
  await expect(cartLine(page, JUICE.name).getByLabel(`Menge von ${JUICE.name}`)).toHaveValue("1");
  const subtotal = 3 * COFFEE.cents + JUICE.cents; // 52,16 €
  const summary = cartSummary(page);
  await expect(summary).toContainText("Zwischensumme (4 Artikel)");
  await expect(summary).toContainText(new RegExp(euroText(subtotal)));
  await expect(summary).toContainText("Mindestbestellwert von 20,00 € erreicht.");

  // The first gift step (50 €): choose a gift in the modal
  const interferer = page.getByRole("region", { name: "Gratis-Zugabe für dich" });
  await expect(interferer).toContainText("Dein Einkauf hat 50,00 € erreicht: Such dir eine Gratis-Zugabe aus.");
  await waitForHydration(page, javaScriptEnabled);
  await interferer.getByRole("link", { name: "Gratis-Zugabe auswählen" }).click();
  const dialog = page.getByRole("dialog", { name: "Gratis-Zugabe auswählen" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: `${GIFT} als Gratis-Zugabe auswählen` }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/cart");
  await expectToast(page, `„${GIFT}“ liegt jetzt als Gratis-Zugabe im Warenkorb.`);
  await expect(cartLine(page, GIFT).getByText("gratis", { exact: true })).toBeVisible();
  await expect(summary).toContainText("Zwischensumme (5 Artikel)");
  await expect(interferer).toHaveCount(0);

  // Voucher FRISCH5: 5 € off from 25 €
  await waitForHydration(page, javaScriptEnabled);
  await page.getByLabel("Gutscheincode").fill("FRISCH5");
  await page.getByRole("button", { name: "Einlösen" }).click();
  await expectToast(page, "Der Gutschein „FRISCH5“ wurde eingelöst.");
  await expect(summary).toContainText("Gutschein 5 € Willkommensrabatt");
  await expect(summary.locator("dd.grand-total")).toHaveText(euro(subtotal - 500 + 495));
  await expectAccessible(page);

  // To the checkout
  await page.getByRole("link", { name: "Zur Kasse" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Kasse" })).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  await expect(shippingStep(page).getByRole("radio", { name: /^Standardlieferung/ })).toBeChecked();
  const addressStep = page.getByRole("region", { name: "2. Lieferadresse" });
  await expect(addressStep.getByText("Du hast noch keine Adresse gespeichert.")).toBeVisible();
  await expect(addressStep.getByRole("radio")).toHaveCount(0);
  const total = subtotal - 500 + 495; // 52,11 €
  const review = reviewStep(page);
  await expect(review.getByRole("list", { name: "Artikel" }).getByRole("listitem")).toHaveText([
    new RegExp(`^3 × ${escapeRegExp(COFFEE.name)}\\s*${euroText(3 * COFFEE.cents)}$`),
    new RegExp(`^1 × ${escapeRegExp(JUICE.name)}\\s*${euroText(JUICE.cents)}$`),
    new RegExp(`^1 × ${GIFT} \\(Gratis-Zugabe\\)\\s*gratis$`),
  ]);
  expect(await reviewTotalCents(page)).toBe(total);
  await expect(review.getByRole("link", { name: "AGB" })).toHaveAttribute("href", "/pages/legal/agb");
  await expect(review.getByRole("link", { name: "Widerrufsbelehrung" })).toHaveAttribute(
    "href",
    "/pages/legal/widerrufsbelehrung",
  );
  await expect(page.getByRole("region", { name: "Gutschein" })).toContainText("FRISCH5");

  // A delivery address, added in place
  const addressLine = await addAddressInPlace(page, javaScriptEnabled);

  // Wish slot, card, a comment
  const slotSelect = addressStep.getByLabel("Wunschliefertermin");
  const slotText = (await slotSelect.locator("option").nth(1).textContent())!; // "Mo., 23.11., 08:00–14:00 Uhr"
  const [, day, from, to] = slotText.match(/^\S+ (\d\d\.\d\d\.), (\d\d:\d\d)–(\d\d:\d\d) Uhr$/)!;
  await slotSelect.selectOption({ index: 1 });
  await paymentStep(page).getByRole("radio", { name: "Kredit- oder Debitkarte" }).check();
  await page.getByLabel("Anmerkung zur Bestellung (optional)").fill("Bitte beim Nachbarn klingeln.");
  await orderAndReachProvider(page, javaScriptEnabled, { amountCents: total, method: "Kredit- oder Debitkarte" });
  await expectAccessible(page);

  // Approve at the provider → success page
  await answerProvider(page, "Zahlung bestätigen");
  const number = await expectSuccess(page);
  const main = page.getByRole("main");
  await expect(main).toContainText("Wir packen deine Bestellung frisch und liefern sie zum gewählten Termin.");
  await expect(main).not.toContainText("Die Bestätigung deiner Zahlung steht noch aus.");
  await expect(main.locator("dd.grand-total")).toHaveText(euro(total));
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);

  // The order in the account: list, then its detail page
  await main.getByRole("link", { name: "Zu meinen Bestellungen" }).click();
  await expect(page).toHaveURL(/\/account\/order\/overview$/);
  await expect(page.getByRole("heading", { level: 1, name: "Meine Bestellungen" })).toBeVisible();
  const rows = main.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(2); // the header and the one order of this fresh customer
  await expect(rows.nth(1).getByRole("cell")).toHaveText([
    String(number),
    /^\d\d\.\d\d\.\d{4}$/,
    "In Bearbeitung",
    "5",
    euro(total),
    "Online-Shop",
  ]);
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  await rows
    .nth(1)
    .getByRole("link", { name: `Bestellung ${number} ansehen` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/account/order/${number}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Bestellung ${number}` })).toBeVisible();
  await expect(main).toContainText(`3 × ${COFFEE.name}`);
  await expect(main).toContainText(`1 × ${JUICE.name}`);
  await expect(main).toContainText(`1 × ${GIFT} (Gratis-Zugabe)`);
  await expect(main).toContainText("In Bearbeitung");
  await expect(main).toContainText("Kredit- oder Debitkarte");
  await expect(main).toContainText(`Standardlieferung: Erika Kasse, ${addressLine}`);
  await expect(main).toContainText(new RegExp(`Wunschtermin: ${escapeRegExp(day)}\\d{4}, ${from} – ${to} Uhr`));
  await expect(main).toContainText("Bitte beim Nachbarn klingeln.");
  await expect(main.locator("dd.grand-total")).toHaveText(euro(total));

  // The order emptied the cart
  await visit(page, "/cart", javaScriptEnabled, "Warenkorb");
  await expect(page.getByText("Dein Warenkorb ist leer.")).toBeVisible();
});

test("click & collect: store, first free pickup slot, pickup terms, PayPal approved; success names the store", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page);
  for (const product of [ESPRESSO, JUICE]) await addFromProductPage(page, product, javaScriptEnabled);
  const total = ESPRESSO.cents + JUICE.cents; // 20,18 €: above the minimum, no shipping costs

  await openCheckout(page, javaScriptEnabled);
  await chooseCarrier(page, "pickup", javaScriptEnabled);
  const step = shippingStep(page);
  const pickup = page.getByRole("region", { name: "2. Abholung" });
  // no error before the customer could choose a store (keyboard-more.spec.ts: after an attempt to order)
  await expect(pickup.getByText("Wähle oben einen Markt: Dann siehst du hier seine Abholzeiten.")).toBeVisible();
  await expect(pickup.getByText("Bitte wähle einen Markt für die Abholung.")).toHaveCount(0);
  await expect(step.getByRole("button", { name: "Abholzeiten anzeigen" })).toBeVisible();
  await expect(page.getByRole("region", { name: "2. Lieferadresse" })).toHaveCount(0);

  // The store, found by the store search; with JavaScript choosing it shows its slots at once
  const stores = await choosePickupStore(page, "Südvorstadt", "Frischkorb Leipzig-Südvorstadt", javaScriptEnabled);
  await expect(page).toHaveURL((url) => url.searchParams.get("store") === "leipzig-suedvorstadt");
  const slots = pickup.getByRole("group", { name: "Abholzeit im Markt Frischkorb Leipzig-Südvorstadt" });
  await expect(stores.getByRole("radio", { name: /^Frischkorb Leipzig-Südvorstadt / })).toBeChecked();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);
  const shownDays = await slots.locator(".slot-day").count();

  // More dates
  await slots.getByRole("link", { name: "Weitere Termine anzeigen" }).click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get("more") === "1" && url.searchParams.get("store") === "leipzig-suedvorstadt",
  );
  await expect(slots.getByRole("link", { name: "Weitere Termine anzeigen" })).toHaveCount(0);
  await expect.poll(() => slots.locator(".slot-day").count()).toBeGreaterThan(shownDays);
  await waitForHydration(page, javaScriptEnabled);

  // The first free slot, the terms, PayPal
  const slot = slots.getByRole("radio", { disabled: false }).first();
  // named with its day, so slots of different days sound different
  await expect(slot).toHaveAccessibleName(
    /^[A-Z][a-z]\., \d\d\.\d\d\.\d{4} \d\d:\d\d–\d\d:\d\d noch [1-6] Pl(ätze|atz)$/,
  );
  await slot.check();
  await pickup.getByRole("checkbox", { name: /^Ich habe die Abholbedingungen gelesen/ }).check();
  await paymentStep(page).getByRole("radio", { name: "PayPal" }).check();
  await expect(reviewStep(page)).toContainText(/Versand \(Click & Collect – im Markt abholen\)\s*0,00\s€/);
  expect(await reviewTotalCents(page)).toBe(total);
  await orderAndReachProvider(page, javaScriptEnabled, { amountCents: total, method: "PayPal" });
  await answerProvider(page, "Zahlung bestätigen");

  await expectSuccess(page);
  await expect(page.getByRole("main")).toContainText(
    "Deine Bestellung liegt zur gewählten Zeit im Markt Frischkorb Leipzig-Südvorstadt für dich bereit. Bitte bring deine Bestellnummer mit.",
  );
  await expect(page.getByRole("main")).toContainText(/Versand \(Click & Collect\)\s*0,00\s€/);
  await expect(page.getByRole("main").locator("dd.grand-total")).toHaveText(euro(total));
});

test("a declined card payment leads back to the checkout with the card message, and the cart still holds the items", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page);
  for (const product of [COFFEE, BABY_MILK]) await addFromProductPage(page, product, javaScriptEnabled);
  const total = COFFEE.cents + BABY_MILK.cents + 495;

  await openCheckout(page, javaScriptEnabled);
  await addAddressInPlace(page, javaScriptEnabled);
  await page.getByLabel("Wunschliefertermin").selectOption({ index: 1 });
  await paymentStep(page).getByRole("radio", { name: "Kredit- oder Debitkarte" }).check();
  await orderAndReachProvider(page, javaScriptEnabled, { amountCents: total, method: "Kredit- oder Debitkarte" });

  await answerProvider(page, "Zahlung ablehnen");
  await expect(page).toHaveURL((url) => url.pathname === "/checkout");
  await expectToast(
    page,
    "Die Kartenzahlung wurde abgelehnt oder abgebrochen. Deine Artikel liegen wieder im Warenkorb – bitte prüfe deine Kartendaten oder wähle eine andere Zahlungsart.",
  );
  await expect(page.getByRole("heading", { level: 1, name: "Kasse" })).toBeVisible();
  await expect(reviewStep(page).getByRole("list", { name: "Artikel" }).getByRole("listitem")).toHaveText([
    new RegExp(`^1 × ${escapeRegExp(COFFEE.name)}`),
    new RegExp(`^1 × ${escapeRegExp(BABY_MILK.name)}`),
  ]);
  expect(await reviewTotalCents(page)).toBe(total);
  await expectAccessible(page);

  // The cart page has them too …
  await visit(page, "/cart", javaScriptEnabled, "Warenkorb");
  await expect(cartLine(page, COFFEE.name).getByLabel(`Menge von ${COFFEE.name}`)).toHaveValue("1");
  await expect(cartLine(page, BABY_MILK.name).getByLabel(`Menge von ${BABY_MILK.name}`)).toHaveValue("1");
  // … and the order is canceled
  await visit(page, "/account/order/overview", javaScriptEnabled, "Meine Bestellungen");
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole("cell").nth(2)).toHaveText("Storniert");
});

test("validation: German messages next to the missing choices, the comment kept; SEPA only after a paid order", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page);
  // Below the minimum order value of 20 € there is no way to the checkout …
  await addFromProductPage(page, ESPRESSO, javaScriptEnabled);
  await visit(page, "/cart", javaScriptEnabled, "Warenkorb");
  const blocked = page.getByRole("button", { name: "Zur Kasse" });
  await expect(blocked).toBeDisabled();
  await expect(blocked).toHaveAccessibleDescription("Zur Kasse geht es ab dem Mindestbestellwert von 20,00 €.");
  await expect(page.getByRole("link", { name: "Zur Kasse" })).toHaveCount(0);
  // … 1,19 € more and there is
  await addFromProductPage(page, JUICE, javaScriptEnabled);
  await visit(page, "/cart", javaScriptEnabled, "Warenkorb");
  await page.getByRole("link", { name: "Zur Kasse" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/checkout");
  await expect(page.getByRole("button", { name: "Zahlungspflichtig bestellen" })).toBeEnabled();
  await waitForHydration(page, javaScriptEnabled);
  const payment = paymentStep(page);
  // a new customer has no paid order: no SEPA (and no balance), but the hint why
  await expect(payment.getByRole("radio")).toHaveCount(2);
  await expect(payment.getByRole("radio", { name: "PayPal" })).toBeVisible();
  await expect(payment.getByRole("radio", { name: "Kredit- oder Debitkarte" })).toBeVisible();
  await expect(payment.getByRole("radio", { name: "SEPA-Lastschrift" })).toHaveCount(0);
  await expect(
    payment.getByText(
      "SEPA-Lastschrift bieten wir Kundinnen und Kunden mit einer bezahlten Bestellung und Teilhabenden an.",
    ),
  ).toBeVisible();
  await expect(payment.getByLabel("IBAN")).toHaveCount(0);

  // Nothing chosen, a comment typed
  const comment = page.getByLabel("Anmerkung zur Bestellung (optional)");
  await comment.fill("Bitte nicht klingeln, Baby schläft.");
  await reviewStep(page).getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();

  const slot = page.getByLabel("Wunschliefertermin");
  await expect(slot).toHaveAttribute("aria-invalid", "true");
  await expect(slot).toHaveAccessibleDescription(/Bitte wähle einen Wunschliefertermin\./);
  const methods = payment.getByRole("group", { name: "Wie möchtest du bezahlen?" });
  await expect(methods).toHaveAttribute("aria-invalid", "true");
  await expect(methods).toHaveAccessibleDescription("Bitte wähle eine Zahlungsart.");
  const addresses = page.getByRole("group", { name: "Lieferadresse" });
  await expect(addresses).toHaveAccessibleDescription("Bitte wähle eine Lieferadresse oder lege eine neue an.");
  await expect(comment).toHaveValue("Bitte nicht klingeln, Baby schläft.");
  await expect(page).toHaveURL((url) => url.pathname === "/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Kasse" })).toBeVisible();
  await expectAccessible(page);

  // Someone else's order is not to be seen
  const other = await page.goto("/account/order/100000002");
  expect(other?.status()).toBe(404);
});

test("the browser checks the checkout with the server's schema: with JavaScript a missing choice is named before anything is sent", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page);
  for (const product of [ESPRESSO, JUICE]) await addFromProductPage(page, product, javaScriptEnabled);
  await openCheckout(page, javaScriptEnabled);
  await waitForHydration(page, javaScriptEnabled);
  const posts: string[] = [];
  page.on("request", (r) => {
    // a plain form post, or Remix's data request with JavaScript
    if (r.method() === "POST" && ["/checkout", "/checkout.data"].includes(new URL(r.url()).pathname))
      posts.push(r.url());
  });
  await reviewStep(page).getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  const methods = paymentStep(page).getByRole("group", { name: "Wie möchtest du bezahlen?" });
  await expect(methods).toHaveAttribute("aria-invalid", "true");
  await expect(methods).toHaveAccessibleDescription("Bitte wähle eine Zahlungsart.");
  await expect(page.getByLabel("Wunschliefertermin")).toHaveAccessibleDescription(
    /Bitte wähle einen Wunschliefertermin\./,
  );
  // without JavaScript the server answered the same; with it nothing went to the server
  expect(posts).toHaveLength(javaScriptEnabled ? 0 : 1);
  await expectAccessible(page);
});

test("an order whose payment was never opened (a failure after ordering) is paid from its order page", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page);
  for (const product of [COFFEE, BABY_MILK]) await addFromProductPage(page, product, javaScriptEnabled);
  const total = COFFEE.cents + BABY_MILK.cents + 495;
  await openCheckout(page, javaScriptEnabled);
  await addAddressInPlace(page, javaScriptEnabled);
  await page.getByLabel("Wunschliefertermin").selectOption({ index: 1 });
  await paymentStep(page).getByRole("radio", { name: "Kredit- oder Debitkarte" }).check();
  await orderAndReachProvider(page, javaScriptEnabled, { amountCents: total, method: "Kredit- oder Debitkarte" });
  // as if the shop had failed right after placing the order: the provider never opened the payment
  const paymentId = new URL(page.url()).pathname.split("/").pop()!;
  await executeD1("UPDATE payment SET provider_ref = NULL, page_url = NULL WHERE id = ?", [paymentId]);
  const [{ increment_id: number }] = await executeD1(
    "SELECT o.increment_id FROM customer_order o JOIN payment p ON p.order_id = o.id WHERE p.id = ?",
    [paymentId],
  );

  await visit(page, `/account/order/${number}`, javaScriptEnabled, `Bestellung ${number}`);
  const open = page.getByRole("region", { name: "Zahlung offen" });
  await expect(open).toContainText("Die Zahlung für diese Bestellung ist noch nicht abgeschlossen.");
  await waitForHydration(page, javaScriptEnabled);
  await open.getByRole("button", { name: "Jetzt bezahlen" }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/sandbox/${paymentId}\\?key=[0-9a-f]+$`));
  await waitForHydration(page, javaScriptEnabled);
  await answerProvider(page, "Zahlung bestätigen");
  expect(await expectSuccess(page)).toBe(number);
});
