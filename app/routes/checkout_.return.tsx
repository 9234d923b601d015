import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireCustomer } from "~/platform/auth.server";
import { findOwnPayment } from "~/domain/order/payment.server";
import { redirectWithNotice } from "~/platform/flash.server";

/**
 * Where the provider sends the browser back. It decides nothing: the order is paid only by the
 * server-side confirmation, and this page only reads what that confirmation did.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const paymentId = new URL(request.url).searchParams.get("payment") ?? "";
  const payment = await findOwnPayment(context.env.DB, customer.id, paymentId);
  if (!payment) throw redirect("/account/order/overview");
  if (payment.status === "declined" || payment.status === "canceled") {
    const method = ["paypal", "card", "sepa"].includes(payment.method) ? payment.method : "general";
    throw await redirectWithNotice(request, context.env, "/checkout", { type: "error", key: `pages.checkout.error.payment.${method}` });
  }
  throw redirect(`/checkout/success?order=${payment.incrementId}`);
}
