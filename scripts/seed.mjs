// Applies the migrations to the local D1 and loads the demo data. Idempotent: every seed
// statement is an upsert, so it runs on every start.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { bin, log, root, run } from "./lib.mjs";
import { seedStatements } from "./seed/build.mjs";

export async function migrate(extraArgs = []) {
  log("Applying D1 migrations …");
  await run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", ...extraArgs]);
}

export async function executeSqlFile(file, extraArgs = []) {
  await run(bin("wrangler"), ["d1", "execute", "DB", "--local", "--file", file, ...extraArgs], { stdio: ["ignore", "ignore", "inherit"] });
}

export async function seed(extraArgs = []) {
  const { statements, seed } = await seedStatements();
  const dir = path.join(root, ".tmp");
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, "seed.sql");
  await writeFile(file, statements.join("\n") + "\n");
  log(`Loading demo data: ${seed.products.length} products, ${seed.stores.length} stores, ${seed.pages.length} pages …`);
  await executeSqlFile(file, extraArgs);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await migrate();
  await seed();
}
