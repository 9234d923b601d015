/**
 * CSRF protection on top of the worker's Origin check: a signed token in a cookie and the same
 * token in a hidden field of every form (remix-utils' double-submit CSRF). Anonymous cached pages
 * carry no token (docs/decisions/0003); the forms of sign-in, registration and password reset are
 * not cached and do.
 */
import { createCookie } from "./cookie.server";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { isProduction, type Env } from "./context";
import { secret } from "./secrets.server";
import { PRIVATE_CACHE_CONTROL } from "./edge-cache.server";

export function csrfCookie(env: Env) {
  return createCookie("csrf", {
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction(env),
    path: "/",
    secrets: [secret(env, "CSRF_SECRET")],
  });
}

/** The hidden field every form carries its token in (remix-utils' default name). */
export const CSRF_FIELD = "csrf";

function csrfFor(env: Env): CSRF {
  return new CSRF({ cookie: csrfCookie(env), secret: secret(env, "CSRF_SECRET"), formDataKey: CSRF_FIELD });
}

/** The token for this browser, and the Set-Cookie value when it is new. */
export async function csrfToken(request: Request, env: Env): Promise<{ token: string; setCookie: string | null }> {
  const [token, setCookie] = await csrfFor(env).commitToken(request);
  return { token, setCookie };
}

/**
 * A new token whenever the session changes (sign-in, sign-out): a token seen before the change,
 * e.g. planted by someone else on a shared computer, is worthless afterwards.
 */
export async function renewedCsrfCookie(env: Env): Promise<string> {
  return csrfCookie(env).serialize(csrfFor(env).generate());
}

/** Throws a 403 unless the form carries this browser's token. */
export async function requireCsrf(request: Request, env: Env): Promise<void> {
  try {
    await csrfFor(env).validate(request);
  } catch (error) {
    if (error instanceof CSRFError) throw new Response("Forbidden", { status: 403 });
    throw error;
  }
}

/**
 * For a page with forms that a visitor uses (sign-in, registration, password): the token, and
 * headers that keep the page out of every cache and give the browser its token cookie (the page
 * exports `privatePageHeaders` to pass them on).
 */
export async function privateFormPage(request: Request, env: Env): Promise<{ csrf: string; headers: Headers }> {
  const { token, setCookie } = await csrfToken(request, env);
  const headers = new Headers({ "Cache-Control": PRIVATE_CACHE_CONTROL });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return { csrf: token, headers };
}
