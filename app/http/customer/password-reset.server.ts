/**
 * "Forgot password": the request behind its throttles, answered the same for every address, for
 * both doors (the page and the JSON API's PUT /rest/V1/customers/password).
 */
import type { Env } from "~/platform/context";
import { attempt, clientOf, LIMITS } from "~/platform/rate-limit.server";
import { requestPasswordReset } from "~/domain/customer/customer.server";

/** The forgot-password request over its throttle, as both doors answer it. */
export const RESET_REQUEST_THROTTLED = { status: 429, key: "session.throttled" } as const;

export async function requestResetLink(
  request: Request,
  context: { env: Env },
  email: string,
): Promise<"sent" | "throttled"> {
  const { env } = context;
  const allowed = await attempt(env.DB, [
    { limit: LIMITS.resetAccount, subject: email },
    { limit: LIMITS.resetClient, subject: clientOf(request, env) },
  ]);
  if (!allowed) return "throttled";
  await requestPasswordReset(env, email, new URL(request.url).origin);
  return "sent";
}
