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
 * product has: at least 0 and below 10^12, and 0 or at least 10^-6, which JavaScript writes without
 * an exponent. Rounded as Intl rounds: the shortest decimal that reads back as the number, to three
 * places, half away from zero. So 1.0005 gives "1,001", where its binary value (1.000499…) would
 * give "1"; and the rounding is done on those digits, not by multiplying by 1000, which near 10^12
 * is no longer exact (436326149871.04047 × 1000 comes out as …040.5, and "…871,041" where Intl
 * writes "…871,04").
 */
export const formatNumber = (value: number) => germanDigits(toThousandths(String(value)));

/** A number's shortest decimal ("2.9996") rounded to at most three places, half away from zero ("3"). */
function toThousandths(text: string): string {
  const point = text.indexOf(".");
  if (point < 0 || text.length - point - 1 <= 3 || text.includes("e")) return text;
  let digits = text.slice(0, point) + text.slice(point + 1, point + 4);
  if (text[point + 4] >= "5") {
    // one more in the last place, carried over the nines
    const places = digits.split("");
    let i = places.length - 1;
    while (i >= 0 && places[i] === "9") places[i--] = "0";
    if (i < 0 || places[i] === "-") places.splice(i + 1, 0, "1");
    else places[i] = String(Number(places[i]) + 1);
    digits = places.join("");
  }
  const whole = digits.slice(0, -3);
  const decimals = digits.slice(-3).replace(/0+$/, "");
  return decimals ? `${whole}.${decimals}` : whole;
}

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
