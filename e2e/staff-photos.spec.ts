import { makePng } from "../tests/fixtures/photos";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForHydration } from "./helpers";
import { signInStaff } from "./staff";

/**
 * Product photos (issue 33 §2, docs/decisions/0048), JavaScript on and off, axe and the 360 px check
 * on each state: Rudi Regal tries an HTML page named like a photo (refused at the field, judged by
 * its bytes), then uploads a photo the test draws; it appears on the range page and on the shop's
 * product page in place of the drawn pack. Each project uses its own product.
 */
test("Rudi uploads a product photo and the shop's product page shows it", async ({ page, javaScriptEnabled }) => {
  const [sku, name, rgb] = javaScriptEnabled
    ? ["100004", "Demeter-Äpfel Topaz", [200, 40, 40] as [number, number, number]]
    : ["100005", "Bio-Zitronen", [230, 200, 40] as [number, number, number]];
  await signInStaff(page, "Rudi Regal", `/staff/range/${sku}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(sku);
  const photos = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Fotos" }) });
  await expect(photos.getByText("Noch kein Foto")).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
  await expectAccessible(page);

  const field = photos.getByLabel("Neues Foto");
  await field.setInputFiles({
    name: "apfel.png",
    mimeType: "image/png",
    buffer: Buffer.from("<!doctype html><title>kein Foto</title><script>alert(1)</script>"),
  });
  await photos.getByRole("button", { name: "Foto hochladen" }).click();
  await expect(photos.getByText(/Das ist kein Foto im Format JPEG, PNG oder WebP/)).toBeVisible();
  await expect(photos.getByLabel("Neues Foto")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  await photos
    .getByLabel("Neues Foto")
    .setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: makePng(640, 640, rgb) });
  await photos.getByRole("button", { name: "Foto hochladen" }).click();
  await expect(page.getByText("Das Foto ist hochgeladen.").first()).toBeVisible();
  const thumb = photos.getByRole("img", { name: `Foto 1: ${name}` });
  await expect(thumb).toBeVisible();
  await expect(thumb).toHaveAttribute("src", /^\/images\/photos\/[0-9a-f]{64}\.png\?w=270$/);
  await expect(photos.getByText("Hauptfoto", { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Im Shop ansehen" }).click();
  const image = page.getByRole("img", { name: `Produktbild: ${name}` }).first();
  await expect(image).toHaveAttribute("src", /^\/images\/photos\/[0-9a-f]{64}\.png\?w=480$/);
  // the browser drew it: the photo was served, not the pack
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
  await expectAccessible(page);
});
