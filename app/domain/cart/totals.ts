/**
 * Cart totals. Everything is integer
 * cents of gross amounts (incl. VAT); no step rounds a cent away: the tax split of the goods is
 * derived from the discounted gross per rate, and the parts always add up to the grand total.
 *
 * Shares of the cooperative (docs/decisions/0021 "Shares in the cart and checkout") are added to
 * the total and to nothing else: no VAT, no deposit, no voucher, no free shipping, no minimum
 * order value, no gift step. A cart with shares only ships nothing and costs no shipping.
 */
import { taxSplit, type TaxDetail } from "~/domain/money/tax";

export const FREE_SHIPPING_FROM_CENTS = 6_000;
export const MINIMUM_ORDER_CENTS = 2_000;
/** Shipping is taxed at the default rate, whatever the goods' rates (the invoice names it too). */
export const SHIPPING_TAX_RATE = 19;

export interface TotalsLine {
  unitPriceCents: number;
  depositCents: number;
  qty: number;
  taxRate: number;
  /** A free gift: in the cart at 0 €, no deposit charged. */
  isGift: boolean;
}

/** A voucher's effect; it counts only while the subtotal reaches its minimum order value. */
export type Coupon = { minOrderCents?: number } & (
  | { kind: "fixed"; amountCents: number }
  | { kind: "percent"; percent: number }
  | { kind: "freeShipping" }
);

/** A coupon below its minimum order value stays in the cart but counts again only once reached. */
export const couponHolds = (coupon: Coupon, subtotalCents: number) => subtotalCents >= (coupon.minOrderCents ?? 0);

export interface TotalsInput {
  lines: TotalsLine[];
  /** The chosen method's price; 0 for click & collect. */
  shippingCents: number;
  coupon: Coupon | null;
  /** Account balance the customer wants to use (the whole balance when "use credit" is on). */
  creditCents: number;
  /** The shares in the cart (quantity × 100 €); 0 without. */
  sharesCents?: number;
}

export interface Totals {
  /** Pieces of goods (gifts included); shares are no goods. */
  itemCount: number;
  /** The goods' value; shares are not part of it. */
  subtotalCents: number;
  discountCents: number;
  depositCents: number;
  shippingCents: number;
  /** The shares in the cart, outside every rule of the goods. */
  sharesCents: number;
  appliedCreditCents: number;
  grandTotalCents: number;
  taxDetails: TaxDetail[];
  taxCents: number;
  freeShipping: boolean;
  /** The goods reach the minimum order value; a cart without goods (shares only) has none to reach. */
  minimumReached: boolean;
  /** The cart's coupon counts (false without one, or below its minimum order value). */
  couponApplied: boolean;
}

/** A line's price: gifts cost nothing. */
export const lineTotalCents = (l: Pick<TotalsLine, "isGift" | "unitPriceCents" | "qty">) =>
  l.isGift ? 0 : l.unitPriceCents * l.qty;

export function couponDiscount(coupon: Coupon | null, subtotalCents: number): number {
  if (!coupon) return 0;
  if (coupon.kind === "fixed") return Math.min(coupon.amountCents, subtotalCents);
  if (coupon.kind === "percent") return Math.floor((subtotalCents * coupon.percent) / 100);
  return 0;
}

/**
 * Shares a discount over amounts in proportion (largest remainder), so the shares add up to the
 * discount exactly and no share exceeds its amount.
 */
export function shareProportionally(total: number, amounts: number[]): number[] {
  const sum = amounts.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return amounts.map(() => 0);
  const exact = amounts.map((a) => (a * total) / sum);
  const shares = exact.map(Math.floor);
  let rest = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (rest <= 0) break;
    shares[i] += 1;
    rest -= 1;
  }
  return shares;
}

/** Whether the lines are goods to ship: a cart with shares only (or nothing) ships nothing. */
export const shipsGoods = (lines: Pick<TotalsLine, "qty">[]) => lines.some((l) => l.qty > 0);

export function cartTotals(input: TotalsInput): Totals {
  const paid = input.lines.filter((l) => !l.isGift);
  const ships = shipsGoods(input.lines);
  const sharesCents = Math.max(0, input.sharesCents ?? 0);
  const subtotalCents = paid.reduce((sum, l) => sum + lineTotalCents(l), 0);
  const coupon = input.coupon && couponHolds(input.coupon, subtotalCents) ? input.coupon : null;
  const discountCents = couponDiscount(coupon, subtotalCents);
  const depositCents = paid.reduce((sum, l) => sum + l.depositCents * l.qty, 0);
  const freeShipping = subtotalCents >= FREE_SHIPPING_FROM_CENTS || coupon?.kind === "freeShipping";
  const shippingCents = freeShipping || !ships ? 0 : input.shippingCents;
  const beforeCredit = subtotalCents - discountCents + depositCents + shippingCents + sharesCents;
  const appliedCreditCents = Math.max(0, Math.min(input.creditCents, beforeCredit));

  // VAT: goods after their share of the discount, deposit at its product's rate, shipping at the
  // default rate. Paying with account balance is a means of payment and changes no tax.
  const goods = paid.map(lineTotalCents);
  const discountShares = shareProportionally(discountCents, goods);
  const taxLines = [
    ...paid.map((l, i) => ({ grossCents: goods[i] - discountShares[i] + l.depositCents * l.qty, rate: l.taxRate })),
    ...(shippingCents ? [{ grossCents: shippingCents, rate: SHIPPING_TAX_RATE }] : []),
  ];
  const taxDetails = taxSplit(taxLines).filter((d) => d.grossCents > 0);

  return {
    itemCount: input.lines.reduce((sum, l) => sum + l.qty, 0),
    subtotalCents,
    discountCents,
    depositCents,
    shippingCents,
    sharesCents,
    appliedCreditCents,
    grandTotalCents: beforeCredit - appliedCreditCents,
    taxDetails,
    taxCents: taxDetails.reduce((sum, d) => sum + d.taxCents, 0),
    freeShipping,
    minimumReached: !ships || subtotalCents >= MINIMUM_ORDER_CENTS,
    couponApplied: coupon !== null,
  };
}
