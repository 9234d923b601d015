import type { Locator, Page } from "@playwright/test";
import { expectToast, visit } from "./account-helpers";
import { freshCustomer } from "./checkout-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { scrollToSimilarProducts } from "./helpers";

// The similar products on a product page (docs/decisions/0024-inspiration-wheel.md): with
// JavaScript a wheel that turns by buttons, keys, swipes and clicks on a neighbour; without it a
// row that scrolls sideways.
const PRODUCT = { sku: "120001", name: "Frische Vollmilch 3,8 %" };
const SIMILAR = 8;

function wheel(page: Page): Locator {
  return page.getByRole("region", { name: "Ähnliche Produkte" });
}

/** The names of the similar products in the order of the wheel (the server's order). */
async function similarNames(page: Page): Promise<string[]> {
  const names = await wheel(page).locator(".wheel-track > li .tile-name").allTextContents();
  expect(names).toHaveLength(SIMILAR);
  return names.map((name) => name.trim());
}

/**
 * The row turns into the wheel once it comes near the screen: scrolled to, the buttons appear.
 */
async function turnedWheel(page: Page) {
  await scrollToSimilarProducts(page);
  await expect(wheel(page).getByRole("button", { name: "Nächstes Produkt" })).toBeVisible();
}

/** The product page, checked with axe, with the wheel's chunk loaded (the buttons are there). */
async function openWheel(page: Page) {
  await visit(page, `/catalog/product/${PRODUCT.sku}`, true, PRODUCT.name);
  await turnedWheel(page);
  await expect(wheel(page)).toHaveAttribute("aria-roledescription", "Karussell");
  return similarNames(page);
}

/** The slide in focus: the one group that is not inert (hidden from assistive technology, no focus, no clicks). */
function slideInFocus(page: Page): Locator {
  return wheel(page).locator("[role=group]:not([inert])");
}

async function expectInFocus(page: Page, names: string[], position: number) {
  const slide = slideInFocus(page);
  await expect(slide).toHaveCount(1);
  await expect(wheel(page).locator("[role=group][inert]")).toHaveCount(SIMILAR - 1);
  await expect(slide).toHaveAccessibleName(`Produkt ${position} von ${SIMILAR}`);
  await expect(slide).toHaveAttribute("aria-roledescription", "Folie");
  await expect(slide.getByRole("heading", { level: 3 })).toHaveText(names[position - 1]);
}

/** Until the slides stand still: the 360 px check (expectAccessible) measures them where they are. */
async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .querySelector(".wheel-track")!
        .getAnimations({ subtree: true })
        .map((animation) => animation.finished),
    ),
  );
}

/** Presses the wheel's button and says, in the same task, how many slides were set to glide. */
function pressGliding(page: Page, name: string): Promise<number> {
  return page.evaluate((label) => {
    const button = [...document.querySelectorAll<HTMLButtonElement>(".wheel-buttons button")].find(
      (b) => b.textContent === label,
    );
    button!.click();
    return document.querySelectorAll(".wheel-track > [data-glides]").length;
  }, name);
}

