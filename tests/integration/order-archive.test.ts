/**
 * Orders out of the live database (issue 35 §2, docs/decisions/0052-order-archive-and-pruning.md):
 * thousands of finished orders are moved to the archive by the Cron Trigger, two runs at a time,
 * and every one reads back as before on the customer's order page, the JSON API, the back office's
 * order page and the invoice download; none is lost or archived twice; the D1 size is reported.
 * The same trigger prunes expired sessions, spent tokens, old delivered mails and rate-limit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceNumberText } from "~/domain/invoice/invoice";
import { pdfText } from "../fixtures/pdf-text";
import { Browser, DEMO, signIn } from "./browser";
import { generateOrders, type GeneratedOrders } from "./order-generator";
import { staffBrowser } from "./staff-browser";
import { startShop, type TestShop } from "./worker";

// 1,000 in `npm test` (the suite's time on a 2-core machine); ARCHIVE_TEST_ORDERS=2000 or more for a full run
const COUNT = Number(process.env.ARCHIVE_TEST_ORDERS ?? 1000);
const ANNA = 100001;
const DORA = 100004;
const FIRST = 300000000;

let shop: TestShop;
let anna: Browser;
let apiToken: string;
let generated: GeneratedOrders;
let templates: string[];
let sizeEmpty: Awaited<ReturnType<typeof d1Size>>;
const logs: string[] = [];

/** One cron run; it answers before its work is done, so this waits for the report starting with `reports`. */
async function cron(reports: string, at = new Date()) {
  const before = logs.filter((l) => l.startsWith(reports)).length;
  const worker = await shop.mf.getWorker();
  await worker.scheduled({ scheduledTime: at, cron: "* * * * *" });
  for (let waited = 0; logs.filter((l) => l.startsWith(reports)).length === before; waited += 50) {
    if (waited > 60_000) throw new Error(`the cron run did not report "${reports}"`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The database's size as D1 reports it with every result (meta.size_after: its page count times its
 * page size; D1 refuses `PRAGMA page_count` to a worker), and the bytes the order tables' rows hold.
 */
/**
 * Two runs at the same time, each started the way Cloudflare's trigger starts one, through
 * Miniflare's own door (getWorker().scheduled runs one after the other). The door answers before
 * the run's work is done, so this waits for both runs' reports in the worker's log. Two runs share
 * the work through their claims; with `lapsed` the second one runs as if the first one's claims had
 * run out (a run that hangs past ARCHIVE_CLAIM_MINUTES), so both archive the same orders at once and
 * only the guarded take-out keeps each order from being archived twice.
 */
async function overlappingCron(lapsed = false) {
  const reports = () => logs.filter((l) => l.startsWith("archive: ")).length;
  const before = reports();
  const run = async (at = Date.now()) => {
    const res = await shop.mf.dispatchFetch(`http://localhost/cdn-cgi/handler/scheduled?cron=*+*+*+*+*&time=${at}`);
    await res.text();
  };
  if (lapsed) {
    // The second run comes ten minutes later by its clock, so the first run's claims have lapsed
    // for it: it starts once the first run holds its claims, and takes the same orders while the
    // first is still archiving them. Started together, the later run could claim first, and the
    // earlier one would then pass over its claims: no order taken twice, nothing shown.
    const first = run();
    const claimed = () =>
      count("SELECT count(*) AS n FROM customer_order WHERE archived_at IS NULL AND archive_claimed_until IS NOT NULL");
    for (let waited = 0; (await claimed()) === 0; waited += 10) {
      if (waited > 60_000) throw new Error("the first cron run claimed nothing");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all([first, run(Date.now() + 10 * 60 * 1000)]);
  } else await Promise.all([run(), run()]);
  // a run with nothing left to archive reports nothing: wait for both reports, or until all is quiet
  const archivedCount = () => count("SELECT count(*) AS n FROM customer_order WHERE archived_at IS NOT NULL");
  let last = { reports: before, archived: -1 };
  let quiet = 0;
  for (let waited = 0; ; waited += 50) {
    if (waited > 120_000) throw new Error("the cron runs did not report");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = { reports: reports(), archived: await archivedCount() };
    if (now.reports >= before + 2) return;
    // a run that finds every order claimed by a run still busy reports nothing: quiet for a second is done too
    quiet = now.reports === last.reports && now.archived === last.archived ? quiet + 50 : 0;
    if (quiet >= (now.reports > before ? 500 : 1000)) return;
    last = now;
  }
}

async function d1Size() {
  const result = await shop.db.prepare("SELECT 1").run();
  const rows = await shop.db
    .prepare(
      `SELECT (SELECT TOTAL(length(id) + length(COALESCE(shipping_address, '')) + length(tax_details) + 200) FROM customer_order)
        + (SELECT TOTAL(length(order_id) + length(sku) + length(name) + 40) FROM order_item)
        + (SELECT TOTAL(100) FROM payment) + (SELECT TOTAL(150) FROM refund) + (SELECT TOTAL(60) FROM order_step)
        + (SELECT TOTAL(100) FROM order_short) AS n,
        (SELECT TOTAL(length(document) + 100) FROM invoice) AS invoices`,
    )
    .first<{ n: number; invoices: number }>();
  return {
    bytes: (result.meta as { size_after?: number }).size_after ?? 0,
    orderRowBytes: rows!.n,
    invoiceBytes: rows!.invoices,
  };
}

/** The page as the customer sees it, without what differs on every response (nonces, CSRF tokens). */
const normalised = (html: string) =>
  html
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/name="csrf" value="[^"]*"/g, 'name="csrf" value=""')
    .replace(/"csrf","[^"]*"/g, "")
    .replace(/"csrf":"[^"]*"/g, "");

const api = async (number: number) =>
  shop.fetch(`/rest/V1/orders/mine/${number}`, { headers: { Authorization: `Bearer ${apiToken}` } });

/** Her invoice of the order, as the text of its PDF (the PDF's own dates differ per rendering). */
async function invoiceText(number: number): Promise<string | undefined> {
  const res = await shop.fetch(`/account/order/${number}/invoice`, {
    headers: {
      Cookie: anna.cookieHeader(),
      "CF-Connecting-IP": anna.ip,
      "X-Forwarded-Host": new URL(shop.origin).host,
    },
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return res.status === 200 ? JSON.stringify(pdfText(bytes)) : undefined;
}

const count = async (query: string) => (await shop.db.prepare(query).first<{ n: number }>())!.n;

beforeAll(async () => {
  shop = await startShop({ logs: (line) => logs.push(line.message), triggerHandlers: true });
  anna = new Browser(shop);
  await signIn(anna, DEMO.active);
  // the notice "signed in" shows once, on the next page
  await anna.get("/account");
  const res = await shop.fetch("/rest/V1/integration/customer/token", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": "192.0.2.77" },
    body: JSON.stringify({ username: DEMO.active, password: DEMO.password }),
  });
  apiToken = ((await res.json()) as { access_token: string }).access_token;
  // copies of the demo's orders for the orders generated later: the demo's older orders are
  // archived by the runs below (their lines leave D1), these recent ones never are
  // (ids "tpl-…", so that the checks of the generated orders, "gen-…", leave them out)
  templates = (
    await generateOrders(shop, {
      count: 4,
      customerId: DORA,
      firstNumber: FIRST + 5 * COUNT,
      daysAgo: 0,
      prefix: "tpl",
    })
  ).ids;
  sizeEmpty = await d1Size();
  const started = Date.now();
  generated = await generateOrders(shop, { count: COUNT, customerId: ANNA, firstNumber: FIRST, daysAgo: 400 });
  console.log(`generated ${COUNT} orders in ${Date.now() - started} ms`);
}, 120_000);

afterAll(async () => {
  await shop?.dispose();
});

describe("the order archive", () => {
  const before = new Map<
    number,
    { api: string; page?: string; staff?: string; invoice?: string; cancelPage?: string }
  >();
  /**
   * Every order's index row is compared (all of them, below); every 10th order's JSON API answer;
   * and four in every 200 (a store purchase, a delivery, one with balance, a click & collect) its
   * HTML pages and invoice too.
   */
  const viaApi = (i: number) => i % 10 === 0 || sampled(i);
  const sampled = (i: number) => i % 200 < 4;
  /** What the order history, the board and the back office's search read of every order. */
  const indexRows = async () =>
    (
      await shop.db
        .prepare(
          `SELECT increment_id, customer_id, created_at, status, channel, carrier_code, store_id, item_count,
            grand_total_cents, paid_at, withdrawn_at FROM customer_order WHERE id LIKE 'gen-%' AND customer_id = ${ANNA}
            ORDER BY increment_id`,
        )
        .all()
    ).results;
  let indexBefore: unknown[];
  const BOARD = "/staff/orders?state=handedOver&sort=number&dir=desc";
  let boardBefore: string;
  let sizeBefore: Awaited<ReturnType<typeof d1Size>>;

  it("reads the generated orders before archiving", async () => {
    const lars = await staffBrowser(shop, "lars");
    const sven = await staffBrowser(shop, "sven");
    const sina = await staffBrowser(shop, "sina");
    indexBefore = await indexRows();
    expect(indexBefore.length).toBe(COUNT);
    for (const [i, number] of generated.numbers.entries()) {
      if (!viaApi(i)) continue;
      const res = await api(number);
      expect(res.status).toBe(200);
      const entry: { api: string; page?: string; staff?: string; invoice?: string; cancelPage?: string } = {
        api: await res.text(),
      };
      if (sampled(i)) {
        const page = await anna.get(`/account/order/${number}`);
        expect(page.res.status).toBe(200);
        entry.page = normalised(page.html);
        // the back office's order page: deliveries in the warehouse (lars), click & collect in its store (sven)
        for (const staff of [lars, sven]) {
          const staffPage = await staff.get(`/staff/orders/${number}`);
          if (staffPage.res.status === 200) entry.staff = normalised(staffPage.html);
        }
        entry.invoice = await invoiceText(number);
        // the support's cancel page (not cancellable, with the order's refunds)
        const cancelPage = await sina.get(`/staff/orders/${number}/cancel`);
        if (cancelPage.res.status === 200) entry.cancelPage = normalised(cancelPage.html);
      }
      before.set(number, entry);
    }
    expect([...before.values()].filter((e) => e.staff).length).toBeGreaterThan(0);
    expect([...before.values()].filter((e) => e.cancelPage?.includes("refund")).length).toBeGreaterThan(0);
    // the back office's board of handed-over orders, newest number first: the generated ones
    boardBefore = normalised((await lars.get(BOARD)).html);
    expect(boardBefore).toMatch(/3000\d{5}/);
    expect(boardBefore).toMatch(/\b0 von [1-9]/);
    sizeBefore = await d1Size();
  }, 600_000);

  it("archives them in batches, two cron runs at a time, each order exactly once", async () => {
    const orders = await count("SELECT count(*) AS n FROM customer_order");
    const started = Date.now();
    let runs = 0;
    while (
      (await count("SELECT count(*) AS n FROM customer_order WHERE id LIKE 'gen-%' AND archived_at IS NULL")) > 0
    ) {
      await overlappingCron(runs === 0);
      runs += 1;
      expect(runs).toBeLessThan(COUNT);
    }
    const took = Date.now() - started;
    // no order lost: every row is still there, as an index row
    expect(await count("SELECT count(*) AS n FROM customer_order")).toBe(orders);
    // the detail rows are gone, the seed's recent orders kept theirs
    expect(await count("SELECT count(*) AS n FROM order_item WHERE order_id LIKE 'gen-%'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM payment WHERE order_id LIKE 'gen-%'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM refund WHERE order_id LIKE 'gen-%'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM order_item WHERE order_id LIKE 'seed-order-%'")).toBeGreaterThan(0);
    expect(
      await count("SELECT count(*) AS n FROM customer_order WHERE id LIKE 'gen-%' AND archived_at IS NOT NULL"),
    ).toBe(COUNT);
    // one document per order, and a PDF beside each one with an invoice
    const bucket = await shop.mf.getR2Bucket("ARCHIVE");
    const keys: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await bucket.list({ prefix: "orders/", cursor, limit: 1000 });
      // the generated orders' objects (the demo's own older orders are archived too)
      keys.push(...page.objects.map((o) => o.key).filter((key) => key.startsWith("orders/gen-")));
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    expect(keys.filter((k) => k.endsWith(".json") && !k.endsWith(".invoice.json")).length).toBe(COUNT);
    expect(new Set(keys).size).toBe(keys.length);
    const invoices = await count("SELECT count(*) AS n FROM invoice WHERE order_id LIKE 'gen-%' AND kind = 'invoice'");
    expect(keys.filter((k) => k.endsWith(".invoice.pdf")).length).toBe(invoices);
    // the invoices the archiving issued keep their document in the archive, their rows only name it
    const issuedByArchiving = await count(
      `SELECT count(*) AS n FROM invoice WHERE order_id LIKE 'gen-%' AND kind = 'invoice' AND document LIKE '{"archived":%'`,
    );
    expect(issuedByArchiving).toBeGreaterThan(0);
    expect(keys.filter((k) => k.endsWith(".invoice.json")).length).toBe(issuedByArchiving);
    // one invoice per order, never two, under the overlapping runs
    expect(
      await count(
        "SELECT count(*) AS n FROM (SELECT order_id FROM invoice WHERE kind = 'invoice' GROUP BY order_id HAVING count(*) > 1)",
      ),
    ).toBe(0);
    // the board counts an archived order's lines and picks from its row, as it counted them before
    const lars = await staffBrowser(shop, "lars");
    expect(normalised((await lars.get(BOARD)).html)).toBe(boardBefore);
    expect(
      await count(
        "SELECT count(*) AS n FROM customer_order WHERE id LIKE 'gen-%' AND channel = 'online' AND NOT archived_lines > 0",
      ),
    ).toBe(0);
    const sizeAfter = await d1Size();
    // the same number of orders again (another customer's): they take the pages the archived ones freed
    await generateOrders(shop, {
      count: COUNT,
      customerId: DORA,
      firstNumber: FIRST + 2 * COUNT,
      daysAgo: 400,
      templates,
    });
    const sizeRefilled = await d1Size();
    const skipped = logs
      .filter((l) => l.startsWith("archive: "))
      .reduce((sum, l) => sum + (JSON.parse(l.slice(9)) as { skipped: number }).skipped, 0);
    // the first double run took the same orders twice (lapsed claims): the guard let each through once
    expect(skipped).toBeGreaterThan(0);
    const kb = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;
    console.log(
      `archived ${COUNT} orders in ${runs} double runs, ${took} ms (${Math.round(took / COUNT)} ms an order); the overlapping runs found ${skipped} orders taken by the other run; ` +
        `D1 size: ${kb(sizeEmpty.bytes)} without them, ${kb(sizeBefore.bytes)} with them (+${kb(sizeBefore.bytes - sizeEmpty.bytes)}), ` +
        `${kb(sizeAfter.bytes)} after archiving (freed pages stay in the file), ${kb(sizeRefilled.bytes)} after ${COUNT} new orders ` +
        `(+${kb(sizeRefilled.bytes - sizeAfter.bytes)}); order rows about ${kb(sizeBefore.orderRowBytes)} before, ${kb(sizeAfter.orderRowBytes)} after; ` +
        `invoice rows (the archiving's own name their document in the archive) ${kb(sizeBefore.invoiceBytes)} before, ${kb(sizeAfter.invoiceBytes)} after`,
    );
    expect(sizeAfter.orderRowBytes).toBeLessThan(sizeBefore.orderRowBytes);
  }, 900_000);

  it("reads the archived orders back as before: the lists' rows, the API, her order page, the back office, the invoice", async () => {
    const lars = await staffBrowser(shop, "lars");
    const sven = await staffBrowser(shop, "sven");
    const sina = await staffBrowser(shop, "sina");
    expect(await indexRows()).toEqual(indexBefore);
    for (const [i, number] of generated.numbers.entries()) {
      if (!viaApi(i)) continue;
      const was = before.get(number)!;
      const res = await api(number);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(was.api);
      if (!sampled(i)) continue;
      const page = await anna.get(`/account/order/${number}`);
      expect(normalised(page.html)).toBe(was.page);
      if (was.staff) {
        const pages = await Promise.all([lars.get(`/staff/orders/${number}`), sven.get(`/staff/orders/${number}`)]);
        expect(pages.filter((p) => p.res.status === 200).map((p) => normalised(p.html))).toEqual([was.staff]);
      }
      expect(await invoiceText(number)).toBe(was.invoice);
      if (was.cancelPage)
        expect(normalised((await sina.get(`/staff/orders/${number}/cancel`)).html)).toBe(was.cancelPage);
    }
  }, 600_000);

  it("an invoice the archiving issued is downloaded from the archive, and refused if its document changed", async () => {
    // orders whose invoice nobody downloaded before the archiving
    const unasked = generated.numbers.filter((_, i) => !sampled(i)).slice(0, 3);
    for (const number of unasked) {
      const row = await shop.db
        .prepare(
          `SELECT v.series, v.number, v.document FROM invoice v JOIN customer_order o ON o.id = v.order_id
            WHERE o.increment_id = ? AND v.kind = 'invoice'`,
        )
        .bind(number)
        .first<{ series: string; number: number; document: string }>();
      if (!row) continue; // a store purchase without an invoice
      expect(row.document.length).toBeLessThan(200);
      const text = await invoiceText(number);
      expect(text).toContain(invoiceNumberText(row.series, row.number));
      expect(text).toContain("Rechnung");
      // the same bytes every time
      expect(await invoiceText(number)).toBe(text);
    }
    // a document changed in the archive is never handed out as the invoice
    const victim = unasked[0];
    const bucket = await shop.mf.getR2Bucket("ARCHIVE");
    const key = `orders/gen-${victim}.invoice.json`;
    const original = await (await bucket.get(key))!.text();
    await bucket.put(key, original.replace(/"totalCents":\d+/, '"totalCents":1'));
    expect(await invoiceText(victim)).toBeUndefined();
    await bucket.put(key, original);
    expect(await invoiceText(victim)).toContain("Rechnung");
  });

  it("lists archived orders in her history with one query as before", async () => {
    const page = await anna.get("/account/order/overview");
    expect(page.res.status).toBe(200);
    expect(page.html).toContain(String(generated.numbers[COUNT - 1]));
  });

  it("an archive written but not yet taken out of D1 is written again by the next run", async () => {
    const [{ ids, numbers }] = [
      // older than every other order waiting, so the next run takes them first
      await generateOrders(shop, {
        count: 3,
        customerId: ANNA,
        firstNumber: FIRST + COUNT + 10,
        daysAgo: 500,
        templates,
      }),
    ];
    const bucket = await shop.mf.getR2Bucket("ARCHIVE");
    // a run that stopped after writing: a stale object under the key, the order still whole in D1
    await bucket.put(`orders/${ids[0]}.json`, "{}");
    const live = await (await api(numbers[0])).text();
    await cron("archive: ");
    // the report that came may be an earlier run's, still busy: wait for the three to be taken out
    const taken = () =>
      count(`SELECT count(*) AS n FROM customer_order WHERE id IN ('${ids.join("', '")}') AND archived_at IS NOT NULL`);
    for (let waited = 0; (await taken()) < 3 && waited < 60_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(
      await count(`SELECT count(*) AS n FROM customer_order WHERE id = '${ids[0]}' AND archived_at IS NOT NULL`),
    ).toBe(1);
    expect(await (await api(numbers[0])).text()).toBe(live);
  });

  it("exports her archived orders with their lines (GDPR)", async () => {
    const sina = await staffBrowser(shop, "sina");
    const csrf = (/name="csrf" value="([^"]+)"/.exec((await sina.get(`/staff/customers/${ANNA}`)).html) ?? [])[1];
    const res = await sina.post(`/staff/customers/${ANNA}/export`, {}, { csrf });
    const document = JSON.parse(res.html) as {
      orders: { id: string; items: unknown[]; payments: unknown[] }[];
    };
    const archived = document.orders.filter((o) => o.id.startsWith("gen-"));
    expect(archived.length).toBe(COUNT + 3);
    expect(archived.every((o) => o.items.length > 0 && o.payments.length === 1)).toBe(true);
  }, 120_000);
});

describe("the pruning", () => {
  it("deletes expired sessions, spent tokens, old delivered mails and old rate-limit rows, and nothing else", async () => {
    const now = Math.floor(Date.now() / 1000);
    const day = 24 * 60 * 60;
    const old = new Date(Date.now() - 40 * day * 1000).toISOString();
    const recent = new Date().toISOString();
    await shop.db.batch([
      shop.db.prepare(
        `INSERT INTO session (id_hash, customer_id, created_at, last_seen_at) VALUES
          ('prune-old', ${ANNA}, ${now - 3 * day}, ${now - 2 * day}), ('prune-live', ${ANNA}, ${now - 60}, ${now})`,
      ),
      shop.db.prepare(
        `INSERT INTO customer_token (token_hash, customer_id, purpose, expires_at, used_at) VALUES
          ('prune-expired', ${ANNA}, 'password_reset', ${now - 10 * day}, NULL),
          ('prune-used', ${ANNA}, 'password_reset', ${now + day}, ${now - 10 * day}),
          ('prune-fresh', ${ANNA}, 'password_reset', ${now + day}, NULL)`,
      ),
      shop.db.prepare(
        `INSERT INTO outbox (recipient, subject, text_body, created_at, sent_at) VALUES
          ('prune@example.org', 'old', 'T', '${old}', '${old}'), ('prune@example.org', 'new', 'T', '${recent}', '${recent}'),
          ('prune@example.org', 'unsent', 'T', '${old}', NULL)`,
      ),
      shop.db.prepare(
        `INSERT INTO rate_limit (key, window_start, count) VALUES ('prune:old', ${now - 2 * day}, 3), ('prune:now', ${now}, 1)`,
      ),
    ]);
    await cron("pruned: ");
    const left = async (query: string) =>
      (await shop.db.prepare(query).all<{ k: string }>()).results.map((r) => r.k).sort();
    expect(await left("SELECT id_hash AS k FROM session WHERE id_hash LIKE 'prune-%'")).toEqual(["prune-live"]);
    expect(await left("SELECT token_hash AS k FROM customer_token WHERE token_hash LIKE 'prune-%'")).toEqual([
      "prune-fresh",
    ]);
    expect(await left("SELECT subject AS k FROM outbox WHERE recipient = 'prune@example.org'")).toEqual([
      "new",
      "unsent",
    ]);
    expect(await left("SELECT key AS k FROM rate_limit WHERE key LIKE 'prune:%'")).toEqual(["prune:now"]);
  });
});
