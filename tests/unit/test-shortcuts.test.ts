/**
 * The end-to-end tests' shortcuts (a session started without the sign-in form, SQL setup) live
 * only in the test process and the e2e server (e2e/session.ts, e2e/d1.ts, scripts/e2e-server.mjs,
 * docs/decisions/0035). They must never reach the worker build, nor anything `npm start` runs.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );

const RELATIVE_IMPORT = /(?:import|export)\s[^"';]*?["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/g;

/** Every project script a script imports, itself included, following relative imports. */
function reachableScripts(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file) || !statSync(file).isFile()) return;
    seen.add(file);
    for (const m of readFileSync(file, "utf8").matchAll(RELATIVE_IMPORT)) visit(resolve(dirname(file), m[1] ?? m[2]));
  };
  visit(resolve(entry));
  return [...seen].map((f) => relative(".", f));
}

/** What only the e2e server and the e2e helpers have: their control endpoint and the test session's insert. */
const SHORTCUT_MARKS = [/POST \/sql only/, /e2e-server/, /e2e\/session/, /INSERT INTO session \(id_hash/];

describe("the e2e tests' shortcuts", () => {
  it("are imported by nothing in app/", () => {
    const leaks = files("app").filter((f) =>
      /["'][^"']*(?:e2e\/|scripts\/e2e-server)[^"']*["']/.test(readFileSync(f, "utf8")),
    );
    expect(leaks).toEqual([]);
  });

  it("are not reachable from `npm start` (scripts/start.mjs and what it imports)", () => {
    const scripts = reachableScripts("scripts/start.mjs");
    expect(scripts).toContain("scripts/seed.mjs");
    expect(scripts.filter((f) => f.includes("e2e"))).toEqual([]);
    for (const file of scripts)
      expect(
        SHORTCUT_MARKS.filter((m) => m.test(readFileSync(file, "utf8"))),
        file,
      ).toEqual([]);
  });

  it("are not in the worker build (build/index.js, which `npm test` builds before this runs)", () => {
    const worker = readFileSync("build/index.js", "utf8");
    expect(worker.length).toBeGreaterThan(100_000);
    expect(SHORTCUT_MARKS.filter((m) => m.test(worker)).map(String)).toEqual([]);
  });

  it("would be found if they were there", () => {
    const shortcuts = [
      readFileSync("scripts/e2e-server.mjs", "utf8"),
      readFileSync("e2e/session.ts", "utf8"),
      'import { startMiniflareShop } from "./scripts/e2e-server.mjs";',
      'import { startSignedIn } from "../e2e/session";',
    ].join("\n");
    expect(SHORTCUT_MARKS.filter((m) => !m.test(shortcuts)).map(String)).toEqual([]);
  });
});
