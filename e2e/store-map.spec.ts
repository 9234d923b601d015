import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { headerSearch, waitForHydration } from "./helpers";

test.describe.configure({ timeout: 90_000 });

/** The market hall in Leipzig: ten stalls under one roof, one cluster even at the closest zoom. */
const MARKET_HALL = { lat: 51.33585, lng: 12.3801 };

/** The numbers on the clusters, largest first. */
async function clusterCounts(scope: Locator): Promise<number[]> {
  const texts = await scope.allTextContents();
  return texts.map(Number).sort((a, b) => b - a);
}

/** Presses Tab until `target` has the focus (at most `limit` times). */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
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
    // The map pans the open popup into view (Leaflet's autoPan glides a quarter of a second, and may
    // start after the link looked still): a click before it ends lands on the map and closes it.
    const link = popup.getByRole("link", { name: "Zur Marktseite" });
    await expect
      .poll(async () => {
        const before = await link.boundingBox();
        await page.waitForTimeout(300);
        const after = await link.boundingBox();
        return before !== null && before.x === after?.x && before.y === after?.y;
      })
      .toBe(true);
    await link.click();
    await expect(page).toHaveURL(/\/content\/markt\/leipzig-gohlis$/);
    await expect(page.getByRole("heading", { level: 1, name: "Frischkorb Leipzig-Gohlis" })).toBeVisible();
  });

  test("keyboard only: zoom into a cluster, open a pin, reach its link, Escape back", async ({ page }) => {
    await page.goto("/content/map");
    await waitForHydration(page, true);
    const map = liveMap(page);
    // Leaflet's own controls speak German.
    await expect(map.getByRole("button", { name: "Vergrößern" })).toBeVisible();
    await expect(map.getByRole("button", { name: "Verkleinern" })).toBeVisible();
    await expect(map.getByRole("button", { name: /^Zoom (in|out)$/ })).toHaveCount(0);

    const largest = map.locator(".map-cluster-large");
    await expect(largest).toHaveCount(1);
    const before = Number(await largest.textContent());
    await tabTo(page, largest);
    await expect(largest).toHaveAccessibleName(`${before} Märkte – hineinzoomen`);
    await page.keyboard.press("Enter");
    // The cluster is gone with the zoom; focus is on the marker nearest to where it was.
    const focused = map.locator(".leaflet-marker-icon:focus");
    await expect(focused).toHaveCount(1);
    await expect.poll(async () => (await clusterCounts(map.locator(".map-cluster-icon")))[0] ?? 0).toBeLessThan(before);
    await expect(page.getByRole("status").filter({ hasText: /^Hineingezoomt: / })).toHaveText(
      /^Hineingezoomt: (ein Markt|\d+ Märkte) in diesem Ausschnitt$/,
    );
    await expectAccessible(page);

    // Space opens a cluster too; closer and closer until the focused marker is a store's pin.
    for (let i = 0; i < 12 && (await focused.getAttribute("class"))?.includes("map-cluster-icon"); i++) {
      const name = await focused.getAttribute("aria-label");
      await page.keyboard.press(" ");
      await expect(focused).not.toHaveAttribute("aria-label", name ?? "");
    }
    const pin = map.locator(".map-pin-icon:focus");
    await expect(pin).toHaveCount(1);
    const store = (await pin.getAttribute("title")) ?? "";
    expect(store).toMatch(/^Frischkorb /);

    // Enter opens the popup and moves into it: its heading, then its link one Tab later.
    await page.keyboard.press("Enter");
    const popup = map.locator(".leaflet-popup");
    await expect(popup.getByRole("heading", { name: store })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(popup.getByRole("link", { name: "Zur Marktseite" })).toBeFocused();
    await expect(popup).toHaveCSS("opacity", "1"); // faded in: axe measures the colours as seen
    await expectAccessible(page);
    await page.keyboard.press("Tab");
    await expect(popup.getByRole("button", { name: "Marktinfo schließen" })).toBeFocused();

    // Escape closes it and gives the focus back to the pin.
    await page.keyboard.press("Escape");
    await expect(popup).toHaveCount(0);
    await expect(map.getByRole("button", { name: store, exact: true })).toBeFocused();

    // The close button does the same; then the link leads to the store's page.
    await page.keyboard.press("Enter");
    await expect(popup.getByRole("heading", { name: store })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(popup).toHaveCount(0);
    await expect(map.getByRole("button", { name: store, exact: true })).toBeFocused();
    await page.keyboard.press(" ");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: store })).toBeVisible();
  });

  test("a cluster opened by keyboard as the map zooms out opens once that zoom is over", async ({ page }) => {
    // Leaflet drops a view asked for while a zoom glides, and one asked for in the frame before a
    // zoom starts to glide (a zoom button's): either way the map must zoom into the cluster after.
    for (const when of ["gliding", "before the glide"] as const) {
      await page.goto("/content/map?lat=51.34&lng=12.38&zoom=10");
      await waitForHydration(page, true);
      const map = liveMap(page);
      const cluster = map.locator(".map-cluster-icon").first();
      await expect(cluster).toBeVisible();
      const name = (await cluster.getAttribute("aria-label")) ?? "";
      expect(name).toMatch(/ Märkte – hineinzoomen$/);
      // In one task of the page, so that the cluster is still there (it goes when the zoom ends).
      await cluster.evaluate(async (element, later) => {
        const zoomOut = document.querySelector<HTMLElement>(".leaflet-control-zoom-out");
        zoomOut?.click();
        if (later) await new Promise((frames) => requestAnimationFrame(() => requestAnimationFrame(frames)));
        (element as HTMLElement).focus();
        element.dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true, cancelable: true }));
      }, when === "gliding");
      const focused = map.locator(".leaflet-marker-icon:focus");
      await expect(focused, when).toHaveCount(1);
      await expect(focused, when).not.toHaveAttribute("aria-label", name);
      await expect(page.getByRole("status").filter({ hasText: /^Hineingezoomt: / }), when).toHaveText(
        /^Hineingezoomt: (ein Markt|\d+ Märkte) in diesem Ausschnitt$/,
      );
    }
  });

  test("by keyboard, the market hall's cluster spreads out and its first stall takes the focus", async ({ page }) => {
    await page.goto(`/content/map?lat=${MARKET_HALL.lat}&lng=${MARKET_HALL.lng}&zoom=18`);
    await waitForHydration(page, true);
    const map = liveMap(page);
    const hall = map.getByRole("button", { name: "10 Märkte an einem Ort – alle zeigen" });
    await tabTo(page, hall);
    await page.keyboard.press("Enter");
    await expect(map.locator(".map-pin-icon")).toHaveCount(10);
    await expect(map.locator(".map-pin-icon:focus")).toHaveAttribute("title", /^Frischkorb Markthalle Leipzig – /);
  });

  test("the header stays above the map when the page scrolls under it on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/content/map");
    await waitForHydration(page, true);
    const map = liveMap(page);
    const zoomIn = map.getByRole("button", { name: "Vergrößern" });
    await expect(zoomIn).toBeVisible();
    // Scrolled so that the map's zoom button lies right under the header's search field: what is
    // on top there is the header. (Leaflet's tiles take no pointer, its controls do.)
    const search = headerSearch(page);
    const topmost = await zoomIn.evaluate(
      (button, field) => {
        const centre = (el: Element) => {
          const box = el.getBoundingClientRect();
          return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
        };
        // Step by step: the field moves with the page until the sticky header reaches the top.
        for (let i = 0; i < 6; i++)
          window.scrollBy({ top: centre(button).y - centre(field as Element).y, behavior: "instant" });
        const at = centre(button);
        const hit = document.elementFromPoint(at.x, at.y);
        return hit?.closest("header") ? "header" : (hit?.className.toString() ?? "nothing");
      },
      await search.elementHandle(),
    );
    expect(topmost).toBe("header");
  });

  test("in forced colours the clusters keep a visible ring", async ({ page }) => {
    await page.emulateMedia({ forcedColors: "active" });
    await page.goto("/content/map");
    await waitForHydration(page, true);
    const cluster = liveMap(page).locator(".map-cluster-icon").first();
    await expect(cluster).toBeVisible();
    await expect(cluster).toHaveCSS("border-top-style", "solid");
    await expect(cluster).toHaveCSS("border-top-width", "2px");
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
