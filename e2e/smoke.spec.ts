import { expect, expectAccessible, test } from "./fixtures";

test("home shows the shop in German and passes axe", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Frisch, regional, gemeinsam." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Unser Sortiment" })).toBeVisible();
  await expectAccessible(page);
});
