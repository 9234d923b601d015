import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { STAFF_SIGN_IN_PATH } from "~/http/staff/staff-identity.server";
import { readForm } from "~/platform/form.server";
import { notFound } from "~/platform/route-data.server";
import { accessSettings } from "~/platform/staff-access.server";
import { staffCookie } from "~/platform/staff-cookie.server";

/** Cloudflare Access ends its own session at this path of the protected site. */
const ACCESS_LOGOUT_PATH = "/cdn-cgi/access/logout";

/** Signing out: locally the stand-in's cookie goes; in a deployment Access ends its session. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context;
  await readForm(request, context);
  if (env.standIns) {
    throw redirect(STAFF_SIGN_IN_PATH, {
      headers: { "Set-Cookie": await staffCookie(env).serialize("", { maxAge: 0 }) },
    });
  }
  if (!accessSettings(env)) throw notFound();
  throw redirect(ACCESS_LOGOUT_PATH);
}

export function loader() {
  throw notFound();
}
