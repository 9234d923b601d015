import {
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { formatEuro } from "~/domain/money/format";
import { findPayment, settlePayment } from "~/domain/order/payment.server";
import { returnPath } from "~/domain/order/order";
import type { PaymentConfirmation, PaymentOutcome } from "~/platform/payment-provider";
import { requireSandbox, verifyPageKey } from "~/platform/payment-sandbox.server";
import { requireCustomer } from "~/platform/auth.server";
import { translator } from "~/platform/i18n.server";

/**
 * The sandbox payment provider's hosted page (docs/architecture.md "The outside world"). It stands where
 * PayPal's or the card acquirer's page would: the customer approves, declines or cancels; the
 * provider then confirms to the shop server-to-server, signed, and sends the browser back.
 * Living inside the shop, it shows a payment to whoever opens the address the shop handed out
 * (with its `key`, as a provider's hosted page: an app opens it in a browser without the shop's
 * session), and without the key only to the signed-in customer whose order it is
 * (docs/architecture.md: every id in a URL is checked against the customer); anyone else gets a 404, as
 * for an unknown id. It carries no CSRF token, like a provider's page.
 * A development stand-in: it does not exist outside a local development or test shop.
 */
export const handle = { i18n: ["checkout"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

async function ownPayment(request: Request, context: AppLoadContext, paymentId = "") {
  requireSandbox(context.env);
  const key = new URL(request.url).searchParams.get("key");
  const opened = key !== null && (await verifyPageKey(context.env, paymentId, key));
  const customerId = opened ? null : (await requireCustomer(request, context)).id;
  const payment = await findPayment(context.env.DB, customerId, paymentId);
  if (!payment) throw new Response("Not Found", { status: 404 });
  return payment;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const payment = await ownPayment(request, context, params.paymentId);
  const t = await translator("checkout");
  return {
    payment: { method: payment.method, amountCents: payment.amountCents, status: payment.status },
    title: t("sandbox.title"),
  };
}

const OUTCOMES = new Map<unknown, PaymentOutcome>([
  ["approve", "approved"],
  ["decline", "declined"],
  ["cancel", "canceled"],
]);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const payment = await ownPayment(request, context, params.paymentId);
  // A body that is no form at all is as bad a request as an unknown intent.
  const form = await request.formData().catch(() => null);
  const outcome = OUTCOMES.get(form?.get("intent"));
  if (!outcome) return new Response("Bad Request", { status: 400 });
  const confirmation: PaymentConfirmation = {
    confirmationId: crypto.randomUUID(),
    paymentId: payment.id,
    orderId: payment.orderId,
    amountCents: payment.amountCents,
    currency: payment.currency,
    outcome,
  };
  // The provider and the shop are one process here: the confirmation needs no signature on its way.
  await settlePayment(context.env.DB, confirmation, new URL(request.url).origin);
  throw redirect(returnPath(payment.id));
}

export default function SandboxPaymentPage() {
  const { payment } = useLoaderData<typeof loader>();
  const { t } = useTranslation("checkout");
  return (
    <div className="sandbox-page">
      <p className="mark">{t("sandbox.badge")}</p>
      <h1>{t("sandbox.title")}</h1>
      <p>
        {t("sandbox.intro", {
          method: t(`payment.${payment.method}`, { amount: "" }),
          amount: formatEuro(payment.amountCents),
        })}
      </p>
      {payment.status === "pending" ? (
        <Form method="post" className="button-row">
          <button type="submit" name="intent" value="approve" className="button button-primary">
            {t("sandbox.approve")}
          </button>
          <button type="submit" name="intent" value="decline" className="button button-secondary">
            {t("sandbox.decline")}
          </button>
          <button type="submit" name="intent" value="cancel" className="button button-link">
            {t("sandbox.cancel")}
          </button>
        </Form>
      ) : (
        <p>{t("sandbox.done")}</p>
      )}
    </div>
  );
}
