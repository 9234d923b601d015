/**
 * The customer's mail when a refund is settled: how much comes back, which way, and what of the
 * cashback was kept back (order-mail.server.ts's style). Queued in the settlement's batch.
 */
import type { Mail } from "~/platform/mailer.server";
import type { RefundReason } from "~/platform/db.server";
import { translator } from "~/platform/i18n.server";
import { formatEuro } from "~/domain/money/format";
import { orderPagePath } from "~/domain/order/order";

/** A refund as its settlement and its mail know it. */
export interface SettlingRefund {
  id: string;
  /** Its idempotency key: also the key of the invoice's correction it makes. */
  key: string;
  reason: RefundReason;
  orderId: string;
  incrementId: number;
  providerCents: number;
  balanceCents: number;
  cashbackCents: number;
  note: string;
}

export async function refundSettledMail(
  to: { email: string; firstname: string },
  refund: SettlingRefund,
  origin: string,
  /** The refund corrects an invoice: the credit note is on the order page (docs/decisions/0043). */
  creditNote = false,
): Promise<Mail> {
  const t = await translator("orders");
  const paid = refund.providerCents + refund.balanceCents;
  return {
    to: to.email,
    subject: t("refunds.mail.subject", { number: refund.incrementId }),
    text: [
      t("mail.greeting", { name: to.firstname }),
      "",
      t("refunds.mail.intro", { number: refund.incrementId, amount: formatEuro(paid) }),
      ...(refund.note ? [t("refunds.mail.note", { note: refund.note })] : []),
      "",
      ...(refund.providerCents ? [t("refunds.mail.provider", { amount: formatEuro(refund.providerCents) })] : []),
      ...(refund.balanceCents ? [t("refunds.mail.balance", { amount: formatEuro(refund.balanceCents) })] : []),
      ...(refund.cashbackCents ? [t("refunds.mail.cashback", { amount: formatEuro(refund.cashbackCents) })] : []),
      ...(creditNote ? ["", t("refunds.mail.creditNote")] : []),
      "",
      t("mail.orders", { link: `${origin}${orderPagePath(refund.incrementId)}` }),
      "",
      t("mail.signature"),
    ].join("\n"),
  };
}
