/**
 * The four shipping methods and what each needs at checkout.
 */
import { SHIPPING_CENTS } from "~/domain/cart/shipping";

export const CARRIER_CODES = [
  "myensopackagedelivery",
  "myensodhlexpress",
  "clickandcollect",
  "myensofoodshipping",
] as const;
export type CarrierCode = (typeof CARRIER_CODES)[number];

export interface Carrier {
  code: CarrierCode;
  priceCents: number;
  /** Delivered to one of the customer's addresses; click & collect is fetched from a store. */
  needsAddress: boolean;
  /** Express needs a valid phone number (the courier calls for chilled goods too). */
  needsPhone: boolean;
  /** The customer picks a delivery wish slot. */
  hasWishSlot: boolean;
  /** Click & collect: fetched from a store in a booked pickup slot. */
  isPickup: boolean;
  /** The shop's own chilled vans go only to the postcodes of the local delivery area (table delivery_area). */
  onlyInDeliveryArea: boolean;
}

export const CARRIERS: Record<CarrierCode, Carrier> = {
  myensopackagedelivery: {
    code: "myensopackagedelivery",
    priceCents: SHIPPING_CENTS.myensopackagedelivery,
    needsAddress: true,
    needsPhone: false,
    hasWishSlot: true,
    isPickup: false,
    onlyInDeliveryArea: false,
  },
  myensodhlexpress: {
    code: "myensodhlexpress",
    priceCents: SHIPPING_CENTS.myensodhlexpress,
    needsAddress: true,
    needsPhone: true,
    hasWishSlot: false,
    isPickup: false,
    onlyInDeliveryArea: false,
  },
  clickandcollect: {
    code: "clickandcollect",
    priceCents: SHIPPING_CENTS.clickandcollect,
    needsAddress: false,
    needsPhone: false,
    hasWishSlot: false,
    isPickup: true,
    onlyInDeliveryArea: false,
  },
  myensofoodshipping: {
    code: "myensofoodshipping",
    priceCents: SHIPPING_CENTS.myensofoodshipping,
    needsAddress: true,
    needsPhone: false,
    hasWishSlot: true,
    isPickup: false,
    onlyInDeliveryArea: true,
  },
};

/** What the checkout starts with until the customer picks another. */
export const STANDARD_CARRIER: CarrierCode = "myensopackagedelivery";

/** The carriers that are click & collect, e.g. for the order list's "Abholung" filter. */
export const PICKUP_CARRIER_CODES = CARRIER_CODES.filter((code) => CARRIERS[code].isPickup);

export function isCarrierCode(value: unknown): value is CarrierCode {
  return typeof value === "string" && (CARRIER_CODES as readonly string[]).includes(value);
}

/** Whether an order's carrier (as stored, possibly none for a store purchase) is click & collect. */
export function isPickupCarrier(code: string | null): boolean {
  return isCarrierCode(code) && CARRIERS[code].isPickup;
}

/** Whether the carrier delivers to the address: the local chilled vans only inside the delivery area. */
export function deliversTo(carrier: Carrier, address: { inDeliveryArea: boolean }): boolean {
  return !carrier.onlyInDeliveryArea || address.inDeliveryArea;
}
