import type { Page } from "@playwright/test";
import { expectToast, visit } from "./account-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { freshCustomer } from "./checkout-helpers";
import { waitForHydration } from "./helpers";

test.describe.configure({ timeout: 120_000 });

// "Apfelsaft klar" at 1,19 €: 43 bottles make 51,17 €, the first gift step (50 €, one gift).
const JUICE = { sku: "160009", name: "Apfelsaft klar" };
const GIFT = "Mozzarella";

function cartLine(page: Page, name: string) {
  return page
    .getByRole("list", { name: "Artikel im Warenkorb" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name, exact: true }) });
}

/** A bought line (not the gift line of the same product): the one with a quantity field. */
function boughtLine(page: Page, name: string) {
  return cartLine(page, name).filter({ has: page.getByLabel(`Menge von ${name}`) });
}

function summary(page: Page) {
  return page.getByRole("region", { name: "Übersicht" });
}

async function setQuantity(page: Page, name: string, qty: number) {
  const line = boughtLine(page, name);
  // With JavaScript the field's checks load after the page and take over its form (novalidate);
  // typing before that is carried over, but a send in the instant of the swap is not what this tests.
  if (test.info().project.use.javaScriptEnabled)
    await expect(line.locator('form[id^="qty-form-"]')).toHaveAttribute("novalidate", "");
  await line.getByLabel(`Menge von ${name}`).fill(String(qty));
  await line.getByRole("button", { name: "Menge ändern" }).click();
  await expect(summary(page)).toContainText(`Zwischensumme (${qty} Artikel)`);
  await expect(line.getByText("Wird aktualisiert …")).toHaveCount(0);
}

test("reach the 50 € step, choose a gift in the modal, see it at 0 €; go to checkout when valid", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page);

  // One bottle from the product page: below the minimum order value and the first gift step
  await visit(page, `/catalog/product/${JUICE.sku}`, javaScriptEnabled, JUICE.name);
  await page.getByRole("main").getByRole("button", { name: "In den Warenkorb" }).first().click();
  await expectToast(page, `„${JUICE.name}“ liegt jetzt im Warenkorb.`);
  await visit(page, "/cart", javaScriptEnabled, "Warenkorb");
  await expect(page.getByText("Noch 48,81 € bis zu deiner ersten Gratis-Zugabe (ab 50,00 €).")).toBeVisible();
  const blocked = page.getByRole("button", { name: "Zur Kasse" });
  await expect(blocked).toBeDisabled();
  await expect(blocked).toHaveAccessibleDescription("Zur Kasse geht es ab dem Mindestbestellwert von 20,00 €.");
  await expect(page.getByRole("link", { name: "Zur Kasse" })).toHaveCount(0);

  // 43 bottles: the gift interferer invites to choose, and checkout opens up
  await setQuantity(page, JUICE.name, 43);
  const interferer = page.getByRole("region", { name: "Gratis-Zugabe für dich" });
  await expect(interferer).toContainText("Dein Einkauf hat 50,00 € erreicht: Such dir eine Gratis-Zugabe aus.");
  await expect(page.getByRole("link", { name: "Zur Kasse" })).toHaveAttribute("href", "/checkout");
  await expectAccessible(page);

  await interferer.getByRole("link", { name: "Gratis-Zugabe auswählen" }).click();
  await expect(page).toHaveURL(/\/cart\/gifts$/);
  const dialog = page.getByRole("dialog", { name: "Gratis-Zugabe auswählen" });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d: HTMLDialogElement) => d.matches(":modal"))).toBe(javaScriptEnabled);
  const offers = dialog.getByRole("list", { name: "Gratis-Zugaben zur Auswahl" }).getByRole("listitem");
  await expect(offers).toHaveCount(3);
  await expect(dialog.getByText("Du kannst noch eine Gratis-Zugabe auswählen.")).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);

  await dialog.getByRole("button", { name: `${GIFT} als Gratis-Zugabe auswählen` }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectToast(page, `„${GIFT}“ liegt jetzt als Gratis-Zugabe im Warenkorb.`);
  const gift = cartLine(page, GIFT);
  await expect(gift).toContainText("Gratis-Zugabe");
  await expect(gift.getByText("gratis", { exact: true })).toBeVisible();
  await expect(interferer).toHaveCount(0);
  await expect(summary(page)).toContainText("Zwischensumme (44 Artikel)51,17 €");

  // Back in the modal, the gift is marked and no further one can be chosen
  await page.goto("/cart/gifts");
  await expect(offers.filter({ hasText: GIFT }).getByText("Ausgewählt", { exact: true })).toBeVisible();
  const noneLeft =
    "Du hast bereits alle Gratis-Zugaben dieser Stufe ausgewählt. Ab der nächsten Stufe kannst du weitere wählen.";
  await expect(dialog.getByText(noneLeft)).toBeVisible();
  const others = dialog.getByRole("button", { name: /als Gratis-Zugabe auswählen$/ });
  await expect(others).toHaveCount(2);
  for (const button of await others.all()) {
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(noneLeft);
  }

  // Taking the gift out again: "removed by choice", and the invitation to choose is back
  await visit(page, "/cart", javaScriptEnabled, "Warenkorb");
  await gift.getByRole("button", { name: `${GIFT} aus dem Warenkorb entfernen` }).click();
  await expectToast(page, "Die Gratis-Zugabe wurde entfernt. Du kannst stattdessen eine andere auswählen.");
  await expect(cartLine(page, GIFT)).toHaveCount(0);
  await expect(interferer).toContainText("Such dir eine Gratis-Zugabe aus.");
  await expect(summary(page)).toContainText("Zwischensumme (43 Artikel)51,17 €");
});

