import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { addAdmittedSharesToCart } from "~/domain/share/purchase.server";
import { requireCustomer } from "~/platform/auth.server";
import type { Notice } from "~/platform/flash.server";
import { orGeneralError, readForm, replyWithNotices } from "~/platform/form.server";

/**
 * Cart add of shares (docs/decisions/0021): the admitted shares go into the cart once. Success names how many;
 * with none to add the answer is the failure notice, except for the page's own automatic call
 * (`quiet`), which comes second when another tab was quicker and then has nothing to say.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const form = await readForm(request, context);
  const notices = await orGeneralError("cart add of shares", async (): Promise<Notice[]> => {
    const added = await addAdmittedSharesToCart(context.env.DB, customer.id);
    if (added !== null) return [{ type: "success", key: "shares:cartAdd.done", values: { count: added } }];
    return form.get("quiet") === "1" ? [] : [{ type: "error", key: "shares:cartAdd.failed" }];
  });
  return replyWithNotices(context, form, notices, "/cart");
}

export function loader() {
  return redirect("/cart");
}