function announcement(page: Page): Locator {
  return wheel(page).getByRole("status");
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the wheel turns only with JavaScript");

  test("turns by button and by keyboard, wraps around at both ends, and announces the product", async ({ page }) => {
    const names = await openWheel(page);
    await expectInFocus(page, names, 1);
    await expect(announcement(page)).toHaveText("");
    // only the product in focus is in the tab order: its link, and for a visitor cart and heart ask to log in
    await expect(slideInFocus(page).getByRole("link")).toHaveCount(3);

    const next = wheel(page).getByRole("button", { name: "Nächstes Produkt" });
    const previous = wheel(page).getByRole("button", { name: "Vorheriges Produkt" });
    await next.click();
    await expect(announcement(page)).toHaveText(`Produkt 2 von ${SIMILAR}: ${names[1]}`);
    await expectInFocus(page, names, 2);
    await previous.click();
    await previous.click();
    await expect(announcement(page)).toHaveText(`Produkt ${SIMILAR} von ${SIMILAR}: ${names[SIMILAR - 1]}`);
    await expectInFocus(page, names, SIMILAR);
    await settled(page);
    await expectAccessible(page);

    // keys, with the focus on a button of the wheel
    await expect(previous).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(announcement(page)).toHaveText(`Produkt 1 von ${SIMILAR}: ${names[0]}`);
    await page.keyboard.press("ArrowLeft");
    await expect(announcement(page)).toHaveText(`Produkt ${SIMILAR} von ${SIMILAR}: ${names[SIMILAR - 1]}`);
    await page.keyboard.press("Home");
    await expect(announcement(page)).toHaveText(`Produkt 1 von ${SIMILAR}: ${names[0]}`);
    await page.keyboard.press("End");
    await expect(announcement(page)).toHaveText(`Produkt ${SIMILAR} von ${SIMILAR}: ${names[SIMILAR - 1]}`);
    await page.keyboard.press("ArrowRight");
    await expectInFocus(page, names, 1);

    // Tab leads from the buttons into the product in focus; turning on, focus follows the wheel
    await next.focus();
    await page.keyboard.press("Tab");
    await expect(slideInFocus(page).getByRole("link", { name: names[0], exact: true })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expectInFocus(page, names, 2);
    await expect(slideInFocus(page).getByRole("link", { name: names[1], exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(wheel(page).getByRole("link", { name: `${names[1]} in den Warenkorb legen` })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(wheel(page).getByRole("link", { name: `${names[1]} auf den Merkzettel setzen` })).toBeFocused();
    // the next Tab leaves the wheel
    await page.keyboard.press("Tab");
    await expect(wheel(page).locator(":focus")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/catalog/product/${PRODUCT.sku}$`));
  });

  test("the row turns into the wheel only near the screen; a keyboard's focus in it keeps its product", async ({
    page,
  }) => {
    // a phone: the similar products lie screens below the first one
    await page.setViewportSize({ width: 360, height: 640 });
    await visit(page, `/catalog/product/${PRODUCT.sku}`, true, PRODUCT.name);
    const names = await similarNames(page);
    // the similar products are the browser's own (their code came and replaced the server's
    // markup), the wheel's code fetched, and still the row it was without JavaScript
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(document.querySelector("section.wheel") ?? {}).some((key) => key.startsWith("__reactFiber$")),
        ),
      )
      .toBe(true);
    await page.waitForLoadState("networkidle");
    await expect(wheel(page).locator(".wheel-track > li").first()).not.toBeInViewport();
    await expect(wheel(page).getByRole("button", { name: /Produkt$/ })).toHaveCount(0);
    await expect(wheel(page)).not.toHaveAttribute("aria-roledescription");
    await expect(wheel(page).locator("[inert]")).toHaveCount(0);

    // the keyboard reaches the third product of the row (the browser scrolls it into view): the
    // wheel turns in with that product in focus, and the focus stays on it
    const third = wheel(page).locator(".wheel-track > li").nth(2).locator(".tile-link");
    await third.focus();
    await expect(wheel(page)).toHaveAttribute("aria-roledescription", "Karussell");
    await expectInFocus(page, names, 3);
    await expect(third).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expectInFocus(page, names, 4);
    await expect(slideInFocus(page).getByRole("link", { name: names[3], exact: true })).toBeFocused();
    await settled(page);
    await expectAccessible(page);
  });

  test("a click on a neighbour and a swipe turn it; a vertical drag and a swipe over a link do not open anything", async ({
    page,
  }) => {
    const names = await openWheel(page);
    const url = page.url();

    await wheel(page).locator('.wheel-track > [data-offset="1"]').click();
    await expect(announcement(page)).toHaveText(`Produkt 2 von ${SIMILAR}: ${names[1]}`);
    expect(page.url()).toBe(url);

    // swipe to the left over the image link of the product in focus: the next one comes
    const image = slideInFocus(page).locator("img");
    const box = (await image.boundingBox())!;
    const drag = async (dx: number, dy: number) => {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy, { steps: 8 });
      await page.mouse.up();
    };
    await drag(-120, 5);
    await expect(announcement(page)).toHaveText(`Produkt 3 von ${SIMILAR}: ${names[2]}`);
    await drag(120, -5);
    await expect(announcement(page)).toHaveText(`Produkt 2 von ${SIMILAR}: ${names[1]}`);
    // mostly up or down is no swipe, nor a click on the link it began on
    await drag(-50, 120);
    await expectInFocus(page, names, 2);
    expect(page.url()).toBe(url);
  });

  test("glides when turning, and changes at once for reduced motion", async ({ page }) => {
    const names = await openWheel(page);
    const slides = wheel(page).locator(".wheel-track > li");
    // nothing glides into the first wheel; a turn glides the slides that move by one place, and
    // each only while it turns
    await expect(slides.and(page.locator("[data-glides]"))).toHaveCount(0);
    // products 1–4, 7 and 8 move one place; 5 stays hidden far behind; 6 wraps round behind the wheel
    expect(await pressGliding(page, "Nächstes Produkt")).toBe(6);
    await expect(announcement(page)).toHaveText(`Produkt 2 von ${SIMILAR}: ${names[1]}`);
    await expect(slides.and(page.locator("[data-glides]"))).toHaveCount(0);

    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await pressGliding(page, "Nächstes Produkt")).toBe(0);
    await expect(announcement(page)).toHaveText(`Produkt 3 von ${SIMILAR}: ${names[2]}`);
    await expect(slides.nth(2)).toHaveAttribute("data-offset", "0");
    await expect(slides.nth(2)).toHaveCSS("transition-duration", "0s");
    await expect(slides.nth(2)).toHaveCSS("transform", "none");
    expect(await slides.first().evaluate((slide) => slide.parentElement!.getAnimations({ subtree: true }))).toEqual([]);
    await expectAccessible(page);
  });
});

test.describe("without JavaScript", () => {
  test.skip(
    ({ javaScriptEnabled }) => javaScriptEnabled,
    "the row that scrolls is what a visitor without JavaScript gets",
  );

  test("a row that scrolls sideways, every similar product a link, no turning buttons", async ({ page }) => {
    await visit(page, `/catalog/product/${PRODUCT.sku}`, false, PRODUCT.name);
    const list = wheel(page).getByRole("list").first();
    await expect(list.locator(":scope > li")).toHaveCount(SIMILAR);
    const links = list.locator(":scope > li").getByRole("link");
    await expect(links).toHaveCount(SIMILAR * 3); // each tile: its name, and cart and heart ask a visitor to log in
    for (const link of await list.locator(":scope > li .tile-link").all())
      await expect(link).toHaveAttribute("href", /^\/catalog\/product\/[\w-]+$/);
    await expect(wheel(page).getByRole("button", { name: /Produkt$/ })).toHaveCount(0);
    await expect(wheel(page)).not.toHaveAttribute("aria-roledescription");
    await expect(list).toHaveCSS("overflow-x", "auto");
    await expect(list).toHaveCSS("scroll-snap-type", "x mandatory");
    // the last product lies beyond the right edge until the row is scrolled to it
    const last = list.locator(":scope > li").last().locator(".tile-link");
    await expect(last).not.toBeInViewport();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
  });
});

test("a signed-in customer puts a product from the wheel into the cart", async ({ page, javaScriptEnabled }) => {
  await freshCustomer(page);
  await visit(page, `/catalog/product/${PRODUCT.sku}`, javaScriptEnabled, PRODUCT.name);
  const names = await similarNames(page);
  if (javaScriptEnabled) {
    await turnedWheel(page);
    await wheel(page).getByRole("button", { name: "Nächstes Produkt" }).click();
    await expectInFocus(page, names, 2);
  }
  await wheel(page)
    .getByRole("button", { name: `${names[1]} in den Warenkorb legen` })
    .click();
  await expectToast(page, `„${names[1]}“ liegt jetzt im Warenkorb.`);
  await expect(page).toHaveURL(new RegExp(`/catalog/product/${PRODUCT.sku}$`));
  // with JavaScript the page stayed put: the wheel still shows that product, the button keeps the focus
  if (javaScriptEnabled) {
    await expectInFocus(page, names, 2);
    await expect(wheel(page).getByRole("button", { name: `${names[1]} in den Warenkorb legen` })).toBeFocused();
    await settled(page);
  }
  await expectAccessible(page);
});
