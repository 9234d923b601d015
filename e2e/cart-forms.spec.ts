import type { Page } from "@playwright/test";
import { expectToast, visit } from "./account-helpers";
import { addFromProductPage, cartLine, cartSummary, freshCustomer, JUICE } from "./checkout-helpers";
import { expect, expectAccessible, test } from "./fixtures";

// The cart's typed fields are checked by the cart schema: with JavaScript in the browser, at the
// field and before anything is sent (conform, loaded after the page: docs/decisions/0014);
// without it by the browser's own bounds and by the server, with a notice.
test.describe.configure({ timeout: 90_000 });

const INVALID_CODE = "Dieser Gutscheincode ist leider ungültig.";
const INVALID_QTY = "Bitte gib eine ganze Zahl zwischen 0 und 99 ein.";

/** Counts the cart updates the page sends (a fetcher's post to /cart.data, or a plain post to /cart). */
function cartPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && /\/cart(\.data)?(\?|$)/.test(`${new URL(request.url()).pathname}?`))
      posts.push(request.postData() ?? "");
  });
  return posts;
}

/** With JavaScript, the form's checks have loaded once conform has taken over its validation. */
async function checksLoaded(page: Page, formId: string, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(page.locator(`form#${formId}`)).toHaveAttribute("novalidate", "");
}

test("voucher code: a blank code gets the German message at the field with JavaScript, from the server without", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page);
  await addFromProductPage(page, JUICE, javaScriptEnabled);
  await visit(page, "/cart", javaScriptEnabled, "Warenkorb");
  await checksLoaded(page, "coupon", javaScriptEnabled);
  const voucher = page.getByRole("region", { name: "Gutschein" });
  const code = voucher.getByLabel("Gutscheincode");
  const posts = cartPosts(page);

  await code.fill("   ");
  await voucher.getByRole("button", { name: "Einlösen" }).click();
  if (javaScriptEnabled) {
    await expect(voucher.getByText(INVALID_CODE)).toBeVisible();
    await expect(code).toHaveAttribute("aria-invalid", "true");
    await expect(code).toHaveAccessibleDescription(INVALID_CODE);
    expect(posts, "nothing was sent").toEqual([]);
    await expectAccessible(page);
    // typing a code takes the message away again
    await code.fill("HERBST10");
    await expect(voucher.getByText(INVALID_CODE)).toHaveCount(0);
    await expect(code).not.toHaveAttribute("aria-invalid");
  } else {
    await expectToast(page, INVALID_CODE);
    expect(posts).toHaveLength(1);
    await page.getByRole("region", { name: "Gutschein" }).getByLabel("Gutscheincode").fill("HERBST10");
  }

  await page.getByRole("region", { name: "Gutschein" }).getByRole("button", { name: "Einlösen" }).click();
  await expectToast(page, "Der Gutschein „HERBST10“ wurde eingelöst.");
  await expect(cartSummary(page)).toContainText("10 % Herbstrabatt");
});

test("quantity field: a quantity above 99 is refused at the field with JavaScript, by the browser's bounds without", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page);
  await addFromProductPage(page, JUICE, javaScriptEnabled);
  await visit(page, "/cart", javaScriptEnabled, "Warenkorb");
  await checksLoaded(page, `qty-form-${JUICE.sku}`, javaScriptEnabled);
  const line = cartLine(page, JUICE.name);
  const quantity = line.getByLabel(`Menge von ${JUICE.name}`);
  const posts = cartPosts(page);

  await quantity.fill("100");
  await line.getByRole("button", { name: "Menge ändern" }).click();
  if (javaScriptEnabled) {
    await expect(line.getByText(INVALID_QTY)).toBeVisible();
    await expect(quantity).toHaveAttribute("aria-invalid", "true");
    await expect(quantity).toHaveAccessibleDescription(INVALID_QTY);
    await expectAccessible(page);
  } else {
    expect(await quantity.evaluate((input: HTMLInputElement) => input.validity.rangeOverflow)).toBe(true);
  }
  expect(posts, "nothing was sent").toEqual([]);
  await expect(cartSummary(page)).toContainText("Zwischensumme (1 Artikel)");

  // a good quantity goes through (with JavaScript by the line's queue, in place) and the message goes
  await quantity.fill("3");
  await line.getByRole("button", { name: "Menge ändern" }).click();
  await expectToast(page, `Die Menge von „${JUICE.name}“ wurde geändert.`);
  await expect(cartSummary(page)).toContainText("Zwischensumme (3 Artikel)");
  await expect(line.getByText(INVALID_QTY)).toHaveCount(0);
  expect(posts).toHaveLength(1);
  if (javaScriptEnabled) expect(new URLSearchParams(posts[0]).get("qty")).toBe("3");
});

test("voucher code typed while its checks are still loading stays in the field, with the focus, when they arrive", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page);
  await addFromProductPage(page, JUICE, javaScriptEnabled);
  // the field's checks (their own chunk) arrive only once the code is typed
  let release = () => {};
  const typed = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/build\/.*CheckedCartFields-[^/]*\.js$/, async (route) => {
    await typed;
    await route.continue();
  });
  await visit(page, "/cart", javaScriptEnabled, "Warenkorb");
  const code = page.getByRole("region", { name: "Gutschein" }).getByLabel("Gutscheincode");
  await code.fill("HERBST10");
  release();
  await checksLoaded(page, "coupon", javaScriptEnabled);
  await expect(code).toHaveValue("HERBST10");
  if (javaScriptEnabled) await expect(code).toBeFocused();
  await code.press("Enter");
  await expectToast(page, "Der Gutschein „HERBST10“ wurde eingelöst.");
});

test("the header names the cart's pieces and value, and follows an add at once", async ({
  page,
  javaScriptEnabled,
}) => {
  await freshCustomer(page);
  await visit(page, `/catalog/product/${JUICE.sku}`, javaScriptEnabled, JUICE.name);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Warenkorb, 0 Artikel, 0,00 €" })).toBeVisible();
  // An empty cart shows no figures: they are hidden from sight only, the name still says them.
  for (const figure of [".cart-badge", ".cart-total"]) {
    const box = await header.locator(figure).boundingBox();
    expect(box!.width * box!.height, figure).toBeLessThanOrEqual(1);
  }
  for (const pieces of [1, 2]) {
    await page.getByRole("main").getByRole("button", { name: "In den Warenkorb", exact: true }).click();
    await expectToast(page, `„${JUICE.name}“ liegt jetzt im Warenkorb.`);
    const total = `${((pieces * JUICE.cents) / 100).toFixed(2).replace(".", ",")} €`;
    const cart = header.getByRole("link", { name: `Warenkorb, ${pieces} Artikel, ${total}` });
    await expect(cart).toBeVisible();
    await expect(cart.locator(".cart-badge")).toHaveText(String(pieces));
  }
});
