// Synthetic catalogue for scale tests: `npm run db:generate -- 100000` adds N products (SKUs
// 9000000 and up) derived from the demo range (its categories, brands, nutrition, shapes) to the
// local D1, with progress output. Running it again replaces the synthetic products.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { log, root } from "./lib.mjs";
import { loadSeed, productRow, sqlValue } from "./seed/build.mjs";

const CHUNK = 5000;
// D1 accepts statements up to 100 KB; a product row with its texts is about 1 KB.
const ROWS_PER_INSERT = 40;
const VARIANTS = [
  "Classic",
  "Bio",
  "Premium",
  "Mini",
  "Family",
  "Regional",
  "Light",
  "Extra",
  "Natur",
  "Feinschmecker",
];

/** Deterministic pseudo-random numbers, so two runs make the same catalogue. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function syntheticProducts(templates, n, start = 0) {
  const rnd = random(42 + start);
  return Array.from({ length: n }, (_, k) => {
    const i = start + k;
    const template = templates[i % templates.length];
    const price = Math.max(19, Math.round(template.price * (0.6 + rnd() * 0.9)));
    const regular = rnd() < 0.1 ? price + 20 + Math.round(rnd() * 100) : null;
    return {
      ...template,
      sku: String(9_000_000 + i),
      name: `${template.name} ${VARIANTS[Math.floor(rnd() * VARIANTS.length)]} ${i}`,
      price,
      regular,
      lowest30: regular,
      stock: rnd() < 0.04 ? 0 : Math.floor(rnd() * 300) + 1,
      rec: Math.floor(rnd() * 100),
      flags: template.flags.filter((f) => f !== "new" || rnd() < 0.2),
    };
  });
}

/** Multi-row INSERTs: a fresh product needs no upsert, and one statement per 40 rows is fast. */
function insertRows(table, rows) {
  const statements = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const slice = rows.slice(i, i + ROWS_PER_INSERT);
    const cols = Object.keys(slice[0]);
    statements.push(
      `INSERT INTO ${table} (${cols.join(", ")}) VALUES ` +
        slice.map((r) => `(${cols.map((c) => sqlValue(r[c])).join(", ")})`).join(", ") +
        ";",
    );
  }
  return statements;
}

export function productInserts(products) {
  const allergens = [];
  const flavorings = [];
  for (const p of products) {
    for (const a of p.allergens) allergens.push({ sku: p.sku, allergen: a });
    for (const f of p.flavorings) flavorings.push({ sku: p.sku, flavoring: f });
  }
  return [
    ...insertRows("product", products.map(productRow)),
    ...(allergens.length ? insertRows("product_allergen", allergens) : []),
    ...(flavorings.length ? insertRows("product_flavoring", flavorings) : []),
  ];
}

/** Replaces the synthetic products by `count` new ones; `execute` runs a list of SQL statements. */
export async function generateCatalog(count, execute, onProgress = () => {}) {
  const seed = await loadSeed();
  await execute(["DELETE FROM product WHERE sku GLOB '9[0-9][0-9][0-9][0-9][0-9][0-9]';"]);
  for (let done = 0; done < count; done += CHUNK) {
    const n = Math.min(CHUNK, count - done);
    await execute(productInserts(syntheticProducts(seed.products, n, done)));
    onProgress(done + n, count);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The local D1 that `wrangler d1 execute --local` and `wrangler dev` use, opened once through
  // Miniflare (its store under .wrangler/state): a `wrangler d1 execute` per chunk started a
  // workerd each time and made 1,000,000 products take most of an hour.
  const { Miniflare } = await import("miniflare");
  const { runStatements } = await import("./miniflare-shop.mjs");
  const toml = await readFile(path.join(root, "wrangler.toml"), "utf8");
  const databaseId = /binding = "DB"[^[]*?database_id = "([^"]+)"/.exec(toml)?.[1];
  if (!databaseId) throw new Error("wrangler.toml names no database_id for the DB binding");
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch: () => new Response(null) }",
    d1Databases: { DB: databaseId },
    d1Persist: path.join(root, ".wrangler/state/v3/d1"),
  });
  const db = await mf.getD1Database("DB");
  if (!(await db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'product'").first())) {
    await mf.dispose();
    throw new Error("the local database has no catalogue yet: run `npm run db:seed` first");
  }
  const count = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? "100000");
  log(`Generating ${count.toLocaleString("de-DE")} synthetic products …`);
  const started = Date.now();
  const seconds = () => (Date.now() - started) / 1000;
  try {
    await generateCatalog(
      count,
      (statements) => runStatements(db, statements, 500),
      (done, total) => {
        process.stdout.write(
          `\r  ${done.toLocaleString("de-DE")} / ${total.toLocaleString("de-DE")} products (${Math.round(done / seconds())}/s, ${Math.round(seconds())} s)   `,
        );
      },
    );
  } finally {
    await mf.dispose();
  }
  process.stdout.write("\n");
  log(`Done in ${Math.round(seconds())} s.`);
}
