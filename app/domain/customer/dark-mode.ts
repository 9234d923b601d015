export type DarkMode = "0" | "1";

/**
 * Spec 4 "Dark mode" at sign-in: a browser in dark mode switches the account on; otherwise the
 * account's value wins. Returns the value to use and whether the account must be saved.
 */
export function darkModeAtSignIn(browser: DarkMode, account: DarkMode): { value: DarkMode; saveToAccount: boolean } {
  if (browser === "1" && account === "0") return { value: "1", saveToAccount: true };
  return { value: account, saveToAccount: false };
}
