/** A statement built once and bound per call (`fixedStatement`) is the statement built each time. */
import { describe, expect, it } from "vitest";
import { fixedStatement, qb } from "~/platform/db.server";

const build = (sku: string, limit: number) =>
  qb
    .selectFrom("product")
    .select(["sku", "name"])
    .where("sku", "=", sku)
    .where("published", "=", 1)
    .where("category_id", "=", qb.selectFrom("product").select("category_id").where("sku", "=", sku))
    .limit(limit);

describe("fixedStatement", () => {
  it("gives each call the text and values the builder gives, for every call", () => {
    const fixed = fixedStatement(build);
    for (const [sku, limit] of [
      ["120001", 8],
      ["100002", 16],
      ["it's \u0000 odd", 1],
    ] as const) {
      const once = fixed(sku, limit).compile();
      const built = build(sku, limit).compile();
      expect(once.sql).toBe(built.sql);
      expect(once.parameters).toEqual(built.parameters);
    }
  });

  it("refuses a builder that uses a value for the statement's shape instead of binding it", () => {
    const shaped = fixedStatement((sku: string) =>
      sku === "" ? qb.selectFrom("product").select("sku") : qb.selectFrom("category").select("id"),
    );
    expect(() => shaped("120001")).toThrow(/not a bound parameter/);
  });
});
