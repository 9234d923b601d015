// Benchmark: the production build on workerd (Miniflare, no `wrangler dev` proxy), home,
// category, product and search against a trivial route in the same run, so figures are ratios.
// Runs at the demo catalogue and again with N synthetic products (default 100,000).
// Like with like: the demo range's "all categories" page shows 60 tiles, as many as the large
// catalogue's listings do; every large-catalogue page's p95 is also given as a ratio to it. Each
// page's Server-Timing header (docs/decisions/0053) gives its time waiting for D1, D1's own time
// and its render time: their p95 per route, read from every measured answer.
//   npm run bench [-- --products 100000 --seconds 4 --rounds 3 --connections 16 --port 8799]
import autocannon from "autocannon";
import { generateCatalog } from "./generate-catalog.mjs";
import { startMiniflareShop, runStatements } from "./miniflare-shop.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
// Each route is measured in ROUNDS slices of SECONDS, the routes taking turns: a machine whose speed
// drifts during the run (a shared 2-core VM) then slows every route alike, and the ratios hold.
const SECONDS = arg("seconds", 4);
const ROUNDS = arg("rounds", 3);
const CONNECTIONS = arg("connections", 16);
const LARGE = arg("products", 100_000);
const PORT = arg("port", 8799); // and the next one, for the edge-cached shop

const EQUAL_SIZE = "all categories (60 tiles)";
const ROUTES = [
  ["trivial (/locales/de/common.json)", "/locales/de/common.json"],
  // The plainest document (header, menu, footer and a text, no catalogue, no hydration data): the
  // floor of a page's render, against which the catalogue pages' ratios can be read.
  ["legal page", "/pages/legal/impressum"],
  // The whole range's first page: 60 tiles at the demo range as at the large catalogue.
  [EQUAL_SIZE, "/catalog/category/startseite"],
  ["home", "/"],
  ["category", "/catalog/category/milch-eier"],
  ["category + filters", "/catalog/category/milch-eier?bio=1&sort=price_asc&priceMax=5"],
  ["product", "/catalog/product/120001"],
  ["search", "/search/find?q=milch"],
  ["search suggestions", "/search/suggest?q=milch"],
];

const p95 = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? NaN;
};

/** The durations of a Server-Timing header by name ("db;dur=3.0, render;dur=9.0" → { db: 3, render: 9 }). */
function serverTiming(value) {
  const figures = {};
  for (const part of value.split(",")) {
    const match = /^\s*([\w-]+)(?:;[^,]*?)?;dur=([\d.]+)/.exec(part);
    if (match) figures[match[1]] = Number(match[2]);
  }
  return figures;
}

/**
 * Throughput, the true 95th percentile of the response times (autocannon's table stops at p90 and
 * p97.5), and those of the D1 and render times the answers' Server-Timing headers report.
 */
function measure(url, headers = {}, seconds = SECONDS) {
  return new Promise((resolve, reject) => {
    const times = [];
    const db = [];
    const sql = [];
    const render = [];
    // Every answer's headers, as the parser reads them (a flat list of names and values).
    const setupClient = (client) => {
      // A server error's answer is kept (the first few): a 500 the worker did not log says there
      // where it came from. The parser hands over its whole buffer, headers and body.
      let status = 0;
      client.on("body", (buffer) => {
        if (status < 500 || serverErrorAnswers.size >= 5) return;
        // the shop's own error page by its title, anything else (the runtime's answer) as it came
        const text = buffer.toString("utf8");
        const answer = /<title>([^<]*)<\/title>/.exec(text)?.[1] ?? text.replace(/\s+/g, " ").slice(-300);
        const key = `${new URL(url).pathname}: ${answer}`;
        serverErrorAnswers.set(key, (serverErrorAnswers.get(key) ?? 0) + 1);
      });
      client.on("headers", ({ headers: raw, statusCode }) => {
        status = statusCode;
        for (let i = 0; i + 1 < raw.length; i += 2) {
          if (String(raw[i]).toLowerCase() !== "server-timing") continue;
          const t = serverTiming(String(raw[i + 1]));
          if (t.db !== undefined) db.push(t.db);
          if (t.sql !== undefined) sql.push(t.sql);
          if (t.render !== undefined) render.push(t.render);
        }
      });
    };
    // What went wrong, by kind: a status other than 2xx, or the request's error (a timeout, a
    // connection reset), so that the errors column says what its count is.
    const failures = new Map();
    const fail = (kind) => failures.set(kind, (failures.get(kind) ?? 0) + 1);
    const instance = autocannon(
      { url, headers, connections: CONNECTIONS, duration: seconds, setupClient },
      (err, r) => {
        if (err) return reject(err);
        resolve({ requests: r.requests.total, seconds, errors: r.errors + r.non2xx, failures, times, db, sql, render });
      },
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      times.push(ms);
      if (status < 200 || status > 299) fail(String(status));
    });
    instance.on("reqError", (error) => fail(error?.code ?? error?.message ?? "error"));
  });
}

/**
 * Measures every entry ({ url, headers }) in ROUNDS turns after a warm-up each (isolates, caches);
 * per entry: req/s over all its slices, the p95 of all its answers, its errors by kind.
 */
async function measureInTurns(entries) {
  for (const { url, headers } of entries) await measure(url, headers, 2).catch(() => {});
  const slices = entries.map(() => []);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, { url, headers }] of entries.entries()) slices[i].push(await measure(url, headers));
  return slices.map((parts) => {
    const all = (key) => parts.flatMap((part) => part[key]);
    const failures = new Map();
    for (const part of parts) for (const [kind, n] of part.failures) failures.set(kind, (failures.get(kind) ?? 0) + n);
    const requests = parts.reduce((sum, part) => sum + part.requests, 0);
    const seconds = parts.reduce((sum, part) => sum + part.seconds, 0);
    return {
      requests: { average: requests / seconds },
      errors: parts.reduce((sum, part) => sum + part.errors, 0),
      failures,
      p95: p95(all("times")),
      dbP95: p95(all("db")),
      sqlP95: p95(all("sql")),
      renderP95: p95(all("render")),
    };
  });
}

