/** Which rows of an import's report the page lists (a filter in its URL). */
export const REPORT_SHOWS = ["all", "error", "new", "changed", "unchanged", "withdrawn"] as const;
export type ReportShow = (typeof REPORT_SHOWS)[number];

/** One import in the list of imports so far. */
export interface ImportJobRow {
  id: number;
  fileName: string;
  state: string;
  rowsTotal: number;
  rowsError: number;
  problems: number;
  createdAt: number;
  staffName: string;
}
