import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { auditEntry } from "~/domain/staff/audit.server";
import { exportCustomerData } from "~/domain/support/gdpr.server";
import { customerIdOf } from "~/http/staff/customers.server";
import { readStaffForm } from "~/http/staff/staff-form.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/edge-cache.server";
import { notFound } from "~/platform/route-data.server";

/**
 * Her data as a download (Art. 15 and 20 GDPR): a form post, so it is a staff action with its
 * audit entry, written before the file is handed out; an unknown customer is a 404.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { staff } = await readStaffForm(request, context, "customers.export");
  const id = customerIdOf(params);
  const db = context.env.DB;
  const document = await exportCustomerData(db, id, context.env.ARCHIVE);
  if (!document) throw notFound();
  await db.batch([auditEntry(db, staff, { action: "customers.export", customerId: id })]);
  return new Response(JSON.stringify(document, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="frischkorb-kundendaten-${id}.json"`,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
    },
  });
}

export async function loader() {
  throw notFound();
}
