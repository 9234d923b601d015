/**
 * The HTTP side of the card dialogs (name, lock, PIN): a change that fails for a reason nobody
 * foresaw is logged and told with the dialog's own failure text; every outcome goes back to the
 * card list with a flashed notice (post/redirect/get), so a reload never sends the form again.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirectWithNotice, type Notice } from "~/platform/flash.server";
import { attempt, LIMITS, refund, type Throttle } from "~/platform/rate-limit.server";

export const CARDS_PAGE = "/account/cards";

/** Runs a card change; an unexpected failure becomes `failed` (logged, never shown). */
export async function orFailed<T>(what: string, work: () => Promise<T>): Promise<T | "failed"> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(`${what} failed`, error);
    return "failed";
  }
}

/** Back to the card list with the notice of the outcome. */
export function backToCards(context: AppLoadContext, notice: Notice): Promise<Response> {
  return redirectWithNotice(context.env, CARDS_PAGE, notice);
}

const pinPasswordThrottle = (customerId: number): Throttle[] => [
  { limit: LIMITS.cardPinPassword, subject: String(customerId) },
];

/**
 * A password check of the PIN dialog under its throttle: null when over the limit; otherwise the
 * work's outcome, and a check that passed is given back (it counts against nobody).
 */
export async function withPinPasswordThrottle<T extends string>(
  context: AppLoadContext,
  customerId: number,
  work: () => Promise<T>,
): Promise<T | null> {
  const throttles = pinPasswordThrottle(customerId);
  if (!(await attempt(context.env.DB, throttles))) return null;
  const outcome = await work();
  if (outcome !== "wrongPassword") await refund(context.env.DB, throttles);
  return outcome;
}
