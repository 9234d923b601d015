/** The voucher field takes at most this many characters; no code is longer. */
export const COUPON_CODE_MAX_LENGTH = 40;
