import { readFile } from "node:fs/promises";
import { pdfText } from "../tests/fixtures/pdf-text";
import { ANNA, visit } from "./account-helpers";
import { expect, test } from "./fixtures";
import { startSignedIn } from "./session";

// The invoice of a completed order (issue 32 §3, docs/decisions/0042-invoices.md), with and without
// JavaScript: a plain link whose answer the browser saves as a file. Anna's seeded orders; the
// invoice keeps the number its first download gave it, whichever project downloads first.
test.describe.configure({ timeout: 60_000 });

test("Anna downloads the invoice of a completed order from its page", async ({ page, javaScriptEnabled }) => {
  await startSignedIn(page, ANNA);
  await visit(page, "/account/order/100000002", javaScriptEnabled, "Bestellung 100000002");
  const link = page.getByRole("main").getByRole("link", { name: "Rechnung herunterladen" });
  await expect(link).toHaveAttribute("href", "/account/order/100000002/invoice");
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const name = download.suggestedFilename();
  expect(name).toMatch(/^Rechnung-RE-\d{6}\.pdf$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = pdfText(bytes);
  const number = name.slice("Rechnung-".length, -".pdf".length);
  expect(text).toContain(`Rechnung ${number}`);
  expect(text).toContain("Frischkorb eG");
  expect(text).toContain("DE 298 765 431");
  expect(text).toContain("100000002");
  // the order's total as the order page shows it (e2e/orders.spec.ts): 29,21 €
  expect(text).toContain("29,21\u00a0€");
  // the page stays as it was, and a second download is the same invoice
  await expect(page).toHaveURL(/\/account\/order\/100000002$/);
  const again = await page.request.get("/account/order/100000002/invoice");
  expect(again.headers()["content-disposition"]).toBe(`attachment; filename="${name}"`);
  expect(again.headers()["cache-control"]).toBe("private, no-store");
});

test("an order that is not complete yet has no invoice", async ({ page, javaScriptEnabled }) => {
  await startSignedIn(page, ANNA);
  await visit(page, "/account/order/100000005", javaScriptEnabled, "Bestellung 100000005");
  // its state, as the order's facts and as the timeline's current step both name it
  await expect(page.getByRole("main").getByText("Abholbereit").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Rechnung herunterladen" })).toHaveCount(0);
  expect((await page.request.get("/account/order/100000005/invoice")).status()).toBe(404);
});
