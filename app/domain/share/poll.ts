/**
 * How often the waiting modal asks for the purchase status (docs/decisions/0021); a page without
 * JavaScript reloads itself as often. A module of its own: the page frame needs only this number,
 * not the purchase rules (purchase.ts), on every page (docs/decisions/0054).
 */
export const SHARES_POLL_MS = 5_000;
