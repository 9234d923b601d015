/**
 * The patches of dependencies (patches/, docs/decisions/0032) in the bundles that ship, not only in
 * node_modules: the worker (build/index.js, not minified) and the browser build (public/build,
 * minified), read after `remix build` together with the compiler's metafiles (build/metafile.*.json),
 * which name the files each bundle was made from.
 *
 * - @remix-run/router (dist/router.js): in the worker each tree's ranked branches and matches are
 *   kept and each compiled path; in the browser only the compiled paths (the two per-tree memories
 *   are there, switched off by `typeof document`).
 * - react-router-dom (server.js) and @remix-run/react (dist/esm/server.js): worker only; react-router-dom
 *   (dist/index.js) in the browser: without React Router's development-only future-flag warnings.
 * - @remix-run/dev (the compiler's empty-modules plugin): the browser build has no chunk made of
 *   nothing but the empty stand-ins for `*.server` modules.
 *
 * Each check names code the patch adds (in the minified browser build: its shape), so it fails
 * when a bundle was made from an unpatched file or from another build of the package.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

type Metafile = {
  inputs: Record<string, { bytes: number }>;
  outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }>;
};

const read = (file: string) => {
  try {
    return readFileSync(path.join(root, file), "utf8");
  } catch {
    throw new Error(`${file} is missing: run \`npx remix build\` first (npm test does)`);
  }
};

const worker = read("build/index.js");
const serverMeta: Metafile = JSON.parse(read("build/metafile.server.json"));
const browserMeta: Metafile = JSON.parse(read("build/metafile.js.json"));

/** The files of a bundle's inputs under node_modules that match, at any depth (a nested copy counts). */
const bundled = (meta: Metafile, file: RegExp) =>
  Object.keys(meta.inputs).filter((input) => input.startsWith("node_modules/") && file.test(input));

/** How many bytes of an input reached the bundle's outputs. */
const bytesOf = (meta: Metafile, input: string) =>
  Object.values(meta.outputs).reduce((sum, output) => sum + (output.inputs[input]?.bytesInOutput ?? 0), 0);

/**
 * The one definition of a function in the (unminified) worker bundle, from `function name(` to its
 * closing brace; esbuild may have renamed it `name2` on a clash. Fails on none or more than one.
 */
function definition(name: string): string {
  const starts = [...worker.matchAll(new RegExp(`^([ \\t]*)function ${name}\\d*\\(`, "gm"))];
  expect(starts, `function ${name} in build/index.js`).toHaveLength(1);
  const [start] = starts;
  const end = worker.indexOf(`\n${start[1]}}\n`, start.index);
  expect(end).toBeGreaterThan(start.index);
  return worker.slice(start.index, end + start[1].length + 2);
}

const id = (name: string) => `\\b${name}\\d*\\b`;

