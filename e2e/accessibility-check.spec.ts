import { accessibilityViolations, expect, test } from "./fixtures";
import { phoneLayoutProblemsAt360 } from "./phone-layout";

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

/**
 * The 360 px layout check itself (phone-layout.ts) on a test page: it finds sideways scrolling, a
 * text running out of its box and two controls on top of each other, and leaves alone what is meant
 * to be so: a header fixed above the content, a text hidden for screen readers, boxes side by side.
 */
const LAYOUT_FIXTURE = `<!DOCTYPE html>
<html lang="de">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Layoutprüfung</title></head>
  <body style="margin:0">
    <header style="position:fixed;top:0;left:0;right:0;height:60px;background:#fff"><a href="#">Kopfzeile</a></header>
    <main style="padding-top:20px">
      <h1>Layoutprüfung</h1>
      <p style="position:absolute;clip:rect(0 0 0 0);width:1px;height:1px;overflow:hidden">Nur für Screenreader</p>
      <div style="width:120px"><span style="white-space:nowrap">Lebensmittelunternehmer</span></div>
      <div style="position:relative;height:60px">
        <button type="button" style="position:absolute;left:0;top:0">Eins</button>
        <button type="button" style="position:absolute;left:12px;top:8px">Zwei</button>
      </div>
      <div><button type="button">Links</button> <button type="button">Rechts</button></div>
      <div style="width:500px">Zu breit</div>
    </main>
  </body>
</html>`;

test("the 360 px check finds sideways scrolling, text out of its box and controls on top of each other @needs-javascript", async ({
  page,
}) => {
  await page.route("**/__layout-check-fixture", (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: LAYOUT_FIXTURE }),
  );
  await page.goto("/__layout-check-fixture");
  const problems = await phoneLayoutProblemsAt360(page);
  expect(problems.map((p) => p.replace(/\(\d+px in \d+px\)/, "(…)"))).toEqual([
    "the page scrolls sideways: 500px in 360px",
    'text overflows its box (…): div "Lebensmittelunternehmer"',
    'overlap: button "Eins" and button "Zwei"',
  ]);
});
