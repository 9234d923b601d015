import { expect, expectAccessible, test } from "./fixtures";
import { headerSearch, listingCount, productTiles, waitForHydration } from "./helpers";

test.describe.configure({ timeout: 180_000 });

test("header search finds compound words: “milch” and “kase”", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Frisch, regional, gemeinsam." })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);

  const search = headerSearch(page);
  await search.fill("milch");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/search\/find\?q=milch$/);
  await expect(page.getByRole("heading", { level: 1, name: "Suchergebnisse für „milch“" })).toBeVisible();
  await expect(page).toHaveTitle(/Suchergebnisse für „milch“/);
  await expect(search).toHaveValue("milch");
  const names = productTiles(page).getByRole("heading", { level: 3 });
  await expect(names.filter({ hasText: "Vollmilch" }).first()).toBeVisible();
  await expect(names.filter({ hasText: /^Frische Vollmilch 3,8\u00a0%$/ })).toBeVisible();
  // "milch" inside a compound word, not at its start
  await expect(names.filter({ hasText: /^Reine Buttermilch$/ })).toBeVisible();
  await expect(names.filter({ hasText: /^Vollmilchschokolade$/ })).toBeVisible();
  const count = await listingCount(page);
  expect(count).toBeGreaterThanOrEqual(10);
  await expect(productTiles(page)).toHaveCount(count);
  for (const name of await names.allTextContents()) expect(name.toLowerCase()).toContain("milch");
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);

  // umlaut-free input finds Käse
  await search.fill("kase");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/search\/find\?q=kase$/);
  await expect(page.getByRole("heading", { level: 1, name: "Suchergebnisse für „kase“" })).toBeVisible();
  await expect(names.filter({ hasText: /^Bergkäse, 6 Monate gereift$/ })).toBeVisible();
  await expect(names.filter({ hasText: /^Frischkäse Kräuter$/ })).toBeVisible();
  const kaese = await names.allTextContents();
  expect(kaese.length).toBeGreaterThan(10);
  expect(kaese.filter((n) => /käse/i.test(n)).length).toBeGreaterThan(10);
  expect(kaese.some((n) => /milch/i.test(n))).toBe(false);
  await expectAccessible(page);
});

test("search suggestions while typing (JavaScript) or a plain search form (no JavaScript)", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/catalog/category/getraenke");
  await expect(page.getByRole("heading", { level: 1, name: "Getränke" })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  const search = headerSearch(page);
  await search.click();
  await search.pressSequentially("kase", { delay: 40 });

  if (!javaScriptEnabled) {
    await expect(page.getByRole("listbox", { name: "Vorschläge" })).toHaveCount(0);
    await search.press("Enter");
    await expect(page).toHaveURL(/\/search\/find\?q=kase$/);
    await expect(page.getByRole("heading", { level: 1, name: "Suchergebnisse für „kase“" })).toBeVisible();
    return;
  }

  const overlay = page.getByRole("listbox", { name: "Vorschläge" });
  await expect(overlay).toBeVisible();
  await expect(
    overlay.getByRole("group", { name: "Kategorien" }).getByRole("option", { name: "Käse", exact: true }),
  ).toHaveAttribute("href", "/catalog/category/kaese");
  await expect(overlay.getByRole("group", { name: "Produkte" })).toBeVisible();
  const productLinks = overlay.getByRole("group", { name: "Produkte" }).getByRole("option");
  await expect(productLinks.first()).toBeVisible();
  expect(await productLinks.count()).toBeGreaterThan(0);
  expect((await productLinks.allTextContents()).filter((text) => /käse/i.test(text)).length).toBeGreaterThan(0);
  // each suggested product shows its price
  for (const text of await productLinks.allTextContents()) expect(text).toMatch(/\d+,\d\d\s€$/);
  await expect(page.getByRole("banner").getByText(/^\d+ Vorschläge? gefunden$/)).toBeVisible();
  expect(page.url()).toMatch(/\/catalog\/category\/getraenke$/);
  await expectAccessible(page);

  await overlay.getByRole("option", { name: "Alle Ergebnisse für „kase“ anzeigen" }).click();
  await expect(page).toHaveURL(/\/search\/find\?q=kase$/);
  await expect(page.getByRole("heading", { level: 1, name: "Suchergebnisse für „kase“" })).toBeVisible();
  await expect(productTiles(page).getByRole("heading", { name: "Bergkäse, 6 Monate gereift" })).toBeVisible();
  // the overlay is gone after the navigation
  await expect(page.getByRole("listbox", { name: "Vorschläge" })).toHaveCount(0);
});

