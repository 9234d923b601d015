/**
 * A shipping method and (for delivery) an address, a phone for
 * express, a pickup option for click & collect, and a payment method. The checkout's typed input
 * (checkout-input.ts) names these problems next to their fields. An order that ships nothing
 * (shares only, docs/decisions/0021) needs only the payment method.
 */
import { CARRIERS, type CarrierCode } from "./carriers";
import type { TimeSlot } from "./slots";

export interface CheckoutChoices {
  carrier?: CarrierCode;
  addressId?: number;
  deliverySlot?: TimeSlot;
  telephone?: string;
  storeId?: string;
  pickupSlot?: TimeSlot;
  pickupTerms?: boolean;
  paymentMethod?: string;
}

export interface CheckoutProblem {
  field: keyof CheckoutChoices;
  message: string;
}

export function checkoutProblems(c: CheckoutChoices, { ships = true } = {}): CheckoutProblem[] {
  const problems: CheckoutProblem[] = [];
  // Chosen is anything but nothing: address 0 is an (unknown) address, which the order placement
  // refuses as not hers; an empty text or an unticked box is nothing.
  const need = (value: unknown, field: keyof CheckoutChoices, message: string) => {
    if (value === undefined || value === "" || value === false) problems.push({ field, message });
  };
  if (ships) need(c.carrier, "carrier", "checkout:error.missingShippingMethod");
  const carrier = ships && c.carrier ? CARRIERS[c.carrier] : null;
  if (carrier?.needsAddress) need(c.addressId, "addressId", "checkout:error.missingAddress");
  if (carrier?.hasWishSlot) need(c.deliverySlot, "deliverySlot", "checkout:error.missingDeliverySlot");
  if (carrier?.needsPhone) need(c.telephone, "telephone", "checkout:error.expressPhone");
  if (carrier?.isPickup) {
    need(c.storeId, "storeId", "checkout:error.missingStore");
    need(c.pickupSlot, "pickupSlot", "checkout:error.missingPickupSlot");
    need(c.pickupTerms, "pickupTerms", "checkout:error.pickupTerms");
  }
  need(c.paymentMethod, "paymentMethod", "checkout:error.missingPaymentMethod");
  return problems;
}
