/**
 * The gift modal's form intents (choose a gift, "Nicht jetzt"), answered with the notice to
 * flash. Anything else a browser may send (stale page, unknown product, no intent) is a German
 * error notice, never a server error.
 */
import type { Notice } from "~/platform/flash.server";
import { productName } from "~/domain/catalog/product-name.server";
import { chooseGift, dismissGiftOffer, type GiftChosen } from "./gifts.server";

const REFUSED: Record<Exclude<GiftChosen, "chosen">, string> = {
  notAvailable: "cart:gifts.notAvailable",
  notOffered: "cart:gifts.notOffered",
  alreadyChosen: "cart:gifts.alreadyChosen",
  soldOut: "cart:gifts.soldOut",
};

export async function runGiftIntent(db: D1Database, customerId: number, form: FormData): Promise<Notice> {
  switch (form.get("intent")) {
    case "choose": {
      const sku = String(form.get("sku") ?? "");
      const outcome = await chooseGift(db, customerId, sku);
      const name = (await productName(db, sku)) ?? sku;
      if (outcome === "chosen") return { type: "success", key: "cart:gifts.chosen", values: { name } };
      return { type: "error", key: REFUSED[outcome], values: { name } };
    }
    case "dismiss":
      return (await dismissGiftOffer(db, customerId))
        ? { type: "info", key: "cart:gifts.dismissed" }
        : { type: "error", key: "cart:gifts.notAvailable" };
    default:
      return { type: "error", key: "cart:gifts.invalidRequest" };
  }
}
