/**
 * "Vertrag widerrufen" (§ 356a BGB, promised in the Widerrufsbelehrung): the declaration is
 * recorded once, and the receipt with date and time goes out by e-mail in the same batch.
 */
import { sql } from "kysely";
import { prepare, qb } from "~/platform/db.server";
import { queueMail } from "~/platform/mailer.server";
import { translator } from "~/platform/i18n.server";
import { formatGermanDateTime } from "~/domain/content/date";

export async function withdrawOrder(
  db: D1Database,
  customer: { id: number; email: string; firstname: string },
  incrementId: number,
): Promise<boolean> {
  const now = new Date().toISOString();
  const t = await translator("orders");
  const text = [
    t("mail.greeting", { name: customer.firstname }),
    "",
    t("withdraw.mailText", { date: formatGermanDateTime(now), number: incrementId }),
    "",
    t("mail.signature"),
  ].join("\n");
  const [updated] = await db.batch([
    prepare(
      db,
      qb
        .updateTable("customer_order")
        .set({ withdrawn_at: now })
        .where("customer_id", "=", customer.id)
        .where("increment_id", "=", incrementId)
        .where("channel", "=", "online")
        .where("status", "!=", "canceled")
        .where("withdrawn_at", "is", null)
        .returning("id"),
    ),
    queueMail(
      db,
      { to: customer.email, subject: t("withdraw.mailSubject", { number: incrementId }), text },
      sql<boolean>`EXISTS (SELECT 1 FROM customer_order WHERE customer_id = ${customer.id} AND increment_id = ${incrementId} AND withdrawn_at = ${now})`,
    ),
  ]);
  return updated.results.length === 1;
}
