/**
 * The account balance and its history as the account shows them: which entries a filter shows,
 * how many a page shows, and how an amount is written (docs/decisions/0018).
 */
import { formatEuro } from "~/domain/money/format";

/**
 * The kinds of ledger entry (`balance_entry.type`). 2 is balance used in an online order (the
 * checkout writes it), 10 balance used at a store's till with the customer card, 5 credit given
 * back when an order is cancelled (the payment code writes it).
 */
export const BALANCE_ENTRY_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export type BalanceEntryType = (typeof BALANCE_ENTRY_TYPES)[number];

export const BALANCE_FILTERS = ["all", "surveys", "purchases"] as const;
export type BalanceFilter = (typeof BALANCE_FILTERS)[number];

const FILTER_TYPES: Record<Exclude<BalanceFilter, "all">, readonly BalanceEntryType[]> = {
  surveys: [4],
  // spending in the shop or the store, and the credit a cancelled order gave back
  purchases: [2, 5, 10],
};

/** An unknown or missing filter shows everything. */
export function parseBalanceFilter(value: string | null): BalanceFilter {
  return (BALANCE_FILTERS as readonly string[]).includes(value ?? "") ? (value as BalanceFilter) : "all";
}

/** The entry types a filter shows; null for "all" (no restriction). */
export function typesOfFilter(filter: BalanceFilter): readonly BalanceEntryType[] | null {
  return filter === "all" ? null : FILTER_TYPES[filter];
}

/** Entries on the first view; "Mehr anzeigen" adds as many again. */
export const HISTORY_PAGE_SIZE = 10;
/** The most a page lists, whatever `limit` asks for. */
export const HISTORY_MAX_LIMIT = 500;

/** What `?limit=` may hold to count: digits only. */
export const HISTORY_LIMIT_PATTERN = /^\d+$/;

/**
 * `?limit=` as a number of entries: only digits count; anything else, or less than a page, is the
 * first page, and more than the maximum is the maximum.
 */
export function parseHistoryLimit(value: string | null): number {
  if (!value || !HISTORY_LIMIT_PATTERN.test(value)) return HISTORY_PAGE_SIZE;
  return Math.min(Math.max(Number(value), HISTORY_PAGE_SIZE), HISTORY_MAX_LIMIT);
}

/**
 * What the history offers below its list: "Mehr anzeigen" (the limit it leads to) when more entries
 * exist and the maximum is not reached yet, "Weniger anzeigen" when more than a page is shown.
 */
export function historyPaging(
  limit: number,
  shown: number,
  hasMore: boolean,
): { moreLimit: number | null; less: boolean } {
  const next = Math.min(limit + HISTORY_PAGE_SIZE, HISTORY_MAX_LIMIT);
  return { moreLimit: hasMore && next > limit ? next : null, less: shown > HISTORY_PAGE_SIZE };
}

/** The query of a history view; the defaults are left out, so the first view is plain "?". */
export function historySearch(filter: BalanceFilter, limit = HISTORY_PAGE_SIZE): string {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("filter", filter);
  if (limit !== HISTORY_PAGE_SIZE) params.set("limit", String(limit));
  return `?${params}`;
}

/** An amount of the history with its sign: "+15,00 €" added, "−5,00 €" used. */
export function formatBalanceAmount(cents: number): string {
  return cents > 0 ? `+${formatEuro(cents)}` : formatEuro(cents);
}

export interface BalanceEntry {
  createdAt: string;
  type: BalanceEntryType;
  amountCents: number;
  note: string;
  /** The order the entry belongs to, by the number the customer knows. */
  orderNumber: number | null;
}

export interface BalanceHistory {
  balanceCents: number;
  /** Newest first, at most the asked limit. */
  entries: BalanceEntry[];
  /** More entries exist beyond the limit. */
  hasMore: boolean;
}
