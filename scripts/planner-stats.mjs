// Captures the query planner's statistics of the local D1 (`npm run db:generate -- 1000000` first)
// for tests/integration/query-plans.test.ts, which loads them into its smaller database so that
// EXPLAIN QUERY PLAN shows the plans SQLite chooses at the generated size (decision 0055):
//   node scripts/planner-stats.mjs > tests/integration/query-plans-1m-stats.ts
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Miniflare } from "miniflare";
import { root } from "./lib.mjs";

const toml = await readFile(path.join(root, "wrangler.toml"), "utf8");
const databaseId = /binding = "DB"[^[]*?database_id = "([^"]+)"/.exec(toml)?.[1];
const mf = new Miniflare({
  modules: true,
  script: "export default { fetch: () => new Response(null) }",
  d1Databases: { DB: databaseId },
  d1Persist: path.join(root, ".wrangler/state/v3/d1"),
});
try {
  const db = await mf.getD1Database("DB");
  const { n } = await db.prepare("SELECT count(*) AS n FROM product").first();
  const started = Date.now();
  await db.prepare("ANALYZE").run();
  const { results } = await db
    .prepare("SELECT tbl, idx, stat FROM sqlite_stat1 WHERE tbl NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY tbl, idx")
    .all();
  process.stderr.write(`ANALYZE over ${n} products took ${Date.now() - started} ms\n`);
  const rows = results.map(
    (r) => `    [${JSON.stringify(r.tbl)}, ${JSON.stringify(r.idx)}, ${JSON.stringify(r.stat)}],`,
  );
  process.stdout.write(
    `// sqlite_stat1 of the local D1 with ${n.toLocaleString("en-US")} products (the demo range and those of\n` +
      "// `npm run db:generate`), written by scripts/planner-stats.mjs; see tests/integration/query-plans.test.ts.\n" +
      `export const STATS_1M: { products: number; rows: [string, string | null, string][] } = {\n  products: ${n},\n  rows: [\n${rows.join("\n")}\n  ],\n};\n`,
  );
} finally {
  await mf.dispose();
}
