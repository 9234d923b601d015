import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, DEMO, csrfOf, signIn, type Page } from "./browser";
import { prepareTestCustomer } from "../fixtures/customer";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

// "Apfelsaft klar" at 1,19 €: 43 make 51,17 € (the 50 € step, 1 gift), 64 make 76,16 € (75 €, 2),
// 85 make 101,15 € (100 €, 3). Gifts of the demo rules: 50 € Joghurt, Mozzarella, Apfelsaft;
// 75 € also Kartoffelchips, Gewürzgurken; 100 € also Sonnenblumenöl, Allzweckreiniger.
const JUICE = "160009";
const STEP_50 = ["120026", "130042", "160009"];
const STEP_75 = ["180017", "200009"];
const STEP_100 = ["190018", "210012"];

/** The page's text as a reader sees it: React's text separators gone, no-break spaces plain. */
const text = (page: Page) => page.html.replace(/<!-- -->/g, "").replace(/\u00a0|&nbsp;/g, " ");

let counter = 0;

/** A signed-in customer with an empty cart: Anna (the demo customer) or a fresh one. */
async function shopper(email?: string) {
  let id: number;
  if (email) {
    id = (await shop.db.prepare("SELECT id FROM customer WHERE email = ?").bind(email).first<{ id: number }>())!.id;
  } else {
    email = `gratis-${Date.now()}-${counter++}@example.org`;
    id = 700000 + Math.floor(Math.random() * 1e9);
    await prepareTestCustomer(shop.db, {
      id,
      email,
      firstname: "Gerd",
      lastname: "Gratis",
      gender: "m",
      dob: "1980-01-01",
    }).run();
  }
  await shop.db.batch([
    shop.db.prepare("DELETE FROM cart_item WHERE customer_id = ?").bind(id),
    shop.db.prepare("DELETE FROM cart_state WHERE customer_id = ?").bind(id),
  ]);
  const browser = new Browser(shop);
  await signIn(browser, email);
  const csrf = csrfOf((await browser.get("/cart")).html);
  const cartPost = (fields: Record<string, string>) => browser.post("/cart", fields, { csrf });
  const giftPost = (fields: Record<string, string>) => browser.post("/cart/gifts", fields, { csrf });
  const juice = (qty: number) => cartPost({ intent: "setQuantity", sku: JUICE, qty: String(qty) });
  const gifts = async () =>
    (
      await shop.db
        .prepare("SELECT sku, qty FROM cart_item WHERE customer_id = ? AND is_gift = 1 ORDER BY sku")
        .bind(id)
        .all<{ sku: string; qty: number }>()
    ).results;
  return { browser, id, csrf, cartPost, giftPost, juice, gifts };
}

/** A gift post as the browser sends it without JavaScript: back to the cart, with the notice. */
async function expectBackToCart(browser: Browser, posted: Page, notice: string) {
  expect(posted.res.status).toBe(302);
  expect(posted.res.headers.get("Location")).toBe("/cart");
  const cart = await browser.follow(posted);
  expect(cart.res.status).toBe(200);
  expect(text(cart)).toContain(notice);
  return cart;
}

