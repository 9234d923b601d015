import { describe, expect, it } from "vitest";
import { knownFlakyList, playwrightSummary } from "../../scripts/test-summary.mjs";

/** A test of one project as Playwright's JSON reporter writes it; only the fields the summary reads. */
const run = (status: "expected" | "unexpected" | "flaky" | "skipped", projectName = "js") => ({ projectName, status });

/** Two files; the second has a describe block. */
const report = {
  suites: [
    {
      title: "cart-gifts.spec.ts",
      specs: [
        { title: "steppers", tests: [run("expected"), run("flaky", "no-js")] },
        { title: "gift dialog", tests: [run("flaky"), run("flaky", "no-js")] },
      ],
    },
    {
      title: "orders.spec.ts",
      specs: [{ title: "list", tests: [run("unexpected"), run("skipped", "no-js")] }],
      suites: [
        { title: "withdrawal", specs: [{ title: "within 14 days", tests: [run("expected"), run("flaky", "no-js")] }] },
      ],
    },
  ],
};

describe("the final line's count of a Playwright report", () => {
  it("counts a pass on the retry as a failure when no list names it", () => {
    expect(playwrightSummary(report, knownFlakyList([]))).toEqual({
      passed: 2,
      failed: 5,
      flaky: [
        "[no-js] cart-gifts.spec.ts › steppers",
        "[js] cart-gifts.spec.ts › gift dialog",
        "[no-js] cart-gifts.spec.ts › gift dialog",
        "[no-js] orders.spec.ts › withdrawal › within 14 days",
      ],
      knownFlaky: [],
    });
  });

  it("counts a listed flaky test as passed in both projects, with its reason; a failure stays a failure", () => {
    const known = knownFlakyList([
      { test: "cart-gifts.spec.ts › gift dialog", reason: "the dialog's animation" },
      { test: "orders.spec.ts › withdrawal › within 14 days", reason: "the clock at midnight" },
      { test: "orders.spec.ts › list", reason: "listed, but it failed twice" },
    ]);
    expect(playwrightSummary(report, known)).toEqual({
      passed: 5,
      failed: 2,
      flaky: ["[no-js] cart-gifts.spec.ts › steppers"],
      knownFlaky: [
        "[js] cart-gifts.spec.ts › gift dialog (the dialog's animation)",
        "[no-js] cart-gifts.spec.ts › gift dialog (the dialog's animation)",
        "[no-js] orders.spec.ts › withdrawal › within 14 days (the clock at midnight)",
      ],
    });
  });

  it("an empty report counts nothing", () => {
    expect(playwrightSummary({ suites: [] }, new Map())).toEqual({ passed: 0, failed: 0, flaky: [], knownFlaky: [] });
  });

  it("refuses a list entry without its reason, and a list that is no array", () => {
    expect(() => knownFlakyList([{ test: "orders.spec.ts › list" }])).toThrow(/has no reason/);
    expect(() => knownFlakyList([{ test: "orders.spec.ts › list", reason: " " }])).toThrow(/has no reason/);
    expect(() => knownFlakyList([{ reason: "why" }])).toThrow(/without a test/);
    expect(() => knownFlakyList({})).toThrow(/array/);
  });

  it("the project's list is valid", async () => {
    const list = (await import("../../e2e/known-flaky.json")).default;
    expect(() => knownFlakyList(list)).not.toThrow();
  });
});
