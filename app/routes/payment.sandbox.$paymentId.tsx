import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { formatEuro } from "~/domain/money/format";
import { findPayment, receiveConfirmation } from "~/domain/order/payment.server";
import { signBody, type PaymentConfirmation, type PaymentOutcome } from "~/platform/payment.server";
import { translator } from "~/platform/i18n.server";

/**
 * The sandbox payment provider's hosted page (ARCHITECTURE "The outside world"). It stands where
 * PayPal's or the card acquirer's page would: the customer approves, declines or cancels; the
 * provider then confirms to the shop server-to-server, signed, and sends the browser back.
 * (Being the provider, it has no shop session or CSRF token; the payment id is its secret.)
 */
export const handle = { i18n: ["checkout"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const payment = await findPayment(context.env.DB, params.paymentId ?? "");
  if (!payment) throw new Response("Not Found", { status: 404 });
  const t = await translator("checkout");
  return { payment: { method: payment.method, amountCents: payment.amountCents, status: payment.status }, title: t("sandbox.title") };
}

const OUTCOMES: Record<string, PaymentOutcome> = { approve: "approved", decline: "declined", cancel: "canceled" };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const payment = await findPayment(context.env.DB, params.paymentId ?? "");
  if (!payment) throw new Response("Not Found", { status: 404 });
  const outcome = OUTCOMES[String((await request.formData()).get("intent"))];
  if (!outcome) return new Response("Bad Request", { status: 400 });
  const confirmation: PaymentConfirmation = {
    confirmationId: crypto.randomUUID(), paymentId: payment.id, orderId: payment.orderId,
    amountCents: payment.amountCents, currency: payment.currency, outcome,
  };
  const body = JSON.stringify(confirmation);
  const origin = new URL(request.url).origin;
  await receiveConfirmation(context.env.DB, context.env, body, await signBody(context.env, body), origin);
  throw redirect(`/checkout/return?payment=${encodeURIComponent(payment.id)}`);
}

export default function SandboxPaymentPage() {
  const { payment } = useLoaderData<typeof loader>();
  const { t } = useTranslation("checkout");
  return (
    <div className="sandbox-page">
      <p className="mark">{t("sandbox.badge")}</p>
      <h1>{t("sandbox.title")}</h1>
      <p>{t("sandbox.intro", { method: t(`payment.${payment.method}`, { amount: "" }), amount: formatEuro(payment.amountCents) })}</p>
      {payment.status === "pending" ? (
        <Form method="post" className="button-row">
          <button type="submit" name="intent" value="approve" className="button button-primary">{t("sandbox.approve")}</button>
          <button type="submit" name="intent" value="decline" className="button button-secondary">{t("sandbox.decline")}</button>
          <button type="submit" name="intent" value="cancel" className="button button-link">{t("sandbox.cancel")}</button>
        </Form>
      ) : (
        <p>{t("sandbox.done")}</p>
      )}
    </div>
  );
}
