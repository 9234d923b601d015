/** The cart as pages show it. */
import type { ProductSummary } from "~/domain/catalog/product";
import type { GiftStep } from "./gifts";
import type { ValidationMessage } from "./validity";
import { cartTotals, lineTotalCents, type Coupon, type Totals } from "./totals";

export interface CartLine {
  product: ProductSummary;
  qty: number;
  isGift: boolean;
  taxRate: number;
  maxQty: number;
  outOfStock: boolean;
  /** Items left in stock, or null when the stock is not counted. */
  available: number | null;
  rowTotalCents: number;
}

export interface AppliedCoupon {
  code: string;
  label: string;
  coupon: Coupon;
}

export interface Cart {
  lines: CartLine[];
  coupon: AppliedCoupon | null;
  totals: Totals;
  giftSteps: GiftStep[];
  giftsChosen: number;
  giftsAvailable: boolean;
  giftOfferDismissed: boolean;
  /** What the server says about the cart, each with its type. */
  messages: ValidationMessage[];
}

/** The totals of the lines as the page shows them (no account credit before checkout). */
export function totalsOf(lines: CartLine[], coupon: Coupon | null, shippingCents: number, creditCents = 0): Totals {
  return cartTotals({
    lines: lines.map((l) => ({
      unitPriceCents: l.product.priceCents,
      depositCents: l.product.depositCents,
      qty: l.qty,
      taxRate: l.taxRate,
      isGift: l.isGift,
    })),
    coupon,
    shippingCents,
    creditCents,
  });
}

/**
 * The lines with the quantities the customer asked for but the server has not confirmed yet (the
 * steppers' optimistic view); gifts keep theirs. Row totals follow the same rule as the server's.
 */
export function withQuantities(lines: CartLine[], wanted: Record<string, number>): CartLine[] {
  return lines.map((line) => {
    const qty = line.isGift ? undefined : wanted[line.product.sku];
    if (qty === undefined || qty === line.qty) return line;
    return {
      ...line,
      qty,
      rowTotalCents: lineTotalCents({ isGift: false, unitPriceCents: line.product.priceCents, qty }),
    };
  });
}
