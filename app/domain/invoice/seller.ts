/**
 * The shop's own business details as an invoice must name them (§ 14 Abs. 4 Nr. 1 and 2 UStG) and
 * as a business letter of a cooperative must carry them (§ 25a GenG): the one home of these
 * constants in the code. They are the imprint's (scripts/seed/pages.mjs, "impressum"): keep both
 * in step. The imprint gives the VAT identification number, which § 14 Abs. 4 Nr. 2 UStG accepts
 * in place of the tax number, so no tax number is printed.
 */
export interface Seller {
  name: string;
  street: string;
  zip: string;
  city: string;
  vatId: string;
  /** Registergericht and number (§ 25a GenG). */
  register: string;
  /** The board, chair first (§ 25a GenG: every member of the Vorstand). */
  board: string[];
  supervisoryChair: string;
  phone: string;
  email: string;
}

export const SELLER: Seller = {
  name: "Frischkorb eG",
  street: "Am Kornmarkt 7",
  zip: "04109",
  city: "Leipzig",
  vatId: "DE 298 765 431",
  register: "Amtsgericht Leipzig, GnR 1287",
  board: ["Johanna Brandt (Vorsitzende)", "Mehmet Aydın"],
  supervisoryChair: "Dr. Klaus Reimers",
  phone: "0341 98765-0",
  email: "kundenservice@frischkorb.example",
};
