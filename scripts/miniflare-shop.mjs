// The production build (build/index.js) on workerd through Miniflare's API, with a D1 migrated by
// the project's migrations: used by the integration tests, the e2e server, the bundle-size check and the
// benchmark, so none of them measures through `wrangler dev`'s proxy.
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { Miniflare } from "miniflare";
import { root } from "./lib.mjs";
import { seedStatements } from "./seed/build.mjs";

/** Splits a migration into statements; trigger bodies keep their inner semicolons. */
export function splitSql(text) {
  const out = [];
  let current = "";
  for (const part of text.replace(/--[^\n]*/g, "").split(";")) {
    current += part;
    const opened = (current.match(/\bBEGIN\b/gi) ?? []).length;
    const closed = (current.match(/\bEND\b/gi) ?? []).length;
    if (opened > closed) {
      current += ";";
      continue;
    }
    if (current.trim()) out.push(current.trim());
    current = "";
  }
  return out;
}

export async function migrationStatements() {
  const dir = path.join(root, "app/db/migrations");
  const files = (await readdir(dir)).filter((f) => f.endsWith(".sql")).sort();
  const statements = [];
  for (const file of files) statements.push(...splitSql(await readFile(path.join(dir, file), "utf8")));
  return statements;
}

/**
 * Runs the statements in their order. Miniflare's D1 handle is a proxy into workerd whose `prepare`
 * is a synchronous call over its channel, one per statement: seeding the demo's 3,900 statements
 * that way took 12 s (every integration run's setup, the e2e server's start, each shop with its own
 * seed). `exec` sends many statements in one asynchronous call, but it splits its text at line
 * breaks; statements with a line break of their own (trigger bodies, a few texts) go in a batch.
 */
export async function runStatements(db, statements, chunk = 200) {
  const oneLine = (i) => i < statements.length && !statements[i].includes("\n");
  // a run of at least this many one-line statements goes to `exec`; shorter ones stay in the batch
  const RUN = 10;
  const runAt = (i) => {
    let n = 0;
    while (n < RUN && oneLine(i + n)) n++;
    return n === RUN;
  };
  for (let i = 0; i < statements.length; ) {
    const group = [];
    if (runAt(i)) {
      while (group.length < chunk && oneLine(i)) group.push(statements[i++]);
      await db.exec(group.join("\n"));
    } else {
      while (group.length < chunk && i < statements.length && !runAt(i)) group.push(statements[i++]);
      await db.batch(group.map((s) => db.prepare(s)));
    }
  }
}

/**
 * The mail queue's producer binding and the shop as its consumer, with wrangler.toml's settings;
 * a queue of its own per shop, so shops started side by side do not consume each other's mails.
 */
function mailQueue(name = `mail-${Math.random().toString(36).slice(2)}`) {
  return {
    queueProducers: { MAIL: { queueName: name } },
    queueConsumers: { [name]: { maxBatchSize: 100, maxBatchTimeout: 1, maxRetries: 10 } },
  };
}

/** The worker behind a failing D1 binding (`databaseDown`): the real database is its own binding. */
const DATABASE_WORKER = "database";

/**
 * The shop's D1 binding as a wrapped binding around the real one: while the test's `databaseDown()`
 * says so, every statement and batch fails as the D1 binding fails when it cannot reach its database
 * (the message workerd's D1 client gives a lost connection, with its cause). The switch is asked
 * through a service binding, so a test flips it between requests; production code has no hook.
 */
const FAILING_DATABASE = `
const LOST = "Network connection lost.";
export default function (env) {
  const check = async () => {
    const answer = await env.SWITCH.fetch("http://switch/");
    if ((await answer.text()) === "down") throw new Error("D1_ERROR: " + LOST, { cause: new Error(LOST) });
  };
  const statement = (real) => ({
    real,
    bind: (...values) => statement(real.bind(...values)),
    first: async (column) => (await check(), column === undefined ? real.first() : real.first(column)),
    all: async () => (await check(), real.all()),
    run: async () => (await check(), real.run()),
    raw: async (options) => (await check(), real.raw(options)),
  });
  const batch = (real) => async (statements) => (await check(), real.batch(statements.map((s) => s.real)));
  const session = (real) => ({
    prepare: (sql) => statement(real.prepare(sql)),
    batch: batch(real),
    getBookmark: () => real.getBookmark(),
  });
  return {
    prepare: (sql) => statement(env.DB.prepare(sql)),
    batch: batch(env.DB),
    exec: async (sql) => (await check(), env.DB.exec(sql)),
    dump: () => env.DB.dump(),
    withSession: (constraint) => session(env.DB.withSession(constraint)),
  };
}
`;

/**
 * The tests' way into the database without Miniflare's synchronous calls (`sql: true`): the D1
 * handle Node gets is a proxy whose `prepare` and `bind` each block the test's process for a
 * round trip into workerd (2,800 statements made a test file wait 15 to 45 s). This worker runs
 * one statement (its method and arguments), a batch or an `exec` per request, on the same
 * database, and answers with D1's result; `undefined` values travel as a marker.
 */
const SQL_WORKER = `
const value = (v) => (v && typeof v === "object" && v.$undefined ? undefined : v);
export default {
  async fetch(request, env) {
    const call = await request.json();
    const made = (s) => env.DB.prepare(s.sql).bind(...s.values.map(value));
    try {
      const result =
        call.exec !== undefined
          ? await env.DB.exec(call.exec)
          : call.batch
            ? await env.DB.batch(call.batch.map(made))
            : await made(call)[call.method](...call.args);
      return Response.json({ result: result === undefined ? null : result });
    } catch (error) {
      return Response.json({ error: { message: String(error?.message ?? error), cause: error?.cause?.message } });
    }
  },
};
`;
const SQL_WORKER_NAME = "sql";

