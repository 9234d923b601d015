/**
 * The account balance page: the balance, the history with its filters and paging, what bad query
 * values, a new customer, a visitor and another customer see, the entries the checkout and the
 * payment write, and a D1 failure (docs/decisions/0018).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, signIn } from "./browser";
import { checkoutHelpers, paymentIdOf } from "./checkout-helpers";
import { prepareTestCustomer } from "../fixtures/customer";
import { startShop, type TestShop } from "./worker";
import { balance as seededBalance, orders as seededOrders } from "../../scripts/seed/orders.mjs";

let shop: TestShop;
let h: ReturnType<typeof checkoutHelpers>;
let anna: Browser;
beforeAll(async () => {
  shop = await startShop();
  h = checkoutHelpers(shop);
  anna = new Browser(shop);
  expect((await signIn(anna)).res.status).toBe(302);
});
afterAll(async () => {
  await shop?.dispose();
});

/** The German label of each entry type, as the customer reads it in the column "Art". */
const TYPE: Record<number, string> = {
  1: "Gutschrift",
  2: "Einkauf online",
  3: "Korrektur",
  4: "Umfrage",
  5: "Rückbuchung",
  6: "Freunde werben",
  7: "Sponsoring",
  8: "Kulanz",
  9: "Sonstiges",
  10: "Einkauf im Markt",
};

/** "+15,00 €" / "−4,75 €" (the amounts here stay under 1.000 €). */
const signed = (cents: number) => `${cents > 0 ? "+" : "−"}${(Math.abs(cents) / 100).toFixed(2).replace(".", ",")} €`;
const euro = (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")} €`;

const DATE = /^\d\d\.\d\d\.\d{4}$/;

const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\u00a0|&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();

interface HistoryRow {
  date: string;
  comment: string;
  type: string;
  amount: string;
  links: string[];
}

/** The history table's rows: date, comment, type, amount, and the links in the comment. */
function historyRows(html: string): HistoryRow[] {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) => {
    const cells = [...row[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => c[1]);
    expect(cells).toHaveLength(4);
    return {
      date: textOf(cells[0]),
      comment: textOf(cells[1]),
      type: textOf(cells[2]),
      amount: textOf(cells[3]),
      links: [...cells[1].matchAll(/href="([^"]+)"/g)].map((m) => m[1]),
    };
  });
}

const currentBalance = (html: string) => textOf(/class="balance-current">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "");

/** The links below the list: "Mehr anzeigen" / "Weniger anzeigen" with where they lead. */
function pagingLinks(html: string): Record<string, string> {
  const nav = /<nav aria-label="Weitere Buchungen"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
  return Object.fromEntries(
    [...nav.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => [
      textOf(m[2]),
      m[1].replace(/&amp;/g, "&"),
    ]),
  );
}

/** The filter tab marked as the current one. */
const currentTab = (html: string) =>
  /<nav aria-label="Verlauf filtern">[\s\S]*?<a [^>]*aria-current="page"[^>]*>([^<]*)<\/a>/.exec(html)?.[1];

/** Anna's seeded entries as her page must show them, newest first (scripts/seed/orders.mjs). */
const annaHistory = [...seededBalance.entries]
  .sort((a, b) => a.daysAgo - b.daysAgo)
  .map((e) => {
    const number = e.order ? seededOrders.find((o) => o.id === e.order)!.number : null;
    return {
      comment: [e.note, number ? `Bestellung ${number}` : ""].filter(Boolean).join(" "),
      type: TYPE[e.type],
      amount: signed(e.cents),
      links: number ? [`/account/order/${number}`] : [],
    };
  });
const shown = (rows: HistoryRow[]) => rows.map(({ date, ...rest }) => rest);

let counter = 0;
/** A fresh activated customer, signed in, with the given ledger and cached balance. */
async function customerWith(entries: { type: number; cents: number; note?: string; orderId?: string }[] = []) {
  const id = 800000 + Math.floor(Math.random() * 1e9);
  const email = `guthaben-${Date.now()}-${counter++}@example.org`;
  await shop.db.batch([
    prepareTestCustomer(shop.db, { id, email, firstname: "Gerda", lastname: "Guthaben", gender: "w" }),
    ...entries.map((e, i) =>
      shop.db
        .prepare(
          "INSERT INTO balance_entry (id, customer_id, type, amount_cents, order_id, note, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(
          crypto.randomUUID(),
          id,
          e.type,
          e.cents,
          e.orderId ?? null,
          e.note ?? "",
          new Date(Date.UTC(2026, 0, 1 + i, 10)).toISOString(),
        ),
    ),
    ...(entries.length
      ? [
          shop.db.prepare("INSERT INTO customer_balance (customer_id, balance_cents) VALUES (?, ?)").bind(
            id,
            entries.reduce((s, e) => s + e.cents, 0),
          ),
        ]
      : []),
  ]);
  const browser = new Browser(shop);
  expect((await signIn(browser, email)).res.status).toBe(302);
  return { browser, id };
}

