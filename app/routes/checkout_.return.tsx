import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireCustomer } from "~/platform/auth.server";
import { first, qb } from "~/platform/db.server";
import { redirectWithNotice } from "~/platform/flash.server";

/**
 * Where the provider sends the browser back. It decides nothing: the order is paid only by the
 * server-side confirmation, and this page only reads what that confirmation did.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const paymentId = new URL(request.url).searchParams.get("payment") ?? "";
  const row = await first(context.env.DB, qb.selectFrom("payment as p").innerJoin("customer_order as o", "o.id", "p.order_id")
    .select(["p.status", "p.method", "o.increment_id"]).where("p.id", "=", paymentId).where("o.customer_id", "=", customer.id));
  if (!row) throw redirect("/account/order/overview");
  if (row.status === "declined" || row.status === "canceled") {
    const method = ["paypal", "card", "sepa"].includes(row.method) ? row.method : "general";
    throw await redirectWithNotice(request, context.env, "/checkout", { type: "error", key: `pages.checkout.error.payment.${method}` });
  }
  throw redirect(`/checkout/success?order=${row.increment_id}`);
}
