/**
 * Zod schemas of support's forms, shared by the server, which parses every post with them, and
 * the browser, which checks the fields before sending. Messages are locale keys ("key|number").
 */
import { z } from "zod";
import { parseEuroToCents } from "~/domain/money/format";

/** Balance ledger types support books (spec "Balance history entry types"): 8 goodwill, 3 correction. */
export const SUPPORT_BOOKINGS = { goodwill: 8, correction: 3 } as const;
export type SupportBooking = keyof typeof SUPPORT_BOOKINGS;

/** The most one booking may move, so a slip of the finger ("5000" for "50,00") is caught. */
export const MAX_BOOKING_CENTS = 100_000;
export const REASON_MAX_LENGTH = 200;

/** "12,50" (German), "12.50", "−3,20" for a correction that takes off: cents with the sign; null if none. */
export function parseSignedEuro(input: string): number | null {
  const text = input.trim();
  const negative = /^[-−]/.test(text);
  const cents = parseEuroToCents(negative ? text.slice(1) : text);
  if (cents === null) return null;
  return negative ? -cents : cents;
}

/** The idempotency token of a booking form: made with the page, used once (credit.server.ts). */
const bookingToken = z
  .string({ required_error: "staffCustomers:credit.stale" })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, "staffCustomers:credit.stale");

export const creditSchema = z
  .object({
    kind: z.enum(["goodwill", "correction"], { errorMap: () => ({ message: "staffCustomers:credit.kindRequired" }) }),
    amount: z
      .string({ required_error: "validation.required" })
      .trim()
      .min(1, "validation.required")
      .max(20, "staffCustomers:credit.amountShape")
      .refine((amount) => (parseSignedEuro(amount) ?? 0) !== 0, "staffCustomers:credit.amountShape")
      .refine(
        (amount) => Math.abs(parseSignedEuro(amount) ?? 0) <= MAX_BOOKING_CENTS,
        "staffCustomers:credit.amountTooHigh",
      ),
    reason: z
      .string({ required_error: "staffCustomers:credit.reasonRequired" })
      .trim()
      .min(3, "staffCustomers:credit.reasonRequired")
      .max(REASON_MAX_LENGTH, `validation.maxLength|${REASON_MAX_LENGTH}`),
    token: bookingToken,
  })
  .refine((value) => value.kind !== "goodwill" || (parseSignedEuro(value.amount) ?? 0) >= 0, {
    path: ["amount"],
    message: "staffCustomers:credit.goodwillPositive",
  })
  .transform((value) => ({ ...value, cents: parseSignedEuro(value.amount) as number }));

export type CreditInput = z.output<typeof creditSchema>;

/** The erasure's confirmation: her e-mail address typed by support, compared without regard to case. */
export function eraseSchema(email: string) {
  return z.object({
    email: z
      .string({ required_error: "validation.required" })
      .trim()
      .min(1, "validation.required")
      .refine((typed) => typed.toLowerCase() === email.toLowerCase(), "staffCustomers:erase.emailMismatch"),
  });
}
