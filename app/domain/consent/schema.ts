/**
 * The consent form of the banner and of `/consent` (docs/decisions/0027): "Alle ablehnen",
 * "Alle akzeptieren", or the categories ticked under "Einstellungen". Messages are keys of the
 * common namespace.
 */
import { z } from "zod";
import { CONSENT_CATEGORIES, CONSENT_VERSION, type Consent } from "~/platform/consent";

export const CONSENT_CHOICES = ["rejectAll", "acceptAll", "save"] as const;

export const consentFormSchema = z.object({
  choice: z.enum(CONSENT_CHOICES, { message: "consent.errors.choice" }),
  category: z
    .array(z.enum(CONSENT_CATEGORIES, { message: "consent.errors.category" }))
    .max(CONSENT_CATEGORIES.length, "consent.errors.category")
    .default([]),
  // The version of the form the visitor answered: an answer to an older one is asked again.
  consentVersion: z.coerce
    .number({ message: "consent.errors.version" })
    .refine((v) => v === CONSENT_VERSION, "consent.errors.version"),
  source: z.enum(["banner", "settings"]).catch("settings"),
});

export type ConsentForm = z.infer<typeof consentFormSchema>;

/** The choice the form stands for. */
export function consentOf(form: Pick<ConsentForm, "choice" | "category">): Consent {
  if (form.choice === "acceptAll") return { statistics: true, marketing: true };
  if (form.choice === "rejectAll") return { statistics: false, marketing: false };
  return { statistics: form.category.includes("statistics"), marketing: form.category.includes("marketing") };
}