test("steppers: two quick clicks add two and the totals follow (in place with JavaScript, by plain posts without)", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page);
  await visit(page, `/catalog/product/${JUICE.sku}`, javaScriptEnabled, JUICE.name);
  await page.getByRole("main").getByRole("button", { name: "In den Warenkorb" }).first().click();
  await expectToast(page, `„${JUICE.name}“ liegt jetzt im Warenkorb.`);
  await visit(page, "/cart", javaScriptEnabled, "Warenkorb");
  await setQuantity(page, JUICE.name, 20);

  // With JavaScript the updates go to /cart.data; each is held back until the test lets it through,
  // so the page is seen before the server answers, and a second update of the line sent meanwhile
  // would be caught.
  let held = 0;
  let mostHeld = 0;
  const sent: string[] = [];
  const waiting: (() => void)[] = [];
  await page.route(/\/cart\.data(\?|$)/, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    sent.push(new URLSearchParams(route.request().postData() ?? "").get("qty") ?? "");
    mostHeld = Math.max(mostHeld, ++held);
    await new Promise<void>((release) => waiting.push(release));
    held -= 1;
    await route.continue().catch(() => {}); // an update the page gave up on is gone already
  });
  /** Lets the next update through once it has arrived. */
  const releaseNext = async () => {
    await expect.poll(() => waiting.length).toBeGreaterThan(0);
    waiting.shift()!();
  };

  const line = boughtLine(page, JUICE.name);
  const qtyField = line.getByLabel(`Menge von ${JUICE.name}`);
  const plus = line.getByRole("button", { name: `Eins mehr von ${JUICE.name}` });
  await plus.click();
  // without JavaScript each click is a post and a new page; the second needs the new page's form
  if (!javaScriptEnabled) await expect(qtyField).toHaveValue("21");
  await plus.click();
  if (javaScriptEnabled) {
    // shown at once: the first update is still held back, so no answer of the server shows this
    await expect(qtyField).toHaveValue("22");
    await expect(line.getByText("26,18 €", { exact: true })).toBeVisible();
    await expect(summary(page)).toContainText("Zwischensumme (22 Artikel)26,18 €");
    await expect(line.getByText("Wird aktualisiert …")).toBeVisible();
    await expect.poll(() => sent).toEqual(["21"]);
    await releaseNext();
    // the second click goes as the follow-up once the first is answered
    await expect.poll(() => sent).toEqual(["21", "22"]);
    await releaseNext();
  }
  await expect(qtyField).toHaveValue("22");
  await expect(line.getByText("Wird aktualisiert …")).toHaveCount(0);
  await expect(summary(page)).toContainText("Zwischensumme (22 Artikel)26,18 €");
  await expect(summary(page)).toContainText("Gesamtsumme31,13 €");
  // one update at a time
  expect({ mostHeld, sent }).toEqual(
    javaScriptEnabled ? { mostHeld: 1, sent: ["21", "22"] } : { mostHeld: 0, sent: [] },
  );
  await page.unrouteAll({ behavior: "ignoreErrors" });

  // The server has them: a fresh page shows the same
  await page.reload();
  await expect(boughtLine(page, JUICE.name).getByLabel(`Menge von ${JUICE.name}`)).toHaveValue("22");
  await expect(summary(page)).toContainText("Zwischensumme (22 Artikel)26,18 €");

  // Down to zero removes a line
  const MILK = "Frische Vollmilch 3,8 %";
  await visit(page, "/catalog/product/120001", javaScriptEnabled, MILK);
  await page.getByRole("main").getByRole("button", { name: "In den Warenkorb" }).first().click();
  await expectToast(page, `„${MILK}“ liegt jetzt im Warenkorb.`);
  await visit(page, "/cart", javaScriptEnabled, "Warenkorb");
  await boughtLine(page, MILK)
    .getByRole("button", { name: `Eins weniger von ${MILK}` })
    .click();
  await expectToast(page, `„${MILK}“ wurde aus dem Warenkorb entfernt.`);
  await expect(cartLine(page, MILK)).toHaveCount(0);
  await expect(summary(page)).toContainText("Zwischensumme (22 Artikel)26,18 €");

  // A refused update (another tab removed the line meanwhile) brings the current cart and the notice
  const other = await page.context().newPage();
  await other.goto("/cart");
  await other.getByRole("button", { name: `${JUICE.name} aus dem Warenkorb entfernen` }).click();
  await expect(other.getByText("Dein Warenkorb ist leer.")).toBeVisible();
  await other.close();
  await boughtLine(page, JUICE.name)
    .getByRole("button", { name: `Eins mehr von ${JUICE.name}` })
    .click();
  await expectToast(page, "Diesen Artikel gibt es nicht (mehr).");
  await expect(page.getByText("Dein Warenkorb ist leer.")).toBeVisible();
  await expectAccessible(page);
});
