/**
 * Whom the development sign-in let into the back office (the stand-in for Cloudflare Access,
 * docs/decisions/0039): a staff member's id in a signed cookie that only `/staff` ever sees and no
 * other site sends along. In a deployment nobody reads or writes it; Access says who someone is.
 */
import { createCookie } from "./cookie.server";
import { isProduction, type Env } from "./context";
import { secret } from "./secrets.server";

export const STAFF_COOKIE = "__staff";

/** A working day: the development sign-in is asked again the next morning. */
const STAFF_SIGN_IN_SECONDS = 10 * 60 * 60;

export function staffCookie(env: Env) {
  return createCookie(STAFF_COOKIE, {
    httpOnly: true,
    sameSite: "strict",
    secure: isProduction(env),
    path: "/staff",
    maxAge: STAFF_SIGN_IN_SECONDS,
    secrets: [secret(env, "SESSION_SECRET")],
  });
}
