import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// docs/architecture.md "Layers": the domain takes typed input and returns typed results, so a second
// door (the headless API) can use it; HTTP is read and answered in app/http and the routes. Platform
// knows no business area, and no module depends on itself through others, not even for a type.
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );

const matching = (dir: string, pattern: RegExp) =>
  files(dir).filter((file) => pattern.test(readFileSync(file, "utf8")));

const SOURCE = /\.tsx?$/;
const IMPORT =
  /(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** The project file an import names, or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/")
    ? resolve("app", specifier.slice(2))
    : specifier.startsWith(".")
      ? resolve(dirname(from), specifier)
      : null;
  if (!base) return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")];
  return candidates.find((c) => SOURCE.test(c) && existsSync(c)) ?? null;
}

function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files(root)
    .filter((f) => SOURCE.test(f))
    .map((f) => resolve(f))) {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => resolveImport(file, m[1] ?? m[2]))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every import circle, each once, as "a → b → a" with paths relative to app/. */
function importCircles(graph: Map<string, string[]>): string[] {
  const circles = new Set<string>();
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") {
        const loop = path.slice(path.indexOf(next)).map((f) => relative("app", f));
        const turn = loop.indexOf([...loop].sort()[0]);
        const canonical = [...loop.slice(turn), ...loop.slice(0, turn)];
        circles.add([...canonical, canonical[0]].join(" → "));
      } else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return [...circles].sort();
}

describe("layers", () => {
  it("keeps HTTP out of the domain", () => {
    expect(matching("app/domain", /Request|Response|FormData|redirect\(|[Cc]ookie|@remix-run/)).toEqual([]);
  });

  it("lets the platform import nothing from the domain", () => {
    expect(matching("app/platform", /~\/domain|\.\.\/domain/)).toEqual([]);
  });

  it("keeps the JSON API a door: nothing below it, and no component, imports it (decision 0034)", () => {
    for (const dir of ["app/domain", "app/platform", "app/http", "app/components", "app/i18n"])
      expect(matching(dir, /["']~\/api\/|["'](?:\.\.\/)+api\//), dir).toEqual([]);
  });

  it("has no import circle in app/", () => {
    expect(importCircles(importGraph("app"))).toEqual([]);
  });

  it("finds a circle when there is one, type-only imports included", () => {
    const graph = new Map([
      ["/p/app/a.ts", ["/p/app/b.ts"]],
      ["/p/app/b.ts", ["/p/app/c.ts"]],
      ["/p/app/c.ts", ["/p/app/a.ts"]],
      ["/p/app/d.ts", ["/p/app/a.ts"]],
    ]);
    expect(importCircles(graph)).toHaveLength(1);
    expect(importGraph("app").get(resolve("app/platform/payment-sandbox.server.ts"))).toContain(
      resolve("app/platform/payment-provider.ts"),
    );
  });
});
