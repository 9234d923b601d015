/**
 * The checkout's calls (spec section 7 "Cart" and "Order submit"): the shipping methods the cart can
 * use, what a method needs (addresses, telephone, stores, the cart priced with it), its wish dates
 * or pickup times, and the order submit. The reads are the checkout page's `loadCheckout`; the
 * submit is the page's own order placement (app/http/checkout/order-submit.server.ts), once per
 * `Idempotency-Key` as the page is once per form.
 */
import { z } from "zod";
import { cartShips } from "~/domain/cart/cart";
import { CARRIERS, CARRIER_CODES, STANDARD_CARRIER, deliversTo } from "~/domain/checkout/carriers";
import { loadCheckout } from "~/domain/checkout/checkout.server";
import { storeChoice } from "~/domain/store/choice";
import { choosableStores, locationsSource } from "~/domain/store/locations.server";
import { slotTimes, type Slot } from "~/domain/checkout/slots";
import { translator } from "~/platform/i18n.server";
import { postalAddressFields, postalAddressOf } from "../address.server";
import { cartResource, cartSchema } from "../cart/resource.server";
import { euro, euroSchema } from "../money.server";
import { ApiFailure, operation } from "../operation.server";
import { submitOrderOperation } from "./submit.server";

const TAG = "Kasse";

const carrierQuery = z.enum(CARRIER_CODES, { errorMap: () => ({ message: "checkout:error.missingShippingMethod" }) });

export const shippingMethods = operation({
  method: "GET",
  path: "/rest/V1/carts/mine/shipping-methods",
  summary:
    "Die Versandarten, die dieser Warenkorb nutzen kann (gefiltert: die Frischelieferung nur mit einer Adresse im Liefergebiet; Anteile allein brauchen keine)",
  operationId: "getShippingMethods",
  description:
    "Liefert die Versandarten, die der Warenkorb nutzen kann, mit ihrem Preis und dem, was sie brauchen. Die eigene Frischelieferung gibt es nur mit einer Adresse im Liefergebiet; ein leerer Warenkorb oder einer nur mit Anteilen bekommt keine.",
  tag: TAG,
  auth: true,
  response: z.array(
    z.object({
      carrier_code: z.enum(CARRIER_CODES),
      method_code: z.enum(CARRIER_CODES),
      carrier_title: z.string(),
      method_title: z.string(),
      amount: euroSchema("Versandkosten inkl. MwSt."),
      needs_address: z.boolean(),
      needs_phone: z.boolean(),
      has_wish_dates: z.boolean(),
      is_pickup: z.boolean(),
    }),
  ),
  async run(_input, { env, customerId }) {
    const [checkout, t] = await Promise.all([
      loadCheckout(env.DB, customerId, { carrier: STANDARD_CARRIER }, new Date()),
      translator("checkout"),
    ]);
    if (!cartShips(checkout.cart)) return [];
    return CARRIER_CODES.map((code) => CARRIERS[code])
      .filter((c) => !c.onlyInDeliveryArea || checkout.addresses.some((a) => deliversTo(c, a)))
      .map((c) => ({
        carrier_code: c.code,
        method_code: c.code,
        carrier_title: t(`carrier.${c.code}`),
        method_title: t(`carrierHint.${c.code}`),
        amount: euro(c.priceCents),
        needs_address: c.needsAddress,
        needs_phone: c.needsPhone,
        has_wish_dates: c.hasWishSlot,
        is_pickup: c.isPickup,
      }));
  },
});

