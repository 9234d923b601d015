/**
 * The cooperative's forms in the back office (issue 32): the reason a refusal needs, and the day
 * a payout may be dated (after the cancellation took effect, not in the future). Oracles written
 * from decision 0020, not from the code.
 */
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { payoutSchema, refusalSchema } from "~/domain/share/schema";
import { payoutDateProblem, payoutRecordable } from "~/domain/share/share";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};
const errorsOf = (schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) => {
  const result = parseWithZod(form(fields), { schema });
  return result.status === "success" ? null : result.error;
};

describe("a refusal's reason", () => {
  it("is required, at least 10 and at most 1000 characters, trimmed", () => {
    expect(errorsOf(refusalSchema, {})).toEqual({ reason: ["staffCooperative:refuse.reasonRequired"] });
    expect(errorsOf(refusalSchema, { reason: "   kurz   " })).toEqual({
      reason: ["staffCooperative:refuse.reasonTooShort|10"],
    });
    expect(errorsOf(refusalSchema, { reason: "x".repeat(1001) })).toEqual({
      reason: ["staffCooperative:refuse.reasonTooLong|1000"],
    });
    const ok = parseWithZod(form({ reason: "  Die Anschrift fehlt.  " }), { schema: refusalSchema });
    expect(ok.status === "success" && ok.value).toEqual({ reason: "Die Anschrift fehlt." });
  });
});

describe("a payout's day", () => {
  const effective = "2025-12-31";
  const today = "2026-11-27";

  it("can be recorded only once the cancellation took effect", () => {
    expect(payoutRecordable(effective, "2025-12-31")).toBe(false);
    expect(payoutRecordable(effective, "2026-01-01")).toBe(true);
  });

  it("lies after the effective day and not after today", () => {
    expect(payoutDateProblem("2025-12-31", effective, today)).toBe("beforeEffective");
    expect(payoutDateProblem("2025-06-30", effective, today)).toBe("beforeEffective");
    expect(payoutDateProblem("2026-01-01", effective, today)).toBeNull();
    expect(payoutDateProblem(today, effective, today)).toBeNull();
    expect(payoutDateProblem("2026-11-28", effective, today)).toBe("inFuture");
  });

  it("the schema: required, a real calendar date, and the rule's messages at the field", () => {
    const schema = payoutSchema(effective, today);
    expect(errorsOf(schema, {})).toEqual({ paidOn: ["staffCooperative:payout.dateRequired"] });
    for (const bad of ["2026-02-30", "27.11.2026", "2026-13-01", "morgen"])
      expect(errorsOf(schema, { paidOn: bad }), bad).toEqual({ paidOn: ["staffCooperative:payout.dateInvalid"] });
    expect(errorsOf(schema, { paidOn: "2025-12-31" })).toEqual({ paidOn: ["staffCooperative:payout.beforeEffective"] });
    expect(errorsOf(schema, { paidOn: "2026-12-01" })).toEqual({ paidOn: ["staffCooperative:payout.inFuture"] });
    expect(errorsOf(schema, { paidOn: "2026-06-22" })).toBeNull();
  });
});
