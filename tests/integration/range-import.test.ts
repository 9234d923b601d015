/**
 * Loading the range (issue 33 §1, decision 0049): Rudi Regal exports the range and imports it back
 * unchanged; a file with errors gets its German report per row and column and cannot be applied;
 * a good file is confirmed and applied in batches from a cursor (prices through their history,
 * stock as a correction "Import", listing copies, facet counts and search exact), the same file
 * again changes nothing, a failed batch is retried from the cursor without applying anything twice,
 * a stale report cannot be confirmed, and only the range role with a CSRF token gets in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvLine, parseCsv } from "~/domain/range/import/csv";
import { changePrice } from "~/domain/range/range.server";
import type { StaffMember } from "~/domain/staff/roles";
import { staffByEmail } from "~/domain/staff/staff.server";
import { Browser, csrfOf } from "./browser";
import { DEMO_STAFF, staffBrowser } from "./staff-browser";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
let rudi: Browser;
let rudiMember: StaffMember;
let exported: string;
beforeAll(async () => {
  shop = await startShop();
  rudi = await staffBrowser(shop, "rudi");
  rudiMember = (await staffByEmail(shop.db, DEMO_STAFF.rudi))!;
  exported = (await rudi.get("/staff/range/export")).html;
});
afterAll(async () => {
  await shop?.dispose();
});

const one = async <T>(sql: string, ...params: unknown[]) =>
  (await shop.db
    .prepare(sql)
    .bind(...params)
    .first<T>())!;
const rows = async <T>(sql: string, ...params: unknown[]) =>
  (
    await shop.db
      .prepare(sql)
      .bind(...params)
      .all<T>()
  ).results;
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
const version = async () => (await one<{ version: number }>("SELECT version FROM catalogue_version")).version;

/** Uploads a file as the form does (multipart) and returns the job page it leads to. */
async function upload(
  who: Browser,
  body: string | Uint8Array,
  name = "sortiment.csv",
  path = "/staff/range/import?index",
) {
  const page = await who.get("/staff/range/import");
  const form = new FormData();
  form.set("csrf", csrfOf(page.html));
  form.set("file", new File([body as BlobPart], name));
  // the multipart body as a browser sends it, with its boundary in the Content-Type
  const encoded = new Request(shop.origin, { method: "POST", body: form });
  return who.request(path, {
    method: "POST",
    body: await encoded.arrayBuffer(),
    headers: { Origin: shop.origin, "Content-Type": encoded.headers.get("Content-Type") ?? "" },
  });
}

async function check(body: string | Uint8Array, name?: string) {
  const res = await upload(rudi, body, name);
  expect(res.res.status).toBe(302);
  const path = res.res.headers.get("Location")!;
  const id = Number(path.split("/").at(-1));
  return { id, path, page: await rudi.get(path) };
}

async function confirm(path: string) {
  const page = await rudi.get(path);
  return rudi.post(path, { intent: "confirm" }, { csrf: csrfOf(page.html) });
}

/** Opens the job's page until the job is done, as the self-refreshing page does. */
async function runToEnd(path: string, limit = 50) {
  for (let i = 0; i < limit; i++) {
    const page = await rudi.get(path);
    if (/Import abgeschlossen/.test(page.html)) return page;
  }
  throw new Error("the import did not finish");
}

const job = (id: number) =>
  one<{
    state: string;
    rows_new: number;
    rows_changed: number;
    rows_unchanged: number;
    rows_error: number;
    cursor: number;
    rows_withdrawn: number;
  }>("SELECT * FROM range_import_job WHERE id = ?", id);

/** The exported CSV as records, header first; `edit` changes cells by header for a SKU. */
function csvWith(edits: Record<string, Record<string, string>>, extra: Record<string, string>[] = []): string {
  const [header, ...records] = parseCsv(exported.replace(/^\uFEFF/, "")).records;
  const out = [csvLine(header)];
  for (const record of records) {
    const edit = edits[record[0]];
    out.push(csvLine(edit ? header.map((h, i) => edit[h] ?? record[i]) : record));
  }
  for (const row of extra) {
    const base = records[0];
    out.push(csvLine(header.map((h, i) => row[h] ?? base[i])));
  }
  return out.join("");
}

