/** Registration behind its per-client throttle (docs/architecture.md "Sessions and security"). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { attempt, clientOf, LIMITS } from "~/platform/rate-limit.server";
import { registerCustomer } from "~/domain/customer/customer.server";
import type { RegisterInput } from "~/domain/customer/schema";

export type RegistrationOutcome = "registered" | "exists" | "throttled";

export async function register(
  request: Request,
  context: AppLoadContext,
  input: RegisterInput,
): Promise<RegistrationOutcome> {
  const { env } = context;
  if (!(await attempt(env.DB, [{ limit: LIMITS.registerClient, subject: clientOf(request, env) }]))) return "throttled";
  return registerCustomer(env, input, new URL(request.url).origin);
}
