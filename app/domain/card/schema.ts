/**
 * Zod schemas of the card forms (name, lock, PIN, application), shared by the server, which
 * parses every post with them, and the browser, which checks the fields before sending.
 * Messages are locale keys, optionally "key|number" for a limit.
 */
import { z } from "zod";
import { MAX_LENGTH, isValidPhone } from "~/domain/customer/validation";
import { mandateProblems } from "~/domain/sepa/mandate";
import { ALIAS_MAX_LENGTH, PIN_LENGTH, isValidPin } from "./card";

const required = "validation.required";

/** The version of the card the form was shown with (docs/decisions/0019). */
const version = z.coerce.number({ invalid_type_error: "cards:changedMeanwhile" }).int().positive();

export const aliasSchema = z.object({
  alias: z
    .string({ required_error: required })
    .trim()
    .min(1, required)
    .max(ALIAS_MAX_LENGTH, `validation.maxLength|${ALIAS_MAX_LENGTH}`),
  version,
});

export const statusSchema = z.object({
  change: z.enum(["lock", "unlock"], { errorMap: () => ({ message: "cards:status.failed" }) }),
  version,
});

/** The PIN's fields and the account's password, for the PIN forms and the API's PIN calls. */
export const pinFields = {
  pin: z.string({ required_error: required }).refine(isValidPin, `cards:pin.shape|${PIN_LENGTH}`),
  pinRepeat: z.string({ required_error: required }),
};

export const password = z
  .string({ required_error: required })
  .max(MAX_LENGTH.password, `validation.maxLength|${MAX_LENGTH.password}`);

/** The repeat must be the PIN (a refinement of every schema with `pinFields`). */
export function pinRepeated(value: { pin: string; pinRepeat: string }, ctx: z.RefinementCtx) {
  if (value.pin !== value.pinRepeat)
    ctx.addIssue({ code: "custom", path: ["pinRepeat"], message: "cards:pin.mismatch" });
}

/** A first PIN for a card that has none. */
export const pinSetSchema = z.object({ ...pinFields, version }).superRefine(pinRepeated);

/** A new PIN for a card that has one: only with the account's password. */
export const pinChangeSchema = z.object({ ...pinFields, password, version }).superRefine(pinRepeated);

/** No PIN any more: only with the account's password. */
export const pinDisableSchema = z.object({ password, version });

const field = (max: number) => z.string().trim().max(max, `validation.maxLength|${max}`).optional();

/** The application's text fields (the API takes them as they are, and its consents as booleans). */
export const applicationTextFields = {
  storeId: field(60),
  gender: field(1),
  telephone: field(MAX_LENGTH.telephone),
  sepaHolder: field(MAX_LENGTH.name * 2),
  sepaBank: field(100),
  iban: field(42),
  bic: field(15),
};

const applicationFields = z.object({
  id: z.string().optional(),
  ...applicationTextFields,
  sepaConsent: z.string().optional(),
  terms: z.string().optional(),
  privacy: z.string().optional(),
});

export type ApplicationFields = z.infer<typeof applicationFields>;

/** The application's rules (below), the refinement of the form's schema and of the API's. */
export function applicationProblems(v: ApplicationFields, ctx: z.RefinementCtx): void {
  const issue = (path: string[], message: string) => ctx.addIssue({ code: "custom", path, message });
  if (v.id !== undefined) issue([], "cards:application.idNotAllowed");
  if (!v.storeId) issue(["storeId"], "cards:application.storeRequired");
  if (v.gender !== "m" && v.gender !== "w" && v.gender !== "d") issue(["gender"], "validation.gender");
  if (!v.telephone) issue(["telephone"], required);
  else if (!isValidPhone(v.telephone)) issue(["telephone"], "validation.telephone");
  if (!v.sepaHolder) issue(["sepaHolder"], required);
  for (const p of mandateProblems(v)) issue([p.field], p.message);
  if (v.terms !== "on") issue(["terms"], "cards:application.termsRequired");
  if (v.privacy !== "on") issue(["privacy"], "validation.consent");
  const missing =
    !v.storeId ||
    !v.gender ||
    !v.telephone ||
    !v.sepaHolder ||
    !v.sepaBank ||
    !v.iban ||
    !v.bic ||
    !v.sepaConsent ||
    !v.terms ||
    !v.privacy;
  if (missing) issue([], "cards:application.allRequired");
}

/**
 * The card application. Every field is required, and a form that misses any says so above the
 * form as well ("Bitte fülle alle Felder des Antrags aus."). The date of birth is not a field: it
 * comes from the profile. An application is made by the shop, so a form that brings an id of its
 * own is refused.
 */
export const applicationSchema = applicationFields.superRefine(applicationProblems);

/** A parsed application: every field is there (the schema saw to it). */
export interface ApplicationInput {
  storeId: string;
  gender: "m" | "w" | "d";
  telephone: string;
  sepaHolder: string;
  sepaBank: string;
  iban: string;
  bic: string;
}

export function applicationInput(
  v: Omit<ApplicationFields, "id" | "sepaConsent" | "terms" | "privacy">,
): ApplicationInput {
  return {
    storeId: v.storeId ?? "",
    gender: v.gender as ApplicationInput["gender"],
    telephone: v.telephone ?? "",
    sepaHolder: v.sepaHolder ?? "",
    sepaBank: v.sepaBank ?? "",
    iban: v.iban ?? "",
    bic: v.bic ?? "",
  };
}
