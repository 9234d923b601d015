// Applies the migrations to the local D1 and loads the demo data. Idempotent: every seed
// statement is an upsert, so it runs on every start and resets the demo. With `--remote` (a deployed
// database) it loads the range, stores, pages and shop rules, never the demo customers, their
// orders or demo vouchers; and of what the back office keeps (the range, store hours, gift steps)
// only what the database lacks, so loading it again overwrites no staff member's change.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { bin, log, root, run } from "./lib.mjs";
import { seedStatements } from "./seed/build.mjs";

// `--remote --env production` targets the deployed database instead of the local one.
const target = (extraArgs) => (extraArgs.includes("--remote") ? extraArgs : ["--local", ...extraArgs]);

export async function migrate(extraArgs = []) {
  log("Applying D1 migrations …");
  await run(bin("wrangler"), ["d1", "migrations", "apply", "DB", ...target(extraArgs)]);
}

export async function executeSqlFile(file, extraArgs = []) {
  await run(bin("wrangler"), ["d1", "execute", "DB", ...target(extraArgs), "--file", file], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

export async function seed(extraArgs = []) {
  const demo = !extraArgs.includes("--remote");
  const { statements, seed } = await seedStatements({ demo });
  const dir = path.join(root, ".tmp");
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, "seed.sql");
  await writeFile(file, `${statements.join("\n")}\n`);
  log(
    `Loading ${demo ? "demo data" : "the range (no demo customers, orders or vouchers)"}: ${seed.products.length} products, ${seed.stores.length} stores, ${seed.pages.length} pages …`,
  );
  await executeSqlFile(file, extraArgs);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  await migrate(args);
  await seed(args);
}
