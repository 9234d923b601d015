// The shop as the end-to-end tests see it: the production build on workerd (Miniflare) with the
// same variables as `wrangler dev` and its static assets, and an in-memory D1 created fresh for
// every run, migrated and seeded, so customers, sessions and throttle counters of an earlier run
// never leak into this one.
//
// Setup that has no page (a ready-made customer, expired sessions) runs its SQL through a small
// control endpoint on the next port, in this same process and on the same database handle as the
// shop. A second process writing the same SQLite file (`wrangler d1 execute` next to
// `wrangler dev`) made the shop itself meet SQLITE_BUSY now and then.
import http from "node:http";
import { startMiniflareShop } from "./miniflare-shop.mjs";

const port = Number(process.env.E2E_PORT ?? "8790");
const options = {
  port,
  assets: true,
  bindings: {
    ENVIRONMENT: "development",
    EDGE_CACHE_SECONDS: "60",
    // The tag manager's recording stand-in (docs/decisions/0027), as `npm start` has it.
    TAG_MANAGER_CONTAINER_ID: "GTM-FRISCHKORB",
    TAG_MANAGER_HOST: "127.0.0.1",
    TAG_MANAGER_SCRIPT_URL: "/dev/tag-manager/gtm.js",
  },
};

/**
 * Migrating and seeding prepare every statement through Miniflare's synchronous proxy channel,
 * which on a machine busy with other work once answered a call with nothing (its assertion
 * "false == true") and the server never came up. The database is fresh and in memory: a start
 * that failed that way is thrown away and made again, at most twice; no test has run yet.
 */
async function start(attempt = 1) {
  try {
    return await startMiniflareShop(options);
  } catch (error) {
    if (attempt >= 3 || error?.code !== "ERR_ASSERTION") throw error;
    console.error(`e2e server: Miniflare's proxy failed while seeding (attempt ${attempt}); starting anew`);
    return start(attempt + 1);
  }
}
const { mf, db } = await start();

// Miniflare's D1 handle is a proxy into workerd: `prepare` and `bind` are synchronous calls over
// its channel, `all` an asynchronous one. Two test workers' statements interleaving there put the
// channel out of step now and then (an assertion in Miniflare, "false == true"), and every later
// statement failed. One statement at a time.
let last = Promise.resolve();
function oneAtATime(run) {
  const next = last.then(run, run);
  last = next.catch(() => {});
  return next;
}

// Listens only once the database is migrated and seeded: Playwright waits for GET /ready.
const control = http.createServer(async (req, res) => {
  try {
    if (req.method === "GET" && req.url === "/ready") return void res.writeHead(200).end("ready");
    if (req.method !== "POST" || req.url !== "/sql") throw Object.assign(new Error("POST /sql only"), { status: 404 });
    let body = "";
    for await (const chunk of req) body += chunk;
    const { sql, params = [] } = JSON.parse(body);
    const { results } = await oneAtATime(() =>
      db
        .prepare(sql)
        .bind(...params)
        .all(),
    );
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(results));
  } catch (error) {
    res.writeHead(error.status ?? 500, { "Content-Type": "text/plain" }).end(String(error.message ?? error));
  }
});
control.listen(port + 1, "127.0.0.1");

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    control.close();
    await mf.dispose();
    process.exit(0);
  });
}
console.log(`e2e shop on http://127.0.0.1:${port}, SQL control on port ${port + 1}`);
