import { expect, test } from "./fixtures";
import { waitForHydration } from "./helpers";

/**
 * Taps while the page starts its scripts: a slow phone, where the page stands long before the app
 * has taken it over, and a customer who taps meanwhile. React 18 answers a tap on a page it is still
 * hydrating by hydrating all of it at once, synchronously; Remix used to wait for the page's data at
 * the top of the app during that render, which a synchronous render cannot do. React threw its
 * error 345 ("Root did not complete") and never hydrated the page: no JavaScript feature worked
 * (entry.client.tsx). The browser here runs six times slower and taps the heading every 5 ms until
 * it has hydrated (before the fix: the error on every load, and a page that stayed dead).
 */
function tapUntilHydrated() {
  const heading = () => document.querySelector("h1");
  const hydrated = () => Object.keys(heading() ?? {}).some((key) => key.startsWith("__reactFiber$"));
  const tap = () => {
    if (hydrated()) return;
    heading()?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    setTimeout(tap, 5);
  };
  document.addEventListener("DOMContentLoaded", tap);
}

for (const [where, path] of [
  ["the home page", "/"],
  ["a product page", "/catalog/product/100004"],
  ["the back office's sign-in", "/staff/login"],
]) {
  test(`@needs-javascript taps while ${where} starts: no error, and the app takes the page over`, async ({ page }) => {
    const devtools = await page.context().newCDPSession(page);
    await devtools.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    await page.addInitScript(tapUntilHydrated);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await waitForHydration(page, true);
  });
}
