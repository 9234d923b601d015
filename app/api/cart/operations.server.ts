/**
 * The cart's calls (spec section 7 "Cart"): the customer's one cart, its totals, a line's change
 * (`cartItem` with the spec's fields; a gift is a line with `extension_attributes.free_product`)
 * and the voucher. Each change is the cart page's own domain call, with its refusals as errors.
 */
import { z } from "zod";
import { addProduct, changeQuantity, redeemCoupon, removeGift } from "~/domain/cart/cart-changes.server";
import { cartLineById } from "~/domain/cart/cart.server";
import { applyCouponSchema } from "~/domain/cart/schema";
import { MAX_QTY } from "~/domain/cart/quantity";
import { removeCoupon } from "~/domain/cart/coupon.server";
import { chooseGift } from "~/domain/cart/gifts.server";
import { formatEuro } from "~/domain/money/format";
import { productName } from "~/domain/catalog/product-name.server";
import { CART_REFUSALS } from "~/http/cart/cart-form.server";
import { GIFT_REFUSALS } from "~/http/cart/gift-form.server";
import { loadPaymentAccount } from "~/domain/checkout/checkout.server";
import { PAYMENT_METHODS, offeredPaymentMethods } from "~/domain/checkout/payment-methods";
import { translator } from "~/platform/i18n.server";
import { ApiFailure, operation } from "../operation.server";
import { cartResource, cartSchema } from "./resource.server";

const TAG = "Warenkorb";

const REFUSAL_STATUS = { maxQuantity: 400, soldOut: 409, unknownProduct: 404, notInCart: 404 } as const;

export const createCart = operation({
  method: "POST",
  path: "/rest/V1/carts/mine",
  summary: "Den Warenkorb anlegen (jede Kundin hat genau einen): seine Nummer",
  operationId: "createCart",
  description:
    "Gibt die Nummer des Warenkorbs der Kundin. Jede Kundin hat genau einen, daher legt der Aufruf nichts an.",
  tag: TAG,
  auth: true,
  response: z.number().int(),
  run: async (_input, { customerId }) => customerId,
});

export const cartTotals = operation({
  method: "GET",
  path: "/rest/V1/carts/mine/totals/complete",
  summary: "Der Warenkorb mit Artikeln, Summen und Hinweisen",
  operationId: "getCartTotals",
  description:
    "Liefert den Warenkorb, wie ihn die Warenkorbseite zeigt: seine Zeilen, Summen und Abschnitte der Summe, den Mindestbestellwert, die Geschenkstufen und die Hinweise.",
  tag: TAG,
  auth: true,
  response: cartSchema,
  run: (_input, { env, customerId }) => cartResource(env.DB, customerId),
});

export const updateCart = operation({
  method: "PUT",
  path: "/rest/V1/carts/mine/update",
  summary:
    "Eine Zeile ändern: ohne itemId kommt die Menge hinzu, mit der item_id einer Zeile gilt sie (0 entfernt); free_product wählt oder entfernt ein Geschenk",
  operationId: "updateCartItem",
  description:
    "Fügt ein Produkt hinzu oder setzt die Menge einer Zeile (0 nimmt sie heraus), oder wählt bzw. entfernt ein Geschenk, nach den Regeln der Warenkorbseite, und antwortet den neuen Warenkorb. Abgewiesen werden zu große Mengen, unbekannte und ausverkaufte Produkte und ein Geschenk, das es beim Warenwert nicht gibt.",
  tag: TAG,
  auth: true,
  errors: { 409: "Ausverkauft, oder das Geschenk gibt es bei diesem Warenwert nicht" },
  body: z
    .object({
      cartItem: z
        .object({
          itemId: z
            .number()
            .int()
            .positive()
            .nullable()
            .describe("item_id der Zeile, deren Menge gilt; null fügt die Menge hinzu"),
          sku: z.string().min(1).max(40),
          qty: z.number().int().min(0).max(MAX_QTY),
          extension_attributes: z.object({ free_product: z.boolean() }).strict().optional(),
        })
        .strict(),
    })
    .strict(),
  response: cartSchema,
  async run({ body }, { env, customerId }) {
    const { itemId, sku, qty } = body.cartItem;
    const db = env.DB;
    const line = itemId === null ? null : await cartLineById(db, customerId, itemId);
    if (itemId !== null && !line) throw new ApiFailure(404, "messages.api.itemRemovalFailed", ["cartItem.itemId"]);
    if (line && line.sku !== sku) throw new ApiFailure(400, "api:itemMismatch", ["cartItem.itemId"]);
    if (body.cartItem.extension_attributes?.free_product || line?.isGift) {
      if (qty === 0) {
        if (!(await removeGift(db, customerId, sku))) throw new ApiFailure(404, "messages.api.itemRemovalFailed");
      } else if (line?.isGift) {
        // a gift is one piece; choosing it again changes nothing
        if (qty !== 1) throw new ApiFailure(400, "cart:quantityInvalid", ["cartItem.qty"]);
      } else {
        const chosen = await chooseGift(db, customerId, sku);
        if (chosen !== "chosen")
          throw new ApiFailure(409, GIFT_REFUSALS[chosen], [sku], { name: (await productName(db, sku)) ?? sku });
      }
      return cartResource(db, customerId);
    }
    if (itemId === null && qty === 0) throw new ApiFailure(400, "cart:quantityInvalid", ["cartItem.qty"]);
    const change =
      itemId === null ? await addProduct(db, customerId, sku, qty) : await changeQuantity(db, customerId, sku, qty);
    if (change.outcome !== "done")
      throw new ApiFailure(REFUSAL_STATUS[change.outcome], CART_REFUSALS[change.outcome], [sku], { name: change.name });
    return cartResource(db, customerId);
  },
});