/**
 * The facet counts as migration 0015 would compute them from nothing: each published product in
 * stock in its category and every ancestor, with its brand, flags, allergens and flavourings; and
 * whether the listing rows are exactly those of the published products (migration 0029).
 */
async function facetsFromScratch() {
  const computed = await rows<{ category_id: string; facet: string; value: string; count: number }>(`
    WITH RECURSIVE chain(sku, id) AS (
      SELECT sku, category_id FROM product WHERE published = 1
      UNION ALL SELECT chain.sku, c.parent_id FROM chain JOIN category c ON c.id = chain.id WHERE c.parent_id IS NOT NULL),
    live AS (SELECT p.*, chain.id AS cat FROM product p JOIN chain ON chain.sku = p.sku WHERE p.stock_managed = 0 OR p.stock_qty > 0)
    SELECT cat AS category_id, facet, value, count(*) AS count FROM (
      SELECT cat, 'total' AS facet, '' AS value FROM live
      UNION ALL SELECT cat, 'brands', brand FROM live
      UNION ALL SELECT l.cat, 'flags', f.key FROM live l, json_each(json_object('sale', l.regular_price_cents IS NOT NULL, 'new', l.is_new, 'limited', l.is_limited, 'pioneer', l.is_pioneer, 'refrigerated', l.is_chilled, 'vegan', l.is_vegan, 'vegetarian', l.is_vegetarian, 'halal', l.is_halal, 'demeter', l.is_demeter, 'bio', l.is_organic, 'lactosefree', l.is_lactose_free, 'glutenFree', l.is_gluten_free)) f WHERE f.value = 1
      UNION ALL SELECT l.cat, 'allergens', a.allergen FROM live l JOIN product_allergen a ON a.sku = l.sku
      UNION ALL SELECT l.cat, 'flavoringIngredients', f.flavoring FROM live l JOIN product_flavoring f ON f.sku = l.sku
    ) GROUP BY cat, facet, value ORDER BY 1, 2, 3`);
  const stored = await rows<{ category_id: string; facet: string; value: string; count: number }>(
    "SELECT category_id, facet, value, count FROM category_facet_count WHERE count <> 0 ORDER BY 1, 2, 3",
  );
  const placements = await rows<{ n: number }>(`
    WITH RECURSIVE chain(sku, id) AS (
      SELECT sku, category_id FROM product WHERE published = 1
      UNION ALL SELECT chain.sku, c.parent_id FROM chain JOIN category c ON c.id = chain.id WHERE c.parent_id IS NOT NULL)
    SELECT (SELECT count(*) FROM chain) - (SELECT count(*) FROM product_category pc JOIN chain ON chain.sku = pc.sku AND chain.id = pc.category_id)
      + (SELECT count(*) FROM product_category) - (SELECT count(*) FROM chain) AS n`);
  return { computed, stored, misplaced: placements[0].n };
}

