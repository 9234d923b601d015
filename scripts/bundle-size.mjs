// Client JavaScript on first load, gzip-compressed, per page type (docs/architecture.md budgets):
// home, category, search and product at most 100 KB (issue 35, docs/decisions/0054); legal and
// content pages 0 KB; the store map 150 KB.
// It serves the production build, reads each page's HTML and adds up every /build/*.js the page
// preloads or imports at start, and what those import statically in turn. Chunks loaded later on
// demand (search overlay, other routes listed in the inline route manifest) are not counted.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "./lib.mjs";
import { startMiniflareShop } from "./miniflare-shop.mjs";

const KB = 1000;
const PAGES = [
  ["home", "/", 100 * KB],
  ["category", "/catalog/category/milch-eier", 100 * KB],
  ["search", "/search/find?q=milch", 100 * KB],
  ["product", "/catalog/product/120001", 100 * KB],
  ["legal", "/pages/legal/impressum", 0],
  ["content", "/content/mitgliedschaft", 0],
  // The store map brings Leaflet (about 42 KB), react-leaflet and supercluster on top of the app;
  // they load on this page alone.
  ["stores", "/content/map", 150 * KB],
];

/** The modules a page loads at start: its modulepreloads and inline imports, and their static imports. */
async function startModules(html) {
  const seeds = [
    ...[...html.matchAll(/<link rel="modulepreload" href="(\/build\/[^"]+\.js)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) =>
      [...m[1].matchAll(/^import\b[^"'\n]*["'](\/build\/[^"']+\.js)["']/gm)].map((i) => i[1]),
    ),
  ];
  const seen = new Set();
  const queue = [...seeds];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await readFile(path.join(root, "public", file), "utf8");
    for (const m of code.matchAll(
      /(?:^|[;}\s])(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["'](\/build\/[^"']+\.js)["']/g,
    ))
      queue.push(m[1]);
  }
  return [...seen];
}

const gzipped = new Map();
async function gzipSize(file) {
  if (!gzipped.has(file))
    gzipped.set(file, gzipSync(await readFile(path.join(root, "public", file)), { level: 9 }).length);
  return gzipped.get(file);
}

const { mf } = await startMiniflareShop();
let over = false;
const rows = [];
try {
  for (const [name, url, budget] of PAGES) {
    const html = await (await mf.dispatchFetch(new URL(url, "http://shop.test"))).text();
    const files = await startModules(html);
    let bytes = 0;
    for (const f of files) bytes += await gzipSize(f);
    // `--files`: each page's modules, biggest first, to see what to trim
    if (process.argv.includes("--files")) {
      const sizes = await Promise.all(files.map(async (f) => [f, await gzipSize(f)]));
      console.log(
        `${name}:\n${sizes
          .sort((a, b) => b[1] - a[1])
          .map(([f, n]) => `  ${(n / KB).toFixed(1).padStart(6)} ${f}`)
          .join("\n")}`,
      );
    }
    const ok = bytes <= budget;
    over ||= !ok;
    rows.push({
      page: name,
      url,
      files: files.length,
      "gzip KB": (bytes / KB).toFixed(2),
      "budget KB": budget / KB,
      ok: ok ? "yes" : "NO",
    });
  }
} finally {
  await mf.dispose();
}
console.table(rows);
if (process.argv.includes("--check") && over) {
  console.error("Client JavaScript over budget.");
  process.exit(1);
}
