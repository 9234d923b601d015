/**
 * The shareholder pages against the built worker (docs/decisions/0020): "Meine Anteile" for a
 * member, a former member and a non-member, the listing, the sell dialog with its limits, sells
 * racing each other, and the pages when D1 fails.
 *
 * Tests that sell use a member of their own written straight into D1, so no test sees another's
 * sales; Anna (12 shares) and Dora (former member) are the seeded demo members.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, DEMO, type Page, csrfOf, signIn } from "./browser";
import { prepareTestCustomer } from "../fixtures/customer";
import { startShop, type TestShop } from "./worker";
import { cancellationDates } from "../../app/domain/share/share";
import { formatGermanDate } from "../../app/domain/content/date";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

const NOTHING_INTERNAL = /no such table|SQLITE|D1_ERROR|at \w+ \(/;
const DORA = "dora.fischer@example.org";

const TEXT = {
  notLoadable: "Deine Anteile konnten leider nicht geladen werden.",
  failed: "Deine Anteile konnten nicht zur Kündigung vorgemerkt werden.",
  invitation: "bis zu 4 % Rückvergütung",
  former: "Du warst Mitglied der Frischkorb eG.",
  wholeNumber: "Bitte gib eine ganze Zahl ein.",
  atLeastOne: "Bitte verkaufe mindestens einen Anteil.",
  nothingSellable: "Du hast gerade keine Anteile, die du verkaufen kannst.",
};

/** The page as a reader sees it: entities and no-break spaces as plain characters. */
const text = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\u00a0|&nbsp;/g, " ");

/** The date a sale made now takes effect, as the pages write it. */
const effectiveNow = () => formatGermanDate(cancellationDates(new Date()).effectiveAt);
const payoutNow = () => formatGermanDate(cancellationDates(new Date()).payoutAt);

let serial = 0;

/** A fresh customer, a member with these purchases when given any, signed in through the form. */
async function customer(purchases: number[] = []) {
  const id = 610_000 + ++serial;
  const email = `anteile-${id}@example.org`;
  await prepareTestCustomer(shop.db, { id, email, firstname: "Greta", lastname: "Beispiel", gender: "w" }).run();
  if (purchases.length) {
    await shop.db
      .prepare("INSERT INTO shareholder (customer_id, member_number, joined_at) VALUES (?, ?, ?)")
      .bind(id, `T${id}`, "2024-02-01T10:00:00.000Z")
      .run();
    for (const [i, quantity] of purchases.entries()) {
      await shop.db
        .prepare(
          `INSERT INTO share_entry (id, customer_id, type, quantity, value_cents, created_at, effective_at)
           VALUES (?, ?, 'purchase', ?, ?, ?, ?)`,
        )
        .bind(
          `test-${id}-${i}`,
          id,
          quantity,
          quantity * 10_000,
          `2024-02-0${i + 1}T10:00:00.000Z`,
          `2024-02-0${i + 1}`,
        )
        .run();
    }
  }
  const browser = new Browser(shop);
  expect((await signIn(browser, email)).res.status).toBe(302);
  return { id, browser };
}

async function signedIn(email: string) {
  const browser = new Browser(shop);
  expect((await signIn(browser, email)).res.status).toBe(302);
  return browser;
}

const entriesOf = async (id: number) =>
  (
    await shop.db
      .prepare(
        "SELECT type, quantity, value_cents, effective_at, payout_at FROM share_entry WHERE customer_id = ? ORDER BY created_at, id",
      )
      .bind(id)
      .all()
  ).results;

/** A post of the sell form; a redirect is followed to "Meine Anteile" with its notice. */
async function sell(browser: Browser, quantity: string, csrf?: string): Promise<Page> {
  const token = csrf ?? csrfOf((await browser.get("/account/shareholder/sell")).html);
  const res = await browser.post("/account/shareholder/sell", { quantity }, { csrf: token });
  if (res.res.status === 302) expect(res.res.headers.get("Location")).toBe("/account/shareholder");
  return res.res.status === 302 ? browser.follow(res) : res;
}

