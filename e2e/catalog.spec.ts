import { expect, expectAccessible, test } from "./fixtures";
import { euroToCents, listingCount, productTiles, summary, waitForHydration } from "./helpers";

// Several pages per test, each with an axe run (up to ~30 s on a 120-tile page when the machine is busy).
test.describe.configure({ timeout: 180_000 });

test("home → category → filter Bio + sort by price → product detail", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Frisch, regional, gemeinsam." })).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);

  // Category tile
  await page
    .getByRole("region", { name: "Unser Sortiment" })
    .getByRole("link", { name: "Milchprodukte & Eier", exact: true })
    .click();
  await expect(page).toHaveURL(/\/catalog\/category\/milch-eier$/);
  await expect(page.getByRole("heading", { level: 1, name: "Milchprodukte & Eier" })).toBeVisible();

  // Breadcrumb: home link, then the category itself; the root category "Startseite" is not in the path.
  const breadcrumb = page.getByRole("navigation", { name: "Brotkrumennavigation" });
  await expect(breadcrumb.getByRole("listitem")).toHaveCount(2);
  await expect(breadcrumb.getByRole("link", { name: "Startseite", exact: true })).toHaveAttribute("href", "/");
  await expect(breadcrumb.getByText("Startseite")).toHaveCount(1);
  await expect(breadcrumb.locator('a[href$="/catalog/category/startseite"]')).toHaveCount(0);
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText("Milchprodukte & Eier");

  await expect(productTiles(page).first()).toBeVisible();
  const before = await listingCount(page);
  expect(before).toBeGreaterThan(1);
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);

  // Filter: Bio
  const filterForm = page.getByRole("form", { name: "Filtern" });
  await summary(filterForm, "Filter").click();
  const bio = filterForm.getByRole("checkbox", { name: /^Bio \(\d+\)$/ });
  await expect(bio).toBeVisible();
  await bio.check();
  if (!javaScriptEnabled) {
    await filterForm.getByRole("button", { name: "Filter anwenden" }).first().click();
  }
  await expect(page).toHaveURL(/[?&]bio=1(&|$)/);
  await expect.poll(() => listingCount(page)).toBeLessThan(before);

  // Sort: price ascending
  await filterForm.getByRole("combobox", { name: "Sortierung" }).selectOption({ label: "Preis aufsteigend" });
  if (!javaScriptEnabled) {
    await filterForm.getByRole("button", { name: "Filter anwenden" }).filter({ visible: true }).first().click();
  }
  await expect(page).toHaveURL(/[?&]sort=price_asc(&|$)/);
  await expect(page).toHaveURL(/[?&]bio=1(&|$)/);
  await expect(filterForm.getByRole("combobox", { name: "Sortierung" })).toHaveValue("price_asc");
  const after = await listingCount(page);
  expect(after).toBeGreaterThan(0);
  expect(after).toBeLessThan(before);
  await expect(productTiles(page)).toHaveCount(after);
  const prices = (await productTiles(page).locator(".price-current").allTextContents()).map(euroToCents);
  expect(prices).toHaveLength(after);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  // every tile carries the Bio label
  for (const tile of await productTiles(page).all()) {
    await expect(tile.getByRole("listitem").filter({ hasText: /^Bio$/ })).toHaveCount(1);
  }
  await expectAccessible(page);

  // Product detail
  const firstTileLink = productTiles(page).first().getByRole("link").first();
  const name = (await firstTileLink.getByRole("heading").textContent())!.trim();
  const href = await firstTileLink.getAttribute("href");
  expect(href).toMatch(/^\/catalog\/product\/[\w-]+$/);
  await firstTileLink.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Zutaten" })).toBeVisible();
  const table = page.getByRole("table", { name: /^Durchschnittliche Nährwerte pro 100 (g|ml)$/ });
  await expect(table).toBeVisible();
  await expect(table.locator("caption")).toHaveText(/^Durchschnittliche Nährwerte pro 100 (g|ml)$/);
  await expect(table.getByRole("rowheader", { name: "Energie" })).toBeVisible();
  await expect(page.getByText(/^Grundpreis: \d+,\d\d\s€ pro (Liter|Kilogramm)$/)).toBeVisible();
  await expect(page.getByText("inkl. MwSt.", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "zzgl. Versandkosten" })).toHaveAttribute(
    "href",
    "/pages/legal/versand-zahlung",
  );
  await expectAccessible(page);
});

