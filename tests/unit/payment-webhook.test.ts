import { describe, expect, it } from "vitest";
import { sandboxConfirmationSchema } from "~/platform/payment-sandbox.server";

const valid = {
  confirmationId: "c-1",
  paymentId: "pay_1",
  orderId: "o-1",
  amountCents: 2875,
  currency: "EUR",
  outcome: "approved",
};

// The sandbox's confirmation body, parsed by one zod schema (integration: payment-bad-input.test.ts).
describe("sandbox confirmation body", () => {
  it("reads a confirmation and nothing else from it", () => {
    expect(sandboxConfirmationSchema.parse(JSON.stringify({ ...valid, extra: "x" }))).toEqual(valid);
  });

  it("refuses what is no JSON, no object or misses or mistypes a field", () => {
    const { confirmationId: _c, ...noId } = valid;
    const bodies = [
      "",
      "{",
      "null",
      '"approved"',
      JSON.stringify([valid]),
      JSON.stringify({ payload: valid }),
      JSON.stringify(noId),
      JSON.stringify({ ...valid, outcome: "maybe" }),
      JSON.stringify({ ...valid, amountCents: "2875" }),
      JSON.stringify({ ...valid, amountCents: 1.5 }),
      JSON.stringify({ ...valid, paymentId: 42 }),
    ];
    for (const body of bodies) expect(sandboxConfirmationSchema.safeParse(body).success, body).toBe(false);
  });
});
