import { first, qb } from "~/platform/db.server";
import { redirectKey } from "./redirect";

export async function findRedirect(db: D1Database, pathname: string): Promise<string | null> {
  const row = await first(db, qb.selectFrom("url_redirect").select("target").where("path", "=", redirectKey(pathname)));
  return row?.target ?? null;
}
