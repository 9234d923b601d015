import { describe, expect, it } from "vitest";
import { PRODUCT_SUMMARY_COLUMNS } from "~/domain/catalog/product";
import { summaryRowOf } from "~/domain/catalog/summary-array.server";

describe("a listing row read from its JSON array", () => {
  it("takes every column from its place in PRODUCT_SUMMARY_COLUMNS", () => {
    const names = PRODUCT_SUMMARY_COLUMNS.map((column) => column.slice(2));
    const row = summaryRowOf(names);
    expect(Object.keys(row)).toEqual(names);
    for (const name of names) expect(row[name as keyof typeof row]).toBe(name);
  });
});
