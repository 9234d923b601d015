/**
 * The account calls of spec section 7 "Customers" (Magento's shapes): registering, activating with
 * the e-mail's link (alone or with a token at once), changing the password, asking for a reset link
 * and resetting with it. Each is its page's rule through the same functions: the registration
 * page's schema and throttle, the activation and reset links (valid once, 410 when not), the account
 * page's password check under its throttle, the forgot-password page's throttle and its one answer
 * for every address.
 */
import { z } from "zod";
import { activateCustomer, changePassword, loadProfile, resetPassword } from "~/domain/customer/customer.server";
import { idParam } from "~/domain/customer/id-param";
import { anyPassword, email, gender, newPassword, registerSchema, telephone } from "~/domain/customer/schema";
import { berlinToday } from "~/domain/time/berlin";
import { INVALID_LINK } from "~/http/customer/account-links.server";
import { PASSWORD_REFUSALS, withPasswordConfirmation } from "~/http/customer/password-confirmation.server";
import { RESET_REQUEST_THROTTLED, requestResetLink } from "~/http/customer/password-reset.server";
import { REGISTRATION_REFUSALS, register } from "~/http/customer/registration.server";
import { issueApiToken } from "~/platform/api-token.server";
import { invalidFormInput } from "../errors.server";
import { ApiFailure, operation } from "../operation.server";
import { tokenAnswer, tokenSchema } from "./operations.server";
import { WEBSITE_ID, customerNameFields, customerResource, customerSchema } from "./resource.server";

const TAG = "Kunde";

/** A page's refusal (its status and text, from app/http/customer) as the API's answer. */
const refused = (refusal: { status: ApiFailure["status"]; key: string }, parameters: string[] = []) =>
  new ApiFailure(refusal.status, refusal.key, parameters);

/** The customer number of an e-mail's link, by the link pages' rule (`idParam`). */
const customerId = z
  .number()
  .int()
  .refine((id) => idParam(String(id)) !== null)
  .describe("Die Kundennummer aus dem Link der E-Mail");

const linkToken = (what: string) =>
  z.string().min(1, "validation.required").describe(`${what} aus dem Link der E-Mail`);

const consent = z.literal(true, { errorMap: () => ({ message: "validation.consent" }) });

const registration = z
  .object({
    customer: z
      .object({
        ...customerNameFields,
        dob: z.string().describe("Geburtsdatum JJJJ-MM-TT; wer sich registriert, muss 18 Jahre alt sein"),
        gender: gender.describe("Anrede: m, w oder d"),
        custom_attributes: z
          .array(z.object({ attribute_code: z.literal("telephone"), value: telephone }).strict())
          .max(1)
          .optional()
          .describe("Telefonnummer (freiwillig)"),
        extension_attributes: z
          .object({ terms_accepted: consent, privacy_accepted: consent, values_accepted: consent })
          .strict()
          .describe("Einwilligungen: AGB, Datenschutzerklärung und Wertekodex"),
      })
      .strict(),
    password: newPassword,
  })
  .strict();

/** Where each field of the registration page's form stands in the API's body (for its 400s). */
const REGISTRATION_FIELDS: Record<string, (string | number)[]> = {
  email: ["customer", "email"],
  emailConfirm: ["customer", "email"],
  password: ["password"],
  passwordConfirm: ["password"],
  firstName: ["customer", "firstname"],
  lastName: ["customer", "lastname"],
  dob: ["customer", "dob"],
  telephone: ["customer", "custom_attributes", 0, "value"],
  gender: ["customer", "gender"],
  terms: ["customer", "extension_attributes", "terms_accepted"],
  privacy: ["customer", "extension_attributes", "privacy_accepted"],
  values: ["customer", "extension_attributes", "values_accepted"],
};

