/**
 * The cart's form intents (add, set quantity, remove, coupon) as one function, so the cart page,
 * the product tiles and the no-JavaScript posts share it. Each answers with the notice to show.
 */
import type { Notice } from "~/platform/flash.server";
import { productName } from "~/domain/catalog/product-name.server";
import { formatEuro } from "~/domain/money/format";
import { addToCart, dropSurplusGifts, loadCart, removeLine, setQuantity, type CartChange } from "./cart.server";
import { applyCoupon, removeCoupon } from "./coupon.server";
import { giftRemovalNotice, giftsAvailable } from "./gifts";
import { parseQuantity } from "./quantity";

const FAILURE: Record<Exclude<CartChange, "done">, string> = {
  maxQuantity: "messages.api.productMaxQuantity",
  soldOut: "product.outOfStockNotification",
  unknownProduct: "cart:unknownProduct",
};

async function changeNotice(db: D1Database, change: CartChange, sku: string, successKey: string): Promise<Notice> {
  const name = (await productName(db, sku)) ?? sku;
  if (change === "done") return { type: "success", key: successKey, values: { name } };
  return { type: "error", key: FAILURE[change], values: { name } };
}

/** Spec 4 "Gifts": after any change, gifts the subtotal no longer earns go, with a notice. */
async function settleGifts(db: D1Database, customerId: number, notice: Notice): Promise<Notice[]> {
  const cart = await loadCart(db, customerId);
  const removed = await dropSurplusGifts(db, customerId, cart);
  if (removed === 0) return [notice];
  const after = cart.giftsChosen - removed;
  const kind = giftRemovalNotice(cart.giftsChosen, after, giftsAvailable(cart.giftSteps, cart.totals.subtotalCents, after));
  return [notice, { type: "warning", key: kind === "byChoice" ? "cart:giftsRemovedByChoice" : "cart:giftsRemovedByForce" }];
}

export async function runCartIntent(db: D1Database, customerId: number, form: FormData): Promise<Notice[] | null> {
  const sku = String(form.get("sku") ?? "");
  switch (form.get("intent")) {
    case "add": {
      const qty = parseQuantity(String(form.get("qty") ?? "1"));
      if (!qty) return [{ type: "error", key: "cart:quantityInvalid" }];
      return settleGifts(db, customerId, await changeNotice(db, await addToCart(db, customerId, sku, qty), sku, "cart:added"));
    }
    case "setQuantity": {
      const qty = parseQuantity(form.get("qty"));
      if (qty === null) return [{ type: "error", key: "cart:quantityInvalid" }];
      const change = await setQuantity(db, customerId, sku, qty);
      return settleGifts(db, customerId, await changeNotice(db, change, sku, qty === 0 ? "cart:removed" : "cart:updated"));
    }
    case "remove": {
      const removed = await removeLine(db, customerId, sku, form.get("gift") === "1");
      const name = (await productName(db, sku)) ?? sku;
      const notice: Notice = removed ? { type: "success", key: "cart:removed", values: { name } } : { type: "error", key: "messages.api.itemRemovalFailed" };
      return settleGifts(db, customerId, notice);
    }
    case "applyCoupon": {
      const cart = await loadCart(db, customerId);
      const outcome = await applyCoupon(db, customerId, String(form.get("code") ?? ""), cart.totals.subtotalCents);
      if (outcome.result === "applied") return [{ type: "success", key: "cart:couponApplied", values: { code: outcome.code } }];
      if (outcome.result === "minimum") return [{ type: "error", key: "cart:couponMinimum", values: { amount: formatEuro(outcome.minOrderCents) } }];
      return [{ type: "error", key: "cart:couponInvalid" }];
    }
    case "removeCoupon":
      await removeCoupon(db, customerId);
      return [{ type: "success", key: "cart:couponRemoved" }];
    default:
      return null;
  }
}
