import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CancelOrderForm } from "~/components/refund/CancelOrderForm";
import { formatGermanDateTime } from "~/domain/content/date";
import { idParam } from "~/domain/customer/id-param";
import { formatEuro } from "~/domain/money/format";
import { cancelOrderByStaff, canStaffCancel, findOrderForStaff } from "~/domain/order/staff-cancel.server";
import { archivedRefunds } from "~/domain/order/archive.server";
import { remainingToRefund } from "~/domain/refund/refund.server";
import { orderRefunds } from "~/domain/refund/refunds.server";
import { cancelOrderSchema } from "~/domain/refund/schema";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { readStaffForm } from "~/http/staff/staff-form.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import type { StaffMember } from "~/domain/staff/roles";
import { redirectWithNotice } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";
import { paymentProviderNamed } from "~/platform/payment.server";
import { notFound } from "~/platform/route-data.server";

/**
 * "Bestellung stornieren" (issue 32 §2): the order's summary, a required reason, then the
 * cancellation with everything given back and refunded (domain/order/staff-cancel.server.ts).
 * Fulfilment may cancel the orders of its own store or the warehouse only: another store's order
 * is a 404, as one that does not exist. The file name keeps the page out of the order pages'
 * layouts: it stands on its own under the back office's frame.
 */
export const handle = { i18n: ["staff", "staffOrders"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

async function visibleOrder(context: AppLoadContext, staff: StaffMember, param: string | undefined) {
  const number = idParam(param);
  const order = number === null ? null : await findOrderForStaff(context.env.DB, staff, number);
  if (!order) throw notFound();
  return order;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context, "orders.cancel");
  const order = await visibleOrder(context, staff, params.number);
  const [live, remainingLive, t, archived] = await Promise.all([
    orderRefunds(context.env.DB, order.id),
    remainingToRefund(context.env.DB, order.id),
    translator("staffOrders"),
    archivedRefunds(context.env.DB, context.env.ARCHIVE, order.id),
  ]);
  // an archived order's refunds are in the archive (docs/decisions/0052)
  const refunds = archived?.refunds ?? live;
  const remaining = archived?.remaining ?? remainingLive;
  return {
    title: pageTitle(t("cancel.title", { number: order.incrementId }), t),
    order,
    cancellable: canStaffCancel(order),
    remaining,
    refunds,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, form } = await readStaffForm(request, context, "orders.cancel");
  const order = await visibleOrder(context, staff, params.number);
  const submission = parseForm(form, cancelOrderSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const here = `/staff/orders/${order.incrementId}/cancel`;
  const result = await cancelOrderByStaff(
    context.env.DB,
    (name) => paymentProviderNamed(context.env, name),
    staff,
    { incrementId: order.incrementId, reason: submission.value.reason },
    new URL(request.url).origin,
  );
  if (!result.ok && result.reason === "notFound") throw notFound();
  if (result.ok && result.pageUrl) throw redirect(result.pageUrl);
  const values = { number: order.incrementId };
  throw await redirectWithNotice(
    context.env,
    here,
    result.ok
      ? { type: "success", key: `staffOrders:cancel.${result.refunded ? "doneRefund" : "done"}`, values }
      : { type: "error", key: "staffOrders:cancel.notCancellable", values },
  );
}

export default function CancelOrderPage() {
  const { order, cancellable, remaining, refunds } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("staffOrders");
  return (
    <div className="page-narrow staff-page">
      <h1>{t("cancel.title", { number: order.incrementId })}</h1>
      <dl className="staff-facts">
        <dt>{t("cancel.customer")}</dt>
        <dd>
          {order.customer.name} ({order.customer.email})
        </dd>
        <dt>{t("cancel.orderedAt")}</dt>
        <dd>{formatGermanDateTime(order.createdAt)}</dd>
        <dt>{t("cancel.status")}</dt>
        <dd>{t(`cancel.orderStatus.${order.status}`)}</dd>
        <dt>{t("cancel.delivery")}</dt>
        <dd>{order.storeName ? t("cancel.store", { store: order.storeName }) : t("cancel.warehouse")}</dd>
        <dt>{t("cancel.items")}</dt>
        <dd>{order.itemCount}</dd>
        <dt>{t("cancel.total")}</dt>
        <dd>{formatEuro(order.grandTotalCents + order.creditCents)}</dd>
        {cancellable ? (
          <>
            <dt>{t("cancel.refund")}</dt>
            <dd>{formatEuro(remaining)}</dd>
          </>
        ) : null}
      </dl>
      {cancellable ? (
        <>
          <p>{t("cancel.intro")}</p>
          <CancelOrderForm lastResult={actionData?.result} />
        </>
      ) : (
        <p className="form-message form-message-info">
          {order.status === "canceled" ? t("cancel.canceled") : t("cancel.notCancellable")}
        </p>
      )}
      {refunds.length ? (
        <section aria-labelledby="cancel-refunds">
          <h2 id="cancel-refunds">{t("cancel.refunds")}</h2>
          <ul>
            {refunds.map((r) => (
              <li key={r.id}>
                {t(`refunds.reason.${r.reason}`)}: {formatEuro(r.amountCents)} – {t(`refunds.state.${r.state}`)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        <Link to="/staff">{t("cancel.back")}</Link>
      </p>
    </div>
  );
}