export const createCustomer = operation({
  method: "POST",
  path: "/rest/V1/customers",
  summary:
    "Registrieren, wie die Seite /register: legt das Kundenkonto an (noch nicht aktiviert) und schickt den Aktivierungslink per E-Mail",
  operationId: "createCustomer",
  description:
    "Legt ein Kundenkonto an, mit den Prüfungen der Registrierungsseite (volljährig, Einwilligungen, Passwortregeln), und schickt den Aktivierungslink per E-Mail; nutzbar ist das Konto erst nach der Aktivierung. Abgewiesen wird eine E-Mail-Adresse, zu der es schon ein Konto gibt; zu viele Versuche werden gedrosselt.",
  tag: TAG,
  auth: false,
  body: registration,
  response: customerSchema,
  status: 201,
  errors: { 409: "Zu dieser E-Mail-Adresse gibt es bereits ein Kundenkonto" },
  async run({ body }, { request, env }) {
    const { customer } = body;
    // The registration page's own schema, with the form's repeated fields filled from the one value
    // the API takes (the date of birth is checked against today, as there).
    const form = registerSchema(berlinToday()).safeParse({
      email: customer.email,
      emailConfirm: customer.email,
      password: body.password,
      passwordConfirm: body.password,
      firstName: customer.firstname,
      lastName: customer.lastname,
      dob: customer.dob,
      telephone: customer.custom_attributes?.[0]?.value ?? "",
      gender: customer.gender,
      terms: "on",
      privacy: "on",
      values: "on",
    });
    if (!form.success) throw await invalidFormInput(form.error, REGISTRATION_FIELDS);
    const outcome = await register(request, { env }, form.data);
    if (outcome.result !== "registered") {
      throw refused(REGISTRATION_REFUSALS[outcome.result], outcome.result === "exists" ? ["customer.email"] : []);
    }
    return customerResource(env.DB, outcome.customerId);
  },
});

const activation = z.object({ customerId, activationToken: linkToken("Der Aktivierungsschlüssel") }).strict();

async function activate(db: D1Database, body: z.output<typeof activation>): Promise<void> {
  if (!(await activateCustomer(db, body.customerId, body.activationToken))) throw refused(INVALID_LINK.activation);
}

export const activateAccount = operation({
  method: "PUT",
  path: "/rest/V1/customers/activate",
  summary:
    "Kundenkonto aktivieren mit Kundennummer und Schlüssel aus dem Aktivierungslink (wie die Seite des Links; jeder Link gilt einmal)",
  operationId: "activateCustomer",
  description:
    "Aktiviert das Kundenkonto mit Kundennummer und Schlüssel aus dem Aktivierungslink der E-Mail und antwortet das Konto. Ein falscher, abgelaufener oder schon benutzter Link wird abgewiesen.",
  tag: TAG,
  auth: false,
  body: activation,
  response: customerSchema,
  errors: { 410: "Der Link ist ungültig, abgelaufen oder schon benutzt" },
  async run({ body }, { env }) {
    await activate(env.DB, body);
    return customerResource(env.DB, body.customerId);
  },
});

export const completeToken = operation({
  method: "POST",
  path: "/rest/V1/integration/customer/complete/token",
  summary:
    "Registrierung abschließen: aktiviert mit dem Aktivierungslink wie PUT /rest/V1/customers/activate und gibt gleich einen Zugangsschlüssel wie der Token-Aufruf (die App muss nicht erneut nach dem Passwort fragen)",
  operationId: "completeCustomerRegistration",
  description:
    "Aktiviert das Kundenkonto wie PUT /rest/V1/customers/activate und gibt im selben Schritt einen Zugangsschlüssel: der per E-Mail geschickte Link beweist, was sonst das Passwort beweist. Ein falscher, abgelaufener oder schon benutzter Link wird abgewiesen.",
  tag: TAG,
  auth: false,
  body: activation,
  response: tokenSchema,
  errors: { 410: "Der Link ist ungültig, abgelaufen oder schon benutzt" },
  async run({ body }, { env }) {
    await activate(env.DB, body);
    return tokenAnswer(await issueApiToken(env.DB, body.customerId));
  },
});

