/**
 * Marketing's back-office pages (issue 33 §3, docs/decisions/0044) against the built worker, as Mia
 * Marketing: a voucher created through the form (German messages at the fields, input kept,
 * nothing written on bad input, a taken code refused), switched off and on with one audit entry
 * each, and the free-gift steps changed, added and removed. A step raised above an open cart's
 * subtotal takes the gift out at the cart's next load, with the spec's notice.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareTestCustomer } from "../fixtures/customer";
import { Browser, csrfOf, signIn, type Page } from "./browser";
import { auditCount, staffBrowser, staffCsrf } from "./staff-browser";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
let mia: Browser;
let csrf: string;
beforeAll(async () => {
  shop = await startShop();
  mia = await staffBrowser(shop, "mia");
  csrf = await staffCsrf(mia, "/staff/marketing");
});
afterAll(async () => {
  await shop?.dispose();
});

const text = (page: Page) =>
  page.html
    .replace(/<!-- -->/g, "")
    .replace(/\u00a0|&nbsp;/g, " ")
    .replace(/&quot;/g, '"');

const coupon = (code: string) =>
  shop.db.prepare("SELECT * FROM coupon WHERE code = ?").bind(code).first<Record<string, unknown>>();

describe("vouchers", () => {
  it("a wrong form is refused at its fields with what was typed kept; the right one creates the voucher with one audit entry", async () => {
    const audit = await auditCount(shop);
    const wrong = await mia.post(
      "/staff/marketing?index",
      {
        code: "a!",
        kind: "percent",
        value: "150",
        minOrder: "zehn",
        validUntil: "2020-01-01",
        usageLimit: "0",
        label: "Herbst",
      },
      { csrf },
    );
    expect(wrong.res.status).toBe(400);
    const page = text(wrong);
    for (const message of [
      "Bitte 3 bis 40 Zeichen: Buchstaben A–Z, Ziffern und Bindestrich.",
      "Bitte gib eine ganze Zahl von 1 bis 100 ein.",
      "Bitte gib einen Betrag in Euro ein, z. B. 25,00, oder lass das Feld leer.",
      "Das Datum darf nicht in der Vergangenheit liegen.",
      "Bitte gib eine ganze Zahl von 1 bis 1.000.000 ein oder lass das Feld leer.",
    ])
      expect(page).toContain(message);
    expect(page).toContain('value="zehn"');
    expect(await auditCount(shop)).toBe(audit);

    const fields = {
      code: "winter-25",
      kind: "fixed",
      value: "2,50",
      minOrder: "20",
      validUntil: "2099-12-31",
      usageLimit: "100",
      oncePerCustomer: "on",
      label: "2,50 € Winterrabatt",
    };
    const created = await mia.post("/staff/marketing?index", fields, { csrf });
    expect(created.res.status).toBe(302);
    expect(await coupon("WINTER-25")).toMatchObject({
      code: "WINTER-25",
      kind: "fixed",
      value: 250,
      min_order_cents: 2000,
      valid_until: "2099-12-31",
      usage_limit: 100,
      once_per_customer: 1,
      active: 1,
      created_by: 7,
    });
    expect(await auditCount(shop)).toBe(audit + 1);
    const list = text(await mia.follow(created));
    expect(list).toContain("Der Gutschein „WINTER-25“ ist angelegt.");
    expect(list).toContain("0 von 100, einmal pro Kundin");

    // the same code in other letters: refused at the code, nothing written
    const again = await mia.post("/staff/marketing?index", { ...fields, code: "Winter-25" }, { csrf });
    expect(again.res.status).toBe(409);
    expect(text(again)).toContain("Diesen Code gibt es schon. Bitte wähle einen anderen.");
    expect(await auditCount(shop)).toBe(audit + 1);
  });

  it("deactivating and reactivating: one audit entry each; a second click from the same list changes nothing", async () => {
    const audit = await auditCount(shop);
    const off = await mia.post("/staff/marketing/toggle", { code: "HERBST10", active: "0" }, { csrf });
    expect(off.res.status).toBe(302);
    expect(text(await mia.follow(off))).toContain("Der Gutschein „HERBST10“ ist deaktiviert");
    expect((await coupon("HERBST10"))!.active).toBe(0);
    const stale = await mia.post("/staff/marketing/toggle", { code: "HERBST10", active: "0" }, { csrf });
    expect(text(await mia.follow(stale))).toContain("wurde inzwischen schon geändert");
    expect(await auditCount(shop)).toBe(audit + 1);
    await mia.post("/staff/marketing/toggle", { code: "HERBST10", active: "1" }, { csrf });
    expect((await coupon("HERBST10"))!.active).toBe(1);
    expect(await auditCount(shop)).toBe(audit + 2);
  });

  it("the list filters and sorts by the URL", async () => {
    const inactive = text(await mia.get("/staff/marketing?state=expired"));
    expect(inactive).toContain("SOMMER2025");
    expect(inactive).not.toContain("FRISCH5");
    const found = text(await mia.get("/staff/marketing?q=versand&sort=uses&dir=desc"));
    expect(found).toContain("VERSANDFREI");
    expect(found).not.toContain("HERBST10");
  });
});

// "Apfelsaft klar" at 1,19 €: 43 make 51,17 € (the 50 € step, one gift)
const JUICE = "160009";

const steps = () =>
  shop.db
    .prepare("SELECT id, threshold_cents, gift_count FROM free_product_rule ORDER BY threshold_cents")
    .all<{ id: string; threshold_cents: number; gift_count: number }>()
    .then((r) => r.results);

describe("gift steps", () => {
  it("a step raised above an open cart's subtotal takes the gift out at the cart's next load, with the spec's notice", async () => {
    const id = 800000 + Math.floor(Math.random() * 1e6);
    const email = `zugabe-${id}@example.org`;
    await shop.db.batch([
      prepareTestCustomer(shop.db, { id, email, firstname: "Gina", lastname: "Gabe", gender: "w" }),
      shop.db
        .prepare("INSERT INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, ?, 0, 43, '2026-01-01')")
        .bind(id, JUICE),
    ]);
    const customer = new Browser(shop);
    await signIn(customer, email);
    const cartCsrf = csrfOf((await customer.get("/cart")).html);
    const chosen = await customer.post("/cart/gifts", { intent: "choose", sku: "120026" }, { csrf: cartCsrf });
    expect(chosen.res.status).toBeLessThan(500);
    const gifts = () =>
      shop.db
        .prepare("SELECT COUNT(*) AS n FROM cart_item WHERE customer_id = ? AND is_gift = 1")
        .bind(id)
        .first<{ n: number }>()
        .then((r) => r!.n);
    expect(await gifts()).toBe(1);

    const audit = await auditCount(shop);
    const shown = {
      intent: "save",
      id: "gift-50",
      beforeThreshold: "5000",
      beforeCount: "1",
      beforeSkus: "120026,130042,160009",
    };
    const saved = await mia.post(
      "/staff/marketing/gifts",
      { ...shown, threshold: "60,00", giftCount: "1", skus: "120026, 130042 160009" },
      { csrf },
    );
    expect(saved.res.status).toBe(302);
    expect(text(await mia.follow(saved))).toContain("Die Stufe ab 60,00 € ist gespeichert.");
    expect((await steps())[0]).toMatchObject({ id: "gift-50", threshold_cents: 6000 });
    expect(await auditCount(shop)).toBe(audit + 1);

    const cart = text(await customer.get("/cart"));
    expect(cart).toContain(
      "Dein Einkaufswert reicht nicht mehr für alle Gratis-Zugaben, deshalb haben wir eine Gratis-Zugabe entfernt.",
    );
    expect(await gifts()).toBe(0);
    // said once: the next load has nothing to take out
    expect(text(await customer.get("/cart"))).not.toContain("Dein Einkaufswert reicht nicht mehr");

    // the same form again (the page showed 50 €): refused whole, no audit entry
    const stale = await mia.post(
      "/staff/marketing/gifts",
      { ...shown, threshold: "55,00", giftCount: "1", skus: "120026" },
      { csrf },
    );
    expect(stale.res.status).toBe(409);
    expect(text(stale)).toContain("Jemand hat diese Stufe inzwischen geändert.");
    expect(await auditCount(shop)).toBe(audit + 1);
  });

  it("a new step: unknown article numbers and a taken order value are refused at their fields; then added and removed", async () => {
    const audit = await auditCount(shop);
    const unknown = await mia.post(
      "/staff/marketing/gifts",
      { intent: "add", threshold: "150", giftCount: "4", skus: "120026 999998" },
      { csrf },
    );
    expect(unknown.res.status).toBe(409);
    expect(text(unknown)).toContain("Eine der Artikelnummern gibt es nicht im Sortiment.");
    const taken = await mia.post(
      "/staff/marketing/gifts",
      { intent: "add", threshold: "75,00", giftCount: "4", skus: "120026" },
      { csrf },
    );
    expect(taken.res.status).toBe(409);
    expect(text(taken)).toContain("Eine Stufe mit diesem Bestellwert gibt es schon.");
    const bad = await mia.post(
      "/staff/marketing/gifts",
      { intent: "add", threshold: "-1", giftCount: "11", skus: "x" },
      { csrf },
    );
    expect(bad.res.status).toBe(400);
    expect(text(bad)).toContain("Bitte gib eine ganze Zahl von 1 bis 10 ein.");
    expect(await auditCount(shop)).toBe(audit);

    const added = await mia.post(
      "/staff/marketing/gifts",
      { intent: "add", threshold: "150,00", giftCount: "4", skus: "120026,210012" },
      { csrf },
    );
    expect(added.res.status).toBe(302);
    const step = (await steps()).find((s) => s.threshold_cents === 15000)!;
    expect(step.gift_count).toBe(4);
    const removed = await mia.post(
      "/staff/marketing/gifts",
      { intent: "remove", id: step.id, beforeThreshold: "15000", beforeCount: "4", beforeSkus: "120026,210012" },
      { csrf },
    );
    expect(removed.res.status).toBe(302);
    expect(text(await mia.follow(removed))).toContain("Die Stufe ab 150,00 € ist entfernt.");
    expect((await steps()).some((s) => s.threshold_cents === 15000)).toBe(false);
    expect(
      (await shop.db
        .prepare("SELECT COUNT(*) AS n FROM free_product WHERE rule_id = ?")
        .bind(step.id)
        .first<{ n: number }>())!.n,
    ).toBe(0);
    expect(await auditCount(shop)).toBe(audit + 2);
  });
});
