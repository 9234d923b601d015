// Benchmark: the production build on workerd (Miniflare, no `wrangler dev` proxy), home,
// category, product and search against a trivial route in the same run, so figures are ratios.
// Runs at the demo catalogue and again with N synthetic products (default 100,000).
//   npm run bench [-- --products 100000 --seconds 10 --connections 16]
import autocannon from "autocannon";
import { generateCatalog } from "./generate-catalog.mjs";
import { startMiniflareShop, runStatements } from "./miniflare-shop.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg("seconds", 8);
const CONNECTIONS = arg("connections", 16);
const LARGE = arg("products", 100_000);
const PORT = 8799;

const ROUTES = [
  ["trivial (/locales/de/common.json)", "/locales/de/common.json"],
  // The plainest document (header, menu, footer and a text, no catalogue, no hydration data): the
  // floor of a page's render, against which the catalogue pages' ratios can be read.
  ["legal page", "/pages/legal/impressum"],
  ["home", "/"],
  ["category", "/catalog/category/milch-eier"],
  ["category + filters", "/catalog/category/milch-eier?bio=1&sort=price_asc&priceMax=5"],
  ["product", "/catalog/product/120001"],
  ["search", "/search/find?q=milch"],
  ["search suggestions", "/search/suggest?q=milch"],
];

/** Throughput and the true 95th percentile of the response times (autocannon's table stops at p90 and p97.5). */
function measure(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS }, (err, r) => {
      if (err) return reject(err);
      times.sort((a, b) => a - b);
      resolve({ ...r, p95: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] ?? NaN });
    });
    instance.on("response", (_client, _status, _bytes, ms) => times.push(ms));
  });
}

async function runSuite(label, base) {
  const rows = [];
  let trivial = null;
  for (const [name, path] of ROUTES) {
    await measure(new URL(path, base).href).catch(() => {}); // warm up isolates and caches
    const r = await measure(new URL(path, base).href);
    trivial ??= r;
    rows.push(row(label, name, r, trivial));
  }
  return rows;
}

/** Signs the demo customer Anna in; the cookies her browser would send afterwards. */
async function signedInCookies(base) {
  const jar = new Map();
  const call = async (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await fetch(new URL(path, base), { ...init, headers, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      if (/max-age=0/i.test(line)) jar.delete(pair.slice(0, at));
      else jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res.text();
  };
  const csrf = /name="csrf" value="([^"]+)"/.exec(await call("/login"))?.[1] ?? "";
  const form = {
    intent: "login",
    email: "anna.schmidt@example.org",
    password: "Frischkorb2026",
    redirectTo: "/",
    csrf,
  };
  await call("/login", {
    method: "POST",
    body: new URLSearchParams(form),
    headers: { Origin: new URL(base).origin, "Content-Type": "application/x-www-form-urlencoded" },
  });
  await call("/"); // shows (and clears) the sign-in notice
  if (!jar.has("__session")) throw new Error("bench: the demo customer could not sign in");
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/**
 * The same shop with the edge cache on: a visitor's category page comes from the Cache API, and a
 * signed-in shopper's is the cached signed-in shape filled in for her (docs/decisions/0030).
 */
async function edgeCachedSuite() {
  const cached = await startMiniflareShop({ port: PORT + 1, bindings: { EDGE_CACHE_SECONDS: "300" } });
  try {
    const rows = [];
    let trivial = null;
    const anna = { Cookie: await signedInCookies(cached.url) };
    // The trivial route answers a signed-in shopper without the cache: her row compares her page
    // with it too, since both pay for her session's cookies and read.
    let trivialSignedIn = null;
    for (const [name, path, headers] of [
      ROUTES[0],
      ["category, edge-cached (visitor)", "/catalog/category/milch-eier"],
      ["trivial, signed in", ROUTES[0][1], anna],
      ["category, edge-cached (signed in)", "/catalog/category/milch-eier", anna],
    ]) {
      const url = new URL(path, cached.url).href;
      await measure(url, headers).catch(() => {});
      const r = await measure(url, headers);
      trivial ??= r;
      if (headers && path === ROUTES[0][1]) trivialSignedIn = r;
      const line = row("demo, cache on", name, r, trivial);
      if (headers && path !== ROUTES[0][1])
        line.route += ` (${(r.requests.average / trivialSignedIn.requests.average).toFixed(2)} of signed-in trivial)`;
      rows.push(line);
    }
    return rows;
  } finally {
    await cached.mf.dispose();
  }
}

function row(catalogue, route, r, trivial) {
  return {
    catalogue,
    route,
    "req/s": Math.round(r.requests.average),
    "p95 ms": Number(r.p95.toFixed(1)),
    "throughput vs trivial": (r.requests.average / trivial.requests.average).toFixed(2),
    "latency vs trivial": (r.p95 / Math.max(trivial.p95, 1)).toFixed(1),
    errors: r.errors + r.non2xx,
  };
}

const shop = await startMiniflareShop({ port: PORT });
const base = shop.url;
try {
  const rows = await runSuite("demo (420)", base);
  rows.push(...(await edgeCachedSuite()));
  if (LARGE > 0) {
    const started = Date.now();
    await generateCatalog(
      LARGE,
      (s) => runStatements(shop.db, s, 500),
      (done, total) =>
        process.stdout.write(
          `\r  generating ${done}/${total} (${Math.round(done / ((Date.now() - started) / 1000))}/s)   `,
        ),
    );
    process.stdout.write("\n");
    rows.push(...(await runSuite(`${LARGE.toLocaleString("de-DE")} + demo`, base)));
  }
  console.table(rows);
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${SECONDS} s per route, 2-core machine; edge cache off (every request renders) except in the "cache on" rows.`,
  );
} finally {
  await shop.mf.dispose();
}
