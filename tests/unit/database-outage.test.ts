import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "~/platform/db.server";
import { isSecretField, outageOf } from "~/platform/database-outage";

/** An error as workerd's D1 client throws it: the prefix, and the upstream message as its cause. */
const d1 = (message: string) => new Error(`D1_ERROR: ${message}`, { cause: new Error(message) });

describe("what counts as the database being unavailable (decision 0036)", () => {
  it.each([
    "Network connection lost.",
    "D1 DB reset because its code was updated.",
    "Internal error while starting up D1 DB storage caused object to be reset.",
    "D1 DB storage operation exceeded timeout which caused object to be reset.",
    "D1 DB is overloaded. Too many requests queued.",
    "Cannot resolve D1 DB due to transient issue on remote node.",
    "D1 DB's isolate exceeded its memory limit and was reset.",
    "database is locked: SQLITE_BUSY",
    "Failed to parse body as JSON, got: error code: 1101",
  ])("D1 failing on its way: %s", (message) => {
    expect(isDatabaseUnavailable(d1(message))).toBe(true);
  });

  it("D1's own trouble without the binding's prefix", () => {
    expect(isDatabaseUnavailable(new Error("Network connection lost."))).toBe(true);
  });

  it.each([
    "no such table: customer_order: SQLITE_ERROR",
    "no such column: c.nickname: SQLITE_ERROR",
    'near "SELEC": syntax error at offset 0: SQLITE_ERROR',
    "CHECK constraint failed: cart_unchanged: SQLITE_CONSTRAINT (extended: SQLITE_CONSTRAINT_CHECK)",
    "UNIQUE constraint failed: customer.email: SQLITE_CONSTRAINT (extended: SQLITE_CONSTRAINT_UNIQUE)",
    "string or blob too big: SQLITE_TOOBIG",
    "No SQL statements detected.",
  ])("a statement of ours refused, a bug: %s", (message) => {
    expect(isDatabaseUnavailable(d1(message))).toBe(false);
  });

  it("errors that did not come from D1 are bugs", () => {
    expect(
      isDatabaseUnavailable(new Error("D1_TYPE_ERROR: Type 'undefined' not supported for value 'undefined'")),
    ).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(new Response("Not Found", { status: 404 }))).toBe(false);
    expect(isDatabaseUnavailable("D1_ERROR: Network connection lost.")).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe("the outage page's data", () => {
  it("is recognised only by its reason", () => {
    const data = { reason: "databaseUnavailable", resend: null };
    expect(outageOf(data)).toBe(data);
    expect(outageOf({ reason: "other" })).toBeNull();
    expect(outageOf("databaseUnavailable")).toBeNull();
    expect(outageOf(null)).toBeNull();
  });

  it.each([
    ["password", true],
    ["passwordConfirm", true],
    ["currentPassword", true],
    ["newPassword", true],
    ["pin", true],
    ["pinRepeat", true],
    ["oldPin", true],
    ["email", false],
    ["defaultShipping", false],
    ["shippingMethod", false],
    ["sepa.iban", false],
    ["csrf", false],
  ])("%s is a secret never kept: %s", (name, secret) => {
    expect(isSecretField(name)).toBe(secret);
  });
});
