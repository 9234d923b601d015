/**
 * The customer's mails from the back office's handover steps (issue 32): ready for pickup, naming
 * the store and the booked pickup time; shipped, with the tracking link. Queued in the batch that
 * records the step, so a step that did not happen sends nothing.
 */
import type { Mail } from "~/platform/mailer.server";
import { translator } from "~/platform/i18n.server";
import { formatWindow, orderPagePath } from "~/domain/order/order";
import type { FulfilmentOrder } from "./order.server";
import { trackingUrl } from "./shipment";

function letter(order: FulfilmentOrder, t: Awaited<ReturnType<typeof translator>>, body: string[], origin: string) {
  return [
    t("mail.greeting", { name: order.customer.firstname }),
    "",
    ...body,
    "",
    t("mail.orders", { link: `${origin}${orderPagePath(order.number)}` }),
    "",
    t("mail.signature"),
  ].join("\n");
}

export async function readyForPickupMail(order: FulfilmentOrder, origin: string): Promise<Mail> {
  const t = await translator("orders");
  const window = order.pickupSlotStart ? formatWindow(order.pickupSlotStart, order.pickupSlotEnd) : "";
  return {
    to: order.customer.email,
    subject: t("readyMail.subject", { number: order.number }),
    text: letter(
      order,
      t,
      [
        t("readyMail.text", { number: order.number }),
        "",
        t("readyMail.where", { store: order.storeName ?? "", address: order.storeAddress ?? "", window }),
        t("readyMail.bring"),
      ],
      origin,
    ),
  };
}

export async function shippedMail(
  order: FulfilmentOrder,
  trackingNumber: string | null,
  origin: string,
): Promise<Mail> {
  const t = await translator("orders");
  const link = trackingUrl(order.carrier, trackingNumber);
  const window = order.deliveryStart ? formatWindow(order.deliveryStart, order.deliveryEnd) : null;
  return {
    to: order.customer.email,
    subject: t("shippedMail.subject", { number: order.number }),
    text: letter(
      order,
      t,
      [
        t("shippedMail.text", { number: order.number, method: t(`carrier.${order.carrier}`) }),
        ...(link ? ["", t("shippedMail.tracking", { number: trackingNumber, link })] : []),
        ...(window ? ["", t("shippedMail.window", { window })] : []),
      ],
      origin,
    ),
  };
}
