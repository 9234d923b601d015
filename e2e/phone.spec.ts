import type { Locator, Page } from "@playwright/test";
import { expectToast, notifications } from "./account-helpers";
import {
  COFFEE,
  addFromProductPage,
  cartLine,
  cartSummary,
  freshCustomer,
  openCheckout,
  reviewStep,
} from "./checkout-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { headerSearch, waitForHydration } from "./helpers";
import { PHONE_WIDTH, phoneLayoutProblems } from "./phone-layout";

/** What a shopper sees on a 360 px phone, and the notifications. */
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: PHONE_WIDTH, height: 740 } });

const toasts = (page: Page) => page.getByRole("region", { name: "Benachrichtigungen" }).locator(".toast");

async function top(locator: Locator): Promise<number> {
  return (await locator.boundingBox())!.y;
}

test("product information: each label stands above its value and no text runs out of its box", async ({ page }) => {
  await page.goto("/catalog/product/130001");
  const details = page.getByRole("region", { name: "Produktinformationen" });
  const label = details.getByRole("term").filter({ hasText: "Lebensmittelunternehmer" });
  const value = details.getByRole("definition").filter({ has: page.locator("address") });
  const labelBox = (await label.boundingBox())!;
  expect(labelBox.y + labelBox.height).toBeLessThanOrEqual((await top(value)) + 1);
  expect(await phoneLayoutProblems(page)).toEqual([]);
});

test("German text: the document says lang=de and hyphenates", async ({ page }) => {
  await page.goto("/catalog/category/fleisch-wurst");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  for (const text of [page.locator(".tile-name").first(), page.getByRole("main").getByRole("paragraph").first()]) {
    expect(await text.evaluate((el) => getComputedStyle(el).hyphens)).toBe("auto");
  }
  await expect(headerSearch(page)).toHaveAttribute("placeholder", "Suchen, z. B. Hafermilch");
  expect(await phoneLayoutProblems(page)).toEqual([]);
});

test("cart and checkout: steppers on one row, only the last action's notices, the voucher above the order button, one minus sign", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page);
  await addFromProductPage(page, COFFEE, javaScriptEnabled);
  await addFromProductPage(page, COFFEE, javaScriptEnabled);
  await page.goto("/cart");
  await waitForHydration(page, javaScriptEnabled);
  const line = cartLine(page, COFFEE.name);
  const minus = line.getByRole("button", { name: `Eins weniger von ${COFFEE.name}` });
  const plus = line.getByRole("button", { name: `Eins mehr von ${COFFEE.name}` });
  expect(Math.abs((await top(plus)) - (await top(minus))), "'+' on the row of '−'").toBeLessThan(2);

  // A wrong code, then the right one: the red notice about the voucher goes.
  await page.getByLabel("Gutscheincode").fill("FALSCH");
  await page.getByRole("button", { name: "Einlösen" }).click();
  await expectToast(page, "Dieser Gutscheincode ist leider ungültig.");
  await waitForHydration(page, javaScriptEnabled);
  await page.getByLabel("Gutscheincode").fill("FRISCH5");
  await page.getByRole("button", { name: "Einlösen" }).click();
  await expectToast(page, "Der Gutschein „FRISCH5“ wurde eingelöst.");
  // at once, not after the earlier toast has timed out
  expect(await toasts(page).locator("p").allTextContents()).toEqual(["Der Gutschein „FRISCH5“ wurde eingelöst."]);
  // the live region announces the message only, not the close button
  await expect(notifications(page)).toHaveText("Der Gutschein „FRISCH5“ wurde eingelöst.");
  await expect(cartSummary(page)).toContainText("−5,00 €");
  await expectFocusNeverHidden(page);

  // The next page starts without the notices of the cart.
  await openCheckout(page, javaScriptEnabled);
  expect(await toasts(page).count()).toBe(0);
  const voucher = page.getByRole("region", { name: "Gutschein" });
  const review = reviewStep(page);
  await expect(voucher).toContainText("FRISCH5");
  expect(await top(voucher), "the voucher comes before the totals and the order button").toBeLessThan(
    await top(review),
  );
  await expect(review).toContainText("−5,00 €");
  await expect(review).not.toContainText("-5,00");
  // The voucher can be removed and given again right there, and the page stays the checkout.
  await voucher.getByRole("button", { name: "Gutschein entfernen" }).click();
  await expectToast(page, "Der Gutschein wurde entfernt.");
  await expect(page).toHaveURL((url) => url.pathname === "/checkout");
  await expect(review).not.toContainText("−5,00 €");
  await waitForHydration(page, javaScriptEnabled);
  await page.getByLabel("Gutscheincode").fill("FRISCH5");
  await page.getByRole("button", { name: "Einlösen" }).click();
  await expectToast(page, "Der Gutschein „FRISCH5“ wurde eingelöst.");
  await expect(page).toHaveURL((url) => url.pathname === "/checkout");
  await expect(review).toContainText("−5,00 €");
  expect(await toasts(page).locator("p").allTextContents()).toEqual(["Der Gutschein „FRISCH5“ wurde eingelöst."]);
  await expectAccessible(page);
});

/**
 * Tabs through the whole page while a toast is shown: the focused element is never behind a
 * notification (the page keeps the toasts' height free at its bottom).
 */
async function expectFocusNeverHidden(page: Page) {
  await page.locator("body").focus();
  const hidden: string[] = [];
  for (let i = 0; i < 150; i++) {
    await page.keyboard.press("Tab");
    const state = await page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return { done: true, covered: null };
      const f = focused.getBoundingClientRect();
      const covered = [...document.querySelectorAll(".toast")].some((toast) => {
        if (toast.contains(focused)) return false;
        const t = toast.getBoundingClientRect();
        return f.left < t.right && t.left < f.right && f.top < t.bottom && t.top < f.bottom;
      });
      return {
        done: false,
        covered: covered ? `${focused.tagName} "${focused.textContent?.trim().slice(0, 40)}"` : null,
      };
    });
    if (state.done) break;
    if (state.covered) hidden.push(state.covered);
  }
  await expect(toasts(page).first()).toBeVisible();
  expect(hidden, "focused elements behind a notification").toEqual([]);
}
