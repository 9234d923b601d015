import { expectToast, visit } from "./account-helpers";
import { executeD1 } from "./d1";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForHydration } from "./helpers";

/**
 * The stores in the back office (issue 33 §4, decision 0045): Sven Standort finds a store, changes
 * its Saturday hours (a wrong field first: the German message at it, what was typed kept), closes
 * a day and shortens another; the store's own page shows them at once. Each page state is checked with axe and
 * at 360 px. The projects (js, no-js) edit stores of their own.
 */

test.describe.configure({ timeout: 120_000 });

const STORE = { js: "leipzig-reudnitz", noJs: "leipzig-stoetteritz" };
const NAME = { js: "Reudnitz", noJs: "Stötteritz" };

/** A day some days ahead, as the date field takes it and as the pages show it. */
function closedDay(ahead = 10) {
  const day = new Date(Date.now() + ahead * 86_400_000);
  const iso = day.toISOString().slice(0, 10);
  const [y, m, d] = iso.split("-");
  return { iso, german: `${d}.${m}.${y}` };
}

test("Sven Standort changes a store's Saturday hours and closes a day; the store page shows both", async ({
  page,
  javaScriptEnabled,
}) => {
  const id = javaScriptEnabled ? STORE.js : STORE.noJs;
  const district = javaScriptEnabled ? NAME.js : NAME.noJs;
  // a rerun starts from the same store
  await executeD1("DELETE FROM store_closed_day WHERE store_id = ?", [id]);
  const day = closedDay();
  const later = closedDay(12);

  await visit(page, "/staff/login", javaScriptEnabled, "Anmeldung Backoffice");
  await page.getByRole("button", { name: "Als Sven Standort anmelden" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Hallo Sven Standort" })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("navigation", { name: "Backoffice" }).getByRole("link", { name: "Märkte" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Märkte" })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  await page.getByLabel("Name, Ort oder PLZ").fill(district);
  await page.getByRole("button", { name: "Filtern" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(district)}`));
  await expectAccessible(page);
  await page.getByRole("link", { name: `Frischkorb Leipzig-${district}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Frischkorb Leipzig-${district}` })).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  await expectAccessible(page);

  // Saturday: opening typed the wrong way round first
  const opening = page.getByLabel("Samstag, geöffnet");
  const staffed = page.getByLabel("Samstag, besetzt");
  await opening.fill("20:00–08:00");
  await staffed.fill("09:00–14:00");
  await page.getByRole("button", { name: "Zeiten speichern" }).click();
  await expect(page.getByText("Der Beginn muss vor dem Ende liegen, z. B. 08:00–20:00.")).toBeVisible();
  await expect(opening).toHaveAttribute("aria-invalid", "true");
  await expect(opening).toHaveValue("20:00–08:00");
  await expect(staffed).toHaveValue("09:00–14:00");
  await expectAccessible(page);

  await opening.fill("08:00–18:00");
  await page.getByRole("button", { name: "Zeiten speichern" }).click();
  await expectToast(page, `Die Zeiten von Frischkorb Leipzig-${district} sind gespeichert.`);
  await waitForHydration(page, javaScriptEnabled);
  await expect(page.getByLabel("Samstag, geöffnet")).toHaveValue("08:00–18:00");

  // a closed day
  const closing = page.getByRole("region", { name: "Schließtage und abweichende Zeiten" });
  await closing.getByLabel("Tag", { exact: true }).fill(day.iso);
  await closing.getByLabel("Anlass (freiwillig)").fill("Inventur");
  await page.getByRole("button", { name: "Tag schließen" }).click();
  await expectToast(page, `Frischkorb Leipzig-${district} ist am ${day.german} geschlossen.`);
  await expect(page.getByRole("list", { name: "Kommende Schließtage" })).toContainText(`${day.german} – Inventur`);
  await expectAccessible(page);

  // a day with shorter hours
  await waitForHydration(page, javaScriptEnabled);
  const special = page.getByRole("region", { name: "Andere Öffnungszeiten an einem Tag" });
  await special.getByLabel("Tag mit anderen Zeiten").fill(later.iso);
  await special.getByLabel("Geöffnet").fill("08:00–14:00");
  await special.getByLabel("Mit Personal").fill("08:00–12:00");
  await special.getByLabel("Anlass (freiwillig)").fill("Heiligabend");
  await special.getByRole("button", { name: "Zeiten eintragen" }).click();
  await expectToast(page, `Frischkorb Leipzig-${district} hat am ${later.german} andere Öffnungszeiten.`);
  await expect(page.getByRole("list", { name: "Kommende Schließtage" })).toContainText(
    `${later.german} – Heiligabend: geöffnet 08:00–14:00, mit Personal 08:00–12:00`,
  );

  // the store's own page, as every visitor sees it
  await page.getByRole("link", { name: "Marktseite ansehen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Frischkorb Leipzig-${district}` })).toBeVisible();
  const saturday = page.locator(".store-hours").first().locator(".store-hours-row").filter({ hasText: /^Sa/ });
  await expect(saturday).toContainText("08:00–18:00");
  await expect(page.getByText(`${day.german}: geschlossen (Inventur)`)).toBeVisible();
  await expect(page.getByText(`${later.german}: 08:00–14:00, mit Personal 08:00–12:00 (Heiligabend)`)).toBeVisible();
  await expectAccessible(page);
});
