import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { headerDisclosure, headerSearch, openMainMenu, scrollToSimilarProducts, waitForHydration } from "./helpers";

test.describe.configure({ timeout: 120_000 });

const WIDTH = 360;

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    innerWidth: window.innerWidth,
  }));
  expect(innerWidth).toBe(WIDTH);
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${WIDTH}px viewport`).toBeLessThanOrEqual(WIDTH);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/**
 * Elements that stick out beyond the right edge of the viewport (for a helpful failure message).
 * What lies inside a box that scrolls or clips sideways on purpose (the inspiration wheel's row)
 * does not widen the page; that box itself is checked.
 */
async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(
    (width) =>
      [...document.querySelectorAll("body *")]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          if (r.width <= 0 || r.right <= width + 0.5 || getComputedStyle(el).position === "fixed") return false;
          for (let box = el.parentElement; box && box !== document.body; box = box.parentElement)
            if (getComputedStyle(box).overflowX !== "visible") return false;
          return true;
        })
        .slice(0, 10)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].join(".")} right=${Math.round(el.getBoundingClientRect().right)}`,
        ),
    WIDTH,
  );
}

test.describe("mobile width (360 px)", () => {
  test.use({ viewport: { width: WIDTH, height: 800 } });

  test("home page has no horizontal scrolling", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Frisch, regional, gemeinsam." })).toBeVisible();
    expect(await overflowingElements(page)).toEqual([]);
    await expectNoHorizontalScroll(page);
    // the header search and the menu fit as well
    await expect(headerSearch(page)).toBeInViewport();
    await expectAccessible(page);
  });

  test("product page has no horizontal scrolling", async ({ page, javaScriptEnabled }) => {
    await page.goto("/catalog/product/120003");
    await expect(
      page.getByRole("heading", { level: 1, name: "Demeter-Vollmilch 3,8 %, nicht homogenisiert" }),
    ).toBeVisible();
    // with JavaScript the inspiration wheel gets its buttons once the row comes near the screen: the page as it then is
    if (javaScriptEnabled) {
      await scrollToSimilarProducts(page);
      await expect(page.getByRole("button", { name: "Nächstes Produkt" })).toBeVisible();
    }
    await expect(page.getByRole("table", { name: "Durchschnittliche Nährwerte pro 100 ml" })).toBeVisible();
    expect(await overflowingElements(page)).toEqual([]);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });

  test("category page and open menu fit the small screen", async ({ page, javaScriptEnabled }) => {
    await page.goto("/catalog/category/milch-eier");
    await expect(page.getByRole("heading", { level: 1, name: "Milchprodukte & Eier" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await waitForHydration(page, javaScriptEnabled);
    // The "Sortiment" header menu is for wide screens; on a phone the main menu carries it.
    await expect(headerDisclosure(page, "Sortiment").details).toBeHidden();
    const menu = await openMainMenu(page);
    const panel = menu.getByRole("navigation", { name: "Hauptnavigation" });
    await expect(panel.getByRole("link", { name: "Sortiment", exact: true })).toBeInViewport();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });
});
