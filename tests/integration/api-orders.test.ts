/**
 * Orders and the balance through the JSON API (docs/decisions/0034): the demo customer Anna's seven
 * orders as her order list shows them, one order as its page shows it, her balance and its twelve
 * history entries with the balance page's filter and limit, amounts in euros with two places; a
 * token reaches only its own
 * customer's orders (another's answer exactly like unknown ones), and bad query values are 400s.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEuro } from "~/domain/money/format";
import { prepareTestCustomer } from "../fixtures/customer";
import { Browser, DEMO, signIn } from "./browser";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
const tokens: Record<string, string> = {};
const OTHER = "bestell-andere@example.org";

async function token(email: string, ip: string): Promise<string> {
  const res = await shop.fetch("/rest/V1/integration/customer/token", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify({ username: email, password: DEMO.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  shop = await startShop();
  await prepareTestCustomer(shop.db, {
    id: 9301,
    email: OTHER,
    firstname: "Bestell",
    lastname: "Kundin",
    gender: "w",
  }).run();
  tokens.anna = await token(DEMO.active, "192.0.2.31");
  tokens.other = await token(OTHER, "192.0.2.32");
});
afterAll(async () => {
  await shop?.dispose();
});

const get = (who: string | null, path: string) =>
  shop.fetch(path, who ? { headers: { Authorization: `Bearer ${tokens[who]}` } } : {});

async function getJson<T>(who: string, path: string): Promise<T> {
  const res = await get(who, path);
  expect(res.status, `${path}: ${res.status}`).toBe(200);
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  return (await res.json()) as T;
}

interface OrderSummary {
  increment_id: string;
  created_at: string;
  status: string;
  status_remark: string;
  channel: string;
  carrier_code: string | null;
  item_count: number;
  grand_total: number;
  store: string | null;
}

interface OrderDetail extends OrderSummary {
  items: {
    sku: string;
    name: string;
    qty: number;
    free_product: boolean;
    unit_price: number;
    deposit: number;
    row_total: number;
  }[];
  totals: Record<string, number | string | null | unknown[]>;
  payment: { method: string; title: string; status: string | null };
  shipping: { ships: boolean; carrier_title: string | null; address: unknown };
  pickup: { store: string | null; address: string | null; start: string; end: string | null } | null;
  cashback: unknown;
  can_withdraw: boolean;
}

interface BalanceAnswer {
  balance: number;
  entries: {
    type: number;
    type_label: string;
    amount: number;
    date: string;
    note: string;
    order_number: string | null;
  }[];
  has_more: boolean;
  filter: string;
  limit: number;
}

/** Euros of an answer back to the shop's cents. */
const cents = (euros: number) => Math.round(euros * 100);
/** Cents of a D1 row as the API writes them. */
const euros = (value: string | number | null | undefined) => Number(value) / 100;

const ANNA = 100001;
const ANNA_NUMBERS = [100000001, 100000002, 100000003, 100000004, 100000005, 100000006, 100000007];

