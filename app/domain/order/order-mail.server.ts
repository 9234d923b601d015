/**
 * The order confirmation: German, with all items, costs and the withdrawal
 * information. Sent through the mailer in the batch that makes the order paid or placed.
 */
import type { Mail } from "~/platform/mailer.server";
import { translator } from "~/platform/i18n.server";
import { formatEuro } from "~/domain/money/format";
import { isPickupCarrier } from "~/domain/checkout/carriers";
import { addressLine } from "~/domain/address/format";
import { formatWindow, shipsNothing, type OrderDetail } from "./order";

interface Recipient {
  email: string;
  firstname: string;
}

export async function orderConfirmationMail(to: Recipient, order: OrderDetail, origin: string): Promise<Mail> {
  const t = await translator("orders");
  const ships = !shipsNothing(order);
  const money = (label: string, cents: number) => `${label}: ${formatEuro(cents)}`;
  const lines = order.lines.map(
    (l) =>
      `${l.qty} × ${l.name}${l.isGift ? ` (${t("gift")})` : ""} – ${l.isGift ? t("free") : formatEuro(l.rowTotalCents)}` +
      (l.depositCents ? ` ${t("mail.plusDeposit", { amount: formatEuro(l.depositCents * l.qty) })}` : ""),
  );
  const delivery =
    isPickupCarrier(order.carrierCode) && order.pickupSlotStart
      ? [
          t("mail.pickup", {
            store: order.storeName ?? "",
            address: order.storeAddress ?? "",
            window: formatWindow(order.pickupSlotStart, order.pickupSlotEnd),
          }),
        ]
      : order.shippingAddress
        ? [
            t("mail.delivery", {
              method: t(`carrier.${order.carrierCode}`),
              address: `${order.shippingAddress.name}, ${addressLine(order.shippingAddress)}`,
            }),
            // express has no wish slot
            ...(order.deliveryStart
              ? [t("mail.deliveryWindow", { window: formatWindow(order.deliveryStart, order.deliveryEnd) })]
              : []),
          ]
        : [];
  return {
    to: to.email,
    subject: t("mail.subject", { number: order.incrementId }),
    text: [
      t("mail.greeting", { name: to.firstname }),
      "",
      t("mail.intro", { number: order.incrementId }),
      "",
      ...lines,
      "",
      ...(ships ? [money(t("subtotal"), order.subtotalCents)] : []),
      ...(order.discountCents ? [money(t("discount"), -order.discountCents)] : []),
      ...(order.depositCents ? [money(t("deposit"), order.depositCents)] : []),
      ...(ships ? [money(t("shipping"), order.shippingCents)] : []),
      ...(order.sharesCents ? [money(t("shares.total"), order.sharesCents)] : []),
      ...(order.creditCents ? [money(t("credit"), -order.creditCents)] : []),
      money(t("grandTotal"), order.grandTotalCents),
      ...order.taxDetails.map((d) => money(t("taxLine", { rate: d.rate }), d.taxCents)),
      "",
      t("mail.payment", { method: t(`payment.${order.paymentMethod}`) }),
      ...delivery,
      ...(order.sharesCents ? [t("shares.mail")] : []),
      "",
      t("mail.withdrawal"),
      `${origin}/pages/legal/widerrufsbelehrung`,
      "",
      t("mail.orders", { link: `${origin}/account/order/${order.incrementId}` }),
      "",
      t("mail.signature"),
    ].join("\n"),
  };
}

/** An order whose payment never came through, cancelled by the shop: what is back and what to do. */
export async function orderCanceledMail(to: Recipient, incrementId: number, origin: string): Promise<Mail> {
  const t = await translator("orders");
  return {
    to: to.email,
    subject: t("canceledMail.subject", { number: incrementId }),
    text: [
      t("mail.greeting", { name: to.firstname }),
      "",
      t("canceledMail.text", { number: incrementId }),
      "",
      t("canceledMail.cart", { link: `${origin}/cart` }),
      "",
      t("mail.signature"),
    ].join("\n"),
  };
}
