import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { formatEuro } from "~/domain/money/format";
import { findRefundForProvider } from "~/domain/refund/refunds.server";
import { answerPaymentWebhook } from "~/http/order/payment-webhook.server";
import { staffPathAfterRefund } from "~/http/staff/refund-paths";
import type { RefundConfirmation, RefundOutcome } from "~/platform/payment-provider";
import {
  requireSandbox,
  sandboxProvider,
  signedRefundConfirmation,
  verifyRefundPageKey,
} from "~/platform/payment-sandbox.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { translator } from "~/platform/i18n.server";

/**
 * The sandbox provider's refund page (docs/decisions/0040-refunds.md): it stands where the
 * provider's own processing of a refund would be. A person confirms the refund or lets it fail;
 * the sandbox then sends the shop's webhook the signed refund event, exactly as it signs a
 * payment's confirmation, and only that event settles the refund. Only whoever has the address the
 * shop handed out (its `key`) opens it, like the payment page; no CSRF token, like a provider's page.
 * A development stand-in: it does not exist outside a local development or test shop.
 */
export const handle = { i18n: ["orders"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

async function refundOfPage(request: Request, context: AppLoadContext, refundId = "") {
  requireSandbox(context.env);
  const key = new URL(request.url).searchParams.get("key");
  const refund = (await verifyRefundPageKey(context.env, refundId, key))
    ? await findRefundForProvider(context.env.DB, refundId)
    : null;
  if (!refund || refund.providerCents === 0) throw new Response("Not Found", { status: 404 });
  return refund;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const refund = await refundOfPage(request, context, params.refundId);
  const t = await translator("orders");
  return {
    refund: {
      amountCents: refund.providerCents,
      number: refund.incrementId,
      state: refund.state,
      back: staffPathAfterRefund(refund.reason, refund.incrementId),
    },
    title: t("refunds.sandbox.title"),
  };
}

const OUTCOMES = new Map<unknown, RefundOutcome>([
  ["confirm", "succeeded"],
  ["fail", "failed"],
]);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const refund = await refundOfPage(request, context, params.refundId);
  const form = await request.formData().catch(() => null);
  const outcome = OUTCOMES.get(form?.get("intent"));
  if (!outcome) return new Response("Bad Request", { status: 400 });
  const confirmation: RefundConfirmation = {
    confirmationId: crypto.randomUUID(),
    refundId: refund.id,
    orderId: refund.orderId,
    amountCents: refund.providerCents,
    currency: "EUR",
    outcome,
  };
  // the provider's signed server-to-server event, taken by the shop's webhook as it would from afar
  const { body, headers } = await signedRefundConfirmation(context.env, confirmation);
  const origin = new URL(request.url).origin;
  const answer = await answerPaymentWebhook(
    context.env,
    sandboxProvider(context.env),
    new Request(`${origin}/payment/sandbox/notify`, { method: "POST", body, headers }),
  );
  const { result } = (await answer.json()) as { result: string };
  const settled = result === "settled";
  throw await redirectWithNotice(context.env, staffPathAfterRefund(refund.reason, refund.incrementId), {
    type: settled && outcome === "succeeded" ? "success" : settled ? "warning" : "info",
    key: `staffOrders:refunds.notice.${settled ? outcome : "unchanged"}`,
    values: { number: refund.incrementId },
  });
}

export default function SandboxRefundPage() {
  const { refund } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  return (
    <div className="sandbox-page">
      <p className="mark">{t("refunds.sandbox.badge")}</p>
      <h1>{t("refunds.sandbox.title")}</h1>
      <p>{t("refunds.sandbox.intro", { amount: formatEuro(refund.amountCents), number: refund.number })}</p>
      {refund.state === "requested" ? (
        <Form method="post" className="button-row">
          <button type="submit" name="intent" value="confirm" className="button button-primary">
            {t("refunds.sandbox.confirm")}
          </button>
          <button type="submit" name="intent" value="fail" className="button button-secondary">
            {t("refunds.sandbox.fail")}
          </button>
        </Form>
      ) : (
        <>
          <p>{t("refunds.sandbox.done")}</p>
          <Link to={refund.back}>{t("refunds.sandbox.back")}</Link>
        </>
      )}
    </div>
  );
}
