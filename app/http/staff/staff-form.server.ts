/**
 * The shape every back-office action shares: the member of staff and her role's right to this
 * action first (403, nothing read or changed), then the CSRF check, then the form.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { StaffAction, StaffMember } from "~/domain/staff/roles";
import { readForm } from "~/platform/form.server";
import { requireStaff } from "./staff-identity.server";

export async function readStaffForm(
  request: Request,
  context: AppLoadContext,
  action: StaffAction,
): Promise<{ staff: StaffMember; form: FormData }> {
  const staff = await requireStaff(request, context, action);
  return { staff, form: await readForm(request, context) };
}
