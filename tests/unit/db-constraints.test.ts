import { describe, expect, it } from "vitest";
import { failedConstraint, isConstraint } from "~/platform/db.server";

// D1's messages as Miniflare's workerd gives them (the integration test order-constraints.test.ts
// checks the names against the real migrated database).
describe("the constraint that refused a D1 statement", () => {
  it("reads kind and name from SQLite's message", () => {
    const check = new Error(
      "D1_ERROR: CHECK constraint failed: cart_unchanged: SQLITE_CONSTRAINT (extended: SQLITE_CONSTRAINT_CHECK)",
    );
    expect(failedConstraint(check)).toEqual({ kind: "CHECK", name: "cart_unchanged" });
    const unnamed = new Error(
      "D1_ERROR: CHECK constraint failed: balance_cents >= 0: SQLITE_CONSTRAINT (extended: SQLITE_CONSTRAINT_CHECK)",
    );
    expect(failedConstraint(unnamed)).toEqual({ kind: "CHECK", name: "balance_cents >= 0" });
    const unique = new Error(
      "D1_ERROR: UNIQUE constraint failed: customer_order.increment_id: SQLITE_CONSTRAINT (extended: SQLITE_CONSTRAINT_UNIQUE)",
    );
    expect(failedConstraint(unique)).toEqual({ kind: "UNIQUE", name: "customer_order.increment_id" });
  });

  it("is null for failures that are no constraint", () => {
    expect(failedConstraint(new Error("D1_ERROR: no such table: customer_order: SQLITE_ERROR"))).toBeNull();
    expect(failedConstraint(new Error("Network connection lost."))).toBeNull();
    expect(failedConstraint(undefined)).toBeNull();
  });

  it("matches a constraint by its exact name, not by a part of it", () => {
    const failure = { kind: "CHECK", name: "balance_cents >= 0" } as const;
    expect(isConstraint(failure, { kind: "CHECK", name: "balance_cents >= 0" })).toBe(true);
    expect(isConstraint(failure, { kind: "CHECK", name: "balance_cents" })).toBe(false);
    expect(isConstraint(failure, { kind: "UNIQUE", name: "balance_cents >= 0" })).toBe(false);
    expect(isConstraint(null, { kind: "CHECK", name: "balance_cents >= 0" })).toBe(false);
  });
});
