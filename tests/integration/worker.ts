/**
 * The built worker (build/index.js) in workerd through Miniflare, with a D1 database migrated by
 * the project's migrations and loaded with the demo seed: the production code path, no proxy.
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { Miniflare } from "miniflare";

const root = path.resolve(__dirname, "../..");

export interface TestShop {
  mf: Miniflare;
  db: D1Database;
  fetch: (pathname: string, init?: RequestInit) => Promise<Response>;
  dispose: () => Promise<void>;
}

export const ORIGIN = "http://shop.test";

async function migrationStatements(): Promise<string[]> {
  const dir = path.join(root, "app/db/migrations");
  const files = (await readdir(dir)).filter((f) => f.endsWith(".sql")).sort();
  const statements: string[] = [];
  for (const file of files) statements.push(...splitSql(await readFile(path.join(dir, file), "utf8")));
  return statements;
}

/** Splits a migration into statements; trigger bodies keep their inner semicolons. */
export function splitSql(text: string): string[] {
  const withoutComments = text.replace(/--[^\n]*/g, "");
  const out: string[] = [];
  let current = "";
  for (const part of withoutComments.split(";")) {
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

export async function runStatements(db: D1Database, statements: string[], chunk = 200) {
  for (let i = 0; i < statements.length; i += chunk) {
    await db.batch(statements.slice(i, i + chunk).map((s) => db.prepare(s)));
  }
}

export async function startShop(opts: { seed?: boolean; migrate?: boolean; bindings?: Record<string, string> } = {}): Promise<TestShop> {
  const script = await readFile(path.join(root, "build/index.js"), "utf8");
  const mf = new Miniflare({
    modules: [{ type: "ESModule", path: path.join(root, "build/index.js"), contents: script }],
    compatibilityDate: "2025-09-01",
    compatibilityFlags: ["nodejs_compat"],
    d1Databases: { DB: `test-${Math.random().toString(36).slice(2)}` },
    bindings: { ENVIRONMENT: "test", EDGE_CACHE_SECONDS: "0", IMAGE_RESIZING: "off", ...opts.bindings },
  });
  const db = (await mf.getD1Database("DB")) as unknown as D1Database;
  if (opts.migrate !== false) await runStatements(db, await migrationStatements());
  if (opts.seed !== false && opts.migrate !== false) {
    const { seedStatements } = await import("../../scripts/seed/build.mjs");
    const { statements } = await seedStatements();
    await runStatements(db, statements);
  }
  return {
    mf,
    db,
    fetch: (pathname, init) => mf.dispatchFetch(new URL(pathname, ORIGIN), { redirect: "manual", ...init }) as unknown as Promise<Response>,
    dispose: () => mf.dispose(),
  };
}
