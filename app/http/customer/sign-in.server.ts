/**
 * Signing in through the web: the throttles of
 * docs/decisions/0010 around the domain's password check (throttling belongs to the door,
 * docs/decisions/0013), then the new session, its cookies and the way back.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { renewedCsrfCookie } from "~/platform/csrf.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { loginEvent } from "~/domain/tracking/events";
import { tracksRequest } from "~/platform/tag-manager.server";
import { randomToken } from "~/platform/tokens.server";
import { attempt, clientOf, LIMITS, refund, type Throttle } from "~/platform/rate-limit.server";
import { startSession } from "~/platform/session.server";
import { darkModeCookie, readDarkMode } from "~/platform/theme.server";
import { isProduction, type Env } from "~/platform/context";
import { knownDeviceFor, rememberDevice } from "~/platform/device.server";
import { checkSignIn, resendActivation, saveDarkMode } from "~/domain/customer/customer.server";
import { darkModeAtSignIn } from "~/domain/customer/dark-mode";
import { afterLoginPath } from "~/platform/redirect";
import { isDatabaseUnavailable } from "~/platform/db.server";

export interface SignInFailure {
  /** The status for each case: 401 wrong credentials, 403 not activated, 409 blocked, 503 D1 failing. */
  status: 401 | 403 | 409 | 429 | 500 | 503;
  message: string;
  notActivated: boolean;
}

const FAILURES = {
  wrongCredentials: { status: 401, message: "account:login.failed", notActivated: false },
  notActivated: { status: 403, message: "account:login.notActivated", notActivated: true },
  blocked: { status: 409, message: "account:login.blocked", notActivated: false },
  throttled: { status: 429, message: "session.throttled", notActivated: false },
  error: { status: 500, message: "global.processingError", notActivated: false },
  unavailable: { status: 503, message: "account:login.unavailable", notActivated: false },
} as const satisfies Record<string, SignInFailure>;

/** docs/decisions/0010: a known device is only ever throttled on its own. */
function loginThrottles(email: string, client: string, knownDevice: string | null): Throttle[] {
  const address = email.trim().toLowerCase();
  if (knownDevice) return [{ limit: LIMITS.loginPair, subject: `${address}|device:${knownDevice}` }];
  return [
    { limit: LIMITS.loginPair, subject: `${address}|${client}` },
    { limit: LIMITS.loginClient, subject: client },
    { limit: LIMITS.loginAccount, subject: address },
  ];
}

/**
 * The throttled password check of both doors: the pages' sign-in and the JSON API's token call
 * (which knows no device cookie, so it is always throttled as an unknown device).
 */
export async function checkCredentials(
  request: Request,
  env: Env,
  credentials: { email: string; password: string },
  knownDevice: string | null,
): Promise<{ customerId: number; darkMode: "0" | "1" } | SignInFailure> {
  const throttles = loginThrottles(credentials.email, clientOf(request, env), knownDevice);
  if (!(await attempt(env.DB, throttles))) return FAILURES.throttled;
  const check = await checkSignIn(env, credentials.email, credentials.password);
  if (check.result !== "ok") return FAILURES[check.result];
  await refund(env.DB, throttles);
  return { customerId: check.customerId, darkMode: check.darkMode };
}

export const SIGN_IN_ERROR = FAILURES.error;

export async function signIn(
  request: Request,
  context: AppLoadContext,
  credentials: { email: string; password: string },
  redirectTo: unknown,
): Promise<Response | SignInFailure> {
  const { env } = context;
  const knownDevice = await knownDeviceFor(request, env, credentials.email);
  try {
    const check = await checkCredentials(request, env, credentials, knownDevice);
    if ("status" in check) return check;

    const theme = darkModeAtSignIn(readDarkMode(request.headers.get("Cookie")), check.darkMode);
    if (theme.saveToAccount) {
      await saveDarkMode(env.DB, check.customerId, theme.value).catch((error) =>
        console.error("dark mode not saved", error),
      );
    }
    const previous = await context.session();
    const sessionCookie = await startSession(
      env,
      check.customerId,
      previous.kind === "customer" ? previous.idHash : undefined,
    );
    return redirectWithNotice(
      env,
      afterLoginPath(redirectTo),
      { type: "success", key: "session.signedIn" },
      [
        sessionCookie,
        await renewedCsrfCookie(env),
        darkModeCookie(theme.value, isProduction(env)),
        await rememberDevice(request, env, credentials.email),
      ],
      tracksRequest(env, request) ? [loginEvent(randomToken(9))] : [],
    );
  } catch (error) {
    console.error("sign-in failed", error);
    // The form comes back with the address typed and says so (docs/decisions/0036).
    return isDatabaseUnavailable(error) ? FAILURES.unavailable : FAILURES.error;
  }
}

export type ResendOutcome = "sent" | "throttled";

/** The same answer whether or not the address belongs to a not yet activated account. */
export async function resendActivationLink(
  request: Request,
  context: AppLoadContext,
  email: string,
): Promise<ResendOutcome> {
  const { env } = context;
  const allowed = await attempt(env.DB, [
    { limit: LIMITS.activationAccount, subject: email },
    { limit: LIMITS.activationClient, subject: clientOf(request, env) },
  ]);
  if (!allowed) return "throttled";
  await resendActivation(env, email, new URL(request.url).origin);
  return "sent";
}
