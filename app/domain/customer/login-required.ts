/**
 * The routes that need a signed-in customer. Built routes guard themselves; this list
 * also guards those that later work adds, so a visitor is always sent to /login first.
 */
const LOGIN_REQUIRED = [/^\/content\/shares\/?$/, /^\/cart(\/|$)/, /^\/checkout(\/|$)/, /^\/account(\/|$)/];

export function isLoginRequired(pathname: string): boolean {
  return LOGIN_REQUIRED.some((pattern) => pattern.test(pathname));
}
