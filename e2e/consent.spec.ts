/**
 * Consent and tracking in the browser (docs/decisions/0027): a first visit without a choice sees
 * the banner; refusing sends nothing anywhere and sets no cookie beyond the choice; allowing
 * statistics loads the tag manager (the development stand-in, which records what it receives in
 * the shop's D1) with the page view and its context; the footer's "Cookie-Einstellungen" withdraw
 * it again. Each test marks its pages with a query parameter of its own, so the recorded entries
 * of parallel tests never mix.
 */
import type { Page } from "@playwright/test";
import { ANNA, DEMO_PASSWORD, expectToast, signIn, signOut } from "./account-helpers";
import { executeD1 } from "./d1";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForHydration } from "./helpers";

// a first visit: no consent cookie
test.use({ consentCookie: null });
test.describe.configure({ timeout: 90_000 });

const CONTAINER = "/dev/tag-manager/gtm.js?id=GTM-FRISCHKORB";

function banner(page: Page) {
  return page.getByRole("region", { name: "Cookies bei Frischkorb" });
}

interface Outgoing {
  url: string;
  /** The page's address when the request left. */
  on: string;
}

/** Every request the page makes to the tag manager or to anywhere but the shop. */
function watchOutgoing(page: Page, shop: string): Outgoing[] {
  const seen: Outgoing[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    const elsewhere = /^https?:$/.test(url.protocol) && url.origin !== new URL(shop).origin;
    if (url.pathname.startsWith("/dev/tag-manager") || elsewhere) seen.push({ url: request.url(), on: page.url() });
  });
  return seen;
}

/** What the stand-in received from pages whose address carries `mark`, oldest first. */
async function received(mark: string): Promise<Record<string, unknown>[]> {
  const rows = await executeD1("SELECT payload FROM tag_manager_hit WHERE page LIKE ? ORDER BY id", [`%${mark}%`]);
  return rows.map((r) => JSON.parse(String(r.payload)) as Record<string, unknown>);
}

const events = (entries: Record<string, unknown>[], name: string) => entries.filter((e) => e.event === name);

