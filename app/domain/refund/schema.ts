/**
 * Zod schemas of the back office's refund forms, shared by the server, which parses every post with
 * them, and the browser, which checks the fields before sending. Messages are locale keys.
 */
import { z } from "zod";

export const CANCEL_REASON_MAX = 500;

/** "Bestellung stornieren": the reason is told to the customer and kept in the audit log. */
export const cancelOrderSchema = z.object({
  reason: z
    .string({ required_error: "staffOrders:cancel.reasonRequired" })
    .trim()
    .min(3, "staffOrders:cancel.reasonRequired")
    .max(CANCEL_REASON_MAX, `validation.maxLength|${CANCEL_REASON_MAX}`),
});

/** "Erstatten" in the withdrawals queue: which order (its number). */
export const withdrawalRefundSchema = z.object({
  order: z.coerce
    .number({
      required_error: "staffOrders:withdrawals.unknownOrder",
      invalid_type_error: "staffOrders:withdrawals.unknownOrder",
    })
    .int("staffOrders:withdrawals.unknownOrder")
    .positive("staffOrders:withdrawals.unknownOrder")
    .max(Number.MAX_SAFE_INTEGER, "staffOrders:withdrawals.unknownOrder"),
});
