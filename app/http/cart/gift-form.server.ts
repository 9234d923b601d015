/**
 * The HTTP side of the gift dialog's posts: the form read with its schema, the domain's answer
 * turned into the notice to flash. Anything a browser may send besides the dialog's own buttons
 * (a stale page, no intent) is a German error notice, never a server error (docs/decisions/0004).
 */
import { productName } from "~/domain/catalog/product-name.server";
import { chooseGift, dismissGiftOffer, type GiftChosen } from "~/domain/cart/gifts.server";
import { giftFormSchema } from "~/domain/cart/schema";
import type { Notice } from "~/platform/flash.server";
import { parseFormAsSent } from "~/platform/form";

/** Why a gift was not taken, as a text key (the dialog's notices and the API's errors). */
export const GIFT_REFUSALS: Record<Exclude<GiftChosen, "chosen">, string> = {
  notAvailable: "cart:gifts.notAvailable",
  notOffered: "cart:gifts.notOffered",
  alreadyChosen: "cart:gifts.alreadyChosen",
  soldOut: "cart:gifts.soldOut",
};

export async function answerGiftForm(db: D1Database, customerId: number, form: FormData): Promise<Notice> {
  const submission = parseFormAsSent(form, giftFormSchema);
  if (submission.status !== "success") {
    const key = submission.error?.intent
      ? "cart:gifts.invalidRequest"
      : Object.values(submission.error ?? {}).flat()[0];
    return { type: "error", key: key ?? "cart:gifts.invalidRequest" };
  }
  if (submission.value.intent === "dismiss") {
    return (await dismissGiftOffer(db, customerId))
      ? { type: "info", key: "cart:gifts.dismissed" }
      : { type: "error", key: "cart:gifts.notAvailable" };
  }
  const { sku } = submission.value;
  const outcome = await chooseGift(db, customerId, sku);
  const name = (await productName(db, sku)) ?? sku;
  if (outcome === "chosen") return { type: "success", key: "cart:gifts.chosen", values: { name } };
  return { type: "error", key: GIFT_REFUSALS[outcome], values: { name } };
}
