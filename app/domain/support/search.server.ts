/**
 * Finding customers for support: by e-mail, name, customer number (her id), member number, order
 * number or card number, sorted and paged in SQL. Only what the result list shows is read.
 */
import { sql, type Expression, type SqlBool } from "kysely";
import { all, qb } from "~/platform/db.server";
import { digitsOf, likePattern, type CustomerSort, type SearchKind } from "./search";

export interface CustomerHit {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  status: "pending" | "active" | "blocked";
  erasedAt: string | null;
  createdAt: string;
}

const SORT_COLUMNS: Record<CustomerSort, string> = {
  name: "lastname || ' ' || firstname",
  email: "email",
  created: "created_at",
};

function conditions(kind: SearchKind, text: string): Expression<SqlBool>[] {
  const like = likePattern(text);
  const digits = digitsOf(text);
  const wanted = (k: SearchKind) => kind === "all" || kind === k;
  const found: Expression<SqlBool>[] = [];
  if (wanted("email")) found.push(sql<SqlBool>`c.email LIKE ${like} ESCAPE '\\'`);
  if (wanted("name"))
    found.push(
      sql<SqlBool>`(c.firstname || ' ' || c.lastname LIKE ${like} ESCAPE '\\' OR c.lastname || ' ' || c.firstname LIKE ${like} ESCAPE '\\')`,
    );
  if (digits !== null) {
    if (wanted("customer")) found.push(sql<SqlBool>`CAST(c.id AS TEXT) = ${digits}`);
    if (wanted("member"))
      found.push(sql<SqlBool>`c.id IN (SELECT customer_id FROM shareholder WHERE member_number = ${digits})`);
    if (wanted("order"))
      found.push(sql<SqlBool>`c.id IN (SELECT customer_id FROM customer_order WHERE increment_id = ${Number(digits)})`);
    if (wanted("card")) found.push(sql<SqlBool>`c.id IN (SELECT customer_id FROM card WHERE number = ${digits})`);
  }
  return found;
}

/** One page of the customers matching the text (`limit` + 1 read to know of more); none without a text. */
export async function findCustomers(
  db: D1Database,
  search: { kind: SearchKind; text: string | undefined },
  list: { sort: CustomerSort; desc: boolean; offset: number; limit: number },
): Promise<{ hits: CustomerHit[]; more: boolean }> {
  if (!search.text) return { hits: [], more: false };
  const found = conditions(search.kind, search.text);
  if (found.length === 0) return { hits: [], more: false };
  const rows = await all(
    db,
    qb
      .selectFrom("customer as c")
      .select([
        "c.id",
        "c.email",
        "c.firstname",
        "c.lastname",
        "c.status",
        "c.erased_at as erasedAt",
        "c.created_at as createdAt",
      ])
      .where((eb) => eb.or(found))
      .orderBy(sql.raw(`${SORT_COLUMNS[list.sort]} ${list.desc ? "DESC" : "ASC"}`))
      .orderBy("c.id")
      .limit(list.limit + 1)
      .offset(list.offset),
  );
  return { hits: rows.slice(0, list.limit), more: rows.length > list.limit };
}
