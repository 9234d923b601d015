import type { Page } from "@playwright/test";
import { expectToast, visit } from "./account-helpers";
import { addFromProductPage, cartLine, COFFEE, freshCustomer, JUICE } from "./checkout-helpers";
import { expect, expectAccessible, test } from "./fixtures";

test.describe.configure({ timeout: 90_000 });

/** Something the test holds back until it calls `release`. */
function holdBack() {
  let release!: () => void;
  const until = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { until, release };
}

/** "+" on the juice, then "Entfernen" on the coffee, without waiting between them. */
async function plusThenRemove(page: Page) {
  await cartLine(page, JUICE.name)
    .getByRole("button", { name: `Eins mehr von ${JUICE.name}` })
    .click();
  await cartLine(page, COFFEE.name)
    .getByRole("button", { name: `${COFFEE.name} aus dem Warenkorb entfernen` })
    .click();
}

/** A new customer's cart with the coffee and the juice, open with JavaScript. */
async function cartWithTwoLines(page: Page) {
  await freshCustomer(page);
  await addFromProductPage(page, COFFEE, true);
  await addFromProductPage(page, JUICE, true);
  await visit(page, "/cart", true, "Warenkorb");
}

/**
 * Two cart changes whose answers cross (app/platform/flash.server.ts): "+" on one line is still on
 * its way when "Entfernen" on another is pressed and answered. The page reads the removal's notice
 * in a revalidation the browser then drops, because the one after the "+" lands first; that one
 * reads both actions' notices, and the customer is told both. Showing only the last action's lost
 * the removal's notice (a flaky keyboard test found it).
 */
// without JavaScript each change is a post and a page of its own
test("a quantity change still on its way and a removal answered meanwhile: both are told @needs-javascript", async ({
  page,
}) => {
  await cartWithTwoLines(page);

  const quantity = holdBack();
  const read = holdBack();
  let phase: "start" | "removed" | "read held" = "start";
  await page.route(/\/cart\.data(\?|$)/, async (route) => {
    const request = route.request();
    const intent = new URLSearchParams(request.postData() ?? "").get("intent");
    if (request.method() === "POST" && intent === "setQuantity") await quantity.until;
    else if (request.method() === "POST" && intent === "remove") phase = "removed";
    else if (request.method() === "GET" && phase === "removed") {
      // the revalidation after the removal: it carries the removal's notice and is held back
      phase = "read held";
      await read.until;
    }
    await route.continue().catch(() => {}); // a read the page gave up on is gone already
  });

  await plusThenRemove(page);
  await expect.poll(() => phase).toBe("read held");
  // the "+" is answered now; the revalidation after it lands and the held one is dropped
  quantity.release();
  await expectToast(page, `Die Menge von „${JUICE.name}“ wurde geändert.`);
  await expectToast(page, `„${COFFEE.name}“ wurde aus dem Warenkorb entfernt.`);
  await expectAccessible(page);
  read.release();
  await expect(cartLine(page, COFFEE.name)).toHaveCount(0);
  await expect(cartLine(page, JUICE.name).getByLabel(`Menge von ${JUICE.name}`)).toHaveValue("2");
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

/**
 * The other crossing: the removal is answered and told while the "+" pressed before it is still on
 * its way; the "+" is told last. Its notice joins the removal's (app/domain/notification/notice.ts);
 * replacing it, as a later action's would, took the removal's notice away a moment after it came
 * (a flaky keyboard test found that too).
 */
test("a removal told while a quantity change is still on its way stays when the change is told @needs-javascript", async ({
  page,
}) => {
  await cartWithTwoLines(page);

  const quantity = holdBack();
  await page.route(/\/cart\.data(\?|$)/, async (route) => {
    const request = route.request();
    const intent = new URLSearchParams(request.postData() ?? "").get("intent");
    if (request.method() === "POST" && intent === "setQuantity") await quantity.until;
    await route.continue().catch(() => {});
  });

  await plusThenRemove(page);
  const removed = `„${COFFEE.name}“ wurde aus dem Warenkorb entfernt.`;
  await expectToast(page, removed);
  await expect(cartLine(page, COFFEE.name)).toHaveCount(0);
  quantity.release();
  await expectToast(page, `Die Menge von „${JUICE.name}“ wurde geändert.`);
  await expectToast(page, removed);
  await expect(cartLine(page, JUICE.name).getByLabel(`Menge von ${JUICE.name}`)).toHaveValue("2");
  await expectAccessible(page);
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
