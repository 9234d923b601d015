import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForHydration } from "./helpers";

test.describe.configure({ timeout: 90_000 });

/** The market hall in Leipzig: ten stalls under one roof, one cluster even at the closest zoom. */
const MARKET_HALL = { lat: 51.33585, lng: 12.3801 };

/** The numbers on the clusters, largest first. */
async function clusterCounts(scope: Locator): Promise<number[]> {
  const texts = await scope.allTextContents();
  return texts.map(Number).sort((a, b) => b - a);
}

function liveMap(page: Page) {
  return page.getByRole("region", { name: "Karte der Märkte" }).locator(".leaflet-container");
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the live map needs JavaScript");

  test("the map clusters the stores at the default zoom, and zooming splits the clusters", async ({ page }) => {
    await page.goto("/content/map");
    await waitForHydration(page, true);
    const map = liveMap(page);
    await expect(map).toBeVisible();
    const clusters = map.locator(".map-cluster-icon");
    await expect(clusters.first()).toBeVisible();
    // At the view of all of Germany, central Germany's stores are one large cluster of 100 or more.
    await expect(map.locator(".map-cluster-large")).toHaveCount(1);
    const before = await clusterCounts(clusters);
    expect(before[0]).toBeGreaterThanOrEqual(100);
    await expectAccessible(page);

    await map.getByRole("button", { name: `${before[0]} Märkte – hineinzoomen` }).click();
    await expect
      .poll(async () => (await clusterCounts(map.locator(".map-cluster-icon")))[0] ?? 0)
      .toBeLessThan(before[0]);
    // The map itself tells where it is: the tiles of the closer zoom are loaded.
    await expect(map.locator(".leaflet-tile-loaded").first()).toBeVisible();
  });

  test("a cluster that stays together at the closest zoom spreads out as a spiral", async ({ page }) => {
    await page.goto(`/content/map?lat=${MARKET_HALL.lat}&lng=${MARKET_HALL.lng}&zoom=18`);
    await waitForHydration(page, true);
    const map = liveMap(page);
    const hall = map.getByRole("button", { name: "10 Märkte an einem Ort – alle zeigen" });
    await hall.click();
    // Ten stalls, each with its leg from the cluster's centre.
    await expect(map.locator(".leaflet-overlay-pane path")).toHaveCount(10);
    const legs = map.locator(".leaflet-overlay-pane path").first();
    await expect(legs).toHaveAttribute("stroke", "#222");
    await expect(legs).toHaveAttribute("stroke-width", "1.5");
    await expect(legs).toHaveAttribute("stroke-opacity", "0.5");
    await expect(map.locator(".map-pin-icon")).toHaveCount(10);
  });

  test("a pin opens the store's times and leads to its page", async ({ page }) => {
    await page.goto("/content/map?lat=51.3597&lng=12.3712&zoom=15");
    await waitForHydration(page, true);
    const map = liveMap(page);
    const pin = map.getByRole("button", { name: "Frischkorb Leipzig-Gohlis" });
    await pin.focus();
    await page.keyboard.press("Enter");
    const popup = map.locator(".leaflet-popup");
    await expect(popup.getByText("Frischkorb Leipzig-Gohlis")).toBeVisible();
    await expect(popup.getByText("Öffnungszeiten")).toBeVisible();
    await expect(popup.getByText("Mit Personal besetzt")).toBeVisible();
    await expect(popup.getByText("Mo–Fr 08:00–13:00, 15:00–19:00")).toBeVisible();
    await popup.getByRole("link", { name: "Zur Marktseite" }).click();
    await expect(page).toHaveURL(/\/content\/markt\/leipzig-gohlis$/);
    await expect(page.getByRole("heading", { level: 1, name: "Frischkorb Leipzig-Gohlis" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.skip(
    ({ javaScriptEnabled }) => javaScriptEnabled,
    "the server-drawn map is what a visitor without JavaScript sees",
  );

  test("the server-drawn map shows the clusters, zooms by its links and leads to a store's page", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => r.url().endsWith(".js") && scripts.push(r.url()));
    await page.goto("/content/map");
    const area = page.getByRole("region", { name: "Karte der Märkte" });
    const clusters = area.locator(".map-cluster text");
    const before = await clusterCounts(clusters);
    expect(before[0]).toBeGreaterThanOrEqual(100);
    await expect(area.locator(".map-tiles image").first()).toHaveAttribute("href", /^\/map\/tiles\/6\/\d+\/\d+\.svg$/);
    await expectAccessible(page);

    await area.getByRole("link", { name: `${before[0]} Märkte – hineinzoomen` }).click();
    await expect(page).toHaveURL(/\/content\/map\?lat=[\d.]+&lng=[\d.]+&zoom=\d+#karte$/);
    const after = await clusterCounts(area.locator(".map-cluster text"));
    expect(after[0] ?? 0).toBeLessThan(before[0]);

    // Down to the market hall, whose ten stalls are spread out around it.
    await page.goto(`/content/map?lat=${MARKET_HALL.lat}&lng=${MARKET_HALL.lng}&zoom=18`);
    await expect(area.locator("line")).toHaveCount(10);
    const stall = area.getByRole("link", { name: /^Frischkorb Markthalle Leipzig/ }).first();
    const name = (await stall.getAttribute("aria-label")) ?? "";
    await stall.click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("link", { name: /Karte/ }).first()).toBeVisible();
    expect(scripts).toEqual([]);
  });
});

test("every store is in the list beside the map, each linked to its page", async ({ page, javaScriptEnabled }) => {
  await page.goto("/content/map");
  await waitForHydration(page, javaScriptEnabled);
  const list = page.getByRole("region", { name: /^Alle \d+ Märkte$/ });
  const links = list.getByRole("link");
  expect(await links.count()).toBeGreaterThanOrEqual(150);
  await list.getByRole("link", { name: "Frischkorb Dresden-Neustadt" }).click();
  await expect(page).toHaveURL(/\/content\/markt\/dresden-neustadt$/);
  await expect(page.getByRole("heading", { level: 1, name: "Frischkorb Dresden-Neustadt" })).toBeVisible();
});
