/**
 * Where the back office goes on after a refund's provider step (the sandbox's refund page, or
 * straight on with a real provider): back to the page the refund was asked on.
 */
import type { RefundReason } from "~/domain/refund/refund";

export function staffPathAfterRefund(reason: RefundReason, incrementId: number): string {
  if (reason === "withdrawal") return "/staff/withdrawals";
  if (reason === "cancel") return `/staff/orders/${incrementId}/cancel`;
  return `/staff/orders/${incrementId}`;
}
