import { useTranslation } from "~/i18n/texts";
import { addressLine } from "~/domain/address/format";
import { formatGermanDateTime } from "~/domain/content/date";
import { isPickupCarrier } from "~/domain/checkout/carriers";
import { formatWindow } from "~/domain/order/order";
import type { FulfilmentState, OrderStep } from "~/domain/fulfilment/progress";
import type { ShippingAddress } from "~/domain/order/order";

interface FactsOrder {
  state: FulfilmentState;
  carrier: string;
  customer: { firstname: string; lastname: string };
  storeName: string | null;
  pickupSlotStart: string | null;
  pickupSlotEnd: string | null;
  deliveryStart: string | null;
  deliveryEnd: string | null;
  shippingAddress: ShippingAddress | null;
  telephone: string | null;
  comment: string;
  paidAt: string;
  withdrawnAt: string | null;
  steps: OrderStep[];
}

/** What the picker and the person at the handover need to know of an order, above its pick list. */
export function OrderFulfilmentFacts({ order }: { order: FactsOrder }) {
  const { t } = useTranslation("staffOrders");
  const { t: orders } = useTranslation("orders");
  const tracking = order.steps.find((s) => s.step === "shipped")?.trackingNumber;
  const address = order.shippingAddress;
  return (
    <>
      {order.withdrawnAt ? (
        <p className="form-message form-message-error">
          {t("order.withdrawn", { date: formatGermanDateTime(order.withdrawnAt) })}
        </p>
      ) : null}
      <dl className="order-facts">
        <dt>{t("order.state")}</dt>
        <dd>
          <span className="mark">{t(`state.${order.state}`)}</span>
        </dd>
        <dt>{t("order.customer")}</dt>
        <dd>
          {order.customer.firstname} {order.customer.lastname}
        </dd>
        {isPickupCarrier(order.carrier) ? (
          <>
            <dt>{t("order.pickup")}</dt>
            <dd>
              {order.pickupSlotStart
                ? t("order.pickupAt", {
                    store: order.storeName ?? "",
                    window: formatWindow(order.pickupSlotStart, order.pickupSlotEnd),
                  })
                : order.storeName}
            </dd>
          </>
        ) : (
          <>
            <dt>{t("order.delivery")}</dt>
            <dd>
              {orders(`carrier.${order.carrier}`)}
              {address ? (
                <>
                  <br />
                  {address.name}, {addressLine(address)}
                </>
              ) : null}
              <br />
              {order.deliveryStart
                ? t("order.wish", { window: formatWindow(order.deliveryStart, order.deliveryEnd) })
                : t("order.express")}
            </dd>
          </>
        )}
        {order.telephone ? (
          <>
            <dt>{t("order.phone")}</dt>
            <dd>{order.telephone}</dd>
          </>
        ) : null}
        {order.comment ? (
          <>
            <dt>{t("order.comment")}</dt>
            <dd>{order.comment}</dd>
          </>
        ) : null}
        <dt>{t("order.paid")}</dt>
        <dd>{formatGermanDateTime(order.paidAt)}</dd>
        {tracking ? (
          <>
            <dt>{t("order.tracking")}</dt>
            <dd>{tracking}</dd>
          </>
        ) : null}
      </dl>
    </>
  );
}
