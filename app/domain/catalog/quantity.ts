/**
 * Net quantities and base prices (Grundpreis, PAngV § 4: per 1 kg or 1 l, never per 100 g since
 * the 2022 revision). Pieces have no base price.
 */
export const UNITS = ["g", "kg", "ml", "l", "piece"] as const;
export type Unit = (typeof UNITS)[number];
export type BaseUnit = "kg" | "l";

export interface NetQuantity {
  netQuantity: number;
  unit: Unit;
  packCount: number;
}

const number = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 3 });

export function formatNumber(value: number): string {
  return number.format(value);
}

/** "500 g", "1,5 l", "6 × 1,5 l"; pieces come back with their count for the caller's wording. */
export function formatNetQuantity(q: NetQuantity): string {
  const one = q.unit === "piece" ? formatNumber(q.netQuantity) : `${formatNumber(q.netQuantity)} ${q.unit}`;
  return q.packCount > 1 ? `${q.packCount} × ${one}` : one;
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
