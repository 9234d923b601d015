import type { Page } from "@playwright/test";
import { ANNA, visit } from "./account-helpers";
import { euro } from "./checkout-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { startSignedIn } from "./session";
import { waitForHydration } from "./helpers";

// Anna's seeded order history (scripts/seed/orders.mjs), read only: nothing here changes her account.
// Without JavaScript every axe check opens a second browser context, hence the longer timeout.
test.describe.configure({ timeout: 60_000 });

const SUEDVORSTADT = "Frischkorb Leipzig-Südvorstadt";
const GOHLIS = "Frischkorb Leipzig-Gohlis";
const DATE = /^\d\d\.\d\d\.\d{4}$/;
/** Newest first: number, status, items, sum in cents, store column. */
const ORDERS = [
  [100000007, "Storniert", 3, 1632, "Online-Shop"],
  [100000006, "In Bearbeitung", 14, 3321, "Online-Shop"],
  [100000005, "Abholbereit", 9, 1521, GOHLIS],
  [100000004, "Abgeschlossen", 13, 1477, SUEDVORSTADT],
  [100000003, "Abgeschlossen", 3, 182, GOHLIS],
  [100000002, "Abgeschlossen", 14, 2921, "Online-Shop"],
  [100000001, "Abgeschlossen", 7, 1243, SUEDVORSTADT],
] as const;

const FILTERS: [tab: string, query: string, numbers: number[]][] = [
  ["Offen", "open", [100000006, 100000005]],
  ["Einkäufe im Markt", "store", [100000003, 100000001]],
  ["Abgeschlossen", "complete", [100000004, 100000003, 100000002, 100000001]],
  ["Abholung", "pickup", [100000005, 100000004]],
  ["Online", "online", [100000007, 100000006, 100000005, 100000004, 100000002]],
  ["Alle", "", ORDERS.map(([n]) => n)],
];

function orderRows(page: Page) {
  return page.getByRole("main").getByRole("table").getByRole("rowgroup").nth(1).getByRole("row");
}