test("search suggestions: fewer than 3 characters ask for more; a suggested category opens it", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Frisch, regional, gemeinsam." })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  const search = headerSearch(page);
  await search.click();
  await search.pressSequentially("ka", { delay: 40 });
  const overlay = page.getByRole("listbox", { name: "Vorschläge" });
  if (!javaScriptEnabled) {
    await expect(overlay).toHaveCount(0);
    await search.press("Enter");
    await expect(page).toHaveURL(/\/search\/find\?q=ka$/);
    await expect(page.getByText("Bitte gib mindestens 3 Zeichen ein, damit wir suchen können.")).toBeVisible();
    return;
  }
  await expect(page.getByRole("banner").getByText("Bitte gib mindestens 3 Zeichen ein.")).toBeVisible();
  await expect(overlay).toHaveCount(0);
  await search.pressSequentially("se", { delay: 40 });
  await expect(overlay.getByRole("option", { name: "Käse", exact: true })).toBeVisible();
  await overlay.getByRole("option", { name: "Käse", exact: true }).click();
  await expect(page).toHaveURL(/\/catalog\/category\/kaese$/);
  await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
  await expect(overlay).toHaveCount(0);
});

test("too short a query asks for at least 3 characters", async ({ page }) => {
  await page.goto("/search/find?q=ei");
  await expect(page.getByRole("heading", { level: 1, name: "Suchergebnisse für „ei“" })).toBeVisible();
  await expect(page.getByText("Bitte gib mindestens 3 Zeichen ein, damit wir suchen können.")).toBeVisible();
  const field = page.getByRole("main").getByRole("searchbox", { name: "Wonach suchst du?" });
  await expect(field).toHaveValue("ei");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(productTiles(page)).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: /Produkte?$/ })).toHaveCount(0);
  await expectAccessible(page);
});

test("a query without hits shows tips and category chips", async ({ page }) => {
  await page.goto("/search/find?q=xyzzyquux");
  await expect(page.getByRole("heading", { level: 1, name: "Suchergebnisse für „xyzzyquux“" })).toBeVisible();
  const empty = page.getByRole("region", { name: "Für „xyzzyquux“ haben wir leider nichts gefunden" });
  await expect(empty).toBeVisible();
  await expect(empty.getByText("So findest du vielleicht doch, was du suchst:")).toBeVisible();
  await expect(empty.getByRole("listitem").filter({ hasText: "Prüfe die Schreibweise" })).toBeVisible();
  await expect(empty.getByRole("listitem").filter({ hasText: "Suche allgemeiner" })).toBeVisible();
  await expect(empty.getByText("Oder stöbere im Sortiment:")).toBeVisible();
  await expect(empty.getByRole("link", { name: "Milchprodukte & Eier" })).toHaveAttribute(
    "href",
    "/catalog/category/milch-eier",
  );
  await expect(empty.getByRole("link", { name: "Käse", exact: true })).toHaveAttribute(
    "href",
    "/catalog/category/kaese",
  );
  expect(await empty.getByRole("link").count()).toBe(13);
  await expect(productTiles(page)).toHaveCount(0);
  await expectAccessible(page);

  await empty.getByRole("link", { name: "Käse", exact: true }).click();
  await expect(page).toHaveURL(/\/catalog\/category\/kaese$/);
  await expect(page.getByRole("heading", { level: 1, name: "Käse" })).toBeVisible();
});
