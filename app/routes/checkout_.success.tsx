import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { OrderTotals } from "~/components/order/OrderTotals";
import { isPickupCarrier } from "~/domain/checkout/carriers";
import { shipsNothing } from "~/domain/order/order";
import { idParam } from "~/domain/customer/id-param";
import { findOrder } from "~/domain/order/order.server";
import { purchaseEvent, purchaseOf } from "~/domain/tracking/events";
import { requireCustomer } from "~/platform/auth.server";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { translator } from "~/platform/i18n.server";

export const headers = privatePageHeaders;

export const handle = { i18n: ["orders"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const number = idParam(new URL(request.url).searchParams.get("order"));
  const order = number === null ? null : await findOrder(context.env.DB, customer.id, number);
  if (!order || order.status === "canceled") throw redirect("/account/order/overview");
  const t = await translator("orders");
  return data(
    {
      order,
      email: customer.email,
      title: pageTitle(t("success.title"), t),
      // sent once per order by the tracker where statistics are allowed, even after a reload
      tracking: [purchaseEvent(purchaseOf(order))],
    },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export default function CheckoutSuccess() {
  const { order, email } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  return (
    <div className="checkout-success">
      <h1>{t("success.title")}</h1>
      <p className="order-number">{t("success.number", { number: order.incrementId })}</p>
      <section aria-labelledby="next-title">
        <h2 id="next-title">{t("success.next")}</h2>
        {order.status === "pending_payment" ? <p>{t("success.paymentPending")}</p> : null}
        <p>{t("success.mail", { email })}</p>
        {shipsNothing(order) ? null : (
          <p>
            {isPickupCarrier(order.carrierCode)
              ? t("success.pickup", { store: order.storeName ?? "" })
              : t("success.delivery")}
          </p>
        )}
        {order.sharesCents ? (
          <p>
            {t("shares.success")} <Link to="/account/shareholder">{t("shares.successLink")}</Link>
          </p>
        ) : null}
      </section>
      <OrderTotals
        amounts={order}
        shippingLabel={order.carrierCode ? t(`carrier.${order.carrierCode}`) : undefined}
        ships={!shipsNothing(order)}
      />
      <div className="button-row">
        <Link to={`/account/order/${order.incrementId}`} className="button button-primary">
          {t("detailLink", { number: order.incrementId })}
        </Link>
        <Link to="/account/order/overview" className="button button-secondary">
          {t("success.toOrders")}
        </Link>
        <Link to="/" className="button button-link">
          {t("success.continue")}
        </Link>
      </div>
    </div>
  );
}
