/**
 * The HTTP side of the card dialogs (name, lock, PIN): a change that fails for a reason nobody
 * foresaw is logged and told with the dialog's own failure text; every outcome goes back to the
 * card list with a flashed notice (post/redirect/get), so a reload never sends the form again.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirectWithNotice, type Notice } from "~/platform/flash.server";

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
