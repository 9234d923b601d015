/**
 * Where shares given notice stand (issue 32): not yet effective, effective and waiting for their
 * payout, or paid out. Pure, so the back office's list and its filter share it with the browser.
 */
export const NOTICE_STATES = ["pending", "due", "paid"] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];
