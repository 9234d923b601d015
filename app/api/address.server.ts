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