test("product page shows allergens, brand and a deposit as its own amount", async ({ page }) => {
  await page.goto("/catalog/product/120001");
  const article = page.getByRole("article", { name: "Frische Vollmilch 3,8 %" });
  await expect(article.getByRole("heading", { level: 1, name: "Frische Vollmilch 3,8 %" })).toBeVisible();
  await expect(article.getByText("Lindenauer", { exact: true })).toBeVisible();
  await expect(article.getByText(/^1,39\s€$/)).toBeVisible();
  const ingredients = page.getByRole("region", { name: "Zutaten" });
  await expect(ingredients.getByRole("strong")).toHaveText(["Milch"]);
  await expect(ingredients.getByRole("heading", { level: 3, name: "Allergene" })).toBeVisible();
  await expect(ingredients.getByRole("paragraph").filter({ hasText: /^Milch$/ })).toBeVisible();
  // no deposit on this one
  await expect(article.getByText(/Pfand/)).toHaveCount(0);
  await expectAccessible(page);

  await page.goto("/catalog/product/160006");
  const water = page.getByRole("article", { name: "Mineralwasser Medium" });
  await expect(water.getByRole("heading", { level: 1, name: "Mineralwasser Medium" })).toBeVisible();
  await expect(water.getByText(/^0,39\s€$/)).toBeVisible();
  await expect(water.getByText(/^zzgl\. 0,25\s€ Pfand$/)).toBeVisible();
  await expect(water.getByText(/^Grundpreis: 0,78\s€ pro Liter$/)).toBeVisible();
  await expectAccessible(page);
});

test("subcategory breadcrumb: Startseite › Milchprodukte & Eier › Milch", async ({ page }) => {
  await page.goto("/catalog/category/milch");
  await expect(page.getByRole("heading", { level: 1, name: "Milch", exact: true })).toBeVisible();
  const breadcrumb = page.getByRole("navigation", { name: "Brotkrumennavigation" });
  await expect(breadcrumb.getByRole("listitem")).toHaveCount(3);
  await expect(breadcrumb.getByRole("link")).toHaveCount(2);
  await expect(breadcrumb.getByRole("link", { name: "Startseite", exact: true })).toHaveAttribute("href", "/");
  await expect(breadcrumb.getByRole("link", { name: "Milchprodukte & Eier", exact: true })).toHaveAttribute(
    "href",
    "/catalog/category/milch-eier",
  );
  const current = breadcrumb.locator('[aria-current="page"]');
  await expect(current).toHaveText("Milch");
  await expect(current.getByRole("link")).toHaveCount(0);
  await expect(breadcrumb.getByRole("listitem").last()).toHaveAttribute("aria-current", "page");
  await expect(productTiles(page).first()).toBeVisible();
  await expectAccessible(page);

  await breadcrumb.getByRole("link", { name: "Milchprodukte & Eier", exact: true }).click();
  await expect(page).toHaveURL(/\/catalog\/category\/milch-eier$/);
  await expect(page.getByRole("heading", { level: 1, name: "Milchprodukte & Eier" })).toBeVisible();
});

test("product image: lightbox with JavaScript, large image link without", async ({ page, javaScriptEnabled }) => {
  const name = "Frische Vollmilch 3,8 %";
  await page.goto("/catalog/product/120001");
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);

  const imageLink = page.getByRole("link", { name: `Produktbild: ${name}` });
  await expect(imageLink).toHaveAttribute("href", "/images/products/120001.svg?w=1024");
  if (javaScriptEnabled) {
    const url = page.url();
    await imageLink.click();
    const dialog = page.getByRole("dialog", { name: `Großes Produktbild: ${name}` });
    await expect(dialog).toBeVisible();
    const large = dialog.getByRole("img", { name: `Produktbild: ${name}` });
    await expect(large).toBeVisible();
    await expect(large).toHaveAttribute("src", "/images/products/120001.svg?w=1024");
    await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(page.url()).toBe(url);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(page.url()).toBe(url);
  } else {
    const [response] = await Promise.all([
      page.waitForResponse(/\/images\/products\/120001\.svg\?w=1024$/),
      imageLink.click(),
    ]);
    await expect(page).toHaveURL(/\/images\/products\/120001\.svg\?w=1024$/);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("image/svg+xml");
  }
});

