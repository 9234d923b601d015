/** The home page's product rows (new, sale, pioneer) and the search overlay's top results. */
import { sql } from "kysely";
import { batch, qb } from "~/platform/db.server";
import type { HomeRow } from "./listing";
import { inStock } from "./stock.server";
import { SEARCH_CANDIDATES } from "./search";
import { toProductSummary, type ProductSummary } from "./product";
import { SUMMARY_ARRAY, summaryRows } from "./summary-array.server";

const ROW_LENGTH = 8;

/**
 * The best recommended products with a flag: a walk down the root category's recommendation
 * index that stops at the eighth match, so it costs the same at any catalogue size.
 */
function row(column: "l.is_new" | "l.is_pioneer" | "l.on_sale") {
  return qb
    .selectFrom("product_category as l")
    .innerJoin("product as p", "p.sku", "l.sku")
    .select(SUMMARY_ARRAY.as("summary"))
    .where("l.category_id", "=", qb.selectFrom("category").select("id").where("parent_id", "is", null).limit(1))
    .where("l.in_stock", "=", 1)
    .where(column, "=", 1)
    .orderBy("l.recommendation", "desc")
    .orderBy("l.sku")
    .limit(ROW_LENGTH);
}

export async function loadHomeRows(db: D1Database): Promise<Record<HomeRow, ProductSummary[]>> {
  const [fresh, sale, pioneer] = await batch(db, [row("l.is_new"), row("l.on_sale"), row("l.is_pioneer")] as const);
  const map = (rows: { summary: string }[]) => summaryRows(rows).map(toProductSummary);
  return { new: map(fresh), sale: map(sale), pioneer: map(pioneer) };
}

export interface SearchHit {
  sku: string;
  name: string;
  brand: string;
  priceCents: number;
  photo: string | null;
}

/** The best recommended of a search's candidates (the same bounded set its result page works on). */
export async function topSearchHits(db: D1Database, match: string, limit = 6): Promise<SearchHit[]> {
  const [rows] = await batch(db, [
    qb
      .selectFrom("product as p")
      .select(["p.sku", "p.name", "p.brand", "p.price_cents", "p.photo"])
      .where(inStock)
      .where(
        "p.rowid",
        "in",
        qb
          .selectFrom("product_search")
          .select("rowid")
          .where(sql<boolean>`product_search MATCH ${match}`)
          .limit(SEARCH_CANDIDATES),
      )
      .orderBy("p.recommendation", "desc")
      .limit(limit),
  ] as const);
  return rows.map((r) => ({ sku: r.sku, name: r.name, brand: r.brand, priceCents: r.price_cents, photo: r.photo }));
}