test("a first visit asks; refusing sends nothing to the tag manager and keeps only the choice", async ({
  page,
  javaScriptEnabled,
  baseURL,
}) => {
  const outgoing = watchOutgoing(page, baseURL!);
  const mark = `e2e=refuse-${Math.random().toString(36).slice(2, 8)}`;
  await page.goto(`/catalog/category/milch?${mark}`);
  await waitForHydration(page, javaScriptEnabled);
  await expect(banner(page)).toBeVisible();
  const refuse = banner(page).getByRole("button", { name: "Alle ablehnen" });
  const accept = banner(page).getByRole("button", { name: "Alle akzeptieren" });
  // equally easy: same size, side by side
  const [r, a] = [await refuse.boundingBox(), await accept.boundingBox()];
  expect(Math.abs(r!.height - a!.height)).toBeLessThan(1);
  expect(Math.abs(r!.width - a!.width)).toBeLessThan(2);
  // the page stays usable: its heading and the products are there and reachable
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page);

  // keyboard: after the skip link the banner's answers come first
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(banner(page).getByRole("link", { name: "Mehr dazu in der Datenschutzerklärung" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(refuse).toBeFocused();

  await refuse.click();
  await expect(page).toHaveURL(new RegExp(`/catalog/category/milch\\?${mark}$`));
  await expectToast(page, "Deine Cookie-Einstellungen sind gespeichert.");
  await expect(banner(page)).toHaveCount(0);
  await page.goto(`/search/find?q=milch&${mark}`);
  await expect(banner(page)).toHaveCount(0);

  expect(outgoing).toEqual([]);
  const cookies = (await page.context().cookies()).map((c) => c.name).sort();
  expect(cookies).toEqual(["consent"]);
  expect((await page.context().cookies()).find((c) => c.name === "consent")?.value).toBe("v1%3A");
  expect(await received(mark)).toEqual([]);
});

test("allowing statistics loads the tag manager with the page view, and the footer's settings withdraw it", async ({
  page,
  javaScriptEnabled,
  baseURL,
}) => {
  // unique per run, so retries and repeats never count each other's entries
  const mark = `e2e=stats-${javaScriptEnabled ? "js" : "nojs"}-${Math.random().toString(36).slice(2, 8)}`;
  const outgoing = watchOutgoing(page, baseURL!);
  await page.goto(`/catalog/category/startseite?${mark}`);
  await waitForHydration(page, javaScriptEnabled);
  await banner(page).getByText("Einstellungen", { exact: true }).click();
  await expect(banner(page).getByRole("checkbox", { name: /Notwendig/ })).toBeChecked();
  await expect(banner(page).getByRole("checkbox", { name: /Notwendig/ })).toBeDisabled();
  const statistics = banner(page).getByRole("checkbox", { name: /^Statistik/ });
  const marketing = banner(page).getByRole("checkbox", { name: /^Marketing/ });
  await expect(statistics).not.toBeChecked();
  await expect(marketing).not.toBeChecked();
  await statistics.check();
  await banner(page).getByRole("button", { name: "Auswahl speichern" }).click();
  await expect(page).toHaveURL(new RegExp(`/catalog/category/startseite\\?${mark}$`));
  await expect(banner(page)).toHaveCount(0);
  expect((await page.context().cookies()).find((c) => c.name === "consent")?.value).toBe("v1%3Astatistics");

  if (javaScriptEnabled) {
    await expect.poll(() => outgoing.map((r) => new URL(r.url).pathname + new URL(r.url).search)).toContain(CONTAINER);
    await expect.poll(async () => events(await received(mark), "page_view").length).toBe(1);
    const [view] = events(await received(mark), "page_view");
    expect(view).toMatchObject({ page_context: "category", page_path: `/catalog/category/startseite?${mark}` });
    expect(view).not.toHaveProperty("customer_group");
    // the consent defaults, all denied, and the choice (their order is the inline start's, see the integration test)
    const entries = await received(mark);
    expect(entries).toContainEqual([
      "consent",
      "default",
      expect.objectContaining({ analytics_storage: "denied", ad_storage: "denied" }),
    ]);
    expect(entries).toContainEqual([
      "consent",
      "update",
      expect.objectContaining({ analytics_storage: "granted", ad_storage: "denied" }),
    ]);

    // product impressions as tiles become visible, each with its list and position. The tracker
    // loads after the page: the tiles in view count once it runs, and leaving the page (pagehide)
    // sends what waits, so poll with that until the tiles in view have gone out.
    type Listed = { ecommerce: { items: { index: number; item_list_name: string; item_id: string }[] } };
    const lists = async () => events(await received(mark), "view_item_list") as Listed[];
    const positionsOf = (list: Listed) => list.ecommerce.items.map((i) => i.index);
    const counted = (from: number, length: number) => Array.from({ length }, (_, i) => from + i);
    await expect
      .poll(async () => {
        await page.evaluate(() => dispatchEvent(new Event("pagehide")));
        return (await lists()).length;
      })
      .toBe(1);
    const [inView] = await lists();
    expect(inView.ecommerce.items.length).toBeGreaterThan(0);
    expect(inView.ecommerce.items.length).toBeLessThan(15);
    expect(positionsOf(inView)).toEqual(counted(1, inView.ecommerce.items.length));
    // scrolling on: a batch of 15 goes out by itself, its positions continuing the list
    for (let step = 0; step < 10; step++) {
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(80);
    }
    // (each batch is a request of its own, so they may be recorded in either order)
    const next = inView.ecommerce.items.length + 1;
    const batchFrom = async () => (await lists()).find((l) => positionsOf(l)[0] === next);
    await expect.poll(batchFrom).toBeDefined();
    const batch = (await batchFrom())!;
    expect(positionsOf(batch)).toEqual(counted(next, 15));
    expect(
      [inView, batch].every((l) => l.ecommerce.items.every((i) => i.item_list_name === "Produkte" && i.item_id !== "")),
    ).toBe(true);

    // a navigation in the app is a page view of its own, with its context
    const searchViews = async () =>
      events(await received("/search/find?q=milch"), "page_view").filter((v) => v.page_context === "results").length;
    const viewsBefore = await searchViews();
    await page.getByRole("banner").getByRole("search").getByLabel("Produkte suchen").fill("milch");
    await page.getByRole("banner").getByRole("search").getByLabel("Produkte suchen").press("Enter");
    await expect(page).toHaveURL(/\/search\/find\?q=milch/);
    await expect.poll(searchViews).toBe(viewsBefore + 1);
    expect(await page.context().cookies()).toContainEqual(expect.objectContaining({ name: "_ga" }));
  } else {
    // without JavaScript no script runs: nothing is requested, nothing recorded
    expect(outgoing).toEqual([]);
    expect(await received(mark)).toEqual([]);
  }

  // withdraw from the footer, on any page
  await page.goto(`/pages/legal/impressum?${mark}-withdraw`);
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie-Einstellungen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cookie-Einstellungen" })).toBeVisible();
  await expect(page.getByText("Erlaubt: Statistik")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Alle ablehnen" }).click();
  await expect(page).toHaveURL(new RegExp(`/pages/legal/impressum\\?${mark}-withdraw$`));
  expect((await page.context().cookies()).map((c) => c.name).sort()).toEqual(["consent"]);
  await page.goto(`/catalog/category/milch?${mark}-after`);
  await waitForHydration(page, javaScriptEnabled);
  await page.mouse.wheel(0, 1500);
  await page.waitForTimeout(500);
  expect(outgoing.filter((r) => r.on.includes(`${mark}-after`))).toEqual([]);
  expect(await received(`${mark}-after`)).toEqual([]);
});

test("a wrong answer on the settings page gets a German message and changes nothing", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/consent");
  await waitForHydration(page, javaScriptEnabled);
  await expect(page.getByText("Du hast noch keine Auswahl getroffen.")).toBeVisible();
  // a tampered form, as a visitor could send it: a category the shop does not have
  await page.evaluate(() => {
    const extra = document.createElement("input");
    extra.type = "hidden";
    extra.name = "category";
    extra.value = "werbung";
    document.querySelector("form.consent-form")?.appendChild(extra);
  });
  await page.getByRole("button", { name: "Auswahl speichern" }).click();
  await expect(
    page.getByText("Diese Cookie-Kategorie gibt es bei uns nicht. Bitte wähle aus der Liste."),
  ).toBeVisible();
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain("consent");
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the tag manager needs JavaScript");

  test("a signed-in customer: login with her group, the purchase once even after a reload, the logout", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "consent", value: "v1%3Astatistics", url: baseURL! }]);
    await signIn(page, ANNA, DEMO_PASSWORD, true);
    await expect.poll(async () => events(await received("/"), "login").length).toBeGreaterThan(0);
    const [order] = await executeD1(
      `SELECT o.increment_id AS n FROM customer_order o JOIN customer c ON c.id = o.customer_id
        WHERE c.email = ? AND o.status != 'canceled' AND o.channel = 'online' ORDER BY o.id LIMIT 1`,
      [ANNA],
    );
    const success = `/checkout/success?order=${order.n}&e2e=${Math.random().toString(36).slice(2, 8)}`;
    await page.goto(success);
    await waitForHydration(page, true);
    const purchases = async () =>
      events(await received(success), "purchase").filter(
        (p) => (p.ecommerce as { transaction_id?: string }).transaction_id === String(order.n),
      ).length;
    await expect.poll(purchases).toBe(1);
    const [view] = events(await received(success), "page_view");
    expect(view).toMatchObject({ page_context: "success", customer_group: "shareholder" });
    await page.reload();
    await waitForHydration(page, true);
    await expect.poll(async () => events(await received(success), "page_view").length).toBe(2);
    await page.waitForTimeout(500);
    expect(await purchases()).toBe(1);

    await signOut(page);
    await expect.poll(async () => events(await received("/"), "logout").length).toBeGreaterThan(0);
  });
});