/**
 * `assets: true` serves public/ in front of the worker as Workers static assets do in production
 * (needed when a browser loads the pages: Lighthouse).
 * `outbound` answers the worker's own fetches to the outside world (tests: stand-ins of the payment and
 * mail providers' APIs).
 * `wrapper` is the source of an ES module that imports the shop from "./index.js" and is served in its
 * place (a test's probe around the unchanged build).
 * `logs` gets every line the worker logs, with its level (the worker's console).
 * `databaseDown` makes the D1 binding switchable (FAILING_DATABASE above): tests of a database outage.
 * `sql` adds the SQL worker (SQL_WORKER above) and returns `sql(call)`, the tests' way into the database.
 * `mailQueue` gives the shop the mail queue (producer MAIL, the shop its consumer), as deployed; a
 *   string names the queue (a test delivering a batch itself).
 * @param {{ seed?: boolean, migrate?: boolean, bindings?: Record<string,string>, port?: number, persist?: string, assets?: boolean,
 *   outbound?: (request: Request) => Promise<Response>, wrapper?: string,
 *   logs?: (line: { level: string, message: string }) => void, databaseDown?: () => boolean, sql?: boolean,
 *   mailQueue?: boolean | string, triggerHandlers?: boolean }} opts
 */
export async function startMiniflareShop(opts = {}) {
  const script = await readFile(path.join(root, "build/index.js"), "utf8");
  // A persisted database keeps one fixed id: a copy of its directory is then the same database
  // (the integration tests seed one and copy it per file, tests/integration/global-setup.ts).
  const d1Databases = { DB: opts.persist ? "shop" : `test-${Math.random().toString(36).slice(2)}` };
  const shop = {
    modules: [
      ...(opts.wrapper
        ? [{ type: "ESModule", path: path.join(root, "build/wrapper.js"), contents: opts.wrapper }]
        : []),
      { type: "ESModule", path: path.join(root, "build/index.js"), contents: script },
    ],
    compatibilityDate: "2025-09-01",
    compatibilityFlags: ["nodejs_compat"],
    ...(opts.databaseDown ? { wrappedBindings: { DB: DATABASE_WORKER } } : { d1Databases }),
    // product photos (docs/decisions/0048); persisted beside the D1 when the D1 is
    r2Buckets: {
      PHOTOS: opts.persist ? "photos" : `photos-${Math.random().toString(36).slice(2)}`,
      ARCHIVE: opts.persist ? "archive" : `archive-${Math.random().toString(36).slice(2)}`,
    },
    bindings: { ENVIRONMENT: "test", EDGE_CACHE_SECONDS: "0", IMAGE_RESIZING: "off", ...opts.bindings },
    // the mail queue (docs/decisions/0051), as wrangler.toml configures it, consumed by the shop itself
    ...(opts.mailQueue ? mailQueue(typeof opts.mailQueue === "string" ? opts.mailQueue : undefined) : {}),
    ...(opts.outbound ? { outboundService: opts.outbound } : {}),
    ...(opts.assets
      ? { assets: { directory: path.join(root, "public"), binding: "ASSETS", routerConfig: { has_user_worker: true } } }
      : {}),
  };
  const shared = {
    d1Persist: opts.persist ?? false,
    r2Persist: opts.persist ?? false,
    // /cdn-cgi/handler/scheduled starts a cron run as a request does: runs that overlap (tests only)
    ...(opts.triggerHandlers ? { unsafeTriggerHandlers: true } : {}),
    ...(opts.port !== undefined ? { host: "127.0.0.1", port: opts.port } : {}),
    ...(opts.inspectorPort ? { inspectorPort: opts.inspectorPort } : {}),
    // Miniflare checks that the handler returns nothing
    ...(opts.logs ? { handleStructuredLogs: (line) => void opts.logs(line) } : {}),
  };
  const down = opts.databaseDown;
  const databaseSwitch = async () => new Response(down?.() ? "down" : "up");
  const extraWorkers = [
    ...(down
      ? [
          {
            name: DATABASE_WORKER,
            modules: true,
            script: FAILING_DATABASE,
            d1Databases,
            serviceBindings: { SWITCH: databaseSwitch },
          },
        ]
      : []),
    ...(opts.sql ? [{ name: SQL_WORKER_NAME, modules: true, script: SQL_WORKER, d1Databases }] : []),
  ];
  const mf = new Miniflare(
    extraWorkers.length ? { ...shared, workers: [{ name: "shop", ...shop }, ...extraWorkers] } : { ...shared, ...shop },
  );
  try {
    const db = await mf.getD1Database("DB", down ? DATABASE_WORKER : undefined);
    if (opts.migrate !== false) await runStatements(db, await migrationStatements());
    if (opts.seed !== false && opts.migrate !== false) await runStatements(db, (await seedStatements()).statements);
    const sqlWorker = opts.sql ? await mf.getWorker(SQL_WORKER_NAME) : null;
    /** One call of the SQL worker (`sql: true`): its result, or D1's error thrown here. */
    const sql = sqlWorker
      ? async (call) => {
          const answer = await sqlWorker.fetch("http://sql/", { method: "POST", body: JSON.stringify(call) });
          const { result, error } = await answer.json();
          if (error) throw new Error(error.message, error.cause ? { cause: new Error(error.cause) } : undefined);
          return result;
        }
      : null;
    return { mf, db, sql, url: opts.port !== undefined ? await mf.ready : null };
  } catch (error) {
    // a shop that could not be prepared gives its port and workerd back
    await mf.dispose().catch(() => {});
    throw error;
  }
}
