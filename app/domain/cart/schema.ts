/**
 * Zod schemas of the cart's forms (quantity steppers and field, remove, voucher, add to cart,
 * cancelling the shares) and of the gift dialog. Messages are locale keys; the cart shows them as notices, the voucher and
 * quantity fields also at the field (conform in the browser). The forms are read as sent
 * (`parseFormAsSent`): an empty quantity is a wrong quantity, not a missing one that counts as 1,
 * and a missing SKU reaches the domain as "" and is refused there with its own notice.
 */
import { z } from "zod";
import { COUPON_CODE_MAX_LENGTH } from "./coupon";
import { MAX_QTY, parseQuantity } from "./quantity";

const quantityInvalid = "cart:quantityInvalid";

/** A whole number 0..99 as typed (the rule of `parseQuantity`); the line's own limit is the domain's. */
const quantity = z
  .string({ required_error: quantityInvalid, invalid_type_error: quantityInvalid })
  .transform(parseQuantity)
  .pipe(z.number({ invalid_type_error: quantityInvalid }).int().min(0).max(MAX_QTY));

const sku = (message: string) => z.string({ invalid_type_error: message }).default("");

export const addToCartSchema = z.object({
  intent: z.literal("add"),
  sku: sku("cart:unknownProduct"),
  // The buttons send 1; adding nothing is no change.
  qty: quantity.default("1").pipe(z.number().min(1, quantityInvalid)),
});

export const setQuantitySchema = z.object({
  intent: z.literal("setQuantity"),
  sku: sku("cart:unknownProduct"),
  qty: quantity,
});

export const removeLineSchema = z.object({
  intent: z.literal("remove"),
  sku: sku("messages.api.itemRemovalFailed"),
  /** "1" for a gift line; a bought line sends "0". */
  gift: z
    .string({ invalid_type_error: "messages.api.itemRemovalFailed" })
    .optional()
    .transform((value) => value === "1"),
});

const couponInvalid = "cart:couponInvalid";

export const applyCouponSchema = z.object({
  intent: z.literal("applyCoupon"),
  code: z
    .string({ required_error: couponInvalid, invalid_type_error: couponInvalid })
    .trim()
    .min(1, couponInvalid)
    .max(COUPON_CODE_MAX_LENGTH, couponInvalid),
});

export const removeCouponSchema = z.object({ intent: z.literal("removeCoupon") });

const cancelFailed = "shares:cancel.failed";

/**
 * "Kauf abbrechen" of the shares in the cart: the purchase's id, checked against the customer by
 * the domain (another customer's id, or a purchase no longer in the cart, changes nothing).
 */
export const cancelSharesSchema = z.object({
  intent: z.literal("cancelShares"),
  purchaseId: z
    .string({ required_error: cancelFailed, invalid_type_error: cancelFailed })
    .min(1, cancelFailed)
    .max(64, cancelFailed),
});

/** Every post to the cart, told apart by the `intent` of its button. */
export const cartFormSchema = z.discriminatedUnion("intent", [
  addToCartSchema,
  setQuantitySchema,
  removeLineSchema,
  applyCouponSchema,
  removeCouponSchema,
  cancelSharesSchema,
]);

export type CartForm = z.infer<typeof cartFormSchema>;
export type CartIntent = CartForm["intent"];

/** The gift dialog: "Auswählen" of one product, or "Nicht jetzt". */
export const giftFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("choose"), sku: sku("cart:gifts.notOffered") }),
  z.object({ intent: z.literal("dismiss") }),
]);

export type GiftForm = z.infer<typeof giftFormSchema>;
