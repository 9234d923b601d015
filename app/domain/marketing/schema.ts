/**
 * The forms of the marketing page (docs/decisions/0026): the customer's switches and the visitor's
 * newsletter sign-up. Messages are locale keys; the e-mail field checks as everywhere in the shop.
 */
import { z } from "zod";
import { email } from "~/domain/customer/schema";

/** A checkbox sends "on" or nothing; any other value was not sent by the page. */
const checkbox = z
  .literal("on", { errorMap: () => ({ message: "marketing:form.invalidChoice" }) })
  .optional()
  .transform((value) => value === "on");

export const preferencesSchema = z.object({
  intent: z.literal("preferences"),
  newsletter: checkbox,
  personalisedOffers: checkbox,
  postalAdvertising: checkbox,
});
export type PreferencesForm = z.infer<typeof preferencesSchema>;

export const subscribeSchema = z.object({
  intent: z.literal("subscribe"),
  email,
});
export type SubscribeForm = z.infer<typeof subscribeSchema>;

/** Each form's own fields; a form with any other one was not sent by the page. */
export const PREFERENCES_FIELDS = Object.keys(preferencesSchema.shape);
export const SUBSCRIBE_FIELDS = Object.keys(subscribeSchema.shape);
