/**
 * The project's patches of dependencies (patches/, docs/decisions/0032): applied by the install,
 * and Remix's route matching with its patch (each route tree's ranked branches, matches and each
 * compiled path kept; the server's React Router tree built once) giving the same answers as before
 * however often, and for whichever tree, it runs.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type * as Router from "@remix-run/router";
// The bundles (server and browser) take the ES module build, the one the patch changes.
import * as esmBuild from "@remix-run/router/dist/router.js";
import { createStaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";

const routes: Router.AgnosticRouteObject[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "category", path: "catalog/category/:slug" },
      { id: "product", path: "catalog/product/:sku" },
      { id: "search", path: "search/find" },
      { id: "account", path: "account", children: [{ id: "orders", path: "orders/:id?" }] },
      { id: "splat", path: "*" },
    ],
  },
];

const { matchPath, matchRoutes } = esmBuild as unknown as typeof Router;

const ids = (pathname: string, tree = routes) => matchRoutes(tree, pathname)?.map((m) => m.route.id) ?? null;

const root = path.resolve(import.meta.dirname, "../..");
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8"));
const pkg = json("package.json");
/** Each patch's package and the version it was made for, from its file name (`@scope+name+1.2.3.patch`). */
const patched = readdirSync(path.join(root, "patches"))
  .filter((file) => file.endsWith(".patch"))
  .map((file) => {
    const parts = file.slice(0, -".patch".length).split("+");
    return { name: parts.slice(0, -1).join("/"), version: parts.at(-1)! };
  });

describe("the patches", () => {
  it("stop the install when one does not apply, or was made for another version (package.json's postinstall)", () => {
    expect(pkg.scripts.postinstall).toBe("patch-package --error-on-fail --error-on-warn");
  });

  it.each(patched)("of $name are for the version pinned and installed ($version)", ({ name, version }) => {
    // a direct dependency at exactly that version, or a transitive one pinned by `overrides`
    const pinned = pkg.dependencies[name] ?? pkg.devDependencies[name] ?? pkg.overrides[name];
    expect(pinned).toBe(version);
    expect(json(`node_modules/${name}/package.json`).version).toBe(version);
  });

  it("pin React Router where Remix asks for it, so that the pins never hold Remix back", () => {
    const remix = json("node_modules/@remix-run/react/package.json").dependencies;
    for (const name of ["@remix-run/router", "react-router", "react-router-dom"])
      expect(pkg.overrides[name]).toBe(remix[name]);
  });

  it.each([
    ["@remix-run/router", "@remix-run/router/dist/router.js"],
    ["@remix-run/dev", "@remix-run/dev/dist/compiler/plugins/emptyModules.js"],
    ["@remix-run/react", "@remix-run/react/dist/esm/server.js"],
    ["react-router-dom", "react-router-dom/server.js"],
  ])("of %s are applied by the install (package.json's postinstall)", (_name, module) => {
    const file = createRequire(import.meta.url).resolve(module);
    expect(readFileSync(file, "utf8")).toContain("Frischkorb patch (docs/decisions/0032)");
  });
});

describe("route matching with the patch", () => {
  it("answers the same, the first time and every time after", () => {
    const paths = [
      "/",
      "/catalog/category/milch-eier",
      "/catalog/product/120001",
      "/account/orders",
      "/account/orders/7",
      "/nirgends",
    ];
    const first = paths.map((p) => ids(p));
    expect(first).toEqual([
      ["root", "home"],
      ["root", "category"],
      ["root", "product"],
      ["root", "account", "orders"],
      ["root", "account", "orders"],
      ["root", "splat"],
    ]);
    for (let i = 0; i < 3; i++) expect(paths.map((p) => ids(p))).toEqual(first);
    expect(matchRoutes(routes, "/catalog/product/120001")?.[1].params).toEqual({ sku: "120001" });
    expect(matchRoutes(routes, "/account/orders/7")?.[2].params).toEqual({ id: "7" });
  });

  it("keeps each tree's own branches", () => {
    const other: Router.AgnosticRouteObject[] = [{ id: "only", path: "catalog/category/:slug" }];
    expect(ids("/catalog/category/milch", other)).toEqual(["only"]);
    expect(ids("/catalog/category/milch")).toEqual(["root", "category"]);
    expect(ids("/search/find", other)).toBeNull();
  });

  it("compiles a pattern once and still matches each path on its own", () => {
    expect(matchPath("/catalog/product/:sku", "/catalog/product/1")?.params).toEqual({ sku: "1" });
    expect(matchPath("/catalog/product/:sku", "/catalog/product/2")?.params).toEqual({ sku: "2" });
    expect(matchPath({ path: "/Catalog", caseSensitive: true, end: true }, "/catalog")).toBeNull();
    expect(matchPath({ path: "/Catalog", caseSensitive: false, end: true }, "/catalog")).not.toBeNull();
    expect(matchPath({ path: "/catalog", end: false }, "/catalog/product/1")?.pathnameBase).toBe("/catalog");
    expect(matchPath({ path: "/catalog", end: true }, "/catalog/product/1")).toBeNull();
  });

  it("gives no request a match another one could change", () => {
    const first = matchRoutes(routes, "/catalog/product/120001");
    expect(() => {
      (first?.[1].params as Record<string, string>).sku = "999";
    }).toThrow(TypeError);
    expect(() => first?.pop()).toThrow(TypeError);
    expect(matchRoutes(routes, "/catalog/product/120001")?.[1].params).toEqual({ sku: "120001" });
  });

  it("stays right past the number of paths it keeps per tree", () => {
    for (let i = 0; i < 2500; i++) expect(matchRoutes(routes, `/catalog/product/${i}`)?.[1].params.sku).toBe(`${i}`);
    expect(ids("/account/orders/7")).toEqual(["root", "account", "orders"]);
  });
});

describe("the server's React Router tree with the patch", () => {
  it("is made once per route tree, with every route of it", () => {
    const context = {
      basename: "/",
      location: { pathname: "/", search: "", hash: "", state: null, key: "default" },
      matches: [],
      loaderData: {},
      actionData: null,
      errors: null,
      statusCode: 200,
      loaderHeaders: {},
      actionHeaders: {},
      activeDeferreds: null,
    } as unknown as Parameters<typeof createStaticRouter>[1];
    const tree = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "home", index: true },
          { id: "search", path: "search/find" },
        ],
      },
    ];
    const one = createStaticRouter(tree, context);
    const two = createStaticRouter(tree, context);
    expect(two.routes).toBe(one.routes);
    expect(one.routes[0].children?.map((r) => r.id)).toEqual(["home", "search"]);
    const other = createStaticRouter([{ id: "only", path: "/" }], context);
    expect(other.routes.map((r) => r.id)).toEqual(["only"]);
  });
});
