import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** A member of the demo staff, signed in through the development sign-in (the stand-in for Access). */
export async function signInStaff(page: Page, name: string, to = "/staff") {
  await page.goto(`/staff/login?redirectTo=${encodeURIComponent(to)}`);
  await page.getByRole("button", { name: `Als ${name} anmelden` }).click();
  await expect(page.getByRole("button", { name: "Abmelden" })).toBeVisible();
}

/** The back office's main navigation. */
export function staffNav(page: Page) {
  return page.getByRole("navigation", { name: "Backoffice" });
}
