/**
 * The cart as the API shows it (spec section 3 "Cart", "Cart item", "Total segments", "Cart
 * extension attributes"): the lines with their product, the totals and their segments, the
 * minimum order value, the gift steps and the server's messages about the cart. Money in cents.
 */
import { z } from "zod";
import type { Cart } from "~/domain/cart/cart";
import { loadCart } from "~/domain/cart/cart.server";
import { MINIMUM_ORDER_CENTS } from "~/domain/cart/totals";
import { STANDARD_SHIPPING_CENTS } from "~/domain/cart/shipping";
import { translator } from "~/platform/i18n.server";

const cents = z.number().int();

const segment = z.object({ code: z.string(), title: z.string(), value: cents });

export const cartSchema = z.object({
  /** The customer's one cart has the customer's number. */
  id: z.number().int(),
  items: z.array(
    z.object({
      /** Stable for the line: the product's sku and whether it is a gift. */
      item_id: z.string(),
      sku: z.string(),
      qty: z.number().int(),
      max_qty: z.number().int(),
      out_of_stock: z.boolean(),
      /** The product as a JSON string (spec: "options"). */
      options: z.string(),
      row_total_incl_tax: cents,
      base_price_incl_tax: cents,
      extension_attributes: z.object({ free_product: z.boolean() }),
    }),
  ),
  items_count: z.number().int(),
  subtotal: cents,
  discount: z.object({
    amount: cents,
    label: z.string().nullable(),
    code: z.string().nullable(),
    applied: z.boolean(),
    /** The balance counted against the total (spec: discount.appliedCredit); 0 but in the answer of credit/apply. */
    appliedCredit: cents,
  }),
  deposit: cents,
  shipping: cents,
  shares: z.object({ purchase_id: z.string(), quantity: z.number().int(), value: cents }).nullable(),
  grand_total: cents,
  tax: z.object({
    title: z.string(),
    value: cents,
    details: z.array(z.object({ title: z.string(), value: cents, rate: z.number() })),
  }),
  total_segments: z.array(segment),
  extension_attributes: z.object({
    minimum_order_value: cents,
    minimum_reached: z.boolean(),
    free_product_rules: z.array(z.object({ total: cents, products: z.number().int() })),
    /** Each chosen gift as a JSON string with its qty (spec spelling). */
    free_products: z.array(z.string()),
    gifts_available: z.boolean(),
    /** A JSON array of { type, message } (spec spelling). */
    validation_message: z.string(),
  }),
});

export type CartResource = z.input<typeof cartSchema>;

export const lineId = (sku: string, isGift: boolean) => `${sku}${isGift ? ":gift" : ""}`;

export async function cartResource(db: D1Database, customerId: number, cart?: Cart): Promise<CartResource> {
  // Priced as the cart page prices it: with standard delivery until the checkout chooses a method.
  const c = cart ?? (await loadCart(db, customerId, STANDARD_SHIPPING_CENTS));
  const t = await translator("cart");
  const { totals } = c;
  const taxDetails = totals.taxDetails.map((d) => ({
    title: t("taxLine", { rate: d.rate }),
    value: d.taxCents,
    rate: d.rate,
  }));
  return {
    id: customerId,
    items: c.lines.map((l) => ({
      item_id: lineId(l.product.sku, l.isGift),
      sku: l.product.sku,
      qty: l.qty,
      max_qty: l.maxQty,
      out_of_stock: l.outOfStock,
      options: JSON.stringify(l.product),
      row_total_incl_tax: l.rowTotalCents,
      base_price_incl_tax: l.isGift ? 0 : l.product.priceCents,
      extension_attributes: { free_product: l.isGift },
    })),
    items_count: totals.itemCount,
    subtotal: totals.subtotalCents,
    discount: {
      amount: totals.discountCents,
      label: c.coupon?.label ?? null,
      code: c.coupon?.code ?? null,
      applied: totals.couponApplied,
      appliedCredit: totals.appliedCreditCents,
    },
    deposit: totals.depositCents,
    shipping: totals.shippingCents,
    shares: c.shares
      ? { purchase_id: c.shares.purchaseId, quantity: c.shares.quantity, value: c.shares.totalCents }
      : null,
    grand_total: totals.grandTotalCents,
    tax: { title: t("taxTitle"), value: totals.taxCents, details: taxDetails },
    total_segments: [
      { code: "subtotal", title: t("subtotal", { count: totals.itemCount }), value: totals.subtotalCents },
      { code: "discount", title: t("discount", { label: c.coupon?.label ?? "" }).trim(), value: -totals.discountCents },
      { code: "weee_tax", title: t("deposit"), value: totals.depositCents },
      { code: "shipping", title: t("shipping"), value: totals.shippingCents },
      ...(totals.appliedCreditCents
        ? [{ code: "bss_storecredit", title: t("creditApplied"), value: -totals.appliedCreditCents }]
        : []),
      { code: "tax", title: t("taxTitle"), value: totals.taxCents },
      { code: "grand_total", title: t("grandTotal"), value: totals.grandTotalCents },
    ],
    extension_attributes: {
      minimum_order_value: MINIMUM_ORDER_CENTS,
      minimum_reached: totals.minimumReached,
      free_product_rules: c.giftSteps.map((s) => ({ total: s.totalCents, products: s.products })),
      free_products: c.lines
        .filter((l) => l.isGift)
        .map((l) => JSON.stringify({ sku: l.product.sku, name: l.product.name, qty: l.qty })),
      gifts_available: c.giftsAvailable,
      validation_message: JSON.stringify(c.messages.map((m) => ({ type: m.type, message: t(m.key, m.values ?? {}) }))),
    },
  };
}
