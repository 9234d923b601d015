import { HEADERS } from "../app/domain/range/import/format";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForHydration } from "./helpers";
import { signInStaff, staffNav } from "./staff";

/**
 * Loading the range (issue 33 §1), JavaScript on and off, axe and the 360 px check on each state:
 * Rudi Regal uploads a small CSV with a wrong price, the report names the row and the column, he
 * uploads the fixed file, sees what would change, confirms, follows the progress (a progress bar
 * that advances with JavaScript, a page that refreshes itself without) until it is done, and the
 * new product is found by the shop's search. Each project imports its own product.
 */
function csv(rows: Record<string, string>[]): Buffer {
  const line = (cells: string[]) =>
    `${cells.map((c) => (/[;"\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(";")}\r\n`;
  // a spreadsheet's trailing empty rows (skipped by the import) take the file past the 64 KiB every
  // other form is limited to: the upload's own limit holds with and without JavaScript
  const padding = `${";".repeat(HEADERS.length - 1)}\r\n`.repeat(2500);
  return Buffer.from(
    `\uFEFF${line(HEADERS)}${rows.map((r) => line(HEADERS.map((h) => r[h] ?? ""))).join("")}${padding}`,
  );
}

test("Rudi imports a product from a CSV: report, fix, confirm, progress, and the shop finds it", async ({
  page,
  javaScriptEnabled,
}) => {
  const [sku, name] = javaScriptEnabled
    ? ["E2E-IMP-JS", "Quittensenf Importiert"]
    : ["E2E-IMP-NOJS", "Holundersirup Importiert"];
  const product = {
    SKU: sku,
    Name: name,
    Marke: "Importhof",
    Beschreibung: "Aus der Datei; mit Semikolon",
    // a category no other browser test counts or searches (the e2e shops share one database)
    Kategorie: "gewuerze",
    Nettoinhalt: "250",
    Einheit: "ml",
    Preis: "2,4,9",
    Ermäßigung: "nein",
    MwSt: "7",
    Bestand: "12",
    Veröffentlicht: "ja",
  };
  await signInStaff(page, "Rudi Regal");
  await staffNav(page).getByRole("link", { name: "Import und Export" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sortiment importieren und exportieren" })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  await expectAccessible(page);

  await page
    .getByLabel("Datei", { exact: true })
    .setInputFiles({ name: "sortiment.csv", mimeType: "text/csv", buffer: csv([product]) });
  await page.getByRole("button", { name: "Datei prüfen" }).click();
  await expect(page.getByText("Zeile 2, Spalte Preis: „2,4,9“ ist kein Betrag (zum Beispiel 2,49)")).toBeVisible();
  await expect(page.getByRole("button", { name: "Import bestätigen" })).toHaveCount(0);
  await expectAccessible(page);

  // the fixed file; a change to the range by someone else meanwhile would make its report stale
  for (let attempt = 0; ; attempt++) {
    await page.goto("/staff/range/import");
    await waitForHydration(page, javaScriptEnabled);
    await page
      .getByLabel("Datei", { exact: true })
      .setInputFiles({ name: "sortiment.csv", mimeType: "text/csv", buffer: csv([{ ...product, Preis: "2,49" }]) });
    await page.getByRole("button", { name: "Datei prüfen" }).click();
    await expect(page.getByRole("heading", { name: "Was sich ändern würde" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Import bestätigen" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Import bestätigen" }).click();
    const outcome = page.getByText(/Import abgeschlossen|Import läuft|seit der Prüfung geändert\./).first();
    await expect(outcome).toBeVisible();
    if (!(await outcome.textContent())?.includes("geändert") || attempt === 2) break;
  }
  await expect(page.getByRole("heading", { name: "Import abgeschlossen" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("status").filter({ hasText: "1 von 1 Zeilen übernommen" })).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/search/find?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("link", { name }).first()).toBeVisible();
});
