import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, csrfOf, signIn } from "./browser";
import { checkoutHelpers } from "./checkout-helpers";
import { prepareTestCustomer } from "../fixtures/customer";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
let h: ReturnType<typeof checkoutHelpers>;
beforeAll(async () => {
  shop = await startShop();
  h = checkoutHelpers(shop);
});
afterAll(async () => {
  await shop?.dispose();
});

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

/** The values of the radio buttons named `name`, in page order, and the checked one. */
function radios(html: string, name: string) {
  const tags = [...html.matchAll(new RegExp(`<input[^>]*name="${name}"[^>]*>`, "g"))].map((m) => m[0]);
  const values = tags.map((tag) => /value="([^"]*)"/.exec(tag)![1]!);
  const checked = tags.filter((tag) => /\schecked/.test(tag)).map((tag) => /value="([^"]*)"/.exec(tag)![1]);
  return { values, checked };
}

const NOT_FOUND = "Die Seite konnte nicht gefunden werden";
const count = async (sql: string) => (await shop.db.prepare(sql).first<{ n: number }>())!.n;

describe("a store's page", () => {
  it("shows name, address, phone, opening and staffed hours, services and the way back, without JavaScript", async () => {
    const res = await shop.fetch("/content/markt/leipzig-gohlis");
    const html = text(await res.text());
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toMatch(/^public/);
    expect(html).toMatch(/<h1[^>]*>Frischkorb Leipzig-Gohlis<\/h1>/);
    expect(html).toContain("<title>Frischkorb Leipzig-Gohlis: Adresse und Öffnungszeiten – Frischkorb</title>");
    expect(html).toMatch(
      /<meta name="description" content="Frischkorb Leipzig-Gohlis, Lindenthaler Weg 23, 04155 Leipzig:/,
    );
    expect(html).toContain("Lindenthaler Weg 23");
    expect(html).toContain('href="tel:03419876522"');
    // a hybrid store: open 06–22, staffed with a lunch break and on Saturday mornings
    expect(html).toMatch(/Öffnungszeiten<\/h3><dl><div class="store-hours-row"><dt>Mo–Sa<\/dt><dd>06:00–22:00<\/dd>/);
    expect(html).toContain("<dt>Mo–Fr</dt><dd>08:00–13:00, 15:00–19:00</dd>");
    expect(html).toContain("<dt>Sa</dt><dd>08:00–14:00</dd>");
    expect(html).toContain("Außerhalb der besetzten Zeiten kommst du mit deiner Frischkorb-Kundenkarte hinein");
    expect(html).toContain("Einlass mit Kundenkarte auch außerhalb der besetzten Zeiten.");
    expect(html).toContain("Click & Collect: Du holst deine Online-Bestellung hier zur gewählten Zeit ab.");
    expect(html).toContain('href="/content/map"');
    expect(html).not.toMatch(/<script/i);
  });

  it("shows a market hall stall with its own hours, staffed whenever open", async () => {
    const { res, html } = await new Browser(shop).get("/content/markt/leipzig-markthalle-fisch");
    expect(res.status).toBe(200);
    const page = text(html);
    expect(page).toContain("Frischkorb Markthalle Leipzig – Fisch");
    expect(page).toContain("Roßplatz 9");
    expect(page).toContain("<dt>Mo</dt><dd>geschlossen</dd>");
    expect(page).toContain("<dt>Di–Fr</dt><dd>09:00–18:00</dd>");
    expect(page).toContain("Während der ganzen Öffnungszeit ist Personal im Markt.");
    expect(page).toContain("Kein Einlass außerhalb der besetzten Zeiten.");
    expect(page).toContain("Kein Click & Collect");
  });

  it("is the shop's 404 for an unknown store, a missing id or more path", async () => {
    for (const path of [
      "/content/markt/gibt-es-nicht",
      "/content/markt/",
      "/content/markt",
      "/content/markt/leipzig-gohlis/mehr",
      "/content/markt/%3Cscript%3E",
      `/content/markt/${"x".repeat(2000)}`,
    ]) {
      const res = await shop.fetch(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain(NOT_FOUND);
    }
  });

  it("is linked from every store on the store list", async () => {
    const html = await (await shop.fetch("/content/map")).text();
    const stores = await count("SELECT COUNT(*) AS n FROM store");
    expect(stores).toBeGreaterThanOrEqual(150);
    // the list links every store once; the map's pins link them again
    expect(new Set(html.match(/href="\/content\/markt\/[a-z0-9-]+"/g))).toHaveProperty("size", stores);
    expect(html).toContain('href="/content/markt/leipzig-markthalle-obst-gemuese"');
  });
});

describe("content pages under the catch-all", () => {
  it("serve nested slugs and answer 404 for unknown ones", async () => {
    await shop.db
      .prepare(
        "INSERT INTO content_page (kind, slug, title, summary, body_html, updated_at) VALUES ('content', 'hilfe/abholung', 'Abholung im Markt', 'So holst du ab.', '<p>So holst du deine Bestellung im Markt ab.</p>', '2026-01-01')",
      )
      .run();
    const nested = await shop.fetch("/content/hilfe/abholung");
    expect(nested.status).toBe(200);
    expect(await nested.text()).toContain("So holst du deine Bestellung im Markt ab.");
    expect((await shop.fetch("/content/mitgliedschaft")).status).toBe(200);
    for (const path of ["/content/hilfe/gibt-es-nicht", "/content/gibt/es/nicht", "/content/hilfe"]) {
      const res = await shop.fetch(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain(NOT_FOUND);
    }
  });
});

describe("choosing a click & collect store at checkout", () => {
  it("shows the ten nearest to the delivery address first, with distances, and more on request", async () => {
    const { browser } = await h.buyer(); // address in 04275 Leipzig
    const page = await browser.get("/checkout?carrier=clickandcollect");
    const html = text(page.html);
    const { values, checked } = radios(page.html, "store");
    expect(values).toHaveLength(10);
    expect(checked).toEqual([]);
    for (const id of values) expect(id).toMatch(/^(leipzig|markkleeberg)-/);
    expect(html).toContain("Die Märkte nahe deiner Postleitzahl 04275 stehen zuerst");
    expect(html).toMatch(/\d,\d\u00a0km entfernt/);
    const stores = await count("SELECT COUNT(*) AS n FROM store WHERE click_and_collect = 1");
    expect(html).toContain(`${stores - 10} weitere Märkte anzeigen`);
    expect(html).toMatch(/<button[^>]*name="allStores"[^>]*value="1"/);
    const all = await browser.get("/checkout?carrier=clickandcollect&allStores=1");
    expect(radios(all.html, "store").values).toHaveLength(stores);
  });

  it("filters by a search (GET), measures from a searched postcode, and keeps the chosen store", async () => {
    const { browser } = await h.buyer();
    const gohlis = await browser.get("/checkout?carrier=clickandcollect&storeSearch=Gohlis");
    expect(radios(gohlis.html, "store").values).toEqual(["leipzig-gohlis"]);
    expect(text(gohlis.html)).toContain("Ein Markt passt zu „Gohlis“.");
    expect(gohlis.html).toMatch(/<input[^>]*name="storeSearch"[^>]*value="Gohlis"/);

    const dresden = radios((await browser.get("/checkout?carrier=clickandcollect&storeSearch=01069")).html, "store");
    expect(dresden.values).toHaveLength(10);
    for (const id of dresden.values.slice(0, 7)) expect(id).toMatch(/^dresden-/);

    const chosen = await browser.get(
      "/checkout?carrier=clickandcollect&store=leipzig-suedvorstadt&storeSearch=Hamburg",
    );
    const { values, checked } = radios(chosen.html, "store");
    expect(values[0]).toBe("leipzig-suedvorstadt");
    expect(checked).toEqual(["leipzig-suedvorstadt"]);
    expect(values.slice(1).every((id) => id.startsWith("hamburg-"))).toBe(true);
    // the chosen store's slots are still offered
    expect(chosen.html).toContain("Abholzeit im Markt Frischkorb Leipzig-Südvorstadt");

    // a store without click & collect is not found here
    const plagwitz = await browser.get("/checkout?carrier=clickandcollect&storeSearch=Plagwitz");
    expect(radios(plagwitz.html, "store").values).toEqual([]);
    expect(text(plagwitz.html)).toContain("Kein Markt passt zu „Plagwitz“.");
  });

  it("never fails on odd or very long searches", async () => {
    const { browser } = await h.buyer();
    for (const search of [
      "x".repeat(5000),
      "<script>alert(1)</script>",
      "%'; --",
      "\u0000\uFFFF😀",
      "０４２７５",
      "   ",
    ]) {
      const res = await browser.get(`/checkout?carrier=clickandcollect&storeSearch=${encodeURIComponent(search)}`);
      expect(res.res.status, search.slice(0, 20)).toBe(200);
      expect(res.html).not.toContain("<script>alert(1)");
    }
  });
});

describe("choosing the store of a card application", () => {
  let serial = 0;
  async function applicant(zip: string | null) {
    const id = 880_000 + ++serial;
    const email = `markt-${id}@example.org`;
    await prepareTestCustomer(shop.db, {
      id,
      email,
      firstname: "Mara",
      lastname: "Markt",
      gender: "w",
      dob: "1990-01-01",
      telephone: "+49 341 1234",
    }).run();
    if (zip)
      await shop.db
        .prepare(
          `INSERT INTO address (id, customer_id, street, house_number, zip, city, is_default_shipping, is_default_billing, created_at)
           VALUES (?, ?, 'Hauptstraße', '1', ?, 'Irgendwo', 1, 1, '2026-01-01')`,
        )
        .bind(id, id, zip)
        .run();
    const browser = new Browser(shop);
    await signIn(browser, email);
    return { browser, id };
  }

  it("lists the stores nearest to the customer's address, or by city without one", async () => {
    const dresden = await applicant("01099");
    const near = await dresden.browser.get("/account/cards/apply");
    expect(near.res.status).toBe(200);
    const { values } = radios(near.html, "storeId");
    expect(values).toHaveLength(10);
    for (const id of values.slice(0, 8)) expect(id).toMatch(/^dresden-/);
    expect(text(near.html)).toContain("Die Märkte nahe deiner Postleitzahl 01099 stehen zuerst");

    const nowhere = await applicant(null);
    const byCity = await nowhere.browser.get("/account/cards/apply");
    expect(radios(byCity.html, "storeId").values[0]).toMatch(/^altenburg-/);
    expect(text(byCity.html)).toContain("Die Märkte stehen nach Ort sortiert.");
  });

  it("searches without JavaScript by a button of the form, keeping everything typed and sending nothing", async () => {
    const { browser, id } = await applicant("04275");
    const form = await browser.get("/account/cards/apply");
    const typed = {
      gender: "w",
      telephone: "+49 341 999999",
      sepaHolder: "Mara Markt",
      sepaBank: "Sparkasse Leipzig",
      iban: "DE89 3704 0044 0532 0130 00",
      bic: "COBADEFFXXX",
      sepaConsent: "on",
      storeSearch: "Markthalle",
    };
    const found = await browser.post(
      "/account/cards/apply",
      { ...typed, intent: "findStore" },
      { csrf: csrfOf(form.html) },
    );
    expect(found.res.status).toBe(200);
    const { values } = radios(found.html, "storeId");
    expect(values).toHaveLength(10);
    expect(values.every((v) => v.startsWith("leipzig-markthalle-"))).toBe(true);
    expect(found.html).toMatch(/<input[^>]*name="storeSearch"[^>]*value="Markthalle"/);
    expect(found.html).toMatch(/<input[^>]*name="iban"[^>]*value="DE89 3704 0044 0532 0130 00"/);
    expect(found.html).toMatch(/<input[^>]*name="sepaBank"[^>]*value="Sparkasse Leipzig"/);
    expect(found.html).toMatch(/<input[^>]*name="sepaConsent"[^>]*checked/);
    expect(text(found.html)).not.toContain("Bitte fülle alle Felder des Antrags aus.");
    expect(await count(`SELECT COUNT(*) AS n FROM card_application WHERE customer_id = ${id}`)).toBe(0);

    // more stores, still without losing anything
    const more = await browser.post(
      "/account/cards/apply",
      { ...typed, storeSearch: "", intent: "moreStores" },
      { csrf: csrfOf(found.html) },
    );
    expect(more.res.status).toBe(200);
    expect(radios(more.html, "storeId").values).toHaveLength(await count("SELECT COUNT(*) AS n FROM store"));

    // then the application itself, with a store found
    const done = await browser.post(
      "/account/cards/apply",
      { ...typed, storeId: "leipzig-markthalle-kaesetheke", terms: "on", privacy: "on" },
      { csrf: csrfOf(more.html) },
    );
    expect(done.res.status).toBe(302);
    const row = await shop.db
      .prepare("SELECT store_id FROM card_application WHERE customer_id = ?")
      .bind(id)
      .first<{ store_id: string }>();
    expect(row!.store_id).toBe("leipzig-markthalle-kaesetheke");
  });

  it("keeps the chosen store through a search, refuses unknown intents and never fails on odd searches", async () => {
    const { browser, id } = await applicant("04275");
    const form = await browser.get("/account/cards/apply");
    const csrf = { csrf: csrfOf(form.html) };
    const kept = await browser.post(
      "/account/cards/apply",
      { storeId: "hamburg-ottensen", storeSearch: "Gohlis", intent: "findStore" },
      csrf,
    );
    expect(radios(kept.html, "storeId")).toEqual({
      values: ["hamburg-ottensen", "leipzig-gohlis"],
      checked: ["hamburg-ottensen"],
    });
    expect((await browser.post("/account/cards/apply", { intent: "bewerben" }, csrf)).res.status).toBe(400);
    for (const storeSearch of ["y".repeat(20_000), "<b>'\"&", "\u202e\u0000"]) {
      const res = await browser.post("/account/cards/apply", { storeSearch, intent: "findStore" }, csrf);
      expect(res.res.status).toBeLessThan(500);
    }
    // a search that ends up in a real application changes nothing of its rules
    const refused = await browser.post(
      "/account/cards/apply",
      { storeId: "gibt-es-nicht", storeSearch: "<b>", gender: "w" },
      csrf,
    );
    expect(refused.res.status).toBe(400);
    expect(await count(`SELECT COUNT(*) AS n FROM card_application WHERE customer_id = ${id}`)).toBe(0);
  });
});
