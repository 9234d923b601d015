/**
 * The customer's own calls (spec section 7 "Customers"): a token for e-mail and password (throttled
 * like the sign-in page, with the statuses of spec section 8: 401 wrong, 428 not activated, 409
 * blocked, 429), signing out, reading the customer and saving it as the app sends it back.
 */
import { z } from "zod";
import { checkCredentials } from "~/http/customer/sign-in.server";
import { loginSchema } from "~/domain/customer/schema";
import { loadProfile, updateOwnCustomer } from "~/domain/customer/customer.server";
import { telephone } from "~/domain/customer/schema";
import { API_TOKEN_SECONDS, issueApiToken, revokeApiToken } from "~/platform/api-token.server";
import { ApiFailure, operation } from "../operation.server";
import { ATTRIBUTE_CODES, customerNameFields, customerResource, customerSchema } from "./resource.server";

const TAG = "Kunde";

/** A new access token as the token calls answer it (this one and completing a registration). */
export const tokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int(),
});

export const tokenAnswer = (token: string): z.input<typeof tokenSchema> => ({
  access_token: token,
  token_type: "Bearer",
  expires_in: API_TOKEN_SECONDS,
});

export const createToken = operation({
  method: "POST",
  path: "/rest/V1/integration/customer/token",
  summary: "Zugangsschlüssel für E-Mail-Adresse und Passwort",
  operationId: "createCustomerToken",
  description:
    "Meldet die Kundin mit E-Mail-Adresse und Passwort an und gibt einen Zugangsschlüssel (Bearer), der expires_in Sekunden gilt; gedrosselt wie die Anmeldeseite. Abgewiesen werden falsche Angaben, ein noch nicht aktiviertes und ein gesperrtes Kundenkonto.",
  tag: TAG,
  auth: false,
  body: z.object({ username: loginSchema.shape.email, password: loginSchema.shape.password }).strict(),
  errors: {
    401: "E-Mail-Adresse oder Passwort falsch",
    428: "Kundenkonto noch nicht aktiviert",
    409: "Kundenkonto gesperrt",
  },
  response: tokenSchema,
  async run({ body }, { request, env }) {
    const check = await checkCredentials(request, env, { email: body.username, password: body.password }, null);
    // The spec's app reads 428 as "not activated" (section 8); the sign-in page answers 403.
    if ("status" in check) throw new ApiFailure(check.status === 403 ? 428 : check.status, check.message);
    return tokenAnswer(await issueApiToken(env.DB, check.customerId));
  },
});

export const revokeToken = operation({
  method: "DELETE",
  path: "/rest/V1/integration/customer/token",
  summary: "Abmelden: der Zugangsschlüssel endet",
  operationId: "revokeCustomerToken",
  description:
    "Meldet ab: der Zugangsschlüssel, mit dem der Aufruf kommt, endet sofort. Andere Zugangsschlüssel und Sitzungen der Kundin bleiben.",
  tag: TAG,
  auth: true,
  response: z.null(),
  status: 204,
  async run(_input, { env, tokenHash }) {
    await revokeApiToken(env.DB, tokenHash);
    return null;
  },
});

export const readMe = operation({
  method: "GET",
  path: "/rest/V1/customer/me",
  summary: "Die eigenen Kundendaten",
  operationId: "getCustomerMe",
  description:
    "Liefert das Kundenkonto der angemeldeten Kundin in der Form der Spezifikation: Name, E-Mail-Adresse, Adressen, custom_attributes und extension_attributes.",
  tag: TAG,
  auth: true,
  response: customerSchema,
  run: (_input, { env, customerId }) => customerResource(env.DB, customerId),
});

/**
 * The attributes an app sends back: dark mode and the telephone number are saved; the others
 * (balance, SEPA, theme) are the shop's to say and are ignored, so the customer read from
 * GET customer/me can be sent back whole, as the spec's save does.
 */
const customAttribute = z.discriminatedUnion("attribute_code", [
  z.object({ attribute_code: z.literal("dark_mode_enabled"), value: z.enum(["0", "1"]) }).strict(),
  z.object({ attribute_code: z.literal("telephone"), value: telephone }).strict(),
  ...(["theme_id", "balance", "is_sepa_allowed"] as const).map((code) =>
    z.object({ attribute_code: z.literal(code), value: z.string().max(40) }).strict(),
  ),
] as [z.AnyZodObject, z.AnyZodObject, ...z.AnyZodObject[]]);

/** Read-only parts of the customer an app may send back with it; they change nothing here. */
const readOnly = {
  id: z.number().int().optional().describe("Wird ignoriert"),
  addresses: z
    .array(z.record(z.unknown()))
    .max(100)
    .optional()
    .describe("Wird ignoriert: Adressen ändern die Adressaufrufe"),
  extension_attributes: z.record(z.unknown()).optional().describe("Wird ignoriert"),
};

export const updateMe = operation({
  method: "PUT",
  path: "/rest/V1/customer/update/me",
  summary: "Die eigenen Kundendaten speichern: Namen, Telefonnummer und Dunkelmodus",
  operationId: "updateCustomerMe",
  description:
    "Speichert die änderbaren Kundendaten aus dem gesendeten Kunden und antwortet das Kundenkonto neu gelesen. Eine andere E-Mail-Adresse wird abgewiesen: sie ändert sich nur über den Bestätigungslink der Kontoseite.",
  tag: TAG,
  auth: true,
  body: z
    .object({
      customer: z
        .object({
          ...customerNameFields,
          ...readOnly,
          custom_attributes: z
            .array(customAttribute)
            .max(ATTRIBUTE_CODES.length)
            .refine((list) => new Set(list.map((a) => a.attribute_code)).size === list.length, "api:attributeTwice")
            .optional(),
        })
        .strict(),
    })
    .strict(),
  response: customerSchema,
  async run({ body }, { env, customerId }) {
    const current = await loadProfile(env.DB, customerId);
    // The e-mail address changes only through the confirmation link of the account page.
    if (body.customer.email.toLowerCase() !== current?.email.toLowerCase())
      throw new ApiFailure(400, "api:emailChangeByLink", ["customer.email"]);
    const sent = (code: string) =>
      body.customer.custom_attributes?.find((a) => a.attribute_code === code)?.value as string | undefined;
    const darkMode = sent("dark_mode_enabled");
    await updateOwnCustomer(env.DB, customerId, {
      firstName: body.customer.firstname,
      lastName: body.customer.lastname,
      darkMode: darkMode === "0" || darkMode === "1" ? darkMode : null,
      telephone: sent("telephone") ?? null,
    });
    return customerResource(env.DB, customerId);
  },
});

export const CUSTOMER_OPERATIONS = [createToken, revokeToken, readMe, updateMe];
