import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { creditSchema, eraseSchema, parseSignedEuro } from "~/domain/support/schema";
import { digitsOf, likePattern, maskCardNumber, parseSearchKind } from "~/domain/support/search";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};
const TOKEN = "abcdefghijklmnopqrstuvwx";

/** The messages of a failed parse, by field; none for a success. */
function errorsOf(submission: { status?: string; error?: Record<string, string[] | null> | null }) {
  return submission.error ?? {};
}

describe("support's search", () => {
  it("reads numbers as people type them, and only numbers", () => {
    expect(digitsOf("9276 0010 4711 2035")).toBe("9276001047112035");
    expect(digitsOf("Nr. 1042")).toBe("1042");
    expect(digitsOf("Schmidt")).toBeNull();
    expect(digitsOf("")).toBeNull();
  });
  it("masks a card number to its last four digits", () => {
    expect(maskCardNumber("9276001047112035")).toBe("•••• 2035");
  });
  it("takes the text's own wildcards literally", () => {
    expect(likePattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });
  it("an unknown kind searches everything", () => {
    expect(parseSearchKind("card")).toBe("card");
    expect(parseSearchKind("password")).toBe("all");
    expect(parseSearchKind(null)).toBe("all");
  });
});

describe("a balance booking's amount", () => {
  it("German and English decimals, a minus for a correction that takes off", () => {
    expect(parseSignedEuro("12,50")).toBe(1250);
    expect(parseSignedEuro(" 12.5 € ")).toBe(1250);
    expect(parseSignedEuro("-3,20")).toBe(-320);
    expect(parseSignedEuro("−3,20")).toBe(-320);
    expect(parseSignedEuro("3,205")).toBeNull();
    expect(parseSignedEuro("zwölf")).toBeNull();
  });

  it("goodwill is positive, at most 1.000 €, with a reason and the form's token", () => {
    const parse = (fields: Record<string, string>) =>
      parseWithZod(form({ kind: "goodwill", amount: "12,50", reason: "Verspätung", token: TOKEN, ...fields }), {
        schema: creditSchema,
      });
    const ok = parse({});
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value.cents).toBe(1250);
    expect(errorsOf(parse({ amount: "-1" })).amount).toEqual(["staffCustomers:credit.goodwillPositive"]);
    expect(parse({ kind: "correction", amount: "-1" }).status).toBe("success");
    expect(errorsOf(parse({ amount: "1000,01" })).amount).toEqual(["staffCustomers:credit.amountTooHigh"]);
    expect(errorsOf(parse({ amount: "0" })).amount).toEqual(["staffCustomers:credit.amountShape"]);
    expect(errorsOf(parse({ reason: " a " })).reason).toEqual(["staffCustomers:credit.reasonRequired"]);
    expect(errorsOf(parse({ token: "x" })).token).toEqual(["staffCustomers:credit.stale"]);
    expect(errorsOf(parse({ kind: "gift" })).kind).toEqual(["staffCustomers:credit.kindRequired"]);
  });
});

describe("the erasure's confirmation", () => {
  it("is her e-mail address, in any case", () => {
    const schema = eraseSchema("Frieda@example.org");
    expect(parseWithZod(form({ email: " frieda@EXAMPLE.org " }), { schema }).status).toBe("success");
    expect(errorsOf(parseWithZod(form({ email: "other@example.org" }), { schema })).email).toEqual([
      "staffCustomers:erase.emailMismatch",
    ]);
  });
});
