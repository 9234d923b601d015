/**
 * The back office's notice after it asked for a refund (domain/refund): what happened, in the
 * staffOrders namespace's words.
 */
import type { RefundFailure, RefundStarted } from "~/domain/refund/refund.server";
import { findRefundForProvider } from "~/domain/refund/refunds.server";
import type { Notice } from "~/platform/flash.server";

export async function refundNotice(
  db: D1Database,
  result: RefundStarted | { ok: false; reason: RefundFailure },
  number: number,
): Promise<Notice> {
  const values = { number };
  if (!result.ok) return { type: "error", key: `staffOrders:refunds.failure.${result.reason}`, values };
  const refund = await findRefundForProvider(db, result.refundId);
  if (refund?.state === "settled") return { type: "success", key: "staffOrders:refunds.notice.settled", values };
  if (refund?.state === "requested" && refund.providerCents > 0 && !refund.sent)
    return { type: "warning", key: "staffOrders:refunds.notice.unsent", values };
  if (!result.created) return { type: "info", key: "staffOrders:refunds.notice.again", values };
  return { type: "success", key: "staffOrders:refunds.notice.requested", values };
}
