/** A postal address as the API shows it, in every resource that has one (spec section 3 "Address"). */
import { z } from "zod";

export const postalAddressFields = {
  street: z.string(),
  houseNumber: z.string(),
  addressAddition: z.string(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
};

/** The postal fields of an address (the customer's, or a store's with no addition, in Germany). */
export function postalAddressOf(a: {
  street: string;
  houseNumber: string;
  addressAddition: string;
  zip: string;
  city: string;
  country: string;
}) {
  return {
    street: a.street,
    houseNumber: a.houseNumber,
    addressAddition: a.addressAddition,
    zip: a.zip,
    city: a.city,
    country: a.country,
  };
}
