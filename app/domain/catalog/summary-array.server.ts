/**
 * A product's summary columns as one JSON array, in PRODUCT_SUMMARY_COLUMNS' order, for the
 * statements that read many products (listings, the home page's rows). The D1 client turns every
 * row it returns into an object cell by cell, and JSON.parse is as slow making objects of 26 keys;
 * a listing page spent more of its CPU time on that than on the rest of its data. One JSON column
 * a row, read back with an object literal (`summaryRowOf`), costs a fraction.
 */
import { sql } from "kysely";
import { PRODUCT_SUMMARY_COLUMNS, type ProductSummaryRow } from "./product";

export const SUMMARY_ARRAY = sql<string>`json_array(${sql.join(PRODUCT_SUMMARY_COLUMNS.map((column) => sql.ref(column)))})`;

type SummaryValues = ProductSummaryRow[keyof ProductSummaryRow][];

/**
 * A row whose columns came as one JSON array in PRODUCT_SUMMARY_COLUMNS' order (a listing's page):
 * an object literal of one shape is made far faster than JSON.parse makes objects, or the D1
 * client its rows (cell by cell).
 */
export function summaryRowOf(v: SummaryValues): ProductSummaryRow {
  return {
    sku: v[0],
    name: v[1],
    brand: v[2],
    price_cents: v[3],
    regular_price_cents: v[4],
    lowest_price_30d_cents: v[5],
    deposit_cents: v[6],
    net_quantity: v[7],
    unit: v[8],
    pack_count: v[9],
    stock_managed: v[10],
    stock_qty: v[11],
    min_age: v[12],
    is_new: v[13],
    is_limited: v[14],
    is_pioneer: v[15],
    is_organic: v[16],
    is_demeter: v[17],
    is_vegan: v[18],
    is_vegetarian: v[19],
    is_halal: v[20],
    is_gluten_free: v[21],
    is_lactose_free: v[22],
    is_chilled: v[23],
    published: v[24],
    photo: v[25],
    packshot: v[26],
    category_id: v[27],
  } as ProductSummaryRow;
}

/** The rows of a statement that selected `SUMMARY_ARRAY.as("summary")`. */
export function summaryRows(rows: { summary: string }[]): ProductSummaryRow[] {
  return rows.map((row) => summaryRowOf(JSON.parse(row.summary)));
}

/** The rows of a page aggregated as `json_group_array(json(SUMMARY_ARRAY))` (a search's page). */
export function summaryRowsOfPage(page: string): ProductSummaryRow[] {
  return (JSON.parse(page) as SummaryValues[]).map(summaryRowOf);
}