describe("the patched files are the ones bundled", () => {
  it.each([
    // package, the patched file the bundle must be made of, every file of the package that could stand in for it
    ["@remix-run/router", "node_modules/@remix-run/router/dist/router.js", /\/@remix-run\/router\//],
    ["react-router-dom (server)", "node_modules/react-router-dom/server.js", /\/react-router-dom\/server\b/],
    [
      "@remix-run/react (server)",
      "node_modules/@remix-run/react/dist/esm/server.js",
      /\/@remix-run\/react\/dist\/.*server\.js$/,
    ],
  ])("%s: the worker is made of the patched file and of no other build of it", (_name, file, package_) => {
    expect(bundled(serverMeta, package_)).toEqual([file]);
    expect(bytesOf(serverMeta, file)).toBeGreaterThan(0);
    expect(read(file)).toContain("Frischkorb patch (docs/decisions/0032)");
  });

  it("@remix-run/router: the browser build is made of the patched file and of no other build of it", () => {
    const file = "node_modules/@remix-run/router/dist/router.js";
    expect(bundled(browserMeta, /\/@remix-run\/router\//)).toEqual([file]);
    expect(bytesOf(browserMeta, file)).toBeGreaterThan(0);
  });

  it("react-router-dom: the browser build is made of the patched file and of no other build of it", () => {
    const file = "node_modules/react-router-dom/dist/index.js";
    expect(bundled(browserMeta, /\/react-router-dom\/(?!server\b)/)).toEqual([file]);
    expect(bytesOf(browserMeta, file)).toBeGreaterThan(0);
    expect(read(file)).toContain("Frischkorb patch (docs/decisions/0032)");
  });

  it("leaflet: the store map takes its ES module build, one copy of it and not the UMD one (docs/decisions/0054)", () => {
    expect(JSON.parse(read("node_modules/leaflet/package.json")).module).toBe("dist/leaflet-src.esm.js");
    expect(bundled(browserMeta, /\/leaflet\/dist\/.*\.js$/)).toEqual(["node_modules/leaflet/dist/leaflet-src.esm.js"]);
    expect(bytesOf(browserMeta, "node_modules/leaflet/dist/leaflet-src.esm.js")).toBeGreaterThan(0);
  });

  it("the two server-only patches put nothing into the browser build", () => {
    for (const file of ["node_modules/react-router-dom/server.js", "node_modules/@remix-run/react/dist/esm/server.js"])
      expect(bytesOf(browserMeta, file), file).toBe(0);
  });
});

describe("@remix-run/router's patch in the worker", () => {
  it("matches through each tree's kept matches and ranked branches, and never flattens a tree itself", () => {
    const match = definition("matchRoutesImpl");
    expect(match).toMatch(new RegExp(`${id("matchesByTree")}\\.get\\(`));
    expect(match).toMatch(new RegExp(`${id("frozenMatches")}\\(`));
    expect(match).toMatch(new RegExp(`${id("rankedBranches")}\\(`));
    expect(match).not.toMatch(new RegExp(`${id("flattenRoutes")}\\(`));
    const ranked = definition("rankedBranches");
    expect(ranked).toMatch(new RegExp(`${id("rankedBranchesByTree")}\\??\\.get\\(`));
    expect(ranked).toMatch(new RegExp(`${id("flattenRoutes")}\\(`));
  });

  it("keeps both per-tree memories where there is no document (the worker)", () => {
    for (const memory of ["matchesByTree", "rankedBranchesByTree"])
      expect(worker).toMatch(
        new RegExp(
          `${id(memory)}\\s*=\\s*typeof document\\s*(>\\s*"u"|===?\\s*"undefined")\\s*\\?[^:;]*new WeakMap\\(\\)\\s*:\\s*null`,
        ),
      );
  });

  it("compiles each path once", () => {
    const compile = definition("compilePath");
    expect(compile).toMatch(new RegExp(`${id("compiledPaths")}\\.get\\(`));
    expect(compile).toMatch(new RegExp(`${id("compilePathUncached")}\\(`));
    expect(compile).not.toContain("new RegExp(");
    expect(worker).toMatch(new RegExp(`${id("compiledPaths")}\\s*=[^;,]*new Map\\(\\)`));
  });
});

describe("the server-only patches in the worker", () => {
  it("react-router-dom: createStaticRouter makes a tree's data routes once", () => {
    const create = definition("createStaticRouter");
    expect(create).toMatch(new RegExp(`${id("dataRoutesByTree")}\\.get\\(`));
    expect(create).toMatch(new RegExp(`${id("dataRoutesByTree")}\\.set\\(`));
    expect(worker).toMatch(new RegExp(`${id("dataRoutesByTree")}\\s*=[^;,]*new WeakMap\\(\\)`));
  });

  it("@remix-run/react: RemixServer takes the React Router tree kept for the build's manifest", () => {
    const render = definition("RemixServer");
    expect(render).toMatch(new RegExp(`${id("serverRoutes")}\\([\\w$]+\\.routes\\b`));
    expect(render).not.toMatch(new RegExp(`${id("createServerRoutes")}\\(`));
    expect(definition("serverRoutes")).toMatch(new RegExp(`${id("serverRoutesByManifest")}\\.get\\(`));
    expect(worker).toMatch(new RegExp(`${id("serverRoutesByManifest")}\\s*=[^;,]*new WeakMap\\(\\)`));
  });
});

describe("@remix-run/router's patch in the browser build", () => {
  const chunks = Object.entries(browserMeta.outputs)
    .filter(([, output]) => output.inputs["node_modules/@remix-run/router/dist/router.js"]?.bytesInOutput)
    .map(([file]) => file);
  const router = chunks.length === 1 ? read(chunks[0]) : "";

  it("is in one chunk", () => expect(chunks).toHaveLength(1));

  it("compiles each path once (a map by case sensitivity, end and path, cleared at 1,000)", () => {
    // minified: k=(c?"1":"0")+(e?"1":"0")+p,r=M.get(k);return r||(M.size>=1e3&&M.clear(),r=U(p,c,e),M.set(k,r)),r}function U(
    const v = "[\\w$]+";
    expect(router).toMatch(
      new RegExp(
        `(?<k>${v})=\\((?<c>${v})\\?"1":"0"\\)\\+\\((?<e>${v})\\?"1":"0"\\)\\+(?<p>${v}),(?<r>${v})=(?<m>${v})\\.get\\(\\k<k>\\);` +
          `return \\k<r>\\|\\|\\(\\k<m>\\.size>=1e3&&\\k<m>\\.clear\\(\\),\\k<r>=(?<u>${v})\\(\\k<p>,\\k<c>,\\k<e>\\),` +
          `\\k<m>\\.set\\(\\k<k>,\\k<r>\\)\\),\\k<r>\\}function \\k<u>\\(`,
      ),
    );
  });

  it("has the per-tree memories switched off (lazy route discovery changes the tree in place)", () => {
    expect(router.match(/typeof document>"u"\?new WeakMap:null/g) ?? []).toHaveLength(2);
    expect(router).toMatch(/Object\.freeze\([\w$]+\.params\)&&Object\.freeze\([\w$]+\)/);
  });
});

describe("react-router-dom's patch in the browser build", () => {
  const browserCode = () =>
    Object.keys(browserMeta.outputs)
      .filter((file) => file.endsWith(".js"))
      .map((file) => read(file))
      .join("\n");

  it("leaves out React Router's future-flag warnings, which only a development build logs", () => {
    // the warnings' text, in React Router's function that would log them
    expect(read("node_modules/react-router/dist/index.js")).toContain("React Router Future Flag Warning");
    expect(browserCode()).not.toContain("Future Flag Warning");
  });
});

describe("@remix-run/dev's patch in the browser build", () => {
  const files = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(`${dir}/${entry.name}`) : entry.name.endsWith(".js") ? [`${dir}/${entry.name}`] : [],
    );

  it("the metafile describes the browser build on disk", () => {
    // the route manifest (manifest-*.js) is written by Remix after esbuild
    const outputs = Object.keys(browserMeta.outputs).filter((file) => file.endsWith(".js"));
    const onDisk = files("public/build").filter((file) => !/^public\/build\/manifest-\w+\.js$/.test(file));
    expect(onDisk.sort()).toEqual(outputs.sort());
  });

  it("has no chunk made of nothing but empty stand-ins for *.server modules", () => {
    const standIns = Object.keys(browserMeta.inputs).filter((input) => input.startsWith("empty-module:"));
    // the routes do import *.server modules for their loaders and actions, so the check has something to find
    expect(standIns.filter((input) => input.endsWith(".server")).length).toBeGreaterThan(5);
    const empty = Object.entries(browserMeta.outputs)
      .filter(([, output]) => {
        const inputs = Object.keys(output.inputs);
        return inputs.length > 0 && inputs.every((input) => input.startsWith("empty-module:"));
      })
      .map(([file, output]) => `${file} (${Object.keys(output.inputs).join(", ")})`);
    expect(empty).toEqual([]);
  });
});
