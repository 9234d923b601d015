/** The withdrawals queue's rules without I/O: its sorts, filters and rows (withdrawals.server.ts reads them). */
export const WITHDRAWAL_SORTS = ["due", "number", "customer"] as const;
export type WithdrawalSort = (typeof WITHDRAWAL_SORTS)[number];

export const WITHDRAWAL_FILTERS = ["open", "done", "all"] as const;
export type WithdrawalFilter = (typeof WITHDRAWAL_FILTERS)[number];

export function parseWithdrawalFilter(value: string | null): WithdrawalFilter {
  return (WITHDRAWAL_FILTERS as readonly (string | null)[]).includes(value) ? (value as WithdrawalFilter) : "open";
}

/** Where a withdrawn order's refund stands. */
export type WithdrawalRefundState = "open" | "requested" | "settled" | "failed" | "nothing";

export interface WithdrawalRow {
  incrementId: number;
  withdrawnAt: string;
  dueAt: string;
  overdue: boolean;
  customerName: string;
  customerEmail: string;
  refundableCents: number;
  settledCents: number;
  requestedCents: number;
  remainingCents: number;
  state: WithdrawalRefundState;
}