describe("gifts", () => {
  it("Anna reaches the 50 € step, chooses one gift at 0 € and cannot choose a second", async () => {
    const anna = await shopper(DEMO.active);
    await anna.cartPost({ intent: "add", sku: JUICE, qty: "40" });
    let cart = await anna.browser.get("/cart");
    expect(text(cart)).toContain("Noch 2,40 € bis zu deiner ersten Gratis-Zugabe (ab 50,00 €).");
    expect(text(cart)).not.toContain("Gratis-Zugabe für dich");
    const early = await anna.browser.get("/cart/gifts");
    expect(text(early)).toContain("Gratis-Zugaben gibt es ab einem Einkaufswert von 50,00 €. Es fehlen noch 2,40 €.");
    expect(text(early)).not.toContain("Auswählen");

    expect((await anna.juice(43)).res.status).toBe(200);
    cart = await anna.browser.get("/cart");
    expect(text(cart)).toContain("Gratis-Zugabe für dich");
    expect(text(cart)).toContain("Dein Einkauf hat 50,00 € erreicht: Such dir eine Gratis-Zugabe aus.");
    expect(cart.html).toContain('href="/cart/gifts"');

    // The modal is the nested route, rendered as an open dialog inside the cart page
    const modal = await anna.browser.get("/cart/gifts");
    expect(modal.res.status).toBe(200);
    expect(modal.res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(modal.html).toMatch(/<dialog[^>]*open/);
    expect(modal.html).toContain("<title>Warenkorb – Frischkorb</title>");
    expect(text(modal)).toContain("Ab 50,00 € Einkaufswert schenken wir dir eine Gratis-Zugabe.");
    for (const name of ["Laktosefreier Joghurt Pfirsich 3,5 %", "Mozzarella", "Apfelsaft klar"]) {
      expect(text(modal)).toContain(`aria-label="${name} als Gratis-Zugabe auswählen"`);
    }
    expect(text(modal)).not.toContain("Kartoffelchips Gesalzen"); // the 75 € step's
    expect(text(modal)).toContain("Warenkorb"); // the cart page around it

    const chosen = await anna.giftPost({ intent: "choose", sku: "130042" });
    cart = await expectBackToCart(anna.browser, chosen, "„Mozzarella“ liegt jetzt als Gratis-Zugabe im Warenkorb.");
    expect(await anna.gifts()).toEqual([{ sku: "130042", qty: 1 }]);
    // at 0 €, not in the subtotal, and the invitation is gone
    expect(text(cart)).toMatch(/Mozzarella[\s\S]*Gratis-Zugabe[\s\S]*gratis/);
    expect(text(cart)).toContain("Zwischensumme (44 Artikel)");
    expect(text(cart)).toMatch(/Zwischensumme \(44 Artikel\)<\/dt><dd>51,17 €/);
    expect(text(cart)).not.toContain("Gratis-Zugabe für dich");

    const full = await anna.browser.get("/cart/gifts");
    expect(text(full)).toContain("Ausgewählt");
    expect(text(full)).toContain("Du hast bereits alle Gratis-Zugaben dieser Stufe ausgewählt.");
    expect(full.html.match(/<button[^>]*value="choose"[^>]*>/g)!.every((b) => / disabled=""/.test(b))).toBe(true);

    const second = await anna.giftPost({ intent: "choose", sku: "120026" });
    await expectBackToCart(anna.browser, second, "Du kannst gerade keine (weitere) Gratis-Zugabe auswählen.");
    const again = await anna.giftPost({ intent: "choose", sku: "130042" });
    await expectBackToCart(anna.browser, again, "„Mozzarella“ hast du schon als Gratis-Zugabe ausgewählt.");
    expect(await anna.gifts()).toEqual([{ sku: "130042", qty: 1 }]);
  });

  it("a higher step allows more gifts and also offers the lower steps' products", async () => {
    const c = await shopper();
    await c.juice(0);
    await c.cartPost({ intent: "add", sku: JUICE, qty: "64" });
    const modal = await c.browser.get("/cart/gifts");
    expect(text(modal)).toContain("Du kannst noch 2 Gratis-Zugaben auswählen.");
    expect(text(modal)).toContain("Kartoffelchips Gesalzen");
    expect(text(modal)).not.toContain("Allzweckreiniger");
    await expectBackToCart(
      c.browser,
      await c.giftPost({ intent: "choose", sku: STEP_100[1] }),
      "gibt es bei deinem Einkaufswert nicht als Gratis-Zugabe",
    );
    await expectBackToCart(
      c.browser,
      await c.giftPost({ intent: "choose", sku: STEP_50[0] }),
      "liegt jetzt als Gratis-Zugabe im Warenkorb",
    );
    await expectBackToCart(
      c.browser,
      await c.giftPost({ intent: "choose", sku: STEP_75[0] }),
      "liegt jetzt als Gratis-Zugabe im Warenkorb",
    );
    await expectBackToCart(
      c.browser,
      await c.giftPost({ intent: "choose", sku: STEP_75[1] }),
      "Du kannst gerade keine (weitere) Gratis-Zugabe auswählen.",
    );
    expect((await c.gifts()).map((g) => g.sku)).toEqual([STEP_50[0], STEP_75[0]].sort());
  });

  it("10 concurrent choices at the 1-gift step end with exactly one gift; at the 3-gift step with exactly three", async () => {
    const c = await shopper();
    await c.cartPost({ intent: "add", sku: JUICE, qty: "43" });
    const posts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => c.giftPost({ intent: "choose", sku: STEP_50[i % STEP_50.length] })),
    );
    expect(posts.map((p) => p.res.status)).toEqual(Array(10).fill(302));
    const one = await c.gifts();
    expect(one).toHaveLength(1);
    expect(one[0].qty).toBe(1);

    await c.juice(85);
    const all = [...STEP_50, ...STEP_75, ...STEP_100];
    const more = await Promise.all(
      Array.from({ length: 10 }, (_, i) => c.giftPost({ intent: "choose", sku: all[i % all.length] })),
    );
    expect(more.every((p) => p.res.status === 302)).toBe(true);
    const three = await c.gifts();
    expect(three).toHaveLength(3);
    expect(three.every((g) => g.qty === 1)).toBe(true);
  }, 60_000);

  it("'Nicht jetzt' holds at the step and the offer returns when the step rises", async () => {
    const c = await shopper();
    const early = await c.giftPost({ intent: "dismiss" });
    await expectBackToCart(c.browser, early, "Du kannst gerade keine (weitere) Gratis-Zugabe auswählen.");
    await c.cartPost({ intent: "add", sku: JUICE, qty: "43" });
    const dismissed = await c.giftPost({ intent: "dismiss" });
    let cart = await expectBackToCart(
      c.browser,
      dismissed,
      "Wir fragen dich wieder, wenn du die nächste Stufe erreichst.",
    );
    expect(text(cart)).not.toContain("Gratis-Zugabe für dich");
    // still reachable through a quiet link
    expect(cart.html).toContain('href="/cart/gifts"');
    const state = () =>
      shop.db
        .prepare("SELECT gift_dismissed_at_cents AS at FROM cart_state WHERE customer_id = ?")
        .bind(c.id)
        .first<{ at: number | null }>();
    expect((await state())!.at).toBe(5_000);

    // the marker persists across pages and quantity changes within the step
    await c.juice(50);
    expect(text(await c.browser.get("/cart"))).not.toContain("Gratis-Zugabe für dich");

    await c.juice(64);
    cart = await c.browser.get("/cart");
    expect(text(cart)).toContain("Gratis-Zugabe für dich");
    expect(text(cart)).toContain("Dein Einkauf hat 75,00 € erreicht: Such dir bis zu 2 Gratis-Zugaben aus.");
    await c.giftPost({ intent: "dismiss" });
    expect((await state())!.at).toBe(7_500);
    // a coupon on the same row survives the dismissal
    await c.cartPost({ intent: "applyCoupon", code: "HERBST10" });
    await c.giftPost({ intent: "dismiss" });
    expect(text(await c.browser.get("/cart"))).toContain("Gutschein 10 % Herbstrabatt");
  });

  it("refuses bad input with a German notice, never a server error", async () => {
    const c = await shopper();
    await expectBackToCart(
      c.browser,
      await c.giftPost({ intent: "choose", sku: STEP_50[0] }),
      "Du kannst gerade keine (weitere) Gratis-Zugabe auswählen.",
    );
    await c.cartPost({ intent: "add", sku: JUICE, qty: "43" });
    const refusals: [Record<string, string>, string][] = [
      [{ intent: "choose", sku: "999999" }, "gibt es bei deinem Einkaufswert nicht als Gratis-Zugabe"],
      [{ intent: "choose", sku: "100001" }, "gibt es bei deinem Einkaufswert nicht als Gratis-Zugabe"],
      [{ intent: "choose", sku: STEP_75[0] }, "gibt es bei deinem Einkaufswert nicht als Gratis-Zugabe"],
      [{ intent: "choose", sku: "" }, "gibt es bei deinem Einkaufswert nicht als Gratis-Zugabe"],
      [{ intent: "choose" }, "gibt es bei deinem Einkaufswert nicht als Gratis-Zugabe"],
      [
        { intent: "choose", sku: "'; DROP TABLE cart_item; --" },
        "gibt es bei deinem Einkaufswert nicht als Gratis-Zugabe",
      ],
      [{ sku: STEP_50[0] }, "Das hat leider nicht geklappt. Bitte versuche es noch einmal."],
      [{ intent: "nonsense", sku: STEP_50[0] }, "Das hat leider nicht geklappt. Bitte versuche es noch einmal."],
    ];
    for (const [fields, notice] of refusals) {
      const res = await c.giftPost(fields);
      expect(res.res.status, JSON.stringify(fields)).toBeLessThan(500);
      await expectBackToCart(c.browser, res, notice);
    }
    expect(await c.gifts()).toEqual([]);

    // no token, another site, no session
    expect(
      (await c.browser.post("/cart/gifts", { intent: "choose", sku: STEP_50[0] }, { csrf: "falsch" })).res.status,
    ).toBe(403);
    const visitor = new Browser(shop);
    const anonymous = await visitor.post("/cart/gifts", { intent: "choose", sku: STEP_50[0] }, { csrf: null });
    expect(anonymous.res.status).toBe(302);
    expect(anonymous.res.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect((await visitor.get("/cart/gifts")).res.headers.get("Location")).toMatch(
      /^\/login\?redirectTo=%2Fcart%2Fgifts/,
    );
    expect(await c.gifts()).toEqual([]);
  });
});

describe("Zur Kasse", () => {
  it("is a link to /checkout only while the cart is valid, and says why not otherwise", async () => {
    const c = await shopper();
    await c.cartPost({ intent: "add", sku: JUICE, qty: "2" });
    let cart = text(await c.browser.get("/cart"));
    expect(cart).not.toContain('href="/checkout"');
    expect(cart).toMatch(/<button[^>]*disabled=""[^>]*>Zur Kasse<\/button>/);
    expect(cart).toContain("Zur Kasse geht es ab dem Mindestbestellwert von 20,00 €.");

    await c.juice(20);
    cart = text(await c.browser.get("/cart"));
    expect(cart).toMatch(/<a[^>]*href="\/checkout"[^>]*>Zur Kasse<\/a>/);

    // a sold-out line blocks, whatever the value
    await shop.db
      .prepare(
        "INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, '100010', 0, 1, '2026-01-01')",
      )
      .bind(c.id)
      .run();
    cart = text(await c.browser.get("/cart"));
    expect(cart).not.toContain('href="/checkout"');
    expect(cart).toContain("Bitte entferne ausverkaufte Artikel, um zur Kasse zu gehen.");
  });
});