test("“Mehr Produkte anzeigen”: appends in place with JavaScript, page 2 without", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/catalog/category/startseite");
  await expect(page.getByRole("heading", { level: 1, name: "Alle Kategorien" })).toBeVisible();
  const total = await listingCount(page);
  expect(total).toBeGreaterThan(120);
  await expect(productTiles(page)).toHaveCount(60);
  const firstPage = await productTiles(page).getByRole("heading", { level: 3 }).allTextContents();
  const firstPageLinks = await productTiles(page)
    .locator("a[href^='/catalog/product/']")
    .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")))]);
  expect(firstPageLinks).toHaveLength(60);
  await expect(page.getByRole("link", { name: "Vorherige Produkte" })).toHaveCount(0);
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);

  const more = page.getByRole("link", { name: "Mehr Produkte anzeigen" });
  await expect(more).toHaveAttribute("href", "/catalog/category/startseite?page=2");
  const url = page.url();
  await more.click();
  if (javaScriptEnabled) {
    await expect(productTiles(page)).toHaveCount(120);
    expect(page.url()).toBe(url);
    const links = await productTiles(page)
      .locator("a[href^='/catalog/product/']")
      .evaluateAll((all) => [...new Set(all.map((a) => a.getAttribute("href")))]);
    expect(links).toHaveLength(120);
    expect(links.slice(0, 60)).toEqual(firstPageLinks);
    await expect(page.getByRole("link", { name: "Mehr Produkte anzeigen" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Mehr Produkte anzeigen" })).toHaveAttribute(
      "href",
      "/catalog/category/startseite?page=3",
    );
    await expectAccessible(page);
  } else {
    await expect(page).toHaveURL(/\/catalog\/category\/startseite\?page=2$/);
    await expect(productTiles(page)).toHaveCount(60);
    const secondPageLinks = await productTiles(page)
      .locator("a[href^='/catalog/product/']")
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")))]);
    expect(secondPageLinks).toHaveLength(60);
    expect(secondPageLinks.filter((href) => firstPageLinks.includes(href))).toEqual([]);
    expect(firstPage.length).toBe(60);
    const previous = page.getByRole("link", { name: "Vorherige Produkte" });
    await expect(previous).toBeVisible();
    await expect(page.getByRole("link", { name: "Mehr Produkte anzeigen" })).toHaveAttribute(
      "href",
      "/catalog/category/startseite?page=3",
    );
    await expectAccessible(page);
    await previous.click();
    await expect(page).toHaveURL(/\/catalog\/category\/startseite\??$/);
    await expect(productTiles(page)).toHaveCount(60);
  }
});

test("tiles keep the server's markup through hydration, and their links stay inside the app", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "hydration and in-app navigation need JavaScript");
  await page.goto("/catalog/category/milch-eier");
  await waitForHydration(page, javaScriptEnabled);
  const tiles = productTiles(page);
  const first = tiles.first();
  // The body is the server's markup, kept as it was: not hydrated (no React fiber on its elements).
  const body = first.locator(".tile-body");
  await expect(body.getByRole("heading", { level: 3 })).toHaveText("Frische Vollmilch 3,8 %");
  expect(await body.locator("a").evaluate((a) => Object.keys(a).some((k) => k.startsWith("__reactFiber$")))).toBe(
    false,
  );
  // Pointing at a tile prefetches its product page, as a Link with prefetch="intent" does.
  await first.getByRole("link", { name: "Frische Vollmilch 3,8 %", exact: true }).hover();
  await expect(page.locator('link[rel="prefetch"][href*="120001"]').first()).toBeAttached();

  // A click is a navigation inside the app: the document (and this marker on it) stays.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await first.getByRole("link", { name: "Frische Vollmilch 3,8 %", exact: true }).click();
  await expect(page).toHaveURL(/\/catalog\/product\/120001$/);
  await expect(page.getByRole("heading", { level: 1, name: "Frische Vollmilch 3,8 %" })).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // Back on the listing, mounted after hydration, each tile renders its body itself: same content.
  await page.goBack();
  await expect(tiles.first().locator(".tile-body").getByRole("heading", { level: 3 })).toHaveText(
    "Frische Vollmilch 3,8 %",
  );
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  const names = await tiles.getByRole("heading", { level: 3 }).allTextContents();
  expect(names.length).toBeGreaterThan(10);
  expect(names.every((name) => name.trim().length > 0)).toBe(true);
  // A modified click stays the browser's (a new tab), and the page stays where it is.
  const [popup] = await Promise.all([
    page.context().waitForEvent("page"),
    tiles
      .first()
      .getByRole("link", { name: "Frische Vollmilch 3,8 %", exact: true })
      .click({ modifiers: ["ControlOrMeta"] }),
  ]);
  await popup.close();
  await expect(page).toHaveURL(/\/catalog\/category\/milch-eier$/);
});
