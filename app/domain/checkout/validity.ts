/**
 * A shipping method and (for delivery) an address, a phone for
 * express, a pickup option for click & collect, and a payment method. The checkout form's schema
 * names these problems next to their fields. An order that ships nothing (shares only,
 * docs/decisions/0021) needs only the payment method.
 */
import { CARRIERS, type CarrierCode } from "./carriers";

export interface CheckoutChoices {
  carrier?: CarrierCode;
  addressId?: string;
  deliverySlot?: string;
  telephone?: string;
  storeId?: string;
  pickupSlot?: string;
  pickupTerms?: boolean;
  paymentMethod?: string;
}

export interface CheckoutProblem {
  field: keyof CheckoutChoices;
  message: string;
}

export function checkoutProblems(c: CheckoutChoices, { ships = true } = {}): CheckoutProblem[] {
  const problems: CheckoutProblem[] = [];
  const need = (ok: unknown, field: keyof CheckoutChoices, message: string) => {
    if (!ok) problems.push({ field, message });
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
