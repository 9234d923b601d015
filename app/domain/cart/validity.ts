import { formatEuro } from "~/domain/money/format";

/**
 * What the server has to say about the cart as a whole, each
 * with its own type, shown above the lines. An error-type message makes it invalid.
 */
export interface ValidationMessage {
  type: "error" | "warning" | "info";
  /** A text key of the cart namespace, with its values. */
  key: string;
  values?: Record<string, string | number>;
}

export interface CartFacts {
  lines: { outOfStock: boolean; qty: number; available?: number | null }[];
  /**
   * The stored coupon, with whether it has expired and why else it cannot be had (the voucher box
   * says that one, docs/decisions/0044); null without one.
   */
  coupon: { code: string; expired: boolean; minOrderCents: number; refusal?: string | null } | null;
  couponApplied: boolean;
}

/** A line that cannot be filled: sold out, or more wanted than is left. */
const unfillable = (l: CartFacts["lines"][number]) =>
  l.qty > 0 && (l.outOfStock || (l.available != null && l.qty > l.available));

/** The cart's validation messages, most serious first. */
export function cartMessages(cart: CartFacts): ValidationMessage[] {
  const messages: ValidationMessage[] = [];
  if (cart.lines.some(unfillable)) messages.push({ type: "error", key: "messages.soldOut" });
  if (cart.coupon?.expired)
    messages.push({ type: "warning", key: "messages.couponExpired", values: { code: cart.coupon.code } });
  else if (cart.coupon && !cart.coupon.refusal && !cart.couponApplied) {
    messages.push({
      type: "info",
      key: "messages.couponWaiting",
      values: { code: cart.coupon.code, amount: formatEuro(cart.coupon.minOrderCents) },
    });
  }
  return messages;
}

export interface CartLineState {
  stockManaged: boolean;
  inStock: boolean;
  stockQty: number;
}

/** A managed item that is not in stock or has quantity 0 invalidates the cart. */
export function isOutOfStock(line: CartLineState): boolean {
  return line.stockManaged && (!line.inStock || line.stockQty <= 0);
}

export type CheckoutBlocker = "empty" | "soldOut" | "minimum";

/**
 * Why the cart cannot go to checkout yet, or null when it can (validity plus the
 * minimum order value): the reason the "Zur Kasse" button names. Shares alone make a cart that
 * can be ordered (no minimum for them); goods next to them still need the minimum order value.
 */
export function checkoutBlocker(
  lines: { outOfStock: boolean; qty: number; available?: number | null }[],
  minimumReached: boolean,
  hasShares = false,
): CheckoutBlocker | null {
  const present = lines.filter((l) => l.qty > 0);
  if (present.length === 0) return hasShares ? null : "empty";
  // more wanted than is left counts as sold out too: the order could not be filled
  if (present.some(unfillable)) return "soldOut";
  if (!minimumReached) return "minimum";
  return null;
}
