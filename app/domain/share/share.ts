/**
 * The shareholder programme's rules (docs/decisions/0020): what a share costs, the cashback a
 * member earns, how many shares are held and may still be sold, and when a cancellation takes
 * effect and is paid out. Money is integer cents, rates integer per mille: no floats.
 */
import { inBerlin } from "~/domain/time/berlin";

/** One share (Geschäftsanteil). */
export const SHARE_PRICE_CENTS = 10_000;

/** From this many shares the cashback is at its highest rate. */
export const MAX_RATE_SHARES = 21;

/** 1.9 % base, 0.1 % per share, 4 % from 21 shares; no shares, no cashback. */
export function cashbackPermille(shares: number): number {
  if (!Number.isInteger(shares) || shares <= 0) return 0;
  if (shares >= MAX_RATE_SHARES) return 40;
  return 19 + shares;
}

/**
 * The cashback on a purchase: shares bought in the same cart earn none, a discount that makes the
 * rest negative earns none, and it is rounded to the cent commercially (half a cent and more up,
 * kaufmännische Rundung, decision 0020): 0,468 € is 0,47 €. The cart, the order, the mail, the
 * balance credit and its reversal all use this one amount.
 */
export function cashbackCents(permille: number, subtotalCents: number, sharesInCartCents: number): number {
  const eligible = subtotalCents - Math.max(0, sharesInCartCents);
  if (permille <= 0 || eligible <= 0) return 0;
  return Math.floor((eligible * permille + 500) / 1000);
}

/** "2,9 %", "4 %": the rate as the membership page writes it. */
export function formatPermille(permille: number): string {
  const whole = Math.floor(permille / 10);
  const tenth = permille % 10;
  return `${whole}${tenth ? `,${tenth}` : ""}\u00a0%`;
}

export type ShareEntryType = "purchase" | "cancellation";

export interface ShareEntry {
  id: string;
  type: ShareEntryType;
  quantity: number;
  valueCents: number;
  createdAt: string;
  /** 'YYYY-MM-DD': a purchase counts from then; a cancellation takes the shares away after that day */
  effectiveAt: string;
  payoutAt: string | null;
  /** 'YYYY-MM-DD': the day a cancellation's value was paid out, once the cooperative recorded it */
  paidOutOn?: string | null;
}

/** Shares marked for cancellation that have not taken effect yet. */
export interface PendingSale {
  quantity: number;
  effectiveAt: string;
  payoutAt: string;
}

export interface ShareCounts {
  /** bought, less the cancellations that have taken effect */
  held: number;
  /** cancelled, not yet effective */
  pending: number;
  /** held, less the pending cancellations: what may still be cancelled */
  sellable: number;
}

/**
 * The counts on a Berlin calendar day `today` ('YYYY-MM-DD'). A cancellation effective at 31
 * December still counts on that day and no longer from 1 January.
 */
export function shareCounts(
  entries: Pick<ShareEntry, "type" | "quantity" | "effectiveAt">[],
  today: string,
): ShareCounts {
  let bought = 0;
  let gone = 0;
  let pending = 0;
  for (const e of entries) {
    if (e.type === "purchase") bought += e.quantity;
    else if (e.effectiveAt < today) gone += e.quantity;
    else pending += e.quantity;
  }
  const held = bought - gone;
  return { held, pending, sellable: Math.max(0, held - pending) };
}

export function sellableShares(
  entries: Pick<ShareEntry, "type" | "quantity" | "effectiveAt">[],
  today: string,
): number {
  return shareCounts(entries, today).sellable;
}

/** The last day by which a cancellation still takes effect at the end of the same year. */
const DEADLINE = "09-30";

export interface CancellationDates {
  /** 'YYYY-12-31' */
  effectiveAt: string;
  /** 'YYYY-06-30' of the year after */
  payoutAt: string;
}

/**
 * A cancellation received by 30 September (Berlin time) takes effect at the end of that year;
 * later, at the end of the following year. The payout follows the approval of the annual accounts,
 * by 30 June of the year after it took effect.
 */
export function cancellationDates(madeAt: Date): CancellationDates {
  const { date } = inBerlin(madeAt);
  const year = Number(date.slice(0, 4));
  const effectiveYear = date.slice(5) <= DEADLINE ? year : year + 1;
  return { effectiveAt: `${effectiveYear}-12-31`, payoutAt: `${effectiveYear + 1}-06-30` };
}

/**
 * A payout is recorded once the cancellation has taken effect: the business year it ended with is
 * closed, and the general meeting approves its accounts afterwards (decision 0020).
 */
export const payoutRecordable = (effectiveAt: string, today: string) => effectiveAt < today;

export type PayoutDateProblem = "beforeEffective" | "inFuture";

/** Why a payout cannot be dated `paidOn` ('YYYY-MM-DD'): before the shares were gone, or not yet. */
export function payoutDateProblem(paidOn: string, effectiveAt: string, today: string): PayoutDateProblem | null {
  if (paidOn <= effectiveAt) return "beforeEffective";
  if (paidOn > today) return "inFuture";
  return null;
}
