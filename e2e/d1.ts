import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const root = path.resolve(import.meta.dirname, "..");
const run = promisify(execFile);

/**
 * Runs one SQL statement directly in the e2e server's local D1 (setup that has no page, such
 * as expiring sessions or making a test customer) and returns its result rows. The running
 * `wrangler dev` and the other test workers write to the same SQLite file, so a statement can
 * meet a lock (SQLITE_BUSY) and fail; it is retried a few times with a growing pause. Callers
 * write statements that are safe to repeat.
 */
export async function executeD1(sql: string): Promise<Record<string, unknown>[]> {
  const attempts = 5;
  for (let attempt = 1; ; attempt++) {
    try {
      const { stdout } = await run(path.join(root, "node_modules", ".bin", "wrangler"), [
        "d1", "execute", "DB", "--local", "--persist-to", ".tmp/e2e-state", "--json", "--command", sql,
      ], { cwd: root, timeout: 60_000 });
      return JSON.parse(stdout)[0]?.results ?? [];
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}
