/**
 * Registration behind its per-client throttle (docs/architecture.md "Sessions and security"), for
 * both doors: the registration page and the JSON API's POST /rest/V1/customers.
 */
import type { Env } from "~/platform/context";
import { attempt, clientOf, LIMITS } from "~/platform/rate-limit.server";
import { type RegisterResult, registerCustomer } from "~/domain/customer/customer.server";
import type { RegisterInput } from "~/domain/customer/schema";

/** How both doors refuse a registration: the status and the text (the page shows it at the field or form). */
export const REGISTRATION_REFUSALS = {
  exists: { status: 409, key: "messages.api.customerAlreadyExists" },
  throttled: { status: 429, key: "session.throttled" },
} as const;

export type RegistrationOutcome = RegisterResult | { result: "throttled" };

export async function register(
  request: Request,
  context: { env: Env },
  input: RegisterInput,
): Promise<RegistrationOutcome> {
  const { env } = context;
  if (!(await attempt(env.DB, [{ limit: LIMITS.registerClient, subject: clientOf(request, env) }])))
    return { result: "throttled" };
  return registerCustomer(env, input, new URL(request.url).origin);
}
