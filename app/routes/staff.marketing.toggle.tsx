import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { voucherToggleSchema } from "~/domain/promotion/schema";
import { setVoucherActive } from "~/domain/promotion/vouchers.server";
import { readStaffForm } from "~/http/staff/staff-form.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { flashNotice } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";

/** Only the list's buttons post here; a visit goes to the list. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "marketing.read");
  throw redirect("/staff/marketing");
}

/** Deactivates or reactivates a voucher (with audit), then back to the list with what happened. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form } = await readStaffForm(request, context, "marketing.toggleVoucher");
  const submission = parseForm(form, voucherToggleSchema);
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const { code, active } = submission.value;
  const result = await setVoucherActive(context.env.DB, staff, code, active === "1");
  const notice = result.ok
    ? { type: "success" as const, key: `staffMarketing:vouchers.${active === "1" ? "reactivated" : "deactivated"}` }
    : { type: "error" as const, key: "staffMarketing:vouchers.stale" };
  throw redirect("/staff/marketing", {
    headers: { "Set-Cookie": await flashNotice(context.env, [{ ...notice, values: { code } }]) },
  });
}
