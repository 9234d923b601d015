/** A customer's address. */
export interface Address {
  id: number;
  street: string;
  houseNumber: string;
  addressAddition: string;
  zip: string;
  city: string;
  country: string;
  defaultShipping: boolean;
  defaultBilling: boolean;
}
