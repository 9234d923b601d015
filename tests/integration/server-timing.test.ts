/**
 * Every page says how long it waited for D1, D1's own time, and how long Remix rendered (docs/decisions/0053); a
 * page from the edge cache says what that answer cost, never what the stored render did; the JSON
 * API and GraphQL carry no such header.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
let cached: TestShop;
beforeAll(async () => {
  [shop, cached] = await Promise.all([startShop(), startShop({ bindings: { EDGE_CACHE_SECONDS: "60" } })]);
});
afterAll(async () => {
  await Promise.all([shop?.dispose(), cached?.dispose()]);
});

/** The header's figures by name; every figure a duration in milliseconds. */
function timing(res: Response): Record<string, number> {
  const value = res.headers.get("Server-Timing");
  expect(value, "Server-Timing").not.toBeNull();
  const figures: Record<string, number> = {};
  for (const part of (value ?? "").split(",")) {
    const match = /^\s*([a-z]+);dur=(\d+(?:\.\d)?)\s*$/.exec(part);
    expect(match, part).not.toBeNull();
    if (match) figures[match[1]] = Number(match[2]);
  }
  return figures;
}

describe("Server-Timing", () => {
  it.each([
    ["category", "/catalog/category/milch-eier"],
    ["product", "/catalog/product/120001"],
    ["search", "/search/find?q=milch"],
    ["legal page", "/pages/legal/impressum"],
  ])("the %s page says its D1 and render time", async (_name, path) => {
    const res = await shop.fetch(path);
    expect(res.status).toBe(200);
    const { db, sql, render, total } = timing(res);
    // D1's own time for the statements, as its results report it.
    expect(sql).toBeGreaterThanOrEqual(0);
    // Plausible: each part under a few seconds, the parts within the whole (rounding aside).
    expect(db).toBeGreaterThanOrEqual(0);
    expect(render).toBeGreaterThan(0);
    expect(total).toBeLessThan(5000);
    expect(db + render).toBeLessThanOrEqual(total + 0.2);
  });

  it("a catalogue page that reads D1 shows it in db", async () => {
    // The second page of a search is no isolate-wide cache's: its statements run.
    const { db } = timing(await shop.fetch("/search/find?q=bio&page=2"));
    expect(db).toBeGreaterThan(0);
  });

  it("a cached page's timing is the hit's own: no render, not the stored one's", async () => {
    const path = "/catalog/category/kaese";
    const first = await cached.fetch(path);
    expect(first.headers.get("X-Edge-Cache")).toBeNull();
    expect(timing(first).render).toBeGreaterThan(0);
    let hit = await cached.fetch(path);
    // The copy is stored after the answer (waitUntil): ask until it is there.
    for (let i = 0; i < 20 && hit.headers.get("X-Edge-Cache") !== "HIT"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      hit = await cached.fetch(path);
    }
    expect(hit.headers.get("X-Edge-Cache")).toBe("HIT");
    // One timing, not the stored one beside it.
    expect(hit.headers.get("Server-Timing")?.match(/db;dur=/g)).toHaveLength(1);
    expect(timing(hit).render).toBe(0);
  });

  it("the JSON API and GraphQL answer without it", async () => {
    for (const res of [
      await shop.fetch("/v1/nirgends"),
      await shop.fetch("/rest/V1/stores"),
      await shop.fetch("/graphql", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ query: "{ __typename }" }),
      }),
    ])
      expect(res.headers.get("Server-Timing")).toBeNull();
  });
});
