/** Spec 4 "Notifications" and 9: how long a toast stays, and how a repeated text comes back. */
export const NOTICE_DURATION_MS = 10_000;
export const NOTICE_REPLACE_DELAY_MS = 125;

export interface NoticeView {
  id: string;
  type: "info" | "success" | "warning" | "error";
  text: string;
}

/**
 * Splits incoming notices into those shown at once and those that replace a shown one with the
 * same text: the old one goes now, the new one follows after the replace delay (so screen
 * readers announce it again).
 */
export function planIncoming(shown: NoticeView[], incoming: NoticeView[]) {
  const fresh = incoming.filter((n) => !shown.some((s) => s.id === n.id));
  const replaced = fresh.filter((n) => shown.some((s) => s.text === n.text));
  return {
    keep: shown.filter((s) => !replaced.some((n) => n.text === s.text)),
    now: fresh.filter((n) => !replaced.includes(n)),
    later: replaced,
  };
}
