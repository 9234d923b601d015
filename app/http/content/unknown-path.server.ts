import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isExternal, withoutLocalePrefix } from "~/domain/content/redirect";
import { findRedirect } from "~/domain/content/redirect.server";
import { isLoginRequired } from "~/domain/customer/login-required";
import { requireCustomer } from "~/platform/auth.server";
import { safeRedirectPath } from "~/platform/redirect";
import { notFound } from "~/platform/route-data.server";

/**
 * Paths no route answers (routes/$.tsx): the locale prefix is dropped (only German exists), then
 * the per-path lookup may know a new address; a login-required path sends visitors to /login;
 * otherwise it is a 404 on the error page. Here and not in the route module: the browser's build of
 * that module would otherwise import these modules for nothing, and `platform/redirect` would
 * become a file of its own on every page (docs/decisions/0054).
 */
export async function answerUnknownPath({ request, context }: LoaderFunctionArgs): Promise<never> {
  const url = new URL(request.url);
  const unprefixed = withoutLocalePrefix(url.pathname, url.search);
  // "/de//evil.example" must not become "//evil.example"
  if (unprefixed) throw redirect(safeRedirectPath(unprefixed), 301);
  const target = await findRedirect(context.env.DB, url.pathname);
  if (target) throw redirect(target, isExternal(target) ? 302 : 301);
  if (isLoginRequired(url.pathname)) await requireCustomer(request, context);
  throw notFound();
}
