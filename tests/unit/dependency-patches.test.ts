/**
 * The project's patches of dependencies (patches/, docs/decisions/0032): applied by the install,
 * and Remix's route matching with its patch (each route tree's ranked branches and each compiled
 * path kept) giving the same answers as before however often, and for whichever tree, it runs.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type * as Router from "@remix-run/router";
// The bundles (server and browser) take the ES module build, the one the patch changes.
import * as esmBuild from "@remix-run/router/dist/router.js";
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

describe("the patches", () => {
  it.each([
    ["@remix-run/router", "@remix-run/router/dist/router.js"],
    ["@remix-run/dev", "@remix-run/dev/dist/compiler/plugins/emptyModules.js"],
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
});
