// Lighthouse (mobile preset) on home, category, product and search, served from the production
// build on workerd with its static assets, in Debian's Chromium. docs/architecture.md budgets:
// performance >= 98, accessibility, best practices and SEO 100.
//   npm run lighthouse [-- --check] [-- --save DIR] [-- --only home,legal]   (after `npm run build`; --save keeps the reports)
import { mkdir, writeFile } from "node:fs/promises";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM } from "./lib.mjs";
import { startMiniflareShop } from "./miniflare-shop.mjs";

const ALL = [
  ["home", "/"],
  ["category", "/catalog/category/milch-eier"],
  ["product", "/catalog/product/120001"],
  ["search", "/search/find?q=milch"],
  ["legal", "/pages/legal/impressum"],
];
// --only home,category measures some of them; the budget pages are the first four.
const onlyIndex = process.argv.indexOf("--only");
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1].split(",") : ALL.slice(0, 4).map(([name]) => name);
const PAGES = ALL.filter(([name]) => only.includes(name));
/** How often a page is measured when Lighthouse reports a run it could not measure. */
const RUNS_PER_PAGE = 3;
const BUDGET = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 };

const saveIndex = process.argv.indexOf("--save");
const saveDir = saveIndex > 0 ? process.argv[saveIndex + 1] : null;
if (saveDir) await mkdir(saveDir, { recursive: true });

const shop = await startMiniflareShop({ port: 8797, assets: true });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
});
const rows = [];
let over = false;
try {
  for (const [name, path] of PAGES) {
    const url = new URL(path, shop.url).href;
    // A run whose trace Lighthouse could not read (NO_NAVSTART, seen on the first page of a fresh
    // Chromium) measured nothing: Lighthouse itself asks to run it again, and the row says so.
    let lhr;
    let attempts = 0;
    do {
      attempts++;
      ({ lhr } = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", locale: "de" }));
    } while (lhr.runtimeError && attempts < RUNS_PER_PAGE);
    if (saveDir) await writeFile(`${saveDir}/${name}.json`, JSON.stringify(lhr));
    const row = { page: name, url: path };
    for (const [id, min] of Object.entries(BUDGET)) {
      const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
      row[id] = score;
      over ||= score < min;
    }
    // An audit Lighthouse could not compute (a trace it could not read) says why instead of a figure.
    const metric = (id, digits = 0) => {
      const audit = lhr.audits[id];
      return typeof audit?.numericValue === "number"
        ? Number(audit.numericValue.toFixed(digits))
        : `? (${audit?.errorMessage ?? "no value"})`;
    };
    row["LCP ms"] = metric("largest-contentful-paint");
    row["TBT ms"] = metric("total-blocking-time");
    row.CLS = metric("cumulative-layout-shift", 3);
    const failed = Object.values(lhr.categories)
      .flatMap((c) => c.auditRefs)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    if (failed.length) row.failing = failed.join(", ");
    if (attempts > 1) row.runs = `${attempts} (${lhr.runtimeError ? "none" : "the last"} measured)`;
    rows.push(row);
  }
} finally {
  chrome.kill();
  await shop.mf.dispose();
}
console.table(rows);
console.log(
  "Budgets:",
  Object.entries(BUDGET)
    .map(([k, v]) => `${k} >= ${v}`)
    .join(", "),
  "(mobile, simulated slow 4G, 4x CPU slowdown)",
);
if (process.argv.includes("--check") && over) {
  console.error("Lighthouse below budget.");
  process.exit(1);
}
