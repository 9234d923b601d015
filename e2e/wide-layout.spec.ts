import type { Locator } from "@playwright/test";
import { visit } from "./account-helpers";
import { COFFEE, JUICE, addFromProductPage, freshCustomer, openCheckout, reviewStep } from "./checkout-helpers";
import { expect, test } from "./fixtures";

// The pages at 1280 px (issue 31, "pages that look finished"); every state they reach is also
// checked at 360 px by expectAccessible (phone-layout.ts).
test.use({ viewport: { width: 1280, height: 800 } });

/** How many items sit in each row of a list, top to bottom (items with the same top share a row). */
async function itemsPerRow(list: Locator): Promise<number[]> {
  const tops = await list
    .locator(":scope > li")
    .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  const rows = new Map<number, number>();
  for (const top of tops) rows.set(top, (rows.get(top) ?? 0) + 1);
  return [...rows.keys()].sort((a, b) => a - b).map((top) => rows.get(top) ?? 0);
}

/** The gap between the right end of a list's rows and the right edge of the list, per row, in px. */
async function rowGapsAtTheRight(list: Locator): Promise<number[]> {
  return list.evaluate((ul) => {
    const right = ul.getBoundingClientRect().right;
    const ends = new Map<number, number>();
    for (const li of ul.querySelectorAll(":scope > li")) {
      const box = li.getBoundingClientRect();
      const top = Math.round(box.top);
      ends.set(top, Math.max(ends.get(top) ?? 0, box.right));
    }
    return [...ends.values()].map((end) => Math.round(right - end));
  });
}

test("home at 1280 px: the rows of 8 products are full, the category tiles fill every row", async ({
  page,
  javaScriptEnabled,
}) => {
  await visit(page, "/", javaScriptEnabled, "Frisch, regional, gemeinsam.");
  const rows = page.locator("section.product-row ul.product-grid");
  expect(await rows.count()).toBeGreaterThan(0);
  for (const list of await rows.all()) {
    const counts = await itemsPerRow(list);
    expect(
      counts.reduce((a, b) => a + b),
      "a home row shows 8 products",
    ).toBe(8);
    // every row as long as the first: no empty cell anywhere in a list of 8
    expect(
      counts.every((n) => n === counts[0]),
      `products per row: ${counts.join(", ")}`,
    ).toBe(true);
  }
  const categories = page.getByRole("region", { name: "Unser Sortiment" }).getByRole("list");
  expect((await itemsPerRow(categories)).length).toBeGreaterThan(1);
  for (const gap of await rowGapsAtTheRight(categories)) expect(gap).toBeLessThanOrEqual(1);
});

/** The box of a locator, which must be on the page. */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found as NonNullable<typeof found>;
}

/** Whether the whole box of the locator is inside the window as it is scrolled now. */
async function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });
}

test("checkout at 1280 px: the order summary beside the steps, its total right above the order button, in view while the steps scroll", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  await freshCustomer(page);
  await addFromProductPage(page, COFFEE, javaScriptEnabled);
  await addFromProductPage(page, JUICE, javaScriptEnabled);
  await openCheckout(page, javaScriptEnabled);

  const review = reviewStep(page);
  const shipping = page.getByRole("region", { name: "1. Versandart" });
  const reviewBox = await box(review);
  const shippingBox = await box(shipping);
  // beside the first step, not below the last one
  expect(reviewBox.x).toBeGreaterThanOrEqual(shippingBox.x + shippingBox.width);
  expect(Math.abs(reviewBox.y - shippingBox.y)).toBeLessThan(40);

  // § 312j BGB: the total, the legal notes and the button form one block, the button last
  const total = review.locator("dd.grand-total");
  const order = review.getByRole("button", { name: "Zahlungspflichtig bestellen" });
  const totalBox = await box(total);
  const orderBox = await box(order);
  expect(orderBox.y).toBeGreaterThan(totalBox.y);
  expect(orderBox.y - (totalBox.y + totalBox.height)).toBeLessThan(260);
  expect(await inView(total)).toBe(true);
  expect(await inView(order)).toBe(true);

  // the steps scroll past; the summary with its total and button stays in view
  await page.getByLabel("Anmerkung zur Bestellung (optional)").scrollIntoViewIfNeeded();
  await expect(page.getByRole("heading", { level: 1, name: "Kasse" })).not.toBeInViewport();
  expect(await inView(total)).toBe(true);
  expect(await inView(order)).toBe(true);
});
