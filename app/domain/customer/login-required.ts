/**
 * The routes that need a signed-in customer. Built routes guard themselves; this list
 * also guards those that later work adds, so a visitor is always sent to /login first.
 */
const LOGIN_REQUIRED = [/^\/content\/shares\/?$/, /^\/cart(\/|$)/, /^\/checkout(\/|$)/, /^\/account(\/|$)/];

/** Under /account but open to visitors: the spec's marketing page (docs/decisions/0026). */
const OPEN_TO_VISITORS = /^\/account\/abocenter\/marketing\/?$/;

export function isLoginRequired(pathname: string): boolean {
  return !OPEN_TO_VISITORS.test(pathname) && LOGIN_REQUIRED.some((pattern) => pattern.test(pathname));
}
