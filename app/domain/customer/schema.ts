/**
 * Zod schemas of the account forms (registration, sign-in, password, profile, e-mail, address).
 * Messages are locale keys of the common namespace, optionally "key|number" for a limit.
 */
import { z } from "zod";
import {
  MAX_LENGTH,
  MIN_PASSWORD_LENGTH,
  dobProblem,
  hasDigitAndLetter,
  hasNoSpace,
  isValidPhone,
  isValidZip,
} from "./validation";

const required = "validation.required";
const maxLength = (max: number) => `validation.maxLength|${max}`;

const text = (max: number) => z.string({ required_error: required }).trim().min(1, required).max(max, maxLength(max));
const optionalText = (max: number) => z.string().trim().max(max, maxLength(max)).optional().default("");

export const email = text(MAX_LENGTH.email).pipe(z.string().email("validation.email"));

export const newPassword = z
  .string({ required_error: required })
  .min(MIN_PASSWORD_LENGTH, `validation.passwordTooShort|${MIN_PASSWORD_LENGTH}`)
  .max(MAX_LENGTH.password, maxLength(MAX_LENGTH.password))
  .refine(hasDigitAndLetter, "validation.passwordShape");

/** A password to check (sign-in, the current one): any text within the length, no shape rules. */
export const anyPassword = z
  .string({ required_error: required })
  .max(MAX_LENGTH.password, maxLength(MAX_LENGTH.password));

export const telephone = optionalText(MAX_LENGTH.telephone).refine(isValidPhone, "validation.telephone");

export const gender = z.enum(["m", "w", "d"], { errorMap: () => ({ message: "validation.gender" }) });

const consent = z.literal("on", { errorMap: () => ({ message: "validation.consent" }) });

const dob = (today: string) =>
  z
    .string({ required_error: required })
    .trim()
    .superRefine((value, ctx) => {
      const problem = dobProblem(value, today);
      if (problem) ctx.addIssue({ code: "custom", message: `validation.dob.${problem}` });
    });

function mustMatch<T extends Record<string, unknown>>(
  field: keyof T & string,
  repeat: keyof T & string,
  message: string,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (value[field] !== value[repeat]) ctx.addIssue({ code: "custom", path: [repeat], message });
  };
}

export const personName = text(MAX_LENGTH.name);

export const personFields = (today: string) => ({
  firstName: personName,
  lastName: personName,
  dob: dob(today),
  telephone,
  gender,
});

export const registerSchema = (today: string) =>
  z
    .object({
      email,
      emailConfirm: z.string({ required_error: required }).trim(),
      password: newPassword,
      passwordConfirm: z.string({ required_error: required }),
      ...personFields(today),
      terms: consent,
      privacy: consent,
      values: consent,
    })
    .superRefine(mustMatch("email", "emailConfirm", "validation.emailMismatch"))
    .superRefine(mustMatch("password", "passwordConfirm", "validation.passwordMismatch"));

export const loginSchema = z.object({
  email: text(MAX_LENGTH.email),
  password: anyPassword,
});

export const emailOnlySchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    password: newPassword,
    passwordConfirm: z.string({ required_error: required }),
  })
  .superRefine(mustMatch("password", "passwordConfirm", "validation.passwordMismatch"));

export const profileSchema = (today: string) => z.object(personFields(today));

export const changeEmailSchema = z
  .object({
    newEmail: email,
    newEmailConfirm: z.string({ required_error: required }).trim(),
    password: anyPassword,
  })
  .superRefine(mustMatch("newEmail", "newEmailConfirm", "validation.emailMismatch"));

export const changePasswordSchema = z
  .object({
    currentPassword: anyPassword,
    password: newPassword,
    passwordConfirm: z.string({ required_error: required }),
  })
  .superRefine(mustMatch("password", "passwordConfirm", "validation.passwordMismatch"));

export const COUNTRIES = ["DE"] as const;

export const addressSchema = z.object({
  street: text(MAX_LENGTH.street),
  houseNumber: text(MAX_LENGTH.houseNumber).refine(hasNoSpace, "validation.noSpace"),
  addressAddition: optionalText(MAX_LENGTH.addressAddition),
  zip: z.string({ required_error: required }).trim().refine(isValidZip, "validation.zip"),
  city: text(MAX_LENGTH.city),
  country: z.enum(COUNTRIES, { errorMap: () => ({ message: "validation.country" }) }),
  defaultShipping: z.literal("on").optional(),
  defaultBilling: z.literal("on").optional(),
});

export type RegisterInput = z.infer<ReturnType<typeof registerSchema>>;
export type ProfileInput = z.infer<ReturnType<typeof profileSchema>>;
export type AddressInput = z.infer<typeof addressSchema>;
