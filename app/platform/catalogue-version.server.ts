/**
 * The range's version (migration 0028's catalogue_version): every change in the back office's range
 * moves it on in the same batch, and the edge cache's keys name it, so no page cached before the
 * change is found after it (docs/decisions/0046). Read once per cached page; while D1 fails, the
 * last version this isolate read stands in, so a stored page can still stand in for an outage
 * (docs/decisions/0036).
 */
import { isDatabaseUnavailable, qb } from "./db.server";

let lastRead = "0";

export async function catalogueVersion(db: D1Database): Promise<string> {
  try {
    const row = await db.prepare("SELECT version FROM catalogue_version WHERE id = 1").first<{ version: number }>();
    return readCatalogueVersion(row ? [row] : []);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
  }
  return lastRead;
}

/**
 * The version as a read that can ride in another statement's round trip: a signed-in shopper's
 * cached page reads it inside her session's statement (docs/decisions/0030), one read, not two.
 */
export function catalogueVersionQuery() {
  return qb.selectFrom("catalogue_version").select("version").where("id", "=", 1);
}

/** The version from `catalogueVersionQuery`'s rows; remembered for an outage as a read of its own is. */
export function readCatalogueVersion(rows: readonly { version: number }[]): string {
  lastRead = String(rows[0]?.version ?? 0);
  return lastRead;
}

/** The statement that moves the version on: put it into the batch of the change. */
export function catalogueChanged(db: D1Database): D1PreparedStatement {
  return db.prepare("UPDATE catalogue_version SET version = version + 1 WHERE id = 1");
}
