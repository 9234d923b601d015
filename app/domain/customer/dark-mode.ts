import { z } from "zod";

/**
 * The theme toggle's form. Anything but "1" is the light theme, as it always was: the toggle is the
 * only sender, and a visitor's toggle (from a cached page, without a CSRF token) changes nothing
 * but the browser's own theme setting, so a wrong value has nothing to refuse.
 */
export const themeFormSchema = z.object({
  darkMode: z.enum(["0", "1"]).catch("0"),
});

export type DarkMode = z.infer<typeof themeFormSchema>["darkMode"];

/**
 * Dark mode at sign-in: a browser in dark mode switches the account on; otherwise the
 * account's value wins. Returns the value to use and whether the account must be saved.
 */
export function darkModeAtSignIn(browser: DarkMode, account: DarkMode): { value: DarkMode; saveToAccount: boolean } {
  if (browser === "1" && account === "0") return { value: "1", saveToAccount: true };
  return { value: account, saveToAccount: false };
}
