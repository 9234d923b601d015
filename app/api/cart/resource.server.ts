/**
 * The cart as the API shows it (spec section 3 "Cart", "Cart item", "Total segments", "Cart
 * extension attributes"): the spec's cart fields, the totals call's fields (segments, extension
 * attributes) and the lines with their product. Amounts are euros at this edge (money.server.ts).
 */
import { z } from "zod";
import type { Cart } from "~/domain/cart/cart";
import { loadCart } from "~/domain/cart/cart.server";
import { MINIMUM_ORDER_CENTS } from "~/domain/cart/totals";
import { STANDARD_SHIPPING_CENTS } from "~/domain/cart/shipping";
import { checkoutBlocker } from "~/domain/cart/validity";
import { DEFAULT_TAX_RATE } from "~/domain/money/tax";
import { translator } from "~/platform/i18n.server";
import { productSummaryResource } from "../catalog/resource.server";
import { apiJson, euro, euroSchema } from "../money.server";

const segment = z.object({
  code: z.enum(["subtotal", "discount", "weee_tax", "shipping", "shares", "bss_storecredit", "tax", "grand_total"]),
  title: z.string(),
  value: euroSchema("Betrag des Postens; außer tax und grand_total ergeben alle zusammen grand_total"),
  tax_grandtotal_details: z
    .object({
      rates: z.array(z.object({ title: z.string(), percent: z.number() })),
      amount: euroSchema("Enthaltene Mehrwertsteuer"),
    })
    .optional()
    .describe("Nur beim Posten tax: die Sätze der enthaltenen Mehrwertsteuer und ihr Betrag"),
});

export const cartItemSchema = z.object({
  /** The line's own number: PUT carts/mine/update names the line by it. */
  item_id: z.number().int().describe("Nummer der Zeile; PUT carts/mine/update nennt sie als itemId"),
  sku: z.string(),
  qty: z.number().int(),
  max_qty: z.number().int(),
  out_of_stock: z.boolean(),
  options: z.string().describe("Der Artikel als JSON-Zeichenkette (wie ein Produkt der Listen von els/search)"),
  row_total_incl_tax: euroSchema("Zeilensumme inkl. MwSt. (Geschenke 0.00)"),
  base_price_incl_tax: euroSchema("Stückpreis inkl. MwSt. (Geschenke 0.00)"),
  extension_attributes: z.object({ free_product: z.boolean() }),
});

export const cartSchema = z.object({
  /** The customer's one cart has the customer's number. */
  id: z.number().int(),
  items: z.array(cartItemSchema),
  itemCount: z.number().int().describe("Stückzahl der Waren (Geschenke eingeschlossen, Anteile nicht)"),
  subTotal: euroSchema("Warenwert"),
  grandTotal: euroSchema("Gesamtsumme"),
  deposit: euroSchema("Pfand"),
  shipping: euroSchema("Versand (bis zur Wahl an der Kasse: Standardlieferung)"),
  coupon: z.string().nullable().describe("Der eingelöste Gutscheincode"),
  discount: z.object({
    amount: euroSchema("Gutscheinrabatt"),
    label: z.string().nullable(),
    code: z.string().nullable(),
    applied: z.boolean(),
    appliedCredit: euroSchema("Verrechnetes Guthaben (nur in der Antwort von bss-store-credit/apply)"),
  }),
  tax: z.object({
    title: z.string(),
    value: euroSchema("Enthaltene Mehrwertsteuer"),
    details: z.array(z.object({ title: z.string(), value: euroSchema("Enthaltene Mehrwertsteuer"), rate: z.number() })),
    rate: z.number().describe("Der Regelsatz"),
  }),
  minimumOrderValue: euroSchema("Mindestbestellwert"),
  valid: z.boolean().describe("Ob der Warenkorb so bestellt werden kann"),
  shares: z
    .object({ purchase_id: z.string(), quantity: z.number().int(), value: euroSchema("Wert der Anteile") })
    .nullable(),
  subtotal: euroSchema("Warenwert (Name des Summenaufrufs)"),
  grand_total: euroSchema("Gesamtsumme (Name des Summenaufrufs)"),
  items_count: z.number().int(),
  total_segments: z.array(segment),
  extension_attributes: z.object({
    minimum_order_value: euroSchema("Mindestbestellwert"),
    minimum_reached: z.boolean(),
    free_product_rules: z.array(z.object({ total: euroSchema("Warenwert der Stufe"), products: z.number().int() })),
    free_products: z.array(z.string()).describe("Jedes gewählte Geschenk als JSON-Zeichenkette mit qty"),
    gifts_available: z.boolean(),
    validation_message: z.string().describe("JSON-Liste von { type, message }"),
  }),
});

