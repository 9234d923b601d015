/** The shape every account action shares: CSRF check, then the form parsed by its zod schema. */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";
import { safeRedirectPath } from "./redirect";
import { requireCsrf } from "./csrf.server";
import { flashNotice, type FlashedEvent, type Notice } from "./flash.server";

export async function readForm(request: Request, context: AppLoadContext): Promise<FormData> {
  await requireCsrf(request, context.env);
  return request.formData();
}

export function parseForm<Schema extends ZodTypeAny>(form: FormData, schema: Schema) {
  return parseWithZod(form, { schema });
}

/** An unknown intent is a client error (docs/architecture.md "Requests"). */
export function unknownIntent(): Response {
  return new Response("Bad Request", { status: 400 });
}

/**
 * The answer to a form post that brings notices. A plain post (no JavaScript) names the page to
 * go back to and is redirected there (post/redirect/get); the fetcher of the enhanced page leaves
 * that field out, stays where it is and gets whether it worked. Either way the notices are flashed.
 */
export async function replyWithNotices(
  context: AppLoadContext,
  form: FormData,
  notices: Notice[],
  fallback = "/",
  tracking: FlashedEvent[] = [],
) {
  const headers = { "Set-Cookie": await flashNotice(context.env, notices, tracking) };
  const redirectTo = form.get("redirectTo");
  if (redirectTo !== null) throw redirect(safeRedirectPath(redirectTo, fallback), { headers });
  const ok = notices[0]?.type !== "error";
  return data({ ok }, { headers, status: ok ? 200 : 400 });
}

/**
 * A change that fails for a reason nobody foresaw (D1 unavailable,
 * a bug) is logged and answered with the general German error, so the page reloads the cart
 * instead of showing an error page. Responses (redirects, 4xx) pass through.
 */
export async function orGeneralError<T>(what: string, work: () => Promise<T>): Promise<T | Notice[]> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(`${what} failed`, error);
    return [{ type: "error", key: "global.error" }];
  }
}
