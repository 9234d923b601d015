/**
 * The cart's form intents (add, set quantity, remove, coupon) as one function, so the cart page,
 * the product tiles and the no-JavaScript posts share it. Each answers with the notice to show.
 */
import type { Notice } from "~/platform/flash.server";
import { productName } from "~/domain/catalog/product-name.server";
import { formatEuro } from "~/domain/money/format";
import type { Cart } from "./cart";
import { addToCart, dropSurplusGifts, loadCart, removeLine, setQuantity, type CartChange } from "./cart.server";
import { applyCoupon, removeCoupon } from "./coupon.server";
import { giftRemovalNotice, giftsAvailable } from "./gifts";
import { parseQuantity } from "./quantity";

const FAILURE: Record<Exclude<CartChange, "done">, string> = {
  maxQuantity: "messages.api.productMaxQuantity",
  soldOut: "product.outOfStockNotification",
  unknownProduct: "cart:unknownProduct",
  notInCart: "messages.api.itemRemovalFailed",
};

async function changeNotice(db: D1Database, change: CartChange, sku: string, successKey: string): Promise<Notice> {
  const name = (await productName(db, sku)) ?? sku;
  if (change === "done") return { type: "success", key: successKey, values: { name } };
  return { type: "error", key: FAILURE[change], values: { name } };
}

/**
 * Spec 4 "Gifts": when the gift count fell, one wording while gifts are still available (the
 * customer took one out and may choose again), another when not (the subtotal fell below a step).
 */
function giftsRemoved(cart: Cart, before: number, after: number): Notice | null {
  const kind = giftRemovalNotice(before, after, giftsAvailable(cart.giftSteps, cart.totals.subtotalCents, after));
  if (kind === "byChoice") return { type: "info", key: "cart:giftsRemovedByChoice" };
  if (kind === "byForce") return { type: "warning", key: "cart:giftsRemovedByForce", values: { count: before - after } };
  return null;
}

/** After any change, gifts the subtotal no longer earns go, with a notice. */
async function settleGifts(db: D1Database, customerId: number, notice: Notice): Promise<Notice[]> {
  const cart = await loadCart(db, customerId);
  const removed = await dropSurplusGifts(db, customerId, cart);
  const gifts = giftsRemoved(cart, cart.giftsChosen, cart.giftsChosen - removed);
  return gifts ? [notice, gifts] : [notice];
}

/** A gift the customer takes out: the cart says whether another may be chosen instead. */
async function removeGift(db: D1Database, customerId: number, sku: string): Promise<Notice[]> {
  if (!(await removeLine(db, customerId, sku, true))) return [{ type: "error", key: "messages.api.itemRemovalFailed" }];
  const cart = await loadCart(db, customerId);
  return [giftsRemoved(cart, cart.giftsChosen + 1, cart.giftsChosen)!];
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
      if (form.get("gift") === "1") return removeGift(db, customerId, sku);
      const removed = await removeLine(db, customerId, sku);
      const name = (await productName(db, sku)) ?? sku;
      const notice: Notice = removed ? { type: "success", key: "cart:removed", values: { name } } : { type: "error", key: "messages.api.itemRemovalFailed" };
      return settleGifts(db, customerId, notice);
    }
    case "applyCoupon": {
      const cart = await loadCart(db, customerId);
      const outcome = await applyCoupon(db, customerId, String(form.get("code") ?? ""), cart.totals.subtotalCents);
      if (outcome.result === "applied") return [{ type: "success", key: "cart:couponApplied", values: { code: outcome.code }, topic: "coupon" }];
      if (outcome.result === "minimum") return [{ type: "error", key: "cart:couponMinimum", values: { amount: formatEuro(outcome.minOrderCents) }, topic: "coupon" }];
      return [{ type: "error", key: "cart:couponInvalid", topic: "coupon" }];
    }
    case "removeCoupon":
      await removeCoupon(db, customerId);
      return [{ type: "success", key: "cart:couponRemoved", topic: "coupon" }];
    default:
      return null;
  }
}
