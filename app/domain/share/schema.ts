/**
 * The share forms' schemas (selling, the membership declaration, and the cooperative's refusal
 * and payout in the back office), shared by the server, which
 * parses every post with them, and the browser, which checks the fields before sending. Messages
 * are locale keys, "key|number" for a limit.
 */
import { z } from "zod";
import { MAX_DECLARATION_SHARES, REFUSAL_REASON_MAX } from "./purchase";
import { payoutDateProblem } from "./share";

/** A number of shares to mark for cancellation, before it meets the holding: a whole number, at least 1. */
export const sellQuantity = z
  .number({ required_error: "validation.required", invalid_type_error: "shares:sell.wholeNumber" })
  .int("shares:sell.wholeNumber")
  .min(1, "shares:sell.atLeastOne");

/** How many shares to mark for cancellation: a whole number from 1 to what is sellable. */
export function sellSchema(sellable: number) {
  return z.object({
    quantity: sellQuantity.max(
      sellable,
      sellable > 0 ? `shares:sell.atMost|${sellable}` : "shares:sell.nothingSellable",
    ),
  });
}

/**
 * The membership declaration (Beitrittserklärung): how many shares, the address the member list
 * records (one of the customer's own addresses), and consent to the statutes and to the privacy
 * notice. Name, date of birth and e-mail come from the profile, not from the form.
 */
export const declarationSchema = z.object({
  quantity: z
    .number({ required_error: "validation.required", invalid_type_error: "shares:declaration.wholeNumber" })
    .int("shares:declaration.wholeNumber")
    .min(1, "shares:declaration.atLeastOne")
    .max(MAX_DECLARATION_SHARES, `shares:declaration.atMost|${MAX_DECLARATION_SHARES}`),
  addressId: z
    .string({ required_error: "shares:declaration.addressRequired" })
    .regex(/^\d{1,20}$/, "shares:declaration.addressRequired"),
  statutes: z.literal("on", { errorMap: () => ({ message: "shares:declaration.statutesRequired" }) }),
  privacy: z.literal("on", { errorMap: () => ({ message: "shares:declaration.privacyRequired" }) }),
});
export type DeclarationInput = z.infer<typeof declarationSchema>;

/** The shortest reason the cooperative may give: a word or two tell her nothing. */
export const REFUSAL_REASON_MIN = 10;

/** The cooperative's refusal of a declaration: the reason she is told, by mail and on her page. */
export const refusalSchema = z.object({
  reason: z
    .string({ required_error: "staffCooperative:refuse.reasonRequired" })
    .trim()
    .min(REFUSAL_REASON_MIN, `staffCooperative:refuse.reasonTooShort|${REFUSAL_REASON_MIN}`)
    .max(REFUSAL_REASON_MAX, `staffCooperative:refuse.reasonTooLong|${REFUSAL_REASON_MAX}`),
});

function isCalendarDate(value: string): boolean {
  const day = new Date(`${value}T12:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** The day a payout went out: a date after the cancellation took effect, not in the future. */
export function payoutSchema(effectiveAt: string, today: string) {
  return z.object({
    paidOn: z
      .string({ required_error: "staffCooperative:payout.dateRequired" })
      .refine(isCalendarDate, "staffCooperative:payout.dateInvalid")
      .superRefine((value, ctx) => {
        const problem = isCalendarDate(value) ? payoutDateProblem(value, effectiveAt, today) : null;
        if (problem) ctx.addIssue({ code: "custom", message: `staffCooperative:payout.${problem}` });
      }),
  });
}