export const applyCoupon = operation({
  method: "PUT",
  path: "/rest/V1/carts/mine/coupons",
  summary: "Einen Gutscheincode einlösen",
  operationId: "applyCoupon",
  description:
    "Löst einen Gutscheincode für den Warenkorb ein und antwortet den neuen Warenkorb. Abgewiesen werden ein unbekannter Code, ein nicht erreichter Mindestbestellwert und ein deaktivierter, aufgebrauchter oder schon eingelöster Gutschein.",
  tag: TAG,
  auth: true,
  errors: {
    409: "Der Warenwert erreicht den Mindestbestellwert des Gutscheins nicht, oder der Gutschein ist deaktiviert, aufgebraucht oder schon eingelöst",
  },
  body: z.object({ code: applyCouponSchema.shape.code }).strict(),
  response: cartSchema,
  async run({ body }, { env, customerId }) {
    const outcome = await redeemCoupon(env.DB, customerId, body.code);
    if (outcome.result === "minimum")
      throw new ApiFailure(409, "cart:couponMinimum", ["code"], { amount: formatEuro(outcome.minOrderCents) });
    if (outcome.result === "refused") throw new ApiFailure(409, `cart:couponRefused.${outcome.reason}`, ["code"]);
    if (outcome.result !== "applied") throw new ApiFailure(400, "cart:couponInvalid", ["code"]);
    return cartResource(env.DB, customerId);
  },
});

export const deleteCoupon = operation({
  method: "DELETE",
  path: "/rest/V1/carts/mine/coupons",
  summary: "Den Gutschein entfernen",
  operationId: "removeCoupon",
  description:
    "Nimmt den eingelösten Gutschein aus dem Warenkorb und antwortet den neuen Warenkorb; ohne Gutschein ändert sich nichts.",
  tag: TAG,
  auth: true,
  response: cartSchema,
  async run(_input, { env, customerId }) {
    await removeCoupon(env.DB, customerId);
    return cartResource(env.DB, customerId);
  },
});

export const paymentMethods = operation({
  method: "GET",
  path: "/rest/V1/carts/mine/payment-methods",
  summary:
    "Die Zahlungsarten, die der Kundin angeboten werden (SEPA nach einer bezahlten Bestellung, Guthaben ab 1 Cent)",
  operationId: "getPaymentMethods",
  description:
    "Liefert die Zahlungsarten, die die Kasse der Kundin anbietet, nach der einen Regel des Shops: die SEPA-Lastschrift nach einer bezahlten Bestellung oder als Mitglied, das Guthaben, wenn es eines gibt.",
  tag: TAG,
  auth: true,
  response: z.array(z.object({ code: z.enum(PAYMENT_METHODS), title: z.string() })),
  async run(_input, { env, customerId }) {
    const [account, t] = await Promise.all([loadPaymentAccount(env.DB, customerId), translator("checkout")]);
    return offeredPaymentMethods(account).map((code) => ({
      code,
      title: t(`payment.${code}`, { amount: formatEuro(account.balanceCents) }),
    }));
  },
});

export const CART_OPERATIONS = [createCart, cartTotals, updateCart, applyCoupon, deleteCoupon, paymentMethods];
