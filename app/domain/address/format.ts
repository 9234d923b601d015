/**
 * How the shop writes a postal address, for customers' and orders' addresses, stores and suppliers
 * alike: the lines of an envelope, or those lines joined into one where space is short.
 */
export interface PostalAddress {
  street: string;
  /** A supplier's street carries its number. */
  houseNumber?: string;
  addressAddition?: string;
  zip: string;
  city: string;
}

/** "Hauptstraße 5", the addition if there is one, "12345 Berlin". */
export function addressLines(address: PostalAddress): string[] {
  const street = address.houseNumber ? `${address.street} ${address.houseNumber}` : address.street;
  return [street, address.addressAddition ?? "", `${address.zip} ${address.city}`].filter(Boolean);
}

/** "Hauptstraße 5, Hinterhaus, 12345 Berlin". */
export function addressLine(address: PostalAddress): string {
  return addressLines(address).join(", ");
}

/** The address named in a few words, without its addition: "Hauptstraße 5, 12345 Berlin". */
export function addressName(address: PostalAddress): string {
  return addressLine({ ...address, addressAddition: "" });
}
