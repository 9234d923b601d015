import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { safeRedirectPath } from "~/domain/content/redirect";
import { isProduction } from "~/platform/context";
import { darkModeCookie } from "~/platform/theme.server";

/**
 * Dark mode toggle. A plain form post (no JavaScript) is sent back where it came from; the
 * fetcher of the enhanced page gets a small answer and stays put.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const value = form.get("darkMode") === "1" ? "1" : "0";
  const headers = { "Set-Cookie": darkModeCookie(value, isProduction(context.env)), "Cache-Control": "no-store" };
  const redirectTo = form.get("redirectTo");
  if (typeof redirectTo === "string") return redirect(safeRedirectPath(redirectTo), { headers });
  return Response.json({ darkMode: value }, { headers });
}

export function loader() {
  return redirect("/");
}
