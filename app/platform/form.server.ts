/** The shape every account action shares: CSRF check, then the form parsed by its zod schema. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";
import { requireCsrf } from "./csrf.server";

export async function readForm(request: Request, context: AppLoadContext): Promise<FormData> {
  await requireCsrf(request, context.env);
  return request.formData();
}

export function parseForm<Schema extends ZodTypeAny>(form: FormData, schema: Schema) {
  return parseWithZod(form, { schema });
}

/** An unknown intent is a client error (ARCHITECTURE "Requests"). */
export function unknownIntent(): Response {
  return new Response("Bad Request", { status: 400 });
}
