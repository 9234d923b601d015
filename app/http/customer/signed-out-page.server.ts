/**
 * The head of the loaders of the account pages for someone not signed in (sign-in, registration,
 * "forgot password"): a signed-in customer has no business there and is sent on; the form gets
 * its CSRF token, the answer "private, no-store", the page its title.
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { pageTitle } from "~/i18n/texts";
import { optionalCustomer } from "~/platform/auth.server";
import { privateFormPage } from "~/platform/csrf.server";
import { translator } from "~/platform/i18n.server";

export async function signedOutPage(
  request: Request,
  context: AppLoadContext,
  /** The page's title in the account texts, e.g. "login.title". */
  titleKey: string,
  /** Where a signed-in customer goes instead. */
  signedInTo = "/",
): Promise<{ csrf: string; headers: Headers; title: string }> {
  if (await optionalCustomer(context)) throw redirect(signedInTo);
  const page = await privateFormPage(request, context.env);
  const t = await translator("account");
  return { ...page, title: pageTitle(t(titleKey), t) };
}
