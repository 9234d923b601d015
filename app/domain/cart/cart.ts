/** The cart as pages show it. */
import type { ProductSummary } from "~/domain/catalog/product";
import type { GiftStep } from "./gifts";
import type { ValidationMessage } from "./validity";
import type { CouponRefusal } from "./coupon";
import { cashbackCents } from "~/domain/share/share";
import { cartTotals, lineTotalCents, shipsGoods, type Coupon, type Totals } from "./totals";

export interface CartLine {
  /** The line's own number (the JSON API's `item_id`), kept while the line exists. */
  id: number;
  product: ProductSummary;
  qty: number;
  isGift: boolean;
  taxRate: number;
  maxQty: number;
  outOfStock: boolean;
  /** withdrawn from the range since it was put in the cart: the cart page takes it out */
  withdrawn: boolean;
  /** Items left in stock, or null when the stock is not counted. */
  available: number | null;
  rowTotalCents: number;
}

/** A bought line in short: what tracking needs to tell what a cart change did. */
export interface CartLineSnapshot {
  sku: string;
  name: string;
  priceCents: number;
  qty: number;
}

export interface AppliedCoupon {
  code: string;
  label: string;
  coupon: Coupon;
}

/**
 * The customer's admitted shares waiting in the cart: the share purchase in state `in_cart`, not a
 * cart line (docs/decisions/0021). Its quantity is fixed; "Kauf abbrechen" is the only change.
 */
export interface CartShares {
  purchaseId: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

export interface Cart {
  lines: CartLine[];
  shares: CartShares | null;
  /** The member's cashback rate on this day (per mille, decision 0020); 0 for a customer who is no member. */
  cashbackPermille: number;
  coupon: AppliedCoupon | null;
  /** The stored voucher that no longer counts because it cannot be had any more, and why. */
  couponRefused: { code: string; reason: CouponRefusal } | null;
  totals: Totals;
  giftSteps: GiftStep[];
  giftsChosen: number;
  giftsAvailable: boolean;
  giftOfferDismissed: boolean;
  /** What the server says about the cart, each with its type. */
  messages: ValidationMessage[];
}

/** The totals of the lines as the page shows them (no account credit before checkout). */
export function totalsOf(
  lines: CartLine[],
  coupon: Coupon | null,
  shippingCents: number,
  creditCents = 0,
  shares: Pick<CartShares, "totalCents"> | null = null,
): Totals {
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
    sharesCents: shares?.totalCents ?? 0,
  });
}

/**
 * The cart with `creditCents` of the account balance counted against its total, as the order
 * counts it when the checkout's "use credit" is chosen (at most what is due).
 */
export const withCredit = (cart: Cart, creditCents: number): Cart => ({
  ...cart,
  totals: totalsOf(cart.lines, cart.coupon?.coupon ?? null, cart.totals.shippingCents, creditCents, cart.shares),
});

/**
 * The cashback the cart earns a member (decision 0020): the rate of the cashback on the goods'
 * subtotal; the shares bought with it earn none.
 */
export const cartCashbackCents = (totals: Pick<Totals, "subtotalCents" | "sharesCents">, permille: number) =>
  cashbackCents(permille, totals.subtotalCents + totals.sharesCents, totals.sharesCents);

/**
 * The cart holds goods to ship; one with shares alone ships nothing and needs no shipping method,
 * address or slot (docs/decisions/0021). `cartShipsGoods` in cart.server.ts asks D1 the same.
 */
export const cartShips = (cart: Pick<Cart, "lines">) => shipsGoods(cart.lines);

/** The cart has something to order: goods, or shares. */
export const cartIsEmpty = (cart: Pick<Cart, "lines" | "shares">) => cart.lines.length === 0 && cart.shares === null;

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
