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

export async function runStatements(db, statements, chunk = 200) {
  for (let i = 0; i < statements.length; i += chunk) {
    await db.batch(statements.slice(i, i + chunk).map((s) => db.prepare(s)));
  }
}

/**
 * `assets: true` serves public/ in front of the worker as Workers static assets do in production
 * (needed when a browser loads the pages: Lighthouse).
 * `outbound` answers the worker's own fetches to the outside world (tests: stand-ins of the payment and
 * mail providers' APIs).
 * `wrapper` is the source of an ES module that imports the shop from "./index.js" and is served in its
 * place (a test's probe around the unchanged build).
 * `logs` gets every line the worker logs, with its level (the worker's console).
 * @param {{ seed?: boolean, migrate?: boolean, bindings?: Record<string,string>, port?: number, persist?: string, assets?: boolean,
 *   outbound?: (request: Request) => Promise<Response>, wrapper?: string,
 *   logs?: (line: { level: string, message: string }) => void }} opts
 */
export async function startMiniflareShop(opts = {}) {
  const script = await readFile(path.join(root, "build/index.js"), "utf8");
  const mf = new Miniflare({
    modules: [
      ...(opts.wrapper
        ? [{ type: "ESModule", path: path.join(root, "build/wrapper.js"), contents: opts.wrapper }]
        : []),
      { type: "ESModule", path: path.join(root, "build/index.js"), contents: script },
    ],
    compatibilityDate: "2025-09-01",
    compatibilityFlags: ["nodejs_compat"],
    // A persisted database keeps one fixed id: a copy of its directory is then the same database
    // (the integration tests seed one and copy it per file, tests/integration/global-setup.ts).
    d1Databases: { DB: opts.persist ? "shop" : `test-${Math.random().toString(36).slice(2)}` },
    d1Persist: opts.persist ?? false,
    bindings: { ENVIRONMENT: "test", EDGE_CACHE_SECONDS: "0", IMAGE_RESIZING: "off", ...opts.bindings },
    ...(opts.port !== undefined ? { host: "127.0.0.1", port: opts.port } : {}),
    ...(opts.inspectorPort ? { inspectorPort: opts.inspectorPort } : {}),
    ...(opts.outbound ? { outboundService: opts.outbound } : {}),
    // Miniflare checks that the handler returns nothing
    ...(opts.logs ? { handleStructuredLogs: (line) => void opts.logs(line) } : {}),
    ...(opts.assets
      ? { assets: { directory: path.join(root, "public"), binding: "ASSETS", routerConfig: { has_user_worker: true } } }
      : {}),
  });
  const db = await mf.getD1Database("DB");
  if (opts.migrate !== false) await runStatements(db, await migrationStatements());
  if (opts.seed !== false && opts.migrate !== false) await runStatements(db, (await seedStatements()).statements);
  return { mf, db, url: opts.port !== undefined ? await mf.ready : null };
}
