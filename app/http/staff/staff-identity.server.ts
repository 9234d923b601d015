/**
 * Who is at the back office's door, and whether she may take an action (docs/decisions/0039).
 * In a deployment: the Cloudflare Access assertion, verified, mapped to an active staff member;
 * without Access settings the back office does not exist (404). Locally: whom the development
 * sign-in remembers. A customer's session plays no part in either.
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { mayTake, type StaffAction, type StaffMember } from "~/domain/staff/roles";
import { staffByEmail, staffById } from "~/domain/staff/staff.server";
import { safeRedirectPath } from "~/platform/redirect";
import { notFound } from "~/platform/route-data.server";
import { isStaffArea } from "./staff-frame.server";
import { staffForbidden } from "./staff-forbidden";
import { accessEmail, accessSettings } from "~/platform/staff-access.server";
import { staffCookie } from "~/platform/staff-cookie.server";

export const STAFF_SIGN_IN_PATH = "/staff/login";

/** Where a signed-in member of staff goes next: a path in the back office, else its overview. */
export function safeStaffPath(target: unknown): string {
  const path = safeRedirectPath(target, "/staff");
  return isStaffArea(new URL(path, "http://x").pathname) ? path : "/staff";
}

/** The member of staff making this request, or null when nobody (valid) is. */
export async function currentStaff(request: Request, context: AppLoadContext): Promise<StaffMember | null> {
  const { env } = context;
  if (env.standIns) {
    const id = await staffCookie(env).parse(request.headers.get("Cookie"));
    return typeof id === "number" ? staffById(env.DB, id) : null;
  }
  const settings = accessSettings(env);
  if (!settings) throw notFound();
  const email = await accessEmail(request, settings);
  return email ? staffByEmail(env.DB, email) : null;
}

/**
 * The member of staff, or the answer that ends the request: locally the development sign-in,
 * in a deployment 403 (Access let her through, but she is no active staff member); 403 too when
 * her role may not take `action`.
 */
export async function requireStaff(
  request: Request,
  context: AppLoadContext,
  action?: StaffAction,
): Promise<StaffMember> {
  if (!context.env.standIns && !accessSettings(context.env)) throw notFound();
  const staff = await currentStaff(request, context);
  if (!staff) {
    if (!context.env.standIns) throw staffForbidden();
    const back = new URL(request.url);
    throw redirect(`${STAFF_SIGN_IN_PATH}?redirectTo=${encodeURIComponent(back.pathname + back.search)}`);
  }
  if (action && !mayTake(staff.role, action)) throw staffForbidden();
  return staff;
}
