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
import { formatEuro } from "~/domain/money/format";

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

/** What the shortage mail tells: what left the order and why, what comes back, the new total. */
export interface ShortageNews {
  removed: { name: string; qty: number; reason: "missing" | "giftRule" }[];
  voucherLost: string | null;
  refundCents: number;
  totalCents: number;
}

/** Short lines: what was missing at picking, the gifts and voucher that went with it, the refund. */
export async function shortageMail(order: FulfilmentOrder, news: ShortageNews, origin: string): Promise<Mail> {
  const t = await translator("orders");
  const lines = (reason: "missing" | "giftRule") =>
    news.removed.filter((r) => r.reason === reason).map((r) => t("shortMail.line", { qty: r.qty, name: r.name }));
  const gifts = lines("giftRule");
  return {
    to: order.customer.email,
    subject: t("shortMail.subject", { number: order.number }),
    text: letter(
      order,
      t,
      [
        t("shortMail.text", { number: order.number }),
        ...lines("missing"),
        ...(gifts.length ? ["", t("shortMail.gifts"), ...gifts] : []),
        ...(news.voucherLost ? ["", t("shortMail.voucher", { code: news.voucherLost })] : []),
        "",
        news.refundCents > 0
          ? t("shortMail.refund", { amount: formatEuro(news.refundCents) })
          : t(news.voucherLost ? "shortMail.noRefundVoucher" : "shortMail.noRefund"),
        t("shortMail.total", { amount: formatEuro(news.totalCents) }),
      ],
      origin,
    ),
  };
}