/**
 * The benchmark's own requests beside the load (the tile counts, the demo customer's sign-in) give
 * up after this long: a shop that stopped answering ends the run with an error instead of a wait
 * without end (one run waited 19 minutes on a workerd that had not served a single request).
 */
const ANSWER_TIMEOUT_MS = 30_000;

/** How many products a page shows (one current price per tile; a product page's own counts too). */
async function tilesOf(url, headers = {}) {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
  const text = await res.text();
  return /text\/html/.test(res.headers.get("Content-Type") ?? "")
    ? (text.match(/class="price-current/g) ?? []).length
    : "";
}

/** The suite's rows, and the equal-size page's result, which the large catalogue's rows are read against. */
async function runSuite(label, base, equalSize = null) {
  console.error(`  measuring: ${label}`);
  const urls = ROUTES.map(([, path]) => new URL(path, base).href);
  const results = await measureInTurns(urls.map((url) => ({ url })));
  const trivial = results[0];
  const rows = [];
  let equal = equalSize;
  for (const [i, [name]] of ROUTES.entries()) {
    const r = results[i];
    r.tiles = await tilesOf(urls[i]);
    if (name === EQUAL_SIZE) equal ??= r;
    rows.push(row(label, name, r, trivial));
  }
  for (const line of rows) line["p95 vs 60-tile demo"] = equal ? (line["p95 ms"] / equal.p95).toFixed(1) : "";
  return { rows, equal };
}

/** Signs the demo customer Anna in; the cookies her browser would send afterwards. */
async function signedInCookies(base) {
  const jar = new Map();
  const call = async (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await fetch(new URL(path, base), {
      ...init,
      headers,
      redirect: "manual",
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
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
  console.error("  measuring: the edge cache");
  const cached = await startMiniflareShop({ port: PORT + 1, bindings: { EDGE_CACHE_SECONDS: "300" }, logs });
  try {
    const anna = { Cookie: await signedInCookies(cached.url) };
    // The trivial route answers a signed-in shopper without the cache: her row compares her page
    // with it too, since both pay for her session's cookies and read.
    const entries = [
      [ROUTES[0][0], ROUTES[0][1]],
      ["category, edge-cached (visitor)", "/catalog/category/milch-eier"],
      ["trivial, signed in", ROUTES[0][1], anna],
      ["category, edge-cached (signed in)", "/catalog/category/milch-eier", anna],
    ].map(([name, path, headers]) => ({ name, url: new URL(path, cached.url).href, headers }));
    const [trivial, visitor, trivialSignedIn, signedIn] = await measureInTurns(entries);
    const rows = [];
    for (const [i, r] of [trivial, visitor, trivialSignedIn, signedIn].entries()) {
      r.tiles = await tilesOf(entries[i].url, entries[i].headers);
      rows.push(row("demo, cache on", entries[i].name, r, trivial));
    }
    rows[3].route += ` (${(signedIn.requests.average / trivialSignedIn.requests.average).toFixed(2)} of signed-in trivial, ${(signedIn.requests.average / visitor.requests.average).toFixed(2)} of the visitor's)`;
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
    "db p95": Number.isNaN(r.dbP95) ? "" : r.dbP95,
    "sql p95": Number.isNaN(r.sqlP95) ? "" : r.sqlP95,
    "render p95": Number.isNaN(r.renderP95) ? "" : r.renderP95,
    tiles: r.tiles ?? "",
    errors: r.errors,
    "errors by kind": [...r.failures].map(([kind, n]) => `${kind}×${n}`).join(" "),
  };
}

/** Answers with a 5xx status, by route and what they said (`measure`; at most five kinds). */
const serverErrorAnswers = new Map();
// What the worker logs as an error during the run (a 500's cause), counted by its first line.
const workerErrors = new Map();
const logs = ({ level, message }) => {
  if (level !== "error") return;
  const first = String(message).split("\n")[0].slice(0, 200);
  workerErrors.set(first, (workerErrors.get(first) ?? 0) + 1);
};
const shop = await startMiniflareShop({ port: PORT, logs });
const base = shop.url;
try {
  const demo = await runSuite("demo (420)", base);
  const rows = [...demo.rows];
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
    process.stdout.write(
      `\n  ${LARGE.toLocaleString("de-DE")} products generated in ${Math.round((Date.now() - started) / 1000)} s\n`,
    );
    // Against the demo range's equal-size page of this run (docs/decisions/0053).
    rows.push(...(await runSuite(`${LARGE.toLocaleString("de-DE")} + demo`, base, demo.equal)).rows);
  }
  console.table(rows);
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${ROUNDS} turns of ${SECONDS} s per route (the routes taking turns), 2-core machine; edge cache off (every request renders) except in the "cache on" rows.`,
  );
  console.log(
    `db / sql / render p95: ms from the answers' Server-Timing headers: waiting for D1, D1's own time for the statements, Remix beyond waiting (workerd's clocks tick in whole milliseconds); p95 vs 60-tile demo: the route's p95 over that of the demo range's "${EQUAL_SIZE}" in this run; tiles: prices on the page.`,
  );
  for (const [line, n] of workerErrors) console.log(`worker error ×${n}: ${line}`);
  for (const [answer, n] of serverErrorAnswers) console.log(`server error answer ×${n}: ${answer}`);
} finally {
  await shop.mf.dispose();
}
