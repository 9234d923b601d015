/**
 * The cart's changes as the customer asks for them (add, set a quantity, remove a line or a gift,
 * voucher), each with what came of it: the product's name to speak of, the outcome, and the gifts
 * the new subtotal no longer earns, which are taken out here (docs/decisions/0004).
 */
import { productName } from "~/domain/catalog/product-name.server";
import type { Cart } from "./cart";
import { addToCart, dropSurplusGifts, loadCart, removeLine, setQuantity, type CartChange } from "./cart.server";
import { applyCoupon, type CouponResult } from "./coupon.server";
import { giftRemovalNotice, giftsAvailable } from "./gifts";

/** Gifts taken out by a change: by the customer's choice, or by force (the subtotal fell below a step). */
export type GiftsTakenOut = { by: "choice" } | { by: "force"; count: number };

export interface LineChanged {
  outcome: CartChange;
  /** The product's name, or the SKU when there is no such product. */
  name: string;
  giftsTakenOut: GiftsTakenOut | null;
}

/** Which way the gift count fell, if it did. */
function giftsTakenOut(cart: Cart, before: number, after: number): GiftsTakenOut | null {
  const kind = giftRemovalNotice(before, after, giftsAvailable(cart.giftSteps, cart.totals.subtotalCents, after));
  if (kind === "byChoice") return { by: "choice" };
  if (kind === "byForce") return { by: "force", count: before - after };
  return null;
}

/** After any change, gifts the subtotal no longer earns go. */
async function settleGifts(db: D1Database, customerId: number, sku: string, outcome: CartChange): Promise<LineChanged> {
  const cart = await loadCart(db, customerId);
  const removed = await dropSurplusGifts(db, customerId, cart);
  const name = (await productName(db, sku)) ?? sku;
  return { outcome, name, giftsTakenOut: giftsTakenOut(cart, cart.giftsChosen, cart.giftsChosen - removed) };
}

export async function addProduct(db: D1Database, customerId: number, sku: string, qty: number): Promise<LineChanged> {
  return settleGifts(db, customerId, sku, await addToCart(db, customerId, sku, qty));
}

/** A bought line's new quantity; 0 takes the line out. */
export async function changeQuantity(
  db: D1Database,
  customerId: number,
  sku: string,
  qty: number,
): Promise<LineChanged> {
  return settleGifts(db, customerId, sku, await setQuantity(db, customerId, sku, qty));
}

export async function removeProduct(db: D1Database, customerId: number, sku: string): Promise<LineChanged> {
  return settleGifts(db, customerId, sku, (await removeLine(db, customerId, sku)) ? "done" : "notInCart");
}

/** A gift line the customer takes out, and which way that counts; null when there was no such line. */
export async function removeGift(db: D1Database, customerId: number, sku: string): Promise<GiftsTakenOut | null> {
  if (!(await removeLine(db, customerId, sku, true))) return null;
  const cart = await loadCart(db, customerId);
  // One gift fewer is always a fall, by choice or by force.
  return giftsTakenOut(cart, cart.giftsChosen + 1, cart.giftsChosen)!;
}

/** A voucher code, checked against the cart's current subtotal. */
export async function redeemCoupon(db: D1Database, customerId: number, code: string): Promise<CouponResult> {
  const cart = await loadCart(db, customerId);
  return applyCoupon(db, customerId, code, cart.totals.subtotalCents);
}
