/** The home page's product rows (new, sale, pioneer) and the search overlay's top results. */
import { sql } from "kysely";
import { batch, qb } from "~/platform/db.server";
import { inStock } from "./stock.server";
import { PRODUCT_SUMMARY_COLUMNS, toProductSummary, type ProductSummary, type ProductSummaryRow } from "./product";

const ROW_LENGTH = 8;

function row(column: "p.is_new" | "p.is_pioneer" | "sale") {
  const q = qb.selectFrom("product as p").select(PRODUCT_SUMMARY_COLUMNS).where(inStock);
  return (column === "sale" ? q.where("p.regular_price_cents", "is not", null) : q.where(column, "=", 1))
    .orderBy("p.recommendation", "desc")
    .orderBy("p.sku")
    .limit(ROW_LENGTH);
}

export async function loadHomeRows(db: D1Database): Promise<Record<"new" | "sale" | "pioneer", ProductSummary[]>> {
  const [fresh, sale, pioneer] = await batch(db, [row("p.is_new"), row("sale"), row("p.is_pioneer")] as const);
  const map = (rows: ProductSummaryRow[]) => rows.map(toProductSummary);
  return { new: map(fresh), sale: map(sale), pioneer: map(pioneer) };
}

export interface SearchHit {
  sku: string;
  name: string;
  brand: string;
  priceCents: number;
}

export async function topSearchHits(db: D1Database, match: string, limit = 6): Promise<SearchHit[]> {
  const [rows] = await batch(db, [
    qb
      .selectFrom("product as p")
      .select(["p.sku", "p.name", "p.brand", "p.price_cents"])
      .where(inStock)
      .where(
        "p.rowid",
        "in",
        qb.selectFrom("product_search").select("rowid").where(sql<boolean>`product_search MATCH ${match}`),
      )
      .orderBy("p.recommendation", "desc")
      .limit(limit),
  ] as const);
  return rows.map((r) => ({ sku: r.sku, name: r.name, brand: r.brand, priceCents: r.price_cents }));
}