export const shippingInformation = operation({
  method: "GET",
  path: "/rest/V1/carts/mine/shipping-information",
  summary:
    "Was eine Versandart braucht: die Lieferadressen (und ob sie beliefert werden), die Telefonnummer, die Abholmärkte (nächste zuerst) und den Warenkorb mit ihren Versandkosten",
  operationId: "getShippingInformation",
  description:
    "Liefert, was eine Versandart an der Kasse braucht: die Lieferadressen und ob sie beliefert werden, die Telefonnummer, die Abholmärkte (nächste zuerst) und den Warenkorb mit ihren Versandkosten. Eine unbekannte Versandart wird abgewiesen.",
  tag: TAG,
  auth: true,
  query: z.object({ carrier: carrierQuery }).strict(),
  response: z.object({
    carrier_code: z.enum(CARRIER_CODES),
    addresses: z.array(
      z.object({
        id: z.number().int(),
        ...postalAddressFields,
        defaultShipping: z.boolean(),
        defaultBilling: z.boolean(),
        deliverable: z.boolean(),
      }),
    ),
    telephone: z.string(),
    stores: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        ...postalAddressFields,
        distance_km: z.number().nullable(),
      }),
    ),
    totals: cartSchema,
  }),
  async run({ query }, { env, customerId }) {
    const checkout = await loadCheckout(env.DB, customerId, { carrier: query.carrier }, new Date());
    const carrier = CARRIERS[query.carrier];
    // the stores as the locations source describes them, as on the checkout page
    const pickupStores = carrier.isPickup
      ? await choosableStores(locationsSource(env), checkout.pickupStores, { clickAndCollect: true })
      : [];
    const stores = storeChoice(pickupStores, { postcode: checkout.postcode, showAll: true }).options;
    return {
      carrier_code: carrier.code,
      addresses: carrier.needsAddress
        ? checkout.addresses.map((a) => ({
            id: a.id,
            ...postalAddressOf(a),
            defaultShipping: a.defaultShipping,
            defaultBilling: a.defaultBilling,
            deliverable: deliversTo(carrier, a),
          }))
        : [],
      telephone: checkout.telephone,
      stores: stores.map((s) => ({
        id: s.id,
        name: s.name,
        ...postalAddressOf({ ...s, addressAddition: "", country: "DE" }),
        distance_km: s.distanceKm,
      })),
      totals: await cartResource(env.DB, customerId, checkout.cart),
    };
  },
});

const slotOf = (s: Slot, remaining: number | null) => ({
  key: s.key,
  ...slotTimes(s.key),
  date: s.date,
  from: s.from,
  to: s.to,
  remaining,
});

export const wishDates = operation({
  method: "GET",
  path: "/rest/V1/carts/mine/wish-dates",
  summary:
    "Die Wunschliefertermine einer Versandart, bei Click & Collect die Abholzeiten des Markts mit freien Plätzen (more=1: sieben statt drei Tage)",
  operationId: "getWishDates",
  description:
    "Liefert die Wunschliefertermine einer Versandart, bei Click & Collect die Abholzeiten des gewählten Markts mit ihren freien Plätzen; start und end sind die Zeitpunkte, die die Bestellung nimmt. Ein unbekannter Abholmarkt ist nicht gefunden.",
  tag: TAG,
  auth: true,
  errors: { 404: "Diesen Abholmarkt gibt es nicht" },
  query: z
    .object({
      carrier: carrierQuery,
      store: z.string().max(60).optional(),
      more: z.enum(["0", "1"]).optional(),
    })
    .strict(),
  response: z.object({
    carrier_code: z.enum(CARRIER_CODES),
    store_id: z.string().nullable(),
    /** Berlin time; start and end are the instants the order submit takes. */
    dates: z.array(
      z.object({
        key: z.string().describe('Der Termin als "start|end" (spec: shippingDate {key})'),
        start: z.string(),
        end: z.string(),
        date: z.string(),
        from: z.string(),
        to: z.string(),
        /** Click & collect: the places left (0: fully booked); null for a delivery wish date. */
        remaining: z.number().int().nullable(),
      }),
    ),
  }),
  async run({ query }, { env, customerId }) {
    const code = query.carrier;
    const checkout = await loadCheckout(
      env.DB,
      customerId,
      { carrier: code, storeId: query.store ?? null, moreDays: query.more === "1" },
      new Date(),
    );
    if (CARRIERS[code].isPickup) {
      if (!checkout.store) throw new ApiFailure(404, "checkout:error.missingStore", ["query.store"]);
      return {
        carrier_code: code,
        store_id: checkout.store.id,
        dates: checkout.pickupSlots.map((s) => slotOf(s, s.remaining)),
      };
    }
    return { carrier_code: code, store_id: null, dates: checkout.wishSlots.map((s) => slotOf(s, null)) };
  },
});

export const CHECKOUT_OPERATIONS = [shippingMethods, shippingInformation, wishDates, submitOrderOperation];
