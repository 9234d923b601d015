import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirectWithNotice } from "~/platform/flash.server";
import { renewedCsrfCookie, requireCsrf } from "~/platform/csrf.server";
import { clearSessionCookie, endSession } from "~/platform/session.server";

/**
 * Ends the session on the server (the row is deleted, so a copied cookie is worthless too); the
 * visitor gets a new CSRF token, none of the signed-in time.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireCsrf(request, context.env);
  const session = await context.session();
  const cookie =
    session.kind === "customer" ? await endSession(context.env, session.idHash) : await clearSessionCookie(context.env);
  return redirectWithNotice(context.env, "/", { type: "success", key: "session.loggedOut" }, [
    cookie,
    await renewedCsrfCookie(context.env),
  ]);
}

export function loader() {
  return redirect("/");
}
