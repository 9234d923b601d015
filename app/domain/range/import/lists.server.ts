/**
 * The import pages' lists (issue 33 §1): the imports so far, and one import's report rows, each a
 * page in the order the URL asks for.
 */
import { sql } from "kysely";
import { all } from "~/platform/db.server";
import type { RowProblem } from "./format";
import type { ImportJobRow, ReportShow } from "./report";

interface Page {
  desc: boolean;
  offset: number;
  limit: number;
}

const direction = (page: Page) => (page.desc ? sql`DESC` : sql`ASC`);

export async function importJobs(db: D1Database, page: Page): Promise<{ jobs: ImportJobRow[]; more: boolean }> {
  const rows = await all<ImportJobRow>(
    db,
    sql`SELECT j.id, j.file_name AS fileName, j.state, j.rows_total AS rowsTotal, j.rows_error AS rowsError,
        j.file_problems IS NOT NULL AS problems, j.created_at AS createdAt, s.name AS staffName
      FROM range_import_job j JOIN staff_member s ON s.id = j.staff_id
      ORDER BY j.id ${direction(page)} LIMIT ${page.limit + 1} OFFSET ${page.offset}`,
  );
  return { jobs: rows.slice(0, page.limit), more: rows.length > page.limit };
}

export interface ReportRow {
  line: number;
  sku: string;
  outcome: "error" | "new" | "changed" | "unchanged";
  withdraws: boolean;
  columns: string[];
  problems: RowProblem[];
}

interface StoredReportRow {
  line: number;
  sku: string | null;
  outcome: ReportRow["outcome"];
  withdraws: number;
  columns: string | null;
  problems: string | null;
}

export async function importReport(
  db: D1Database,
  jobId: number,
  show: ReportShow,
  page: Page,
): Promise<{ rows: ReportRow[]; more: boolean }> {
  const where = show === "all" ? sql`1 = 1` : show === "withdrawn" ? sql`withdraws = 1` : sql`outcome = ${show}`;
  const rows = await all<StoredReportRow>(
    db,
    sql`SELECT line, sku, outcome, withdraws, columns, problems FROM range_import_row
      WHERE job_id = ${jobId} AND ${where}
      ORDER BY line ${direction(page)} LIMIT ${page.limit + 1} OFFSET ${page.offset}`,
  );
  return {
    rows: rows.slice(0, page.limit).map((r) => ({
      line: r.line,
      sku: r.sku ?? "",
      outcome: r.outcome,
      withdraws: r.withdraws === 1,
      columns: r.columns ? (JSON.parse(r.columns) as string[]) : [],
      problems: r.problems ? (JSON.parse(r.problems) as RowProblem[]) : [],
    })),
    more: rows.length > page.limit,
  };
}
