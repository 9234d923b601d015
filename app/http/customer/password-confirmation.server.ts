/**
 * The account password asked again from a signed-in customer (changing the e-mail address or the
 * password, changing or disabling a card PIN), under one throttle per customer like the sign-in
 * (docs/decisions/0010, 0019): whoever holds a stolen session cannot guess the password behind it.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { attempt, LIMITS, refund, type Throttle } from "~/platform/rate-limit.server";

const throttlesOf = (customerId: number): Throttle[] => [
  { limit: LIMITS.passwordConfirmation, subject: String(customerId) },
];

/**
 * Runs a change that checks the password: null when the customer is over the limit (nothing is
 * checked); otherwise the change's outcome, and an attempt whose password was right is given back.
 */
export async function withPasswordConfirmation<T extends string>(
  context: Pick<AppLoadContext, "env">,
  customerId: number,
  change: () => Promise<T>,
): Promise<T | null> {
  const throttles = throttlesOf(customerId);
  if (!(await attempt(context.env.DB, throttles))) return null;
  const outcome = await change();
  if (outcome !== "wrongPassword") await refund(context.env.DB, throttles);
  return outcome;
}
