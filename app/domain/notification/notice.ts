/** How long a toast stays, and how a repeated text comes back. */
export const NOTICE_DURATION_MS = 10_000;
export const NOTICE_REPLACE_DELAY_MS = 125;
/** More toasts than this covered a whole phone screen; the newest are the ones that matter. */
export const NOTICE_LIMIT = 3;

export interface NoticeView {
  id: string;
  type: "info" | "success" | "warning" | "error";
  text: string;
}

/**
 * The notices of one action as they are shown: a later notice about the same thing (the same
 * topic, e.g. the voucher) replaces an earlier one, and only the newest NOTICE_LIMIT remain.
 */
export function latestNotices<T>(notices: T[], topicOf: (notice: T) => string): T[] {
  const latest = notices.filter((n, i) => !notices.slice(i + 1).some((later) => topicOf(later) === topicOf(n)));
  return latest.slice(-NOTICE_LIMIT);
}

/**
 * What the toasts become when the page brings notices not seen before (`fresh`): only those of
 * the last action stay, so notices of an earlier action (a red "Gutscheincode ungültig" beside
 * "FRISCH5 wurde eingelöst") go, and a navigation without new notices clears them. A new one with
 * the text of a shown one follows after the replace delay (`later`), so screen readers announce
 * it again. Ones still waiting for that delay (`waiting`) wait on when the page brings nothing
 * new, and give way to a newer action's or another page's.
 */
export function planIncoming(shown: NoticeView[], fresh: NoticeView[], navigated: boolean, waiting: NoticeView[] = []) {
  if (!fresh.length) return { keep: navigated ? [] : shown, now: [], later: navigated ? [] : waiting };
  const latest = latestNotices(fresh, (n) => n.text);
  const repeated = latest.filter((n) => shown.some((s) => s.text === n.text));
  return { keep: [], now: latest.filter((n) => !repeated.includes(n)), later: repeated };
}
