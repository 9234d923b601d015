import type { Page } from "@playwright/test";
import { ANNA, visit } from "./account-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { startSignedIn } from "./session";
import { waitForHydration } from "./helpers";

// Anna's seeded balance history (scripts/seed/orders.mjs), read only: nothing here changes her account.
// Without JavaScript every axe check opens a second browser context, hence the longer timeout.
test.describe.configure({ timeout: 60_000 });

const DATE = /^\d\d\.\d\d\.\d{4}$/;
/** "+15,00 €" / "−4,75 €" as a whole cell; the app puts a no-break space before the €. */
const amount = (text: string) => new RegExp(`^${text.replace("+", "\\+").replace(" €", "\\s€")}$`);

/** Anna's entries, newest first: comment, type, amount. */
const HISTORY = [
  ["Bestellung 100000007", "Rückbuchung", "+8,00 €"],
  ["Bestellung 100000007", "Einkauf online", "−8,00 €"],
  ["Bestellung 100000004", "Einkauf online", "−10,00 €"],
  ["Bestellung 100000003", "Einkauf im Markt", "−4,75 €"],
  ["Kulanz: verspätete Lieferung Bestellung 100000002", "Kulanz", "+4,00 €"],
  ["Kundenumfrage Herbst", "Umfrage", "+2,00 €"],
  ["Gewinnspiel Hoffest", "Sonstiges", "+3,00 €"],
  ["Korrektur Pfandbon (doppelt gutgeschrieben)", "Korrektur", "−1,25 €"],
  ["Sponsoring Sportverein SV Südvorstadt", "Sponsoring", "+5,00 €"],
  ["Kundenumfrage Sommer", "Umfrage", "+2,00 €"],
  ["Freundschaftswerbung: Jonas W.", "Freunde werben", "+10,00 €"],
  ["Willkommensguthaben", "Gutschrift", "+15,00 €"],
] as const;

function historyRows(page: Page) {
  return page.getByRole("main").getByRole("table").getByRole("rowgroup").nth(1).getByRole("row");
}

async function expectHistory(page: Page, entries: readonly (readonly [string, string, string])[]) {
  const rows = historyRows(page);
  await expect(rows).toHaveCount(entries.length);
  for (const [i, [comment, type, sum]] of entries.entries()) {
    await expect(rows.nth(i).getByRole("cell")).toHaveText([DATE, comment, type, amount(sum)]);
  }
}

test("Anna's balance: the current balance, the newest ten entries, the purchases and the surveys", async ({
  page,
  javaScriptEnabled,
}) => {
  await startSignedIn(page, ANNA);
  // the old address of the page leads to it
  await visit(page, "/account/voucher", javaScriptEnabled, "Mein Guthaben");
  await expect(page).toHaveURL((url) => url.pathname === "/account/balance");
  const main = page.getByRole("main");
  await expect(main.getByText("Dein aktuelles Guthaben")).toBeVisible();
  await expect(main.locator(".balance-current strong")).toHaveText(amount("25,00 €"));
  await expect(main.getByRole("table").getByRole("columnheader")).toHaveText(["Datum", "Kommentar", "Art", "Betrag"]);
  await expectHistory(page, HISTORY.slice(0, 10));
  const rows = historyRows(page);
  await expect(rows.nth(0).getByRole("link", { name: "Bestellung 100000007" })).toHaveAttribute(
    "href",
    "/account/order/100000007",
  );

  const tabs = main.getByRole("navigation", { name: "Verlauf filtern" });
  await expect(tabs.getByRole("link")).toHaveText(["Alle", "Umfragen", "Einkäufe"]);
  await expect(tabs.getByRole("link", { name: "Alle" })).toHaveAttribute("aria-current", "page");

  await tabs.getByRole("link", { name: "Einkäufe" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/account/balance" && url.search === "?filter=purchases");
  await expect(tabs.getByRole("link", { name: "Einkäufe" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.locator("[aria-current]")).toHaveCount(1);
  await expectHistory(
    page,
    HISTORY.filter(([, type]) => ["Rückbuchung", "Einkauf online", "Einkauf im Markt"].includes(type)),
  );
  await expect(main.getByRole("link", { name: "Mehr anzeigen" })).toHaveCount(0);
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);

  // the order behind an entry opens from its link
  await rows.getByRole("link", { name: "Bestellung 100000003" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bestellung 100000003" })).toBeVisible();
  await page.goBack();
  await expect(tabs.getByRole("link", { name: "Einkäufe" })).toHaveAttribute("aria-current", "page");
  await waitForHydration(page, javaScriptEnabled);

  await tabs.getByRole("link", { name: "Umfragen" }).click();
  await expect(page).toHaveURL((url) => url.search === "?filter=surveys");
  await expect(tabs.getByRole("link", { name: "Umfragen" })).toHaveAttribute("aria-current", "page");
  await expectHistory(
    page,
    HISTORY.filter(([, type]) => type === "Umfrage"),
  );
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);

  await tabs.getByRole("link", { name: "Alle" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/account/balance" && url.search === "");
  await expectHistory(page, HISTORY.slice(0, 10));
});

test("Anna's balance: show more and show less", async ({ page, javaScriptEnabled }) => {
  await startSignedIn(page, ANNA);
  await visit(page, "/account/balance", javaScriptEnabled, "Mein Guthaben");
  const main = page.getByRole("main");
  const paging = main.getByRole("navigation", { name: "Weitere Buchungen" });
  await expect(paging.getByRole("link")).toHaveText(["Mehr anzeigen"]);
  await expectHistory(page, HISTORY.slice(0, 10));

  // with JavaScript the list grows in place: same document, the page stays where it was
  await page.evaluate(() => Object.assign(window, { balanceMarker: true }));
  const more = paging.getByRole("link", { name: "Mehr anzeigen" });
  await more.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  // by keyboard: with JavaScript the link that replaces the used one takes the focus
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => url.search === "?limit=20");
  await expectHistory(page, HISTORY);
  await expect(paging.getByRole("link")).toHaveText(["Weniger anzeigen"]);
  if (javaScriptEnabled) {
    expect(await page.evaluate(() => "balanceMarker" in window)).toBe(true);
    if (scrolled > 0) expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(paging.getByRole("link", { name: "Weniger anzeigen" })).toBeFocused();
  }
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);

  await paging.getByRole("link", { name: "Weniger anzeigen" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/account/balance" && url.search === "");
  await expectHistory(page, HISTORY.slice(0, 10));
  await expect(paging.getByRole("link")).toHaveText(["Mehr anzeigen"]);
  if (javaScriptEnabled) await expect(paging.getByRole("link", { name: "Mehr anzeigen" })).toBeFocused();
});
