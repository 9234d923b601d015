import { accessibilityViolations, expect, test } from "./fixtures";

/**
 * The axe check itself (fixtures.ts): on a test page, not one of the shop's, it finds what the
 * visitor in front of the page meets. Without JavaScript that is the `<noscript>` content and the
 * markup as the server sent it (no inline script ran); with JavaScript the script's result, and no
 * `<noscript>` content.
 */
const FIXTURE = `<!DOCTYPE html>
<html lang="de">
  <head><meta charset="utf-8"><title>Prüfseite</title></head>
  <body>
    <main>
      <h1>Prüfseite</h1>
      <noscript><button type="submit"></button></noscript>
      <img src="/favicon.svg" id="unnamed">
      <script>document.getElementById("unnamed").alt = "Frischkorb";</script>
    </main>
  </body>
</html>`;

test("the check finds a violation inside <noscript> and one in the markup without JavaScript, neither with it", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.route("**/__axe-check-fixture", (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: FIXTURE }),
  );
  await page.goto("/__axe-check-fixture");
  await expect(page.getByRole("heading", { level: 1, name: "Prüfseite" })).toBeVisible();
  const violations = await accessibilityViolations(page);
  if (javaScriptEnabled) expect(violations).toEqual([]);
  else expect(violations.map((v) => v.split(":")[0]).sort()).toEqual(["button-name", "image-alt"]);
});
