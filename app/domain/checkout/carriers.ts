/**
 * The four shipping methods (spec 3 "Shipping carrier codes") and what each needs at checkout
 * (spec 4 "Checkout is valid when", spec 5).
 */
import { SHIPPING_CENTS } from "~/domain/cart/shipping";

export const CARRIER_CODES = ["myensopackagedelivery", "myensodhlexpress", "clickandcollect", "myensofoodshipping"] as const;
export type CarrierCode = (typeof CARRIER_CODES)[number];

export interface Carrier {
  code: CarrierCode;
  priceCents: number;
  /** Delivered to one of the customer's addresses; click & collect is fetched from a store. */
  needsAddress: boolean;
  /** Spec 5: express needs a valid phone number (the courier calls for chilled goods too). */
  needsPhone: boolean;
  /** The customer picks a delivery wish slot. */
  hasWishSlot: boolean;
  isPickup: boolean;
}

export const CARRIERS: Record<CarrierCode, Carrier> = {
  myensopackagedelivery: { code: "myensopackagedelivery", priceCents: SHIPPING_CENTS.myensopackagedelivery, needsAddress: true, needsPhone: false, hasWishSlot: true, isPickup: false },
  myensodhlexpress: { code: "myensodhlexpress", priceCents: SHIPPING_CENTS.myensodhlexpress, needsAddress: true, needsPhone: true, hasWishSlot: false, isPickup: false },
  clickandcollect: { code: "clickandcollect", priceCents: SHIPPING_CENTS.clickandcollect, needsAddress: false, needsPhone: false, hasWishSlot: false, isPickup: true },
  myensofoodshipping: { code: "myensofoodshipping", priceCents: SHIPPING_CENTS.myensofoodshipping, needsAddress: true, needsPhone: false, hasWishSlot: true, isPickup: false },
};

export function isCarrierCode(value: unknown): value is CarrierCode {
  return typeof value === "string" && (CARRIER_CODES as readonly string[]).includes(value);
}
