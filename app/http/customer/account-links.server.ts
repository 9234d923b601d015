/**
 * The one-time links of the account e-mails (activation, password reset) when they no longer work
 * (used, expired, wrong): both doors, the pages and the JSON API, answer 410 Gone with the page's text.
 */
export const INVALID_LINK = {
  activation: { status: 410, key: "account:activation.failureText" },
  passwordReset: { status: 410, key: "account:reset.invalid" },
} as const;
