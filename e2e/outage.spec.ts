import type { Page } from "@playwright/test";
import { startMiniflareShop } from "../scripts/miniflare-shop.mjs";
import { expect, expectAccessible, REFUSED_CONSENT, test } from "./fixtures";
import { waitForHydration } from "./helpers";
import { startSignedIn } from "./session";

/**
 * A database outage as a shopper meets it (docs/decisions/0036), JavaScript on and off, with axe
 * and the 360 px check on each of its pages: the German 503 page, a catalogue page the edge cache
 * stands in with, the sign-in form that keeps the address, a cart add to send again.
 *
 * The run's shared shop cannot lose its database for one test while others run beside it, so this
 * file starts a shop of its own behind a D1 binding it switches off (scripts/miniflare-shop.mjs),
 * one per project so both can run at once.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

const PRODUCT = "120001";
const DEMO_CUSTOMER = "anna.schmidt@example.org";
const HEADLINE = "Frischkorb ist gerade nicht erreichbar";
let down = false;
let shop: Awaited<ReturnType<typeof startMiniflareShop>> | undefined;
let origin = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const project = test.info().project.name;
  const port = Number(process.env.E2E_PORT ?? "8790") + (project === "js" ? 5 : 6);
  shop = await startMiniflareShop({
    port,
    assets: true,
    databaseDown: () => down,
    // one second fresh, so a stored page is past its freshness when the outage starts
    bindings: { ENVIRONMENT: "development", EDGE_CACHE_SECONDS: "1" },
  });
  origin = `http://127.0.0.1:${port}`;
});
test.afterAll(async () => {
  await shop?.mf.dispose();
});
test.beforeEach(async ({ context }) => {
  down = false;
  await context.addCookies([{ name: "consent", value: encodeURIComponent(REFUSED_CONSENT), url: origin }]);
});

const at = (path: string) => `${origin}${path}`;

/** How many of the product are in the demo customer's cart. */
async function cartQty(): Promise<number> {
  const row = await shop!.db
    .prepare(
      "SELECT qty FROM cart_item JOIN customer ON customer.id = cart_item.customer_id WHERE email = ? AND sku = ? AND is_gift = 0",
    )
    .bind(DEMO_CUSTOMER, PRODUCT)
    .first<{ qty: number }>();
  return row?.qty ?? 0;
}

async function expectOutagePage(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: HEADLINE })).toBeVisible();
  await expect(page).toHaveTitle(/^Fehler 503/);
  await expect(page.getByText("Hier ist etwas schiefgelaufen")).toHaveCount(0);
}

test("a page that needs the database: the German 503 page with Retry-After, and the shop again after", async ({
  page,
}) => {
  down = true;
  const response = await page.goto(at("/account"));
  expect(response?.status()).toBe(503);
  expect(response?.headers()["retry-after"]).toBe("30");
  await expectOutagePage(page);
  await expectAccessible(page);

  down = false;
  await page.goto(at("/catalog/category/kaese"));
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(HEADLINE);
});

test("a catalogue page stored before the outage is still shown during it", async ({ page }) => {
  const path = "/catalog/category/milch";
  // stored in the edge cache after its first answer; asked until it comes from there
  await expect(async () => {
    const answer = await page.request.get(at(path));
    expect(answer.headers()["x-edge-cache"]).toBe("HIT");
  }).toPass({ timeout: 10_000 });
  await page.waitForTimeout(1_100);

  down = true;
  const response = await page.goto(at(path));
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-edge-cache"]).toBe("STALE");
  await expect(page.getByRole("heading", { level: 1, name: "Milch" })).toBeVisible();
  await expect(page.getByText("Vollmilch").first()).toBeVisible();
  await expectAccessible(page);
});

test("sign-in during the outage: a German message, the address kept, the password not", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto(at("/login"));
  await waitForHydration(page, javaScriptEnabled);
  const form = page.locator("form#login");
  await form.getByLabel("E-Mail-Adresse").fill("ida.typed@example.org");
  await form.getByLabel("Passwort", { exact: true }).fill("Geheim-Passwort-1");
  down = true;
  await form.getByRole("button", { name: "Anmelden" }).click();
  await expect(
    page.getByText("Die Anmeldung ist gerade nicht möglich, weil Frischkorb kurz nicht erreichbar ist."),
  ).toBeVisible();
  await expect(form.getByLabel("E-Mail-Adresse")).toHaveValue("ida.typed@example.org");
  if (!javaScriptEnabled) await expect(form.getByLabel("Passwort", { exact: true })).toHaveValue("");
  await expectAccessible(page);
});

test("a cart add during the outage: the 503 page offers to send it again, and that adds it", async ({
  page,
  javaScriptEnabled,
}) => {
  // adding to the cart needs a signed-in customer
  await startSignedIn(page, DEMO_CUSTOMER, {
    url: origin,
    execute: async (sql, params = []) =>
      (
        await shop!.db
          .prepare(sql)
          .bind(...params)
          .all()
      ).results,
  });
  const before = await cartQty();
  await page.goto(at(`/catalog/product/${PRODUCT}`));
  await waitForHydration(page, javaScriptEnabled);
  down = true;
  await page.getByRole("main").getByRole("button", { name: "In den Warenkorb", exact: true }).first().click();
  await expectOutagePage(page);
  const resend = page.getByRole("button", { name: "Noch einmal senden" });
  await expect(resend).toBeVisible();
  await expectAccessible(page);

  down = false;
  // With JavaScript the router may still be reloading the page's data after the failed post; the
  // resend form is a document post, and leaving the page aborts that fetch, which the browser then
  // reports as an error of the page. A customer never sees it; the test waits until it is done.
  if (javaScriptEnabled) await page.waitForLoadState("networkidle");
  await resend.click();
  // without JavaScript the form said where to go back; a fetcher's post says nothing, so the cart
  await expect(page).toHaveURL(at(javaScriptEnabled ? "/cart" : `/catalog/product/${PRODUCT}`));
  await expect.poll(cartQty).toBe(before + 1);
});
