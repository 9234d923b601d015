import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { HandoverForms } from "~/components/staff/HandoverForms";
import { OrderFulfilmentFacts } from "~/components/staff/OrderFulfilmentFacts";
import { BookedShortages, PickList } from "~/components/staff/PickList";
import { canPick, nextStep } from "~/domain/fulfilment/progress";
import { scopedOrderPage } from "~/http/staff/fulfilment.server";
import { takeHandoverStep } from "~/http/staff/handover-action.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { translator } from "~/platform/i18n.server";

export const handle = { i18n: ["staff", "staffOrders", "orders"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

/**
 * One order's pick list and its next step (issue 32), printable. Only within the member's scope:
 * another store's order, or the other kind, is 404 (http/staff/fulfilment.server.ts).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context, "orders.read");
  const [{ order, shortages }, t] = await Promise.all([
    scopedOrderPage(context.env, staff, params.number),
    translator("staffOrders"),
  ]);
  return { title: pageTitle(t("order.title", { number: order.number }), t), order, shortages };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const refused = await takeHandoverStep(request, context, params.number);
  return data(refused, { status: 400 });
}

export default function OrderPickPage() {
  const { order, shortages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("staffOrders");
  // staff may cancel an order until it is handed over, to the customer or to the carrier
  const cancellable = order.state === "toPick" || order.state === "ready";
  return (
    <div className="staff-order">
      <p className="staff-no-print">
        <Link to="/staff/orders">{t("order.back")}</Link>
      </p>
      <h1>{t("order.title", { number: order.number })}</h1>
      <OrderFulfilmentFacts order={order} />
      <p className="staff-no-print">{t("order.printHint")}</p>
      <PickList
        lines={order.lines}
        editable={canPick(order.state)}
        shortageResult={actionData?.intent === "short" ? actionData.result : undefined}
      />
      <BookedShortages shortages={shortages} />
      <div className="staff-no-print">
        <HandoverForms
          carrier={order.carrier}
          next={nextStep(order.carrier, order.state)}
          allPicked={order.lines.every((line) => line.picked)}
          withdrawn={order.withdrawnAt !== null}
          canceled={order.state === "canceled"}
          lastResult={actionData?.intent === "ship" ? actionData.result : undefined}
        />
        {cancellable ? (
          <p>
            <Link to={`/staff/orders/${order.number}/cancel`}>{t("order.cancelLink")}</Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