describe("export", () => {
  it("CSV: UTF-8 with BOM, ; and decimal commas, one row per product; JSON with the same cells", async () => {
    const raw = await shop.fetch("/staff/range/export", { headers: { Cookie: rudi.cookieHeader() } });
    expect(raw.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await raw.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(exported.startsWith("SKU;Name;Marke;")).toBe(true);
    const { records } = parseCsv(exported);
    const count = (await one<{ n: number }>("SELECT count(*) AS n FROM product")).n;
    expect(records).toHaveLength(count + 1);
    const milk = records.find((r) => r[0] === "120001")!;
    expect(milk).toContain("1,39");
    const json = await rudi.get("/staff/range/export?format=json");
    expect(json.res.headers.get("Content-Type")).toContain("application/json");
    const objects = JSON.parse(json.html) as Record<string, string>[];
    expect(objects).toHaveLength(count);
    expect(objects.find((o) => o.SKU === "120001")?.Preis).toBe("1,39");
  });

  it("a text that would run as a formula is neutralised with an apostrophe", async () => {
    const { name } = await one<{ name: string }>("SELECT name FROM product WHERE sku = '120002'");
    await shop.db.prepare("UPDATE product SET name = '=HYPERLINK(\"x\")' WHERE sku = '120002'").run();
    const csv = (await rudi.get("/staff/range/export")).html;
    await shop.db.prepare("UPDATE product SET name = ? WHERE sku = '120002'").bind(name).run();
    const row = parseCsv(csv).records.find((r) => r[0] === "120002")!;
    expect(row[1]).toBe(`'=HYPERLINK("x")`);
  });
});

describe("the dry run", () => {
  it("the exported file imports back with every row unchanged (CSV and JSON)", async () => {
    const before = await version();
    const csv = await check(exported);
    const counted = await job(csv.id);
    expect(counted).toMatchObject({ state: "checked", rows_error: 0, rows_new: 0, rows_changed: 0 });
    expect(counted.rows_unchanged).toBeGreaterThan(400);
    const json = await check((await rudi.get("/staff/range/export?format=json")).html, "sortiment.json");
    expect(await job(json.id)).toMatchObject({ rows_error: 0, rows_new: 0, rows_changed: 0 });
    expect(await version()).toBe(before);
  });

  it("a file with every kind of error: a German report per row and column, nothing changes, no confirmation", async () => {
    const before = await version();
    const file = csvWith(
      {
        "120001": { Preis: "2,4,9" },
        "120002": { MwSt: "16", Kategorie: "spielwaren" },
        "120003": { Allergene: "Milch, Nüsse", Einheit: "Dose" },
        "120004": { Name: '=HYPERLINK("http://evil.example")' },
        "120005": { SKU: "120001" },
      },
      [
        { SKU: "NEU-1", Ermäßigung: "ja" },
        { SKU: "NEU-9", Fett: "viel" },
      ],
    );
    const { id, path, page } = await check(file);
    expect(page.res.status).toBe(200);
    const report = text(page.html);
    expect(report).toContain("Spalte Preis: „2,4,9“ ist kein Betrag");
    expect(report).toMatch(/Zeile \d+, Spalte Preis: „2,4,9“ ist kein Betrag/);
    expect(report).toContain("Spalte MwSt: „16“: die Mehrwertsteuer ist 7 oder 19");
    expect(report).toContain("die Kategorie „spielwaren“ gibt es nicht");
    expect(report).toContain("„Nüsse“ ist keines der 14 Allergene");
    expect(report).toContain("„Dose“ ist keine Einheit");
    expect(report).toContain("Spalte Name: „=HYPERLINK");
    expect(report).toContain("die Artikelnummer 120001 steht schon in Zeile");
    expect(report).toContain("Spalte Fett: „viel“ ist keine Zahl");
    expect(report).toContain("Spalte Ermäßigung: ein neuer Artikel hat keinen früheren Preis");
    expect(report).not.toContain("Import bestätigen");
    expect((await job(id)).rows_error).toBe(7);
    // a forged confirmation is refused and changes nothing
    const refused = await confirm(path);
    expect(refused.res.status).toBe(409);
    expect(await version()).toBe(before);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM product WHERE sku = 'NEU-1'")).n).toBe(0);
  });

  it("file-level problems: Windows-1252, empty, missing columns, JSON that is no array of objects", async () => {
    const latin = new Uint8Array([
      ...new TextEncoder().encode(`${exported.split("\r\n")[0]}\r\n1;K`),
      0xe4,
      0x73,
      0x65,
    ]);
    expect(text((await check(latin)).page.html)).toContain("nicht in UTF-8 gespeichert (ab Zeile 2)");
    expect(text((await check("")).page.html)).toContain("Die Datei ist leer.");
    expect(text((await check("SKU;Name;Farbe\r\n1;x;rot\r\n")).page.html)).toMatch(
      /Die Spalte „Farbe“ kennt der Import nicht\..*Es fehlen Spalten: Marke/,
    );
    expect(text((await check('{"SKU": 1}', "x.json")).page.html)).toContain("muss eine Liste von Objekten sein");
  });

  it("an upload without a file is answered at its field; Paula and a post without token are refused", async () => {
    const page = await rudi.get("/staff/range/import");
    const missing = await rudi.post("/staff/range/import?index", { file: "" }, { csrf: csrfOf(page.html) });
    expect(missing.res.status).toBe(400);
    expect(text(missing.html)).toContain("Bitte eine Datei wählen.");
    const paula = await staffBrowser(shop, "paula");
    expect((await paula.get("/staff/range/import")).res.status).toBe(403);
    expect((await paula.get("/staff/range/export")).res.status).toBe(403);
    expect((await upload(paula, exported)).res.status).toBe(403);
    const noToken = await rudi.post("/staff/range/import?index", {}, { csrf: null });
    expect(noToken.res.status).toBe(403);
  });

  it("an upload above 32 MiB is refused before anything reads it; one above the forms' 64 KiB is taken", async () => {
    const jobs = (await one<{ n: number }>("SELECT count(*) AS n FROM range_import_job")).n;
    expect((await upload(rudi, new Uint8Array(33 * 1024 * 1024))).res.status).toBe(413);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM range_import_job")).n).toBe(jobs);
    // the exported range is about 200 KB: the upload form has its own limit, also when the enhanced
    // page posts it (Remix's single fetch, `.data`)
    expect(exported.length).toBeGreaterThan(64 * 1024);
    const enhanced = await upload(rudi, exported, "sortiment.csv", "/staff/range/import.data?index");
    expect(enhanced.res.status).toBeLessThan(400);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM range_import_job")).n).toBe(jobs + 1);
  });
});

describe("applying", () => {
  it("new, changed, stock, category and allergens: applied in batches, facet counts and search exact, once", async () => {
    const audits = (await one<{ n: number }>("SELECT count(*) AS n FROM audit_entry WHERE action = 'range.import'")).n;
    const file = csvWith(
      {
        "120001": { Preis: "1,19", Ermäßigung: "ja", Bestand: "77" },
        "120002": { Kategorie: "kaese", Allergene: "Milch, Senf", Kennzeichen: "Bio, vegan" },
        "120003": { Veröffentlicht: "nein" },
      },
      [
        {
          SKU: "NEU-2",
          Name: "Quittenbrot Spätlese",
          Marke: "Importhof",
          Preis: "3,49",
          Ermäßigung: "nein",
          Bestand: "12",
          Veröffentlicht: "ja",
        },
      ],
    );
    const { id, path, page } = await check(file);
    expect(await job(id)).toMatchObject({ rows_error: 0, rows_new: 1, rows_changed: 3, rows_withdrawn: 1 });
    expect(text(page.html)).toContain("Import bestätigen");
    const changes = text((await rudi.get(`${path}?show=changed`)).html);
    expect(changes).toContain("Ändert: Preis, Ermäßigung, Bestand");
    expect(changes).toContain("Ändert: Kategorie, Allergene, Kennzeichen");
    const confirmed = await confirm(path);
    expect(confirmed.res.status).toBe(302);
    const done = await runToEnd(path);
    expect(text(done.html)).toContain("4 von 4 Zeilen übernommen");

    expect(
      await one(
        "SELECT price_cents, regular_price_cents, lowest_price_30d_cents, stock_qty FROM product WHERE sku = '120001'",
      ),
    ).toEqual({
      price_cents: 119,
      regular_price_cents: 139,
      lowest_price_30d_cents: 139,
      stock_qty: 77,
    });
    expect(await one("SELECT reason, qty_after FROM stock_change WHERE sku = '120001' ORDER BY id DESC")).toEqual({
      reason: "Import",
      qty_after: 77,
    });
    expect(
      await one("SELECT price_cents, reduction FROM price_history WHERE sku = '120001' ORDER BY valid_from DESC"),
    ).toEqual({
      price_cents: 119,
      reduction: 1,
    });
    expect(
      (
        await rows<{ category_id: string }>("SELECT category_id FROM product_category WHERE sku = '120002' ORDER BY 1")
      ).map((r) => r.category_id),
    ).toContain("kaese");
    expect((await rows("SELECT allergen FROM product_allergen WHERE sku = '120002' ORDER BY 1")).length).toBe(2);
    expect(await one("SELECT name, stock_qty, price_cents FROM product WHERE sku = 'NEU-2'")).toEqual({
      name: "Quittenbrot Spätlese",
      stock_qty: 12,
      price_cents: 349,
    });
    const { computed, stored, misplaced } = await facetsFromScratch();
    expect(stored).toEqual(computed);
    expect(misplaced).toBe(0);
    const search = await new Browser(shop).get("/search/find?q=Quittenbrot");
    expect(text(search.html)).toContain("Quittenbrot Spätlese");
    // the withdrawn product keeps its row but leaves every list and the search
    const withdrawn = await one<{ name: string; published: number }>(
      "SELECT name, published FROM product WHERE sku = '120003'",
    );
    expect(withdrawn.published).toBe(0);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM product_category WHERE sku = '120003'")).n).toBe(0);
    const found = await new Browser(shop).get(`/search/find?q=${encodeURIComponent(withdrawn.name)}`);
    expect(found.res.status).toBe(200);
    expect(found.html).not.toContain("/catalog/product/120003");
    // one audit entry for the confirmation, one per batch
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM audit_entry WHERE action = 'range.import'")).n).toBe(
      audits + 2,
    );

    // the same file again: every row unchanged, applying it changes nothing
    const again = await check(file);
    expect(await job(again.id)).toMatchObject({ rows_new: 0, rows_changed: 0, rows_error: 0 });
    const histories = (await one<{ n: number }>("SELECT count(*) AS n FROM price_history")).n;
    expect((await confirm(again.path)).res.status).toBe(302);
    await runToEnd(again.path);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM price_history")).n).toBe(histories);
  });

  it("a failed batch is retried from the cursor: nothing applied twice", async () => {
    const file = csvWith({}, [
      { SKU: "NEU-3", Name: "Kürbiskernöl", Preis: "7,99", Ermäßigung: "nein", Bestand: "5" },
      { SKU: "NEU-4", Name: "Senfsaat", Preis: "1,99", Ermäßigung: "nein", Bestand: "5" },
    ]);
    const { id, path } = await check(file);
    // the shop's database refuses the new products for a moment
    await shop.db
      .prepare(
        "CREATE TRIGGER import_outage BEFORE INSERT ON product WHEN new.sku = 'NEU-4' BEGIN SELECT RAISE(ABORT, 'outage'); END",
      )
      .run();
    expect((await confirm(path)).res.status).toBe(302);
    const failed = await rudi.get(path);
    expect(text(failed.html)).toContain("Ein Schritt ist fehlgeschlagen");
    // without JavaScript the page refreshes itself and so retries the step; with it, it revalidates
    expect(failed.html).toMatch(/<noscript><meta http-equiv="refresh" content="1"\/?><\/noscript>/);
    expect(text(failed.html)).toMatch(/Import läuft 0 von \d+ Zeilen übernommen/);
    expect(await job(id)).toMatchObject({ state: "applying", cursor: 0 });
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM product WHERE sku IN ('NEU-3', 'NEU-4')")).n).toBe(0);
    await shop.db.prepare("DROP TRIGGER import_outage").run();
    await runToEnd(path);
    expect(
      (await one<{ n: number }>("SELECT count(*) AS n FROM price_history WHERE sku IN ('NEU-3', 'NEU-4')")).n,
    ).toBe(2);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM stock_change WHERE sku IN ('NEU-3', 'NEU-4')")).n).toBe(
      2,
    );
    // a step asked for again after the end changes nothing
    await rudi.get(path);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM stock_change WHERE sku IN ('NEU-3', 'NEU-4')")).n).toBe(
      2,
    );
  });

  it("a report made stale by a change to the range cannot be confirmed", async () => {
    const { id, path } = await check(csvWith({ "120003": { Preis: "9,99" } }));
    const priceVersion = (
      await one<{ v: number }>("SELECT coalesce(max(id), 0) AS v FROM price_history WHERE sku = '120004'")
    ).v;
    const changed = await changePrice(shop.db, rudiMember, "120004", {
      priceVersion,
      priceCents: 555,
      reduction: false,
    });
    expect(changed.ok).toBe(true);
    const refused = await confirm(path);
    expect(refused.res.status).toBe(409);
    expect(await job(id)).toMatchObject({ state: "checked" });
    expect(text((await rudi.get(path)).html)).toContain("seit dieser Prüfung geändert");
  });
});
