/**
 * "Vertrag widerrufen" (§ 356a BGB, promised in the Widerrufsbelehrung): the declaration is
 * recorded once, and the receipt with date and time goes out by e-mail in the same batch. A
 * member's cashback the order was credited is taken back in that batch too (docs/decisions/0021):
 * as far as the balance still holds it; the rest is kept back from the refund (domain/refund,
 * docs/decisions/0040).
 */
import { sql } from "kysely";
import { prepare, qb } from "~/platform/db.server";
import { queueMail } from "~/platform/mailer.server";
import { translator } from "~/platform/i18n.server";
import { formatGermanDateTime } from "~/domain/content/date";
import { formatEuro } from "~/domain/money/format";
import { reverseCashbackStatements } from "./cashback.server";

export async function withdrawOrder(
  db: D1Database,
  customer: { id: number; email: string; firstname: string },
  incrementId: number,
): Promise<boolean> {
  const at = new Date();
  const now = at.toISOString();
  const t = await translator("orders");
  const text = [
    t("mail.greeting", { name: customer.firstname }),
    "",
    t("withdraw.mailText", { date: formatGermanDateTime(now), number: incrementId }),
    "",
    t("mail.signature"),
  ].join("\n");
  // The order as it may still be withdrawn; the statements before the withdrawal's own UPDATE
  // read it, so only the batch that records the withdrawal takes the cashback back.
  const open = sql<boolean>`customer_id = ${customer.id} AND increment_id = ${incrementId} AND channel = 'online'
    AND carrier_code IS NOT NULL AND status <> 'canceled' AND withdrawn_at IS NULL`;
  const [reversed, , updated] = await db.batch([
    ...(await reverseCashbackStatements(db, { customerId: customer.id, open, now: at })),
    prepare(
      db,
      qb
        .updateTable("customer_order")
        .set({ withdrawn_at: now })
        .where("customer_id", "=", customer.id)
        .where("increment_id", "=", incrementId)
        .where("channel", "=", "online")
        // an order of shares alone has no goods to withdraw from (domain/order/order.ts canWithdraw)
        .where("carrier_code", "is not", null)
        .where("status", "!=", "canceled")
        .where("withdrawn_at", "is", null)
        // an archived order is past every period (domain/order/archive.server.ts)
        .where("archived_at", "is", null)
        .returning(["id", "cashback_cents", "cashback_credited_at"]),
    ),
    queueMail(
      db,
      { to: customer.email, subject: t("withdraw.mailSubject", { number: incrementId }), text },
      sql<boolean>`EXISTS (SELECT 1 FROM customer_order WHERE customer_id = ${customer.id} AND increment_id = ${incrementId} AND withdrawn_at = ${now})`,
    ),
    // the voucher's use is given back with the withdrawal (docs/decisions/0044)
    prepare(
      db,
      sql`DELETE FROM coupon_use WHERE order_id IN (SELECT id FROM customer_order WHERE customer_id = ${customer.id} AND increment_id = ${incrementId} AND withdrawn_at = ${now})`,
    ),
  ]);
  const order = (updated.results as { id: string; cashback_cents: number; cashback_credited_at: string | null }[])[0];
  if (!order) return false;
  if (order.cashback_credited_at !== null) {
    const taken = (reversed.results as { taken: number }[])[0]?.taken ?? 0;
    const rest = order.cashback_cents - taken;
    if (rest > 0) {
      // the customer has spent it: the refund keeps it back (domain/refund/refund.ts splitRefund)
      console.info(
        `order ${incrementId} withdrawn: cashback ${formatEuro(order.cashback_cents)} credited, ${formatEuro(taken)} taken back from the balance, ${formatEuro(rest)} kept back from the refund`,
      );
    }
  }
  return true;
}
