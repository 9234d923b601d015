import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { safeRedirectPath } from "~/platform/redirect";
import { saveDarkMode } from "~/domain/customer/customer.server";
import { isProduction } from "~/platform/context";
import { requireCsrf } from "~/platform/csrf.server";
import { darkModeCookie } from "~/platform/theme.server";
import { readThemeForm } from "~/http/theme-form.server";

/**
 * Dark mode toggle. A plain form post (no JavaScript) is sent back where it came from; the
 * fetcher of the enhanced page gets a small answer and stays put. A signed-in customer's choice
 * is saved to the account too; failing to save is only logged. A visitor's toggle comes
 * from a cached page without a CSRF token and changes nothing but this browser's cookie
 * (docs/decisions/0003); a customer's carries one and is checked.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await context.session();
  if (session.kind === "customer") await requireCsrf(request, context.env);
  const form = await request.formData();
  const value = readThemeForm(form);
  if (session.kind === "customer") {
    await saveDarkMode(context.env.DB, session.customer.id, value).catch((error) =>
      console.error("dark mode not saved", error),
    );
  }
  const headers = { "Set-Cookie": darkModeCookie(value, isProduction(context.env)), "Cache-Control": "no-store" };
  const redirectTo = form.get("redirectTo");
  if (redirectTo !== null) return redirect(safeRedirectPath(redirectTo), { headers });
  return Response.json({ darkMode: value }, { headers });
}

export function loader() {
  return redirect("/");
}