describe("Anna's balance page", () => {
  it("shows her balance and the newest 10 entries, newest first, and offers more", async () => {
    const { res, html } = await anna.get("/account/balance");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect(html).toContain("<h1>Mein Guthaben</h1>");
    expect(currentBalance(html)).toBe(`Dein aktuelles Guthaben ${euro(seededBalance.cents)}`);
    expect(html).toMatch(/<th[^>]*>Datum<\/th><th[^>]*>Kommentar<\/th><th[^>]*>Art<\/th><th[^>]*>Betrag<\/th>/);
    const rows = historyRows(html);
    expect(shown(rows)).toEqual(annaHistory.slice(0, 10));
    for (const row of rows) expect(row.date).toMatch(DATE);
    expect(currentTab(html)).toBe("Alle");
    expect(pagingLinks(html)).toEqual({ "Mehr anzeigen": "/account/balance?limit=20" });
    // the two oldest are behind "Mehr anzeigen"
    expect(html).not.toContain("Willkommensguthaben");
  });

  it("?limit=20 shows all twelve and leads back to ten; ?limit=11 offers both", async () => {
    const all = await anna.get("/account/balance?limit=20");
    expect(shown(historyRows(all.html))).toEqual(annaHistory);
    expect(pagingLinks(all.html)).toEqual({ "Weniger anzeigen": "/account/balance" });
    const eleven = await anna.get("/account/balance?limit=11");
    expect(shown(historyRows(eleven.html))).toEqual(annaHistory.slice(0, 11));
    expect(pagingLinks(eleven.html)).toEqual({
      "Mehr anzeigen": "/account/balance?limit=21",
      "Weniger anzeigen": "/account/balance",
    });
  });

  it("the filters show surveys (type 4) and purchases (types 2, 5, 10) only", async () => {
    const surveys = await anna.get("/account/balance?filter=surveys");
    expect(currentTab(surveys.html)).toBe("Umfragen");
    expect(shown(historyRows(surveys.html))).toEqual(annaHistory.filter((e) => e.type === "Umfrage"));
    expect(historyRows(surveys.html).map((r) => r.comment)).toEqual(["Kundenumfrage Herbst", "Kundenumfrage Sommer"]);
    expect(pagingLinks(surveys.html)).toEqual({});

    const purchases = await anna.get("/account/balance?filter=purchases");
    expect(currentTab(purchases.html)).toBe("Einkäufe");
    const rows = historyRows(purchases.html);
    expect(rows.map((r) => r.type)).toEqual(["Rückbuchung", "Einkauf online", "Einkauf online", "Einkauf im Markt"]);
    expect(shown(rows)).toEqual(
      annaHistory.filter((e) => ["Rückbuchung", "Einkauf online", "Einkauf im Markt"].includes(e.type)),
    );
    expect(rows.map((r) => r.links)).toEqual([
      ["/account/order/100000007"],
      ["/account/order/100000007"],
      ["/account/order/100000004"],
      ["/account/order/100000003"],
    ]);
    expect(pagingLinks(purchases.html)).toEqual({});
  });

  it("'Mehr anzeigen' and 'Weniger anzeigen' keep the filter; the tabs start again at the first page", async () => {
    const { browser } = await customerWith([
      { type: 1, cents: 1000, note: "Startguthaben" },
      ...Array.from({ length: 12 }, (_, i) => ({ type: 4, cents: 100, note: `Umfrage Nr. ${i + 1}` })),
    ]);
    const first = await browser.get("/account/balance?filter=surveys");
    expect(historyRows(first.html).map((r) => r.comment)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Umfrage Nr. ${12 - i}`),
    );
    expect(pagingLinks(first.html)).toEqual({ "Mehr anzeigen": "/account/balance?filter=surveys&limit=20" });
    const more = await browser.get("/account/balance?filter=surveys&limit=20");
    expect(historyRows(more.html)).toHaveLength(12);
    expect(more.html).not.toContain("Startguthaben");
    expect(pagingLinks(more.html)).toEqual({ "Weniger anzeigen": "/account/balance?filter=surveys" });
    expect(currentTab(more.html)).toBe("Umfragen");
    const tabs = /<nav aria-label="Verlauf filtern">([\s\S]*?)<\/nav>/.exec(more.html)![1];
    expect([...tabs.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&"))).toEqual([
      "/account/balance",
      "/account/balance?filter=surveys",
      "/account/balance?filter=purchases",
    ]);
  });

  it("bad filter and limit values never fail: the page shows all, ten or at most 500", async () => {
    const all = shown(historyRows((await anna.get("/account/balance")).html));
    for (const query of [
      "filter=gibtsnicht",
      "filter=",
      "filter=SURVEYS",
      "filter=%3Cscript%3E",
      "filter[]=surveys",
      "limit=abc",
      "limit=-20",
      "limit=0",
      "limit=1e3",
      "limit=2.5",
      "limit=",
      "limit=%00",
      "limit=10&limit=abc",
      "filter=x&limit=y",
    ]) {
      const { res, html } = await anna.get(`/account/balance?${query}`);
      expect(res.status, query).toBe(200);
      expect(currentTab(html), query).toBe("Alle");
      expect(shown(historyRows(html)), query).toEqual(all);
    }
    for (const limit of ["100000", "99999999999999999999999999"]) {
      const huge = await anna.get(`/account/balance?limit=${limit}`);
      expect(huge.res.status).toBe(200);
      expect(shown(historyRows(huge.html))).toEqual(annaHistory);
    }
  });

  it("/account/voucher leads to the balance page", async () => {
    const moved = await anna.get("/account/voucher");
    expect(moved.res.status).toBe(301);
    expect(moved.res.headers.get("Location")).toBe("/account/balance");
    const page = await anna.follow(moved);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain("<h1>Mein Guthaben</h1>");
  });
});

describe("who sees what", () => {
  it("a visitor is sent to /login with the way back, also from /account/voucher", async () => {
    const visitor = new Browser(shop);
    const page = await visitor.get("/account/balance?filter=surveys");
    expect(page.res.status).toBe(302);
    expect(page.res.headers.get("Location")).toBe("/login?redirectTo=%2Faccount%2Fbalance%3Ffilter%3Dsurveys");
    const moved = await visitor.get("/account/voucher");
    expect(moved.res.headers.get("Location")).toBe("/account/balance");
    const sent = await visitor.get("/account/balance");
    expect(sent.res.status).toBe(302);
    expect(sent.res.headers.get("Location")).toBe("/login?redirectTo=%2Faccount%2Fbalance");
  });

  it("a new customer sees 0,00 € and the empty history, in every filter", async () => {
    const { browser } = await customerWith();
    const page = await browser.get("/account/balance");
    expect(page.res.status).toBe(200);
    expect(currentBalance(page.html)).toBe("Dein aktuelles Guthaben 0,00 €");
    expect(page.html).not.toContain("<table");
    expect(page.html).toContain(
      "Hier gibt es noch keine Buchungen. Sobald du Guthaben erhältst oder einsetzt, steht es hier.",
    );
    expect(pagingLinks(page.html)).toEqual({});
    const surveys = await browser.get("/account/balance?filter=surveys&limit=30");
    expect(surveys.html).toContain("Für diesen Filter gibt es keine Buchungen.");
    expect(surveys.html).not.toContain("<table");
  });

  it("an empty filter result has its own text while the other entries stay in 'Alle'", async () => {
    const { browser } = await customerWith([{ type: 1, cents: 500, note: "Startguthaben" }]);
    const purchases = await browser.get("/account/balance?filter=purchases");
    expect(purchases.html).toContain("Für diesen Filter gibt es keine Buchungen.");
    expect(shown(historyRows((await browser.get("/account/balance")).html))).toEqual([
      { comment: "Startguthaben", type: "Gutschrift", amount: "+5,00 €", links: [] },
    ]);
  });

  it("another customer's entries never appear, nor another customer's order through an entry", async () => {
    const { browser } = await customerWith([
      { type: 1, cents: 700, note: "Nur für Gerda" },
      // an entry naming an order that is not hers: her page must not link or number it
      { type: 8, cents: 300, note: "Kulanz ohne eigene Bestellung", orderId: "seed-order-2" },
    ]);
    const own = await browser.get("/account/balance?limit=500");
    expect(currentBalance(own.html)).toBe("Dein aktuelles Guthaben 10,00 €");
    expect(shown(historyRows(own.html))).toEqual([
      { comment: "Kulanz ohne eigene Bestellung", type: "Kulanz", amount: "+3,00 €", links: [] },
      { comment: "Nur für Gerda", type: "Gutschrift", amount: "+7,00 €", links: [] },
    ]);
    expect(own.html).not.toContain("100000002");
    for (const e of seededBalance.entries.filter((x) => x.note)) expect(own.html).not.toContain(e.note);
    const annas = await anna.get("/account/balance?limit=500");
    expect(annas.html).not.toContain("Nur für Gerda");
    expect(annas.html).not.toContain("Kulanz ohne eigene Bestellung");
    expect(historyRows(annas.html)).toHaveLength(annaHistory.length);
  });
});

describe("entries written by the checkout and the payment", () => {
  it("credit used in an order shows as 'Einkauf online' with the order's number; a declined payment gives it back as 'Rückbuchung'", async () => {
    const b = await h.buyer();
    await shop.db
      .prepare("INSERT INTO customer_balance (customer_id, balance_cents) VALUES (?, 1000)")
      .bind(b.id)
      .run();
    const f = await h.checkoutForm(b.browser);
    const res = await b.browser.post(
      "/checkout",
      h.standardOrder(f, b.addressId, { paymentMethod: "paypal", useCredit: "on" }),
      { csrf: f.csrf },
    );
    expect(res.res.status).toBe(302);
    const order = (await h.orderOf(f.key))!;
    expect(order.credit_cents).toBe(1000);
    const link = `/account/order/${order.increment_id}`;

    const used = await b.browser.get("/account/balance");
    expect(currentBalance(used.html)).toBe("Dein aktuelles Guthaben 0,00 €");
    expect(shown(historyRows(used.html))).toEqual([
      { comment: `Bestellung ${order.increment_id}`, type: "Einkauf online", amount: "−10,00 €", links: [link] },
    ]);
    expect((await b.browser.get(link)).res.status).toBe(200);

    const answer = await h.notify({
      confirmationId: crypto.randomUUID(),
      paymentId: paymentIdOf(res.res.headers.get("Location")!),
      orderId: String(order.id),
      amountCents: Number(order.grand_total_cents),
      currency: "EUR",
      outcome: "declined",
    });
    expect(answer.status).toBe(200);
    const back = await b.browser.get("/account/balance?filter=purchases");
    expect(currentBalance(back.html)).toBe("Dein aktuelles Guthaben 10,00 €");
    expect(shown(historyRows(back.html))).toEqual([
      { comment: `Bestellung ${order.increment_id}`, type: "Rückbuchung", amount: "+10,00 €", links: [link] },
      { comment: `Bestellung ${order.increment_id}`, type: "Einkauf online", amount: "−10,00 €", links: [link] },
    ]);
  });
});

describe("when D1 fails", () => {
  /** Every statement touching `table` fails ("no such table") while `run` runs. */
  async function withoutTable<T>(table: string, run: () => Promise<T>): Promise<T> {
    await shop.db.prepare(`ALTER TABLE ${table} RENAME TO ${table}_away`).run();
    try {
      return await run();
    } finally {
      await shop.db.prepare(`ALTER TABLE ${table}_away RENAME TO ${table}`).run();
    }
  }

  it("the page says the balance cannot be loaded (200), shows no amount, and only the log knows why", async () => {
    for (const table of ["balance_entry", "customer_balance"]) {
      const page = await withoutTable(table, () => anna.get("/account/balance?filter=purchases"));
      expect(page.res.status, table).toBe(200);
      expect(page.html).toContain("Dein Guthaben konnte leider nicht geladen werden.");
      expect(page.html).not.toMatch(/no such table|SQLITE|D1_ERROR|at \w+ \(/);
      expect(page.html).not.toContain("balance-current");
      expect(page.html).not.toContain("<table");
    }
    expect(historyRows((await anna.get("/account/balance")).html)).toHaveLength(10);
  });
});
