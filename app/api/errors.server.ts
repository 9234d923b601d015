/**
 * The API's error answers: `{ "message": "…", "parameters": [...] }` with the German texts of the
 * shop (spec section 8), and the schema the OpenAPI document gives every error.
 */
import { z, ZodError, type ZodIssue } from "zod";
import type { Namespace } from "~/i18n/config";
import { translator } from "~/platform/i18n.server";
import { ApiFailure } from "./operation.server";

export const errorSchema = z.object({ message: z.string(), parameters: z.array(z.string()) });

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A schema's message is a locale key of the common namespace, optionally "key|number"; zod's own
 * English messages (a wrong type, a schema without a message) become the API's German ones.
 */
function issueText(issue: ZodIssue, t: Translate, api: Translate): string {
  if (issue.code === "unrecognized_keys") return `${api("unknownFields")} (${issue.keys.join(", ")})`;
  if (issue.code === "invalid_type")
    return issue.received === "undefined" ? t("validation.required") : api("wrongType", { type: issue.expected });
  const [key, count] = issue.message.split("|");
  const text = count === undefined ? t(key) : t(key, { count: Number(count) });
  return text === key ? api("invalidValue") : text;
}

/** Each field's problem as "path: text", for the parameters of a 400. */
export async function invalidInput(error: ZodError, where: "body" | "query"): Promise<ApiFailure> {
  const [t, api] = (await Promise.all([translator("common"), translator("api")])) as [Translate, Translate];
  const parameters = error.issues
    .slice(0, 20)
    .map((issue) => `${[where, ...issue.path].join(".")}: ${issueText(issue, t, api)}`);
  return new ApiFailure(400, "api:invalidInput", parameters);
}

/**
 * A page form's or the domain's schema refusing what an API body was read into: each issue at the
 * place of the body that field came from (`places`, by the field's whole path, "sepa.iban", or its
 * first part), as a 400 like any body's.
 */
export function invalidFormInput(
  error: ZodError,
  places: Readonly<Record<string, readonly (string | number)[]>>,
): Promise<ApiFailure> {
  const placeOf = (path: (string | number)[]) => places[path.join(".")] ?? places[String(path[0])] ?? path;
  const issues = error.issues.map((issue): ZodIssue => ({ ...issue, path: [...placeOf(issue.path)] }));
  return invalidInput(new ZodError(issues), "body");
}

export async function failureResponse(failure: ApiFailure, headers: HeadersInit = {}): Promise<Response> {
  const colon = failure.key.indexOf(":");
  const ns = (colon > 0 ? failure.key.slice(0, colon) : "common") as Namespace;
  const t = (await translator(ns)) as Translate;
  return Response.json(
    { message: t(failure.key.slice(colon + 1), failure.values), parameters: failure.parameters },
    { status: failure.status, headers },
  );
}
