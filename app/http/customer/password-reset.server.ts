/** "Forgot password": the request behind its throttles, answered the same for every address. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { attempt, clientOf, LIMITS } from "~/platform/rate-limit.server";
import { requestPasswordReset } from "~/domain/customer/customer.server";

export async function requestResetLink(
  request: Request,
  context: AppLoadContext,
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
