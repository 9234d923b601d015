/**
 * The import at 100,000 rows (issue 33 §1, decision 0049): a CSV of 100,000 new products, sent
 * gzip-compressed through the upload form as a browser would, checked (dry run) and applied by
 * opening the job's page until it is done, as the self-refreshing page does. It measures both and
 * prints the figures; the facet counts stay exact. A measurement, minutes long: not part of
 * `npm test` (tests/vitest.config.ts leaves it to its own project), it runs on request:
 *   npm run measure:import        (RANGE_IMPORT_ROWS=10000 for a smaller file)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvLine, parseCsv } from "~/domain/range/import/csv";
import { type Browser, csrfOf } from "./browser";
import { staffBrowser } from "./staff-browser";
import { startShop, type TestShop } from "./worker";

const ROWS = Number(process.env.RANGE_IMPORT_ROWS ?? 100_000);

let shop: TestShop;
let rudi: Browser;
beforeAll(async () => {
  shop = await startShop();
  rudi = await staffBrowser(shop, "rudi");
}, 120_000);
afterAll(async () => {
  await shop?.dispose();
});

async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Blob([text])
    .stream()
    .pipeThrough(new CompressionStream("gzip") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("100,000 rows", () => {
  it("are checked and applied locally; the figures are printed", async () => {
    const exported = (await rudi.get("/staff/range/export")).html;
    const [header, ...templates] = parseCsv(exported).records;
    const sku = header.indexOf("SKU");
    const name = header.indexOf("Name");
    // a new product has no earlier price to be reduced from
    const reduction = header.indexOf("Ermäßigung");
    let csv = csvLine(header);
    for (let i = 0; i < ROWS; i++) {
      const row = [...templates[i % templates.length]];
      row[sku] = `IMP-${String(i).padStart(6, "0")}`;
      row[name] = `${row[name]} ${i}`;
      row[reduction] = "nein";
      csv += csvLine(row);
    }
    const zipped = await gzip(csv);
    const page = await rudi.get("/staff/range/import");
    const form = new FormData();
    form.set("csrf", csrfOf(page.html));
    form.set("file", new File([zipped as BlobPart], "sortiment-100k.csv.gz"));
    const encoded = new Request(shop.origin, { method: "POST", body: form });
    const body = await encoded.arrayBuffer();

    const checkStart = performance.now();
    const checked = await rudi.request("/staff/range/import?index", {
      method: "POST",
      body,
      headers: { Origin: shop.origin, "Content-Type": encoded.headers.get("Content-Type") ?? "" },
    });
    const checkMs = performance.now() - checkStart;
    expect(checked.res.status).toBe(302);
    const path = checked.res.headers.get("Location")!;
    const id = Number(path.split("/").at(-1));
    const job = () =>
      shop.db.prepare("SELECT * FROM range_import_job WHERE id = ?").bind(id).first<Record<string, number | string>>();
    expect(await job()).toMatchObject({ rows_total: ROWS, rows_new: ROWS, rows_error: 0 });

    const confirmPage = await rudi.get(path);
    const applyStart = performance.now();
    expect((await rudi.post(path, { intent: "confirm" }, { csrf: csrfOf(confirmPage.html) })).res.status).toBe(302);
    let loads = 0;
    for (; loads < 5000; loads++) {
      const progress = await rudi.get(path);
      if (progress.html.includes("Import abgeschlossen")) break;
    }
    const applyMs = performance.now() - applyStart;
    expect(await job()).toMatchObject({ state: "done", rows_applied: ROWS });
    const imported = await shop.db
      .prepare("SELECT count(*) AS n FROM product WHERE sku LIKE 'IMP-%'")
      .first<{ n: number }>();
    expect(imported?.n).toBe(ROWS);
    const total = await shop.db
      .prepare("SELECT count FROM category_facet_count WHERE category_id = 'startseite' AND facet = 'total'")
      .first<{ count: number }>();
    const inStock = await shop.db
      .prepare("SELECT count(*) AS n FROM product WHERE stock_managed = 0 OR stock_qty > 0")
      .first<{ n: number }>();
    expect(total?.count).toBe(inStock?.n);
    console.log(
      `range import of ${ROWS} rows: file ${(csv.length / 1e6).toFixed(1)} MB (${(zipped.length / 1e6).toFixed(1)} MB gzip), ` +
        `dry run ${(checkMs / 1000).toFixed(1)} s, apply ${(applyMs / 1000).toFixed(1)} s in ${loads} page loads`,
    );
  }, 1_800_000);
});
