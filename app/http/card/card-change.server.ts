/**
 * The HTTP side of the card changes (name, lock, PIN, application), for the dialogs and the API:
 * the texts of their outcomes, the PIN change under the password's throttle, and, for the dialogs,
 * a change that fails for a reason nobody foresaw is logged and told with the dialog's own failure
 * text; every outcome goes back to the card list with a flashed notice (post/redirect/get), so a
 * reload never sends the form again.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SubmitOutcome } from "~/domain/card/application.server";
import type { Card, StatusAction } from "~/domain/card/card";
import { changePin, type PinChange, type PinOutcome, type StatusOutcome } from "~/domain/card/card.server";
import { withPasswordConfirmation } from "~/http/customer/password-confirmation.server";
import { redirectWithNotice, type Notice } from "~/platform/flash.server";

export const CARDS_PAGE = "/account/cards";

/** What a change says when it failed for a reason nobody foresaw (logged, never shown). */
export const CHANGE_FAILED = {
  alias: "cards:alias.failed",
  status: "cards:status.failed",
  pin: "cards:pin.failed",
  application: "cards:application.failed",
} as const;

export const ALIAS_SAVED = "cards:alias.saved";
export const CHANGED_MEANWHILE = "cards:changedMeanwhile";

export const STATUS_DONE: Record<StatusAction, string> = {
  lock: "cards:status.locked",
  unlock: "cards:status.unlocked",
};

/** Why a lock or unlock did not happen; the first two are no error, only news. */
export const STATUS_REFUSALS: Record<Exclude<StatusOutcome, "done">, string> = {
  alreadyLocked: "cards:status.alreadyLocked",
  alreadyActive: "cards:status.alreadyActive",
  changedMeanwhile: CHANGED_MEANWHILE,
  providerBlocked: "cards:card.whyBlocked.provider_blocked",
  blockedPermanently: "cards:card.whyBlocked.blocked_permanently",
};

export const PIN_DONE: Record<PinChange["kind"], string> = {
  set: "cards:pin.assigned",
  change: "cards:pin.changed",
  disable: "cards:pin.disabled",
};

export const PIN_REFUSALS: Record<Exclude<PinOutcome, "done">, string> = {
  wrongPassword: "cards:pin.wrongPassword",
  changedMeanwhile: CHANGED_MEANWHILE,
  pinExists: "cards:pin.pinExists",
  noPin: "cards:pin.noPin",
  blockedPermanently: "cards:pin.blockedPermanently",
};

export const APPLICATION_REFUSALS: Record<Extract<SubmitOutcome, { ok: false }>["reason"], string> = {
  noDob: "cards:application.noDobShort",
  nameNotPrintable: "cards:application.nameNotPrintable",
  unknownStore: "cards:application.unknownStore",
  alreadyOpen: "cards:application.alreadyOpen",
};

/**
 * A PIN change as the PIN dialog makes it: a change that asks for the password (a new PIN, or
 * none) counts against the password's throttle; null when the customer is over it.
 */
export function changePinConfirmed(
  context: Pick<AppLoadContext, "env">,
  customerId: number,
  card: Card,
  change: PinChange,
): Promise<PinOutcome | null> {
  const work = () => changePin(context.env, customerId, card, change);
  return change.kind === "set" ? work() : withPasswordConfirmation(context, customerId, work);
}

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
