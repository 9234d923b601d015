/**
 * The range as a file (issue 33 §1): the same columns the import reads, CSV with a BOM (so a
 * spreadsheet reads it as UTF-8), `;` and decimal commas, or JSON with the same keys and cells.
 * Written page by page along the primary key as a stream, so 100,000 products never sit in memory.
 * Text cells that a spreadsheet would run as a formula carry an apostrophe (format.ts `neutralise`);
 * the JSON has the same cells, so both import back unchanged.
 */
import { csvLine } from "./csv";
import { HEADERS, writeRow } from "./format";
import { recordsAfter } from "./records.server";

const PAGE = 1000;

export type ExportFormat = "csv" | "json";

export function exportRange(db: D1Database, format: ExportFormat): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = "";
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (done) return;
      let text = "";
      if (!started) {
        text = format === "csv" ? `\uFEFF${csvLine(HEADERS)}` : "[";
      }
      const page = await recordsAfter(db, after, PAGE);
      page.forEach((record, i) => {
        const cells = writeRow(record);
        if (format === "csv") text += csvLine(cells);
        else {
          const object = Object.fromEntries(HEADERS.map((h, k) => [h, cells[k]]));
          text += `${started || i > 0 ? "," : ""}\n${JSON.stringify(object)}`;
        }
      });
      started = true;
      if (page.length) after = page[page.length - 1].sku;
      if (page.length < PAGE) {
        if (format === "json") text += "\n]\n";
        done = true;
      }
      controller.enqueue(encoder.encode(text));
      if (done) controller.close();
    },
  });
}
