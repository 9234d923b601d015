import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireCustomer } from "~/platform/auth.server";
import { findOwnPayment, settlePayment } from "~/domain/order/payment.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { paymentProvider } from "~/platform/payment.server";

/**
 * Where the provider sends the browser back. It decides nothing by itself: the order is paid only
 * by the provider's signed confirmation. Coming back through the provider's "cancel" link, it asks
 * the provider to end the payment, and applies the provider's own server-side answer, so the cart
 * is back at once. A payment still waiting for its confirmation shows on the success page as such.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const url = new URL(request.url);
  const paymentId = url.searchParams.get("payment") ?? "";
  let payment = await findOwnPayment(context.env.DB, customer.id, paymentId);
  if (!payment) throw redirect("/account/order/overview");
  if (payment.status === "pending" && payment.providerRef && url.searchParams.get("cancel") === "1") {
    const ended = await paymentProvider(context.env).cancelPayment(payment.providerRef, paymentId);
    if (ended) {
      await settlePayment(context.env.DB, ended, url.origin);
      payment = (await findOwnPayment(context.env.DB, customer.id, paymentId)) ?? payment;
    }
  }
  if (payment.status === "declined" || payment.status === "canceled") {
    const method = ["paypal", "card", "sepa"].includes(payment.method) ? payment.method : "general";
    throw await redirectWithNotice(context.env, "/checkout", {
      type: "error",
      key: `pages.checkout.error.payment.${method}`,
    });
  }
  throw redirect(`/checkout/success?order=${payment.incrementId}`);
}