describe("the order list", () => {
  it("lists Anna's seven orders, newest first, with the list fields of her D1 rows", async () => {
    const orders = await getJson<OrderSummary[]>("anna", "/rest/V1/orders/mine/overview");
    const rows = await shop.db
      .prepare(
        `SELECT o.increment_id, o.created_at, o.status, o.channel, o.carrier_code, o.item_count, o.grand_total_cents, s.name AS store
         FROM customer_order o LEFT JOIN store s ON s.id = o.store_id
         WHERE o.customer_id = ? ORDER BY o.created_at DESC`,
      )
      .bind(ANNA)
      .all<Record<string, string | number | null>>();
    expect(orders).toHaveLength(7);
    expect(orders.map((o) => o.increment_id).sort()).toEqual(ANNA_NUMBERS.map(String));
    expect(orders).toEqual(
      rows.results.map((r) => ({
        increment_id: String(r.increment_id),
        created_at: r.created_at,
        status: r.status,
        status_remark: expect.any(String),
        channel: r.channel,
        carrier_code: r.carrier_code,
        item_count: r.item_count,
        grand_total: euros(r.grand_total_cents),
        store: r.store,
      })),
    );
    // every sum written in euros with exactly two places
    const raw = await (await get("anna", "/rest/V1/orders/mine/overview")).text();
    expect([...raw.matchAll(/"grand_total":([^,}]+)/g)].map((m) => m[1])).toEqual(
      rows.results.map((r) => euros(r.grand_total_cents).toFixed(2)),
    );
    const remark = Object.fromEntries(orders.map((o) => [o.increment_id, o.status_remark]));
    expect(remark).toMatchObject({
      100000001: "Abgeschlossen",
      100000005: "Abholbereit",
      100000006: "In Bearbeitung",
      100000007: "Storniert",
    });
    // click & collect and the store purchases name their store, the deliveries none
    const byNumber = Object.fromEntries(orders.map((o) => [o.increment_id, o]));
    expect(byNumber[100000004].carrier_code).toBe("clickandcollect");
    expect(byNumber[100000004].store).toEqual(expect.any(String));
    expect(byNumber[100000001].channel).toBe("store");
    expect(byNumber[100000001].store).toEqual(expect.any(String));
    expect(byNumber[100000002].store).toBeNull();
  });

  it("shows what her order page shows signed in: the same numbers in the same order, sums and status texts", async () => {
    const orders = await getJson<OrderSummary[]>("anna", "/rest/V1/orders/mine/overview");
    const browser = new Browser(shop);
    await signIn(browser);
    const page = await browser.get("/account/order/overview");
    expect(page.res.status).toBe(200);
    const html = page.html.replaceAll("&nbsp;", "\u00a0");
    const linked = [...html.matchAll(/href="\/account\/order\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(linked).toEqual(orders.map((o) => Number(o.increment_id)));
    for (const o of orders) {
      expect(html).toContain(formatEuro(cents(o.grand_total)));
      expect(html).toContain(o.status_remark);
    }
  });

  it.each([
    ["open", [100000006, 100000005]],
    ["pickup", [100000005, 100000004]],
    ["store", [100000003, 100000001]],
    ["complete", [100000004, 100000003, 100000002, 100000001]],
    ["online", [100000007, 100000006, 100000005, 100000004, 100000002]],
    ["all", [...ANNA_NUMBERS].reverse()],
  ])("filters by %s like the order page", async (filter, numbers) => {
    const orders = await getJson<OrderSummary[]>("anna", `/rest/V1/orders/mine/overview?filter=${filter}`);
    expect(orders.map((o) => Number(o.increment_id))).toEqual(numbers);
  });
});

describe("one order", () => {
  it("answers a click & collect order with its lines, totals in euros, payment and pickup as its page shows them", async () => {
    const order = await getJson<OrderDetail>("anna", "/rest/V1/orders/mine/100000004");
    const row = await shop.db
      .prepare("SELECT * FROM customer_order WHERE customer_id = ? AND increment_id = 100000004")
      .bind(ANNA)
      .first<Record<string, string | number | null>>();
    const items = await shop.db
      .prepare("SELECT sku, qty, row_total_cents FROM order_item WHERE order_id = ? ORDER BY sku")
      .bind(row?.id)
      .all<{ sku: string; qty: number; row_total_cents: number }>();
    expect(order).toMatchObject({
      increment_id: "100000004",
      status: "complete",
      status_remark: "Abgeschlossen",
      channel: "online",
      carrier_code: "clickandcollect",
      item_count: row?.item_count,
      grand_total: euros(row?.grand_total_cents),
      payment: { method: "card", title: "Kredit- oder Debitkarte" },
      shipping: { ships: true, carrier_title: "Click & Collect", address: null },
      can_withdraw: true,
    });
    expect(order.totals).toMatchObject({
      subtotal: euros(row?.subtotal_cents),
      discount: euros(row?.discount_cents),
      deposit: euros(row?.deposit_cents),
      shipping: euros(row?.shipping_cents),
      credit: 10,
      shares: 0,
      grand_total: euros(row?.grand_total_cents),
    });
    const raw = await (await get("anna", "/rest/V1/orders/mine/100000004")).text();
    expect(raw).toContain('"credit":10.00,');
    expect(raw).toContain('"shares":0.00,');
    expect(order.totals.tax).toEqual(
      (
        JSON.parse(String(row?.tax_details)) as {
          rate: number;
          grossCents: number;
          netCents: number;
          taxCents: number;
        }[]
      ).map((d) => ({ rate: d.rate, gross: euros(d.grossCents), net: euros(d.netCents), tax: euros(d.taxCents) })),
    );
    expect(
      order.items
        .map((i) => ({ sku: i.sku, qty: i.qty, row_total_cents: cents(i.row_total) }))
        .sort((a, b) => a.sku.localeCompare(b.sku)),
    ).toEqual(items.results);
    expect(order.items).toHaveLength(5);
    expect(order.pickup).toMatchObject({ store: order.store, start: row?.pickup_slot_start });
    expect(order.pickup?.address).toEqual(expect.any(String));

    // the order page shows the same lines, sums and store
    const browser = new Browser(shop);
    await signIn(browser);
    const page = await browser.get("/account/order/100000004");
    expect(page.res.status).toBe(200);
    const html = page.html.replaceAll("&nbsp;", "\u00a0").replaceAll("&amp;", "&");
    for (const i of order.items) expect(html).toContain(i.name);
    expect(html).toContain(formatEuro(cents(order.grand_total)));
    expect(html).toContain(String(order.pickup?.store));
    expect(html).toContain(order.payment.title);
  });

  it("answers a delivery with its address and a cancelled order as cancelled", async () => {
    const delivery = await getJson<OrderDetail>("anna", "/rest/V1/orders/mine/100000006");
    expect(delivery).toMatchObject({ status: "processing", pickup: null, payment: { method: "sepa" } });
    expect(delivery.shipping.address).toMatchObject({ name: expect.any(String), city: expect.any(String) });
    const canceled = await getJson<OrderDetail>("anna", "/rest/V1/orders/mine/100000007");
    expect(canceled).toMatchObject({ status: "canceled", status_remark: "Storniert", can_withdraw: false });
  });

  it("answers an unknown number, a number that is none and a broken path parameter 404", async () => {
    for (const path of [
      "/rest/V1/orders/mine/999999999",
      "/rest/V1/orders/mine/0",
      "/rest/V1/orders/mine/abc",
      "/rest/V1/orders/mine/%E0%A4%A",
    ]) {
      const res = await get("anna", path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe("Diesen Aufruf gibt es nicht.");
    }
  });
});

describe("the balance and its history", () => {
  it("answers 25,00 € and all twelve entries of the ten types, newest first, with their orders", async () => {
    const history = await getJson<BalanceAnswer>("anna", "/rest/V1/carts/mine/bss-store-credit/history?limit=20");
    expect(history.balance).toBe(25);
    const raw = await (await get("anna", "/rest/V1/carts/mine/bss-store-credit/history?limit=20")).text();
    expect(raw).toMatch(/^\{"balance":25\.00,/);
    expect(raw).toContain('"amount":-4.75,');
    expect(history.entries).toHaveLength(12);
    expect(history.has_more).toBe(false);
    expect(history).toMatchObject({ filter: "all", limit: 20 });
    expect(new Set(history.entries.map((e) => e.type))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    expect(history.entries.reduce((sum, e) => sum + cents(e.amount), 0)).toBe(2500);
    const dates = history.entries.map((e) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(history.entries).toContainEqual({
      type: 10,
      type_label: "Einkauf im Markt",
      amount: -4.75,
      date: expect.any(String),
      note: "",
      order_number: "100000003",
    });
    expect(history.entries).toContainEqual(
      expect.objectContaining({ type: 1, amount: 15, note: "Willkommensguthaben", order_number: null }),
    );
    const rows = await shop.db
      .prepare(
        "SELECT type, amount_cents, note FROM balance_entry WHERE customer_id = ? ORDER BY created_at DESC, id DESC",
      )
      .bind(ANNA)
      .all<{ type: number; amount_cents: number; note: string }>();
    expect(history.entries.map((e) => [e.type, cents(e.amount), e.note])).toEqual(
      rows.results.map((r) => [r.type, r.amount_cents, r.note]),
    );
  });

  it("shows a page of ten unless asked for more, within the balance page's bounds", async () => {
    const first = await getJson<BalanceAnswer>("anna", "/rest/V1/carts/mine/bss-store-credit/history");
    expect(first).toMatchObject({ balance: 25, has_more: true, limit: 10 });
    expect(first.entries).toHaveLength(10);
    const small = await getJson<BalanceAnswer>("anna", "/rest/V1/carts/mine/bss-store-credit/history?limit=3");
    expect(small.limit).toBe(10);
    const huge = await getJson<BalanceAnswer>("anna", "/rest/V1/carts/mine/bss-store-credit/history?limit=99999999");
    expect(huge.limit).toBe(500);
    expect(huge.entries).toHaveLength(12);
  });

  it.each([
    ["surveys", [4, 4]],
    ["purchases", [5, 2, 2, 10]],
  ])("filters by %s like the balance page", async (filter, types) => {
    const history = await getJson<BalanceAnswer>(
      "anna",
      `/rest/V1/carts/mine/bss-store-credit/history?filter=${filter}&limit=20`,
    );
    expect(history.filter).toBe(filter);
    expect(history.balance).toBe(25);
    expect(history.entries.map((e) => e.type)).toEqual(types);
  });
});

describe("a token reaches only its own customer", () => {
  it("answers 401 without a token", async () => {
    for (const path of [
      "/rest/V1/orders/mine/overview",
      "/rest/V1/orders/mine/100000001",
      "/rest/V1/carts/mine/bss-store-credit/history",
    ]) {
      const res = await get(null, path);
      expect(res.status, path).toBe(401);
      expect(res.headers.get("WWW-Authenticate")).toContain("Bearer");
    }
  });

  it("gives another customer an empty list, no balance, and 404 for every one of Anna's numbers, like an unknown one", async () => {
    expect(await getJson<OrderSummary[]>("other", "/rest/V1/orders/mine/overview")).toEqual([]);
    expect(await getJson<OrderSummary[]>("other", "/rest/V1/orders/mine/overview?filter=pickup")).toEqual([]);
    const unknown = await get("other", "/rest/V1/orders/mine/999999999");
    expect(unknown.status).toBe(404);
    const unknownBody = (await unknown.json()) as { message: string; parameters: string[] };
    for (const number of ANNA_NUMBERS) {
      const res = await get("other", `/rest/V1/orders/mine/${number}`);
      expect(res.status).toBe(404);
      const body = (await res.json()) as { message: string; parameters: string[] };
      // the same answer as for a number nobody has, but for the number itself
      expect(body).toEqual({ ...unknownBody, parameters: [`/rest/V1/orders/mine/${number}`] });
    }
    expect(await getJson<BalanceAnswer>("other", "/rest/V1/carts/mine/bss-store-credit/history")).toEqual({
      balance: 0,
      entries: [],
      has_more: false,
      filter: "all",
      limit: 10,
    });
  });
});

describe("bad query values", () => {
  it.each([
    ["/rest/V1/orders/mine/overview?filter=alles", ["query.filter: Ungültiger Wert"]],
    ["/rest/V1/orders/mine/overview?filter=", ["query.filter: Ungültiger Wert"]],
    ["/rest/V1/orders/mine/overview?seite=2", ["query: Diese Felder gibt es nicht (seite)"]],
    ["/rest/V1/orders/mine/100000001?filter=open", ["query.filter"]],
    ["/rest/V1/carts/mine/bss-store-credit/history?filter=umfragen", ["query.filter: Ungültiger Wert"]],
    ["/rest/V1/carts/mine/bss-store-credit/history?limit=-5", ["query.limit: Ungültiger Wert"]],
    ["/rest/V1/carts/mine/bss-store-credit/history?limit=zehn", ["query.limit: Ungültiger Wert"]],
    ["/rest/V1/carts/mine/bss-store-credit/history?limit=1e3", ["query.limit: Ungültiger Wert"]],
  ])("answers %s 400 with a German message", async (path, parameters) => {
    const res = await get("anna", path);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Die Anfrage ist ungültig. Bitte überprüfe die Angaben.",
      parameters,
    });
  });
});

describe("the description", () => {
  it("lists the three calls with the bearer token and the filters' values", async () => {
    const doc = (await (await shop.fetch("/rest/V1/openapi.json")).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            security: unknown[];
            tags: string[];
            parameters?: { name: string; in: string; schema: { enum?: string[] } }[];
          }
        >
      >;
    };
    for (const path of [
      "/rest/V1/orders/mine/overview",
      "/rest/V1/orders/mine/{incrementId}",
      "/rest/V1/carts/mine/bss-store-credit/history",
    ]) {
      expect(doc.paths[path].get.security, path).toEqual([{ bearer: [] }]);
      expect(doc.paths[path].get.tags).toEqual(["Bestellungen"]);
    }
    const filter = doc.paths["/rest/V1/orders/mine/overview"].get.parameters?.find((p) => p.name === "filter");
    expect(filter?.schema.enum).toEqual(["all", "open", "store", "complete", "pickup", "online"]);
    expect(doc.paths["/rest/V1/orders/mine/{incrementId}"].get.parameters).toEqual([
      expect.objectContaining({ name: "incrementId", in: "path", required: true }),
    ]);
    const history = doc.paths["/rest/V1/carts/mine/bss-store-credit/history"].get.parameters;
    expect(history?.map((p) => p.name)).toEqual(["filter", "limit"]);
  });
});
