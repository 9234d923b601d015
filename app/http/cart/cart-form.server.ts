/**
 * The HTTP side of the cart's form posts (the cart page, the product tiles and pages, search):
 * the form read with the cart's schema, the domain's answer turned into the notices to flash.
 */
import type { Submission } from "@conform-to/react";
import {
  changeQuantity,
  addProduct,
  redeemCoupon,
  removeGift,
  removeProduct,
  type GiftsTakenOut,
  type LineChanged,
} from "~/domain/cart/cart-changes.server";
import { cartLineSnapshot, type CartChange } from "~/domain/cart/cart.server";
import { cartChangeEvents, type TrackingEvent } from "~/domain/tracking/events";
import type { Env } from "~/platform/context";
import { orGeneralError } from "~/platform/form.server";
import { tracksRequest } from "~/platform/tag-manager.server";
import { randomToken } from "~/platform/tokens.server";
import { removeCoupon } from "~/domain/cart/coupon.server";
import { cartFormSchema, type CartForm } from "~/domain/cart/schema";
import { formatEuro } from "~/domain/money/format";
import { cancelPurchase } from "~/domain/share/purchase.server";
import type { Notice } from "~/platform/flash.server";
import { parseFormAsSent } from "~/platform/form";

/** Why a line change was refused, as a text key (the cart's notices and the API's errors). */
export const CART_REFUSALS: Record<Exclude<CartChange, "done">, string> = {
  maxQuantity: "messages.api.productMaxQuantity",
  soldOut: "product.outOfStockNotification",
  unknownProduct: "cart:unknownProduct",
  notInCart: "messages.api.itemRemovalFailed",
};

/** The form as the cart schema reads it: the typed change, or null for an unknown intent (a 400). */
export function readCartForm(form: FormData): Submission<CartForm> | null {
  const submission = parseFormAsSent(form, cartFormSchema);
  if (submission.status !== "success" && submission.error?.intent) return null;
  return submission;
}

/** A form the schema refused: its first message, as an error notice (the voucher's under its topic). */
export function refusedNotices(submission: Submission<CartForm>): Notice[] {
  const errors = submission.status === "error" ? submission.error : undefined;
  const key =
    Object.values(errors ?? {})
      .flat()
      .find((message): message is string => Boolean(message)) ?? "global.error";
  return [{ type: "error", key, ...(key === "cart:couponInvalid" ? { topic: "coupon" } : {}) }];
}

function giftsNotice(taken: GiftsTakenOut): Notice {
  if (taken.by === "choice") return { type: "info", key: "cart:giftsRemovedByChoice" };
  return { type: "warning", key: "cart:giftsRemovedByForce", values: { count: taken.count } };
}

function lineNotices(change: LineChanged, successKey: string): Notice[] {
  const { outcome, name } = change;
  const notice: Notice =
    outcome === "done"
      ? { type: "success", key: successKey, values: { name } }
      : { type: "error", key: CART_REFUSALS[outcome], values: { name } };
  return change.giftsTakenOut ? [notice, giftsNotice(change.giftsTakenOut)] : [notice];
}

/** Carries out the change the form asks for and says how it went. */
export async function changeCart(db: D1Database, customerId: number, form: CartForm): Promise<Notice[]> {
  switch (form.intent) {
    case "add":
      return lineNotices(await addProduct(db, customerId, form.sku, form.qty), "cart:added");
    case "setQuantity":
      return lineNotices(
        await changeQuantity(db, customerId, form.sku, form.qty),
        form.qty === 0 ? "cart:removed" : "cart:updated",
      );
    case "remove": {
      if (form.gift) {
        const taken = await removeGift(db, customerId, form.sku);
        return [taken ? giftsNotice(taken) : { type: "error", key: "messages.api.itemRemovalFailed" }];
      }
      return lineNotices(await removeProduct(db, customerId, form.sku), "cart:removed");
    }
    case "applyCoupon": {
      const outcome = await redeemCoupon(db, customerId, form.code);
      if (outcome.result === "applied")
        return [{ type: "success", key: "cart:couponApplied", values: { code: outcome.code }, topic: "coupon" }];
      if (outcome.result === "minimum")
        return [
          {
            type: "error",
            key: "cart:couponMinimum",
            values: { amount: formatEuro(outcome.minOrderCents) },
            topic: "coupon",
          },
        ];
      if (outcome.result === "refused")
        return [{ type: "error", key: `cart:couponRefused.${outcome.reason}`, topic: "coupon" }];
      return [{ type: "error", key: "cart:couponInvalid", topic: "coupon" }];
    }
    case "removeCoupon":
      await removeCoupon(db, customerId);
      return [{ type: "success", key: "cart:couponRemoved", topic: "coupon" }];
    case "cancelShares":
      return (await cancelPurchase(db, customerId, form.purchaseId))
        ? [{ type: "success", key: "shares:cancel.done" }]
        : [{ type: "error", key: "shares:cancel.failed" }];
  }
}

/** The lines for tracking; tracking never stands in the way of a cart change. */
function snapshot(env: Env, customerId: number) {
  return cartLineSnapshot(env.DB, customerId).catch((error) => {
    console.error("cart snapshot for tracking failed", error);
    return null;
  });
}

/**
 * The change, and for a visitor who allowed statistics what it did to the cart as tracking events
 * (the lines before and after, docs/decisions/0027).
 */
export async function changeCartTracked(
  request: Request,
  env: Env,
  customerId: number,
  form: CartForm,
): Promise<{ notices: Notice[]; tracking: TrackingEvent[] }> {
  const before = tracksRequest(env, request) ? await snapshot(env, customerId) : null;
  const notices = await orGeneralError("cart update", () => changeCart(env.DB, customerId, form));
  const after = before ? await snapshot(env, customerId) : null;
  return { notices, tracking: before && after ? cartChangeEvents(before, after, randomToken(9)) : [] };
}
