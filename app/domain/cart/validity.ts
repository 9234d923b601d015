/** Spec 4 "Cart": valid only with items, none out of stock and no error-type validation message. */
export interface ValidationMessage {
  type: "error" | "warning" | "info";
  message: string;
}

export interface CartLineState {
  stockManaged: boolean;
  inStock: boolean;
  stockQty: number;
}

/** Spec 5: a managed item that is not in stock or has quantity 0 invalidates the cart. */
export function isOutOfStock(line: CartLineState): boolean {
  return line.stockManaged && (!line.inStock || line.stockQty <= 0);
}

export function isCartValid(lines: CartLineState[], messages: ValidationMessage[]): boolean {
  return lines.length > 0 && !lines.some(isOutOfStock) && !messages.some((m) => m.type === "error");
}

export type CheckoutBlocker = "empty" | "soldOut" | "minimum";

/**
 * Why the cart cannot go to checkout yet, or null when it can (spec 4 "Cart" validity, plus the
 * minimum order value of spec 2's cart): the reason the "Zur Kasse" button names.
 */
export function checkoutBlocker(lines: { outOfStock: boolean; qty: number; available?: number | null }[], minimumReached: boolean): CheckoutBlocker | null {
  const present = lines.filter((l) => l.qty > 0);
  if (present.length === 0) return "empty";
  // more wanted than is left counts as sold out too: the order could not be filled
  if (present.some((l) => l.outOfStock || (l.available != null && l.qty > l.available))) return "soldOut";
  if (!minimumReached) return "minimum";
  return null;
}