export const changeMyPassword = operation({
  method: "PUT",
  path: "/rest/V1/customers/me/password",
  summary:
    "Passwort ändern mit dem bisherigen (wie unter „Persönliche Daten“); alle Sitzungen und alle Zugangsschlüssel enden, auch dieser",
  operationId: "changeCustomerPassword",
  description:
    "Ändert das Passwort nach Prüfung des bisherigen, gedrosselt wie auf der Kontoseite; danach enden alle Sitzungen und Zugangsschlüssel der Kundin, auch der dieses Aufrufs. Ein falsches bisheriges Passwort wird als falsche Eingabe abgewiesen, nicht als Abmeldung.",
  tag: TAG,
  auth: true,
  body: z.object({ currentPassword: anyPassword, newPassword }).strict(),
  response: z.literal(true),
  async run({ body }, { env, customerId: id }) {
    const outcome = await withPasswordConfirmation({ env }, id, () =>
      changePassword(env, id, null, body.currentPassword, body.newPassword),
    );
    if (outcome === null) throw refused(PASSWORD_REFUSALS.throttled);
    if (outcome !== "done") throw refused(PASSWORD_REFUSALS.wrongPassword, ["currentPassword"]);
    return true as const;
  },
});

export const requestPasswordReset = operation({
  method: "PUT",
  path: "/rest/V1/customers/password",
  summary:
    "Passwort vergessen: schickt einen Link zum Zurücksetzen, falls es zur Adresse ein Kundenkonto gibt; die Antwort ist für jede Adresse dieselbe. template und websiteId nimmt der Aufruf der Magento-Form halber an, es gibt nur eine Vorlage",
  operationId: "requestPasswordReset",
  description:
    "Schickt einen Link zum Zurücksetzen des Passworts, wenn es zur Adresse ein Kundenkonto gibt. Die Antwort verrät nicht, ob es eines gibt; zu viele Anfragen werden gedrosselt.",
  tag: TAG,
  auth: false,
  body: z
    .object({
      email,
      template: z.enum(["email_reset", "email_reminder"]).optional(),
      websiteId: z.literal(WEBSITE_ID).optional(),
    })
    .strict(),
  response: z.literal(true),
  async run({ body }, { request, env }) {
    if ((await requestResetLink(request, { env }, body.email)) === "throttled") throw refused(RESET_REQUEST_THROTTLED);
    return true as const;
  },
});

export const resetPasswordByLink = operation({
  method: "POST",
  path: "/rest/V1/customers/resetPassword",
  summary:
    "Neues Passwort mit Kundennummer und Schlüssel aus dem Link der E-Mail (wie die Seite des Links; jeder Link gilt einmal); alle Sitzungen und Zugangsschlüssel enden. email ist freiwillig und muss dann die des Kundenkontos sein",
  operationId: "resetPassword",
  description:
    "Setzt mit Kundennummer und Schlüssel aus dem Link der E-Mail ein neues Passwort; danach enden alle Sitzungen und Zugangsschlüssel der Kundin. Abgewiesen werden ein falscher, abgelaufener oder schon benutzter Link und eine E-Mail-Adresse, die nicht die des Kontos ist.",
  tag: TAG,
  auth: false,
  body: z
    .object({
      customerId,
      resetToken: linkToken("Der Schlüssel"),
      newPassword,
      email: email.optional(),
    })
    .strict(),
  response: z.literal(true),
  errors: { 410: "Der Link ist ungültig, abgelaufen oder schon benutzt" },
  async run({ body }, { env }) {
    if (body.email !== undefined) {
      // Another address is the same refusal as a wrong link: the call tells nobody whose number it is.
      const profile = await loadProfile(env.DB, body.customerId);
      if (profile?.email.toLowerCase() !== body.email.toLowerCase()) throw refused(INVALID_LINK.passwordReset);
    }
    if (!(await resetPassword(env, body.customerId, body.resetToken, body.newPassword)))
      throw refused(INVALID_LINK.passwordReset);
    return true as const;
  },
});

export const ACCOUNT_OPERATIONS = [
  createCustomer,
  activateAccount,
  completeToken,
  changeMyPassword,
  requestPasswordReset,
  resetPasswordByLink,
];