describe("Meine Anteile", () => {
  it("shows Anna's member number, 12 shares worth 1.200 €, 3,1 % cashback, all sellable, and the links", async () => {
    const page = await (await signedIn(DEMO.active)).get("/account/shareholder");
    expect(page.res.status).toBe(200);
    expect(page.res.headers.get("Cache-Control")).toMatch(/private/);
    const body = text(page.html);
    expect(body).toContain("Mitgliedsnummer");
    expect(body).toContain("4711");
    expect(body).toMatch(/Deine Anteile<\/dt><dd>12</);
    expect(body).toContain("1.200,00 €");
    expect(body).toContain("3,1 %");
    expect(body).toMatch(/Verkäuflich<\/dt><dd>12</);
    expect(body).not.toContain("Zum Verkauf vorgemerkt");
    expect(page.html).toContain('href="/account/shareholder/sell"');
    expect(page.html).toContain('href="/account/shareholder/listing"');
  });

  it("shows a former member only the way to the history", async () => {
    const page = await (await signedIn(DORA)).get("/account/shareholder");
    expect(page.res.status).toBe(200);
    expect(text(page.html)).toContain(TEXT.former);
    expect(page.html).toContain('href="/account/shareholder/listing"');
    expect(page.html).not.toContain('href="/account/shareholder/sell"');
    expect(page.html).not.toContain("Mitgliedsnummer");
  });

  it("invites a customer who is no member", async () => {
    const { browser } = await customer();
    const page = await browser.get("/account/shareholder");
    expect(page.res.status).toBe(200);
    expect(text(page.html)).toContain(TEXT.invitation);
    // "Jetzt Anteile zeichnen" leads to the declaration
    expect(page.html).toContain('href="/content/shares"');
    expect(page.html).not.toContain('href="/account/shareholder/sell"');
  });

  it("sends a signed-out visitor to the login", async () => {
    for (const path of ["/account/shareholder", "/account/shareholder/listing", "/account/shareholder/sell"]) {
      const res = await shop.fetch(path, { redirect: "manual" });
      await res.text();
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toMatch(/^\/login/);
    }
  });
});

describe("the listing", () => {
  it("lists Anna's three purchases with date, type, quantity and value", async () => {
    const page = await (await signedIn(DEMO.active)).get("/account/shareholder/listing");
    expect(page.res.status).toBe(200);
    expect(page.html).toContain("<table");
    const rows = page.html.split("<tbody>")[1].split("<tr").slice(1).map(text);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toContain("Kauf");
    expect(rows.map((r) => /\d+,00 €/.exec(r)?.[0])).toEqual(["300,00 €", "400,00 €", "500,00 €"]);
  });

  it("shows Dora's cancellation with its effective date and the day it was paid out", async () => {
    const page = await (await signedIn(DORA)).get("/account/shareholder/listing");
    const year = new Date().getUTCFullYear();
    expect(text(page.html)).toContain("Kündigung");
    expect(text(page.html)).toContain(`wirksam zum 31.12.${year - 1}`);
    // the cooperative recorded her payout in June (scripts/seed/shares.mjs); until then it said "Auszahlung bis 30.06."
    expect(text(page.html)).toContain(`ausgezahlt am 22.06.${year}`);
  });

  it("has an empty text for a customer without entries", async () => {
    const { browser } = await customer();
    const page = await browser.get("/account/shareholder/listing");
    expect(text(page.html)).toContain("Es gibt noch keine Buchungen zu deinen Anteilen.");
    expect(page.html).not.toContain("<table");
  });
});