test("Anna's orders: the list and every filter tab", async ({ page, javaScriptEnabled }) => {
  await startSignedIn(page, ANNA);
  await visit(page, "/account/order/overview", javaScriptEnabled, "Meine Bestellungen");
  const main = page.getByRole("main");
  await expect(main.getByRole("table").getByRole("columnheader")).toHaveText([
    "Bestellnummer",
    "Datum",
    "Status",
    "Artikel",
    "Summe",
    "Markt",
  ]);
  const rows = orderRows(page);
  await expect(rows).toHaveCount(ORDERS.length);
  for (const [i, [number, status, items, cents, store]] of ORDERS.entries()) {
    await expect(rows.nth(i).getByRole("cell")).toHaveText([
      String(number),
      DATE,
      status,
      String(items),
      euro(cents),
      store,
    ]);
    await expect(rows.nth(i).getByRole("link", { name: `Bestellung ${number} ansehen` })).toHaveAttribute(
      "href",
      `/account/order/${number}`,
    );
  }
  const tabs = main.getByRole("navigation", { name: "Bestellungen filtern" });
  await expect(tabs.getByRole("link")).toHaveText([
    "Alle",
    "Offen",
    "Einkäufe im Markt",
    "Abgeschlossen",
    "Abholung",
    "Online",
  ]);
  await expect(tabs.getByRole("link", { name: "Alle" })).toHaveAttribute("aria-current", "page");

  for (const [tab, query, numbers] of FILTERS) {
    await tabs.getByRole("link", { name: tab, exact: true }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === "/account/order/overview" && (url.searchParams.get("filter") ?? "") === query,
    );
    await expect(tabs.getByRole("link", { name: tab, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(tabs.locator("[aria-current]")).toHaveCount(1);
    await expect(rows.getByRole("link")).toHaveText(numbers.map(String));
    await expectAccessible(page);
    await waitForHydration(page, javaScriptEnabled);
  }
});

test("the detail of an online delivery, with the withdrawal button", async ({ page, javaScriptEnabled }) => {
  await startSignedIn(page, ANNA);
  await visit(page, "/account/order/overview", javaScriptEnabled, "Meine Bestellungen");
  const main = page.getByRole("main");
  const rows = orderRows(page);
  await rows.getByRole("link", { name: "Bestellung 100000002 ansehen" }).click();
  await expect(page).toHaveURL(/\/account\/order\/100000002$/);
  await expect(page.getByRole("heading", { level: 1, name: "Bestellung 100000002" })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  // still there once the page is hydrated
  await expect(page.getByRole("heading", { level: 1, name: "Bestellung 100000002" })).toBeVisible();
  await expect(main.getByText(/^Bestellt am \d\d\.\d\d\.\d{4}, \d\d:\d\d · Abgeschlossen$/)).toBeVisible();
  // the way it went: delivered before the back office recorded its steps, so done without their dates
  const when = /\d\d\.\d\d\.\d{4}, \d\d:\d\d$/.source;
  await expect(main.getByRole("region", { name: "Verlauf" }).getByRole("listitem")).toHaveText([
    new RegExp(`^Bestellt ${when}`),
    new RegExp(`^Bezahlt ${when}`),
    "Versandt erledigt",
    "Zugestellt erledigt",
  ]);
  await expect(main.getByRole("list").filter({ hasText: "Allzweckreiniger" }).getByRole("listitem")).toHaveText([
    /^2 × Allzweckreiniger\s*3,78\s€$/,
    /^2 × Apfelsaft klar\s*2,38\s€$/,
    /^4 × Bio-Bananen\s*9,16\s€$/,
    /^3 × Gewürzgurken\s*5,37\s€$/,
    /^1 × Kartoffelchips Gesalzen\s*1,99\s€$/,
    /^2 × Mozzarella\s*1,58\s€$/,
  ]);
  const totals = main.locator("dl.totals").first();
  await expect(totals.getByRole("term")).toHaveText(["Zwischensumme", "Versand (Standardlieferung)", "Gesamtsumme"]);
  await expect(totals.getByRole("definition")).toHaveText([euro(2426), euro(495), euro(2921)]);
  const taxes = main.locator("dl.totals-tax");
  await expect(taxes.getByRole("term")).toHaveText(["enthaltene MwSt. 7 %", "enthaltene MwSt. 19 %"]);
  await expect(taxes.getByRole("definition")).toHaveText([euro(118), euro(177)]);
  const facts = main.locator("dl.order-facts");
  await expect(facts.getByRole("term")).toHaveText(["Zahlungsart", "Lieferung"]);
  await expect(facts.getByRole("definition")).toHaveText([
    "PayPal",
    "Standardlieferung: Anna Schmidt, Karl-Liebknecht-Straße 45, 3. OG links, 04275 Leipzig",
  ]);
  // an online order can be withdrawn (only looked at: Anna's history stays as seeded)
  await expect(
    page.getByRole("region", { name: "Vertrag widerrufen" }).getByRole("link", { name: "Vertrag widerrufen" }),
  ).toBeVisible();
  await expectAccessible(page);

  await main.getByRole("link", { name: "Zurück zu meinen Bestellungen" }).click();
  await expect(page).toHaveURL(/\/account\/order\/overview$/);
});

test("the detail of a store purchase: the store, the store card, nothing to withdraw", async ({
  page,
  javaScriptEnabled,
}) => {
  await startSignedIn(page, ANNA);
  await visit(page, "/account/order/overview?filter=store", javaScriptEnabled, "Meine Bestellungen");
  const main = page.getByRole("main");
  const rows = orderRows(page);
  const totals = main.locator("dl.totals").first();
  const facts = main.locator("dl.order-facts");
  await rows.getByRole("link", { name: "Bestellung 100000001 ansehen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bestellung 100000001" })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Bestellung 100000001" })).toBeVisible();
  await expect(facts.getByRole("term")).toHaveText(["Zahlungsart", "Markt"]);
  await expect(facts.getByRole("definition")).toHaveText(["Kundenkarte im Markt", SUEDVORSTADT]);
  await expect(main.getByRole("list").getByRole("listitem")).toHaveCount(4);
  await expect(totals.getByRole("definition").last()).toHaveText(euro(1243));
  await expect(page.getByRole("region", { name: "Vertrag widerrufen" })).toHaveCount(0);
});

test("Anna's orders on a 360 px phone: no horizontal scrolling, every row readable", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await startSignedIn(page, ANNA);
  await visit(page, "/account/order/overview", javaScriptEnabled, "Meine Bestellungen");
  const rows = orderRows(page);
  await expect(rows).toHaveCount(ORDERS.length);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // every cell of every row lies within the screen
  for (const cell of await rows.getByRole("cell").all()) {
    const box = (await cell.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  await expect(rows.first().getByRole("link", { name: "Bestellung 100000007 ansehen" })).toBeInViewport();

  await page
    .getByRole("navigation", { name: "Bestellungen filtern" })
    .getByRole("link", { name: "Einkäufe im Markt" })
    .click();
  await expect(rows.getByRole("link")).toHaveText(["100000003", "100000001"]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
});
