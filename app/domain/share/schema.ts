/**
 * The share forms' schemas (selling, the membership declaration), shared by the server, which
 * parses every post with them, and the browser, which checks the fields before sending. Messages
 * are locale keys, "key|number" for a limit.
 */
import { z } from "zod";
import { MAX_DECLARATION_SHARES } from "./purchase";

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