describe("selling shares", () => {
  it("marks one share: a ledger row, the notice, one less sellable, the pending sale in the listing", async () => {
    const { id, browser } = await customer([3, 2]);
    const dialog = await browser.get("/account/shareholder/sell");
    expect(dialog.html).toMatch(/<dialog[^>]*open/);
    expect(text(dialog.html)).toContain("Du kannst bis zu 5 Anteile verkaufen.");
    const page = await sell(browser, "1", csrfOf(dialog.html));
    expect(text(page.html)).toContain(`1 Anteil zum ${effectiveNow()} zur Kündigung vorgemerkt`);
    expect(text(page.html)).toMatch(/Verkäuflich<\/dt><dd>4</);
    expect(text(page.html)).toMatch(/Deine Anteile<\/dt><dd>5</);
    expect(text(page.html)).toContain(`1 Anteil, wirksam zum ${effectiveNow()}, Auszahlung bis ${payoutNow()}`);
    const { effectiveAt, payoutAt } = cancellationDates(new Date());
    expect((await entriesOf(id)).at(-1)).toEqual({
      type: "cancellation",
      quantity: 1,
      value_cents: 10_000,
      effective_at: effectiveAt,
      payout_at: payoutAt,
    });
    const listing = text((await browser.get("/account/shareholder/listing")).html);
    expect(listing).toContain("Kündigung");
    expect(listing).toContain(`wirksam zum ${effectiveNow()}`);
    expect(listing).toContain(`Auszahlung bis ${payoutNow()}`);
  });

  it("says it in the plural for more than one", async () => {
    const { browser } = await customer([4]);
    const page = await sell(browser, "3");
    expect(text(page.html)).toContain(`3 Anteile zum ${effectiveNow()} zur Kündigung vorgemerkt`);
  });

  it.each([
    ["0", TEXT.atLeastOne],
    ["-1", TEXT.atLeastOne],
    ["abc", TEXT.wholeNumber],
    ["1.5", TEXT.wholeNumber],
    ["", "Bitte fülle dieses Feld aus."],
    ["3", "Du kannst höchstens 2 Anteile verkaufen."],
  ])("refuses %j with a German message at the field, 400, nothing written", async (quantity, message) => {
    const { id, browser } = await customer([2]);
    const before = await entriesOf(id);
    const page = await sell(browser, quantity);
    expect(page.res.status).toBe(400);
    expect(text(page.html)).toContain(message);
    expect(page.html).toContain('aria-invalid="true"');
    expect(await entriesOf(id)).toEqual(before);
  });

  it("ten sells at once of everything sellable mark exactly that many, never more", async () => {
    const { id, browser } = await customer([4, 3]);
    const csrf = csrfOf((await browser.get("/account/shareholder/sell")).html);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => browser.post("/account/shareholder/sell", { quantity: "7" }, { csrf })),
    );
    // a sell that read the count after the winner wrote is refused at the field (400), one that
    // read it before is refused by the guarded insert (302 with the failure notice)
    for (const a of answers) expect([302, 400]).toContain(a.res.status);
    const cancelled = (await entriesOf(id)).filter((e) => e.type === "cancellation");
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0].quantity).toBe(7);
  });

  it("ten sells at once of one share each, with three sellable, mark exactly three", async () => {
    const { id, browser } = await customer([3]);
    const csrf = csrfOf((await browser.get("/account/shareholder/sell")).html);
    await Promise.all(
      Array.from({ length: 10 }, () => browser.post("/account/shareholder/sell", { quantity: "1" }, { csrf })),
    );
    const cancelled = (await entriesOf(id)).filter((e) => e.type === "cancellation");
    expect(cancelled.reduce((n, e) => n + Number(e.quantity), 0)).toBe(3);
    const page = await sell(browser, "1");
    expect(page.res.status).toBe(400);
    expect((await entriesOf(id)).filter((e) => e.type === "cancellation")).toHaveLength(3);
  });

  it("offers nothing to sell, without a 404, to a non-member and a former member, and writes nothing", async () => {
    const { id, browser } = await customer();
    const dialog = await browser.get("/account/shareholder/sell");
    expect(dialog.res.status).toBe(200);
    expect(text(dialog.html)).toContain(TEXT.nothingSellable);
    expect(dialog.html).not.toContain('name="quantity"');
    expect((await sell(browser, "1", csrfOf(dialog.html))).res.status).toBe(400);
    expect(await entriesOf(id)).toEqual([]);
    const dora = await signedIn(DORA);
    const doraDialog = await dora.get("/account/shareholder/sell");
    expect(text(doraDialog.html)).toContain(TEXT.nothingSellable);
  });

  it("when the write fails the customer reads the failure notice and nothing is written", async () => {
    const { id, browser } = await customer([2]);
    const csrf = csrfOf((await browser.get("/account/shareholder/sell")).html);
    await shop.db
      .prepare(
        "CREATE TRIGGER share_entry_refused BEFORE INSERT ON share_entry BEGIN SELECT RAISE(ABORT, 'refused'); END",
      )
      .run();
    let page: Page;
    try {
      page = await sell(browser, "1", csrf);
    } finally {
      await shop.db.prepare("DROP TRIGGER share_entry_refused").run();
    }
    expect(text(page.html)).toContain(TEXT.failed);
    expect(page.html).not.toMatch(NOTHING_INTERNAL);
    expect((await entriesOf(id)).filter((e) => e.type === "cancellation")).toEqual([]);
  });
});

describe("when D1 fails", () => {
  it("every share page says it cannot load (200), and only the log knows why", async () => {
    const browser = await signedIn(DEMO.active);
    await shop.db.prepare("ALTER TABLE share_entry RENAME TO share_entry_away").run();
    const pages: Page[] = [];
    try {
      for (const path of ["/account/shareholder", "/account/shareholder/listing", "/account/shareholder/sell"])
        pages.push(await browser.get(path));
    } finally {
      await shop.db.prepare("ALTER TABLE share_entry_away RENAME TO share_entry").run();
    }
    for (const page of pages) {
      expect(page.res.status).toBe(200);
      expect(text(page.html)).toContain(TEXT.notLoadable);
      expect(page.html).not.toMatch(NOTHING_INTERNAL);
    }
    expect(text((await browser.get("/account/shareholder")).html)).not.toContain(TEXT.notLoadable);
  });
});
