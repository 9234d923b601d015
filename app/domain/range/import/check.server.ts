/**
 * The import's dry run (issue 33 §1): the file is read row by row, every row checked against the
 * format and the shop (categories, suppliers, a reduction's higher price before), compared with the
 * product it names, and staged with its outcome: error, new, changed (which columns) or unchanged,
 * and whether it withdraws a published product. Nothing of the range changes; the staged rows are
 * the report, and what a confirmation applies (apply.server.ts).
 */
import { sql } from "kysely";
import { first, prepare } from "~/platform/db.server";
import type { StaffMember } from "~/domain/staff/roles";
import { priceStep } from "../price-history";
import { HEADERS, type ProductRecord, type RowProblem, changedColumns, readRow } from "./format";
import { formatContext, historiesOf, jsonGroups, recordsBySku } from "./records.server";
import { SOURCE_LIMITS, type SourceLimits, type SourceRow, readSource } from "./source";

interface StagedRow {
  line: number;
  sku: string | null;
  outcome: "error" | "new" | "changed" | "unchanged";
  withdraws: 0 | 1;
  columns: string[] | null;
  problems: RowProblem[] | null;
  record: ProductRecord | null;
}

/** Checks the file into a new job and returns the job's id; its report is ready when this returns. */
export async function checkFile(
  db: D1Database,
  staff: StaffMember,
  file: Blob,
  fileName: string,
  now = Date.now(),
  limits: SourceLimits = SOURCE_LIMITS,
): Promise<number> {
  const version = await first<{ version: number }>(db, sql`SELECT version FROM catalogue_version WHERE id = 1`);
  const job = await first<{ id: number }>(
    db,
    sql`INSERT INTO range_import_job (staff_id, file_name, format, checked_version, created_at)
      VALUES (${staff.id}, ${fileName.slice(0, 200)}, 'csv', ${version?.version ?? 0}, ${Math.floor(now / 1000)})
      RETURNING id`,
  );
  if (!job) throw new Error("the job was not created");
  const context = await formatContext(db);
  const seen = new Map<string, number>();
  const counts = { error: 0, new: 0, changed: 0, unchanged: 0, withdrawn: 0 };
  const sink = async (rows: SourceRow[]) => {
    const staged = await judge(db, rows, context, seen, now);
    for (const row of staged) {
      counts[row.outcome]++;
      counts.withdrawn += row.withdraws;
    }
    await db.batch(
      jsonGroups(staged, 600_000).map((group) =>
        prepare(
          db,
          sql`INSERT INTO range_import_row (job_id, line, sku, outcome, withdraws, columns, problems, record)
            SELECT ${job.id}, value ->> 'line', value ->> 'sku', value ->> 'outcome', value ->> 'withdraws',
              value ->> 'columns', value ->> 'problems', value ->> 'record'
            FROM json_each(${group})`,
        ),
      ),
    );
  };
  const read = await readSource(file, sink, limits);
  const total = counts.error + counts.new + counts.changed + counts.unchanged;
  await db.batch([
    ...(read.problems.length ? [prepare(db, sql`DELETE FROM range_import_row WHERE job_id = ${job.id}`)] : []),
    prepare(
      db,
      sql`UPDATE range_import_job SET state = 'checked', format = ${read.format},
          file_problems = ${read.problems.length ? JSON.stringify(read.problems) : null},
          rows_total = ${read.problems.length ? 0 : total}, rows_error = ${counts.error}, rows_new = ${counts.new},
          rows_changed = ${counts.changed}, rows_unchanged = ${counts.unchanged}, rows_withdrawn = ${counts.withdrawn}
        WHERE id = ${job.id}`,
    ),
  ]);
  return job.id;
}

/** One chunk of rows: checked, compared with the products they name. */
async function judge(
  db: D1Database,
  rows: SourceRow[],
  context: Awaited<ReturnType<typeof formatContext>>,
  seen: Map<string, number>,
  now: number,
): Promise<StagedRow[]> {
  const read = rows.map((row) => {
    if (!row.cells) return { row, record: null, problems: row.problems };
    const { record, problems } = readRow(row.cells, context);
    const sku = record?.sku ?? row.cells.SKU?.trim();
    const firstLine = sku ? seen.get(sku) : undefined;
    if (sku && firstLine === undefined) seen.set(sku, row.line);
    if (firstLine !== undefined)
      return {
        row,
        record: null,
        problems: [...problems, { column: "SKU", key: "duplicateSku", params: { value: sku ?? "", line: firstLine } }],
      };
    return { row, record, problems };
  });
  const skus = read.flatMap((r) => (r.record ? [r.record.sku] : []));
  const current = await recordsBySku(db, skus);
  const priced = read.flatMap((r) => (r.record?.reduction ? [r.record.sku] : []));
  const histories = await historiesOf(db, priced);
  return read.map(({ row, record, problems }): StagedRow => {
    const sku = record?.sku ?? row.cells?.SKU?.trim() ?? null;
    if (!record) return { line: row.line, sku, outcome: "error", withdraws: 0, columns: null, problems, record: null };
    const before = current.get(record.sku);
    const columns = before ? changedColumns(before, record) : null;
    const priceMoves = !before || columns?.includes("Preis") || columns?.includes("Ermäßigung");
    if (
      record.reduction &&
      priceMoves &&
      !priceStep(histories.get(record.sku) ?? [], before?.priceCents ?? record.priceCents, record, now)
    )
      return {
        line: row.line,
        sku,
        outcome: "error",
        withdraws: 0,
        columns: null,
        problems: [{ column: "Ermäßigung", key: before ? "noReference" : "noReferenceNew" }],
        record: null,
      };
    const withdraws = before?.published && !record.published ? 1 : 0;
    if (!before) return { line: row.line, sku, outcome: "new", withdraws: 0, columns: null, problems: null, record };
    if (!columns?.length)
      return { line: row.line, sku, outcome: "unchanged", withdraws: 0, columns: null, problems: null, record: null };
    return { line: row.line, sku, outcome: "changed", withdraws, columns, problems: null, record };
  });
}

/** The file's columns as the import page lists them (from here: the column module stays off the page's bundle). */
export const fileColumns = (): string => HEADERS.join(" ; ");