export type CartResource = z.input<typeof cartSchema>;

export async function cartResource(db: D1Database, customerId: number, cart?: Cart): Promise<CartResource> {
  // Priced as the cart page prices it: with standard delivery until the checkout chooses a method.
  const c = cart ?? (await loadCart(db, customerId, STANDARD_SHIPPING_CENTS));
  const t = await translator("cart");
  const { totals } = c;
  const taxDetails = totals.taxDetails.map((d) => ({
    title: t("taxLine", { rate: d.rate }),
    value: euro(d.taxCents),
    rate: d.rate,
  }));
  const discount = {
    amount: euro(totals.discountCents),
    label: c.coupon?.label ?? null,
    code: c.coupon?.code ?? null,
    applied: totals.couponApplied,
    appliedCredit: euro(totals.appliedCreditCents),
  };
  return {
    id: customerId,
    items: c.lines.map((l) => ({
      item_id: l.id,
      sku: l.product.sku,
      qty: l.qty,
      max_qty: l.maxQty,
      out_of_stock: l.outOfStock,
      options: apiJson(productSummaryResource(l.product)),
      row_total_incl_tax: euro(l.rowTotalCents),
      base_price_incl_tax: euro(l.isGift ? 0 : l.product.priceCents),
      extension_attributes: { free_product: l.isGift },
    })),
    itemCount: totals.itemCount,
    subTotal: euro(totals.subtotalCents),
    grandTotal: euro(totals.grandTotalCents),
    deposit: euro(totals.depositCents),
    shipping: euro(totals.shippingCents),
    coupon: c.coupon?.code ?? null,
    discount,
    tax: { title: t("taxTitle"), value: euro(totals.taxCents), details: taxDetails, rate: DEFAULT_TAX_RATE },
    minimumOrderValue: euro(MINIMUM_ORDER_CENTS),
    valid: checkoutBlocker(c.lines, totals.minimumReached, c.shares !== null) === null,
    shares: c.shares
      ? { purchase_id: c.shares.purchaseId, quantity: c.shares.quantity, value: euro(c.shares.totalCents) }
      : null,
    subtotal: euro(totals.subtotalCents),
    grand_total: euro(totals.grandTotalCents),
    items_count: totals.itemCount,
    total_segments: [
      { code: "subtotal", title: t("subtotal", { count: totals.itemCount }), value: euro(totals.subtotalCents) },
      {
        code: "discount",
        title: t("discount", { label: c.coupon?.label ?? "" }).trim(),
        value: euro(-totals.discountCents),
      },
      { code: "weee_tax", title: t("deposit"), value: euro(totals.depositCents) },
      { code: "shipping", title: t("shipping"), value: euro(totals.shippingCents) },
      ...(c.shares
        ? [
            {
              code: "shares" as const,
              title: t("shares.summary", { count: c.shares.quantity }),
              value: euro(totals.sharesCents),
            },
          ]
        : []),
      ...(totals.appliedCreditCents
        ? [{ code: "bss_storecredit" as const, title: t("creditApplied"), value: euro(-totals.appliedCreditCents) }]
        : []),
      {
        code: "tax",
        title: t("taxTitle"),
        value: euro(totals.taxCents),
        tax_grandtotal_details: {
          rates: totals.taxDetails.map((d) => ({ title: t("taxLine", { rate: d.rate }), percent: d.rate })),
          amount: euro(totals.taxCents),
        },
      },
      { code: "grand_total", title: t("grandTotal"), value: euro(totals.grandTotalCents) },
    ],
    extension_attributes: {
      minimum_order_value: euro(MINIMUM_ORDER_CENTS),
      minimum_reached: totals.minimumReached,
      free_product_rules: c.giftSteps.map((s) => ({ total: euro(s.totalCents), products: s.products })),
      free_products: c.lines
        .filter((l) => l.isGift)
        .map((l) => JSON.stringify({ sku: l.product.sku, name: l.product.name, qty: l.qty })),
      gifts_available: c.giftsAvailable,
      validation_message: JSON.stringify(c.messages.map((m) => ({ type: m.type, message: t(m.key, m.values ?? {}) }))),
    },
  };
}
