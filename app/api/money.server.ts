/**
 * Money at the API's edge (docs/decisions/0034, "Money"). Inside the shop every amount is integer
 * cents; the spec's clients read euro amounts as the system they were written for writes them:
 * decimal euros with exactly two places (2.29, 25.00). The conversion is done on the digits, so no
 * floating-point arithmetic touches an amount on the way out or in.
 */
import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

// The money schemas describe themselves to the OpenAPI document as numbers (`.openapi`).
extendZodWithOpenApi(z);

/** An amount the API writes as a decimal euro number with two places. */
export class Euro {
  constructor(readonly cents: number) {}
  /** "2.29", "-0.50", "25.00": the amount's digits with the decimal point two from the right. */
  toString(): string {
    const digits = String(Math.abs(this.cents)).padStart(3, "0");
    return `${this.cents < 0 ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
  }
}

export const euro = (cents: number) => new Euro(cents);

/** An amount in an answer: a JSON number in euros with exactly two decimal places. */
export const euroSchema = (description = "Betrag in Euro (zwei Nachkommastellen)") =>
  z
    .custom<Euro>((value) => value instanceof Euro && Number.isSafeInteger(value.cents))
    .openapi({ type: "number", description });

/**
 * An amount in a custom attribute: the attribute values of the spec's system are strings, so the
 * balance is "25.00".
 */
export const euroText = (cents: number) => euro(cents).toString();

const EURO_DIGITS = /^(\d{1,7})(?:\.(\d{1,2}))?$/;

/**
 * An amount a client sends, in euros as a number or a string ("2.29", 2.29, "2"); at most two
 * decimal places, no sign, below ten million euros. Read on its digits: the number the JSON parser
 * made of 2.29 prints as "2.29" again, and those digits are the cents.
 */
export const euroInput = z
  .union([z.number(), z.string()])
  .transform((value, ctx) => {
    const match = EURO_DIGITS.exec(typeof value === "number" ? String(value) : value.trim());
    if (!match) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "validation.amount" });
      return z.NEVER;
    }
    return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  })
  .openapi({
    type: ["number", "string"],
    description: "Betrag in Euro, höchstens zwei Nachkommastellen",
    example: 2.29,
  });

/**
 * The JSON of an answer, with every `Euro` written as its decimal number. JSON.stringify cannot
 * write 25.00 (only 25), so the answer is written here, by the same rules otherwise.
 */
export function apiJson(value: unknown): string {
  if (value instanceof Euro) return value.toString();
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? "null" : apiJson(v))).join(",")}]`;
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const fields = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== "function");
    return `{${fields.map(([k, v]) => `${JSON.stringify(k)}:${apiJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
