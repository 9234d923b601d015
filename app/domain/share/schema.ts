/**
 * The sell form's schema, shared by the server, which parses every post with it, and the
 * browser, which checks the field before sending. Messages are locale keys, "key|number" for a limit.
 */
import { z } from "zod";

/** How many shares to mark for cancellation: a whole number from 1 to what is sellable. */
export function sellSchema(sellable: number) {
  return z.object({
    quantity: z
      .number({ required_error: "validation.required", invalid_type_error: "shares:sell.wholeNumber" })
      .int("shares:sell.wholeNumber")
      .min(1, "shares:sell.atLeastOne")
      .max(sellable, sellable > 0 ? `shares:sell.atMost|${sellable}` : "shares:sell.nothingSellable"),
  });
}
