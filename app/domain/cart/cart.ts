/** The cart as pages show it (spec 3 "Cart", "Cart item"). */
import type { ProductSummary } from "~/domain/catalog/product";
import type { GiftStep } from "./gifts";
import type { Coupon, Totals } from "./totals";

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
}

