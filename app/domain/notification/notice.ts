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
 *
 * The shown notices that came while another of the customer's actions was still on its way
 * (`overlapped`) stay beside that action's: both happened, and the later answer says nothing
 * about the earlier one. Its answer may even come last when the customer acted first (a quantity
 * still on its way when "Entfernen" was pressed), and the removal's notice must not go with it.
 */
export function planIncoming(
  shown: NoticeView[],
  fresh: NoticeView[],
  navigated: boolean,
  waiting: NoticeView[] = [],
  overlapped = false,
) {
  if (!fresh.length) return { keep: navigated ? [] : shown, now: [], later: navigated ? [] : waiting };
  const latest = latestNotices(fresh, (n) => n.text);
  const repeated = latest.filter((n) => shown.some((s) => s.text === n.text));
  const now = latest.filter((n) => !repeated.includes(n));
  const beside = overlapped ? shown.filter((s) => !repeated.some((n) => n.text === s.text)) : [];
  return { keep: beside.slice(Math.max(0, beside.length + latest.length - NOTICE_LIMIT)), now, later: repeated };
}
