/**
 * Net quantities and base prices (Grundpreis, PAngV § 4: per 1 kg or 1 l, never per 100 g since
 * the 2022 revision). Pieces have no base price.
 */
import { germanDigits } from "./number-format";

export const UNITS = ["g", "kg", "ml", "l", "piece"] as const;
export type Unit = (typeof UNITS)[number];
export type BaseUnit = "kg" | "l";

export interface NetQuantity {
  netQuantity: number;
  unit: Unit;
  packCount: number;
}

/**
 * A number with up to three decimals as the product pages write their figures ("1,5", "3,8"), as
 * `Intl.NumberFormat("de-DE")` does (number-format.ts says why not with it), for the figures a
 * product has: at least 0 and below 10^12, 0 or at least 10^-6 (JavaScript writes them without an
 * exponent), and at most 15 significant digits, as stored figures and their rounding have. The
 * thousandths are counted from the shortest decimal that reads back as the number, shifted by its
 * exponent: 1.0005 gives "1,001", as Intl writes it, where its binary value (1.000499…) would give
 * "1". With at most 15 significant digits the shifted decimal is read exactly enough: its distance
 * from a half is at least ten times a double's spacing there. A double of 17 digits near 10^12
 * (436326149871.04047) can be read across the half and come out a thousandth higher than Intl's.
 */
export const formatNumber = (value: number) => germanDigits(Math.round(+`${value}e3`) / 1000);

/**
 * The space between a number and its unit: a no-break space (U+00A0), the one Intl puts before "€",
 * so a line never breaks between "3,8" and "%" or "1,5" and "kg".
 */
export const NUMBER_UNIT_SPACE = "\u00a0";

/** "500 g", "1,5 l", "6 × 1,5 l" (no-break spaces); pieces come back with their count for the caller's wording. */
export function formatNetQuantity(q: NetQuantity): string {
  const one =
    q.unit === "piece" ? formatNumber(q.netQuantity) : `${formatNumber(q.netQuantity)}${NUMBER_UNIT_SPACE}${q.unit}`;
  return q.packCount > 1 ? `${q.packCount}${NUMBER_UNIT_SPACE}×${NUMBER_UNIT_SPACE}${one}` : one;
}

/** A unit or sign written after a number in a product's name ("Vollmilch 3,8 %", "Windeln 7-18 kg"). */
const NUMBER_THEN_UNIT = /(\d) (?=(?:%|‰|€|°C|°|×|kg|g|mg|ml|cl|l|Stück|St\.|Blatt|Beutel|Rollen)(?![\p{L}\d]))/gu;

/**
 * A product's name as shown: the space between a number and its unit becomes a no-break space, so
 * "3,8 %" stays on one line. Data, search and the API keep the name as it is stored.
 */
export function keepUnitsWithNumbers(text: string): string {
  return text.replace(NUMBER_THEN_UNIT, `$1${NUMBER_UNIT_SPACE}`);
}

/** The whole pack in kg or l, or null for pieces. */
export function totalInBaseUnit(q: NetQuantity): { amount: number; unit: BaseUnit } | null {
  const total = q.netQuantity * q.packCount;
  switch (q.unit) {
    case "g":
      return { amount: total / 1000, unit: "kg" };
    case "kg":
      return { amount: total, unit: "kg" };
    case "ml":
      return { amount: total / 1000, unit: "l" };
    case "l":
      return { amount: total, unit: "l" };
    default:
      return null;
  }
}

/** Base price in cents per kg or l (deposit excluded), rounded half up; null for pieces. */
export function basePrice(priceCents: number, q: NetQuantity): { cents: number; unit: BaseUnit } | null {
  const total = totalInBaseUnit(q);
  if (!total || total.amount <= 0) return null;
  return { cents: Math.round(priceCents / total.amount), unit: total.unit };
}
