/**
 * A product's summary columns as one JSON array, in PRODUCT_SUMMARY_COLUMNS' order, for the
 * statements that read many products (listings, the home page's rows). The D1 client turns every
 * row it returns into an object cell by cell, and JSON.parse is as slow making objects of 26 keys;
 * a listing page spent more of its CPU time on that than on the rest of its data. One JSON column
 * a row, read back with an object literal (`summaryRowOf`), costs a fraction.
 */
import { sql } from "kysely";
import { PRODUCT_SUMMARY_COLUMNS, type ProductSummaryRow, summaryRowOf } from "./product";

export const SUMMARY_ARRAY = sql<string>`json_array(${sql.join(PRODUCT_SUMMARY_COLUMNS.map((column) => sql.ref(column)))})`;

/** The rows of a statement that selected `SUMMARY_ARRAY.as("summary")`. */
export function summaryRows(rows: { summary: string }[]): ProductSummaryRow[] {
  return rows.map((row) => summaryRowOf(JSON.parse(row.summary)));
}
