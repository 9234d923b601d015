/**
 * What the checkout page offers a customer: the cart priced for the chosen method, the
 * customer's addresses (and which lie in the local delivery area), wish slots, click & collect
 * stores and their slots with remaining places, the account balance and whether SEPA is allowed.
 */
import { batch, first, qb } from "~/platform/db.server";
import type { Cart } from "~/domain/cart/cart";
import { loadCart } from "~/domain/cart/cart.server";
import { listAddresses } from "~/domain/customer/address.server";
import type { Address } from "~/domain/customer/address";
import { customerPostcode, type StoreCandidate } from "~/domain/store/choice";
import { closedDaysQuery, storeCandidatesQuery, toStoreCandidate } from "~/domain/store/store.server";
import { specialDayOf } from "~/domain/store/store";
import { inBerlin } from "~/domain/time/berlin";
import type { DayHours, Store } from "~/domain/store/store";
import { CARRIERS, type CarrierCode } from "./carriers";
import type { PaymentAccount } from "./payment-methods";
import {
  PICKUP_DAYS_MORE,
  PICKUP_DAYS_SHOWN,
  deliveryWishSlots,
  pickupSlots,
  type PickupSlot,
  type Slot,
} from "./slots";

export type PickupStore = Pick<Store, "id" | "name" | "street" | "houseNumber" | "zip" | "city">;

export interface CheckoutAddress extends Address {
  inDeliveryArea: boolean;
}

export interface Checkout {
  cart: Cart;
  carrier: CarrierCode;
  addresses: CheckoutAddress[];
  wishSlots: Slot[];
  /** The click & collect stores, for the store choice (domain/store/choice.ts). */
  pickupStores: StoreCandidate[];
  /** The postcode their distances start from: the customer's delivery address. */
  postcode: string | null;
  store: PickupStore | null;
  pickupSlots: PickupSlot[];
  moreDays: boolean;
  balanceCents: number;
  sepaAllowed: boolean;
  telephone: string;
}

export interface CheckoutChoice {
  carrier: CarrierCode;
  storeId?: string | null;
  moreDays?: boolean;
}

export async function loadCheckout(
  db: D1Database,
  customerId: number,
  choice: CheckoutChoice,
  now: Date,
): Promise<Checkout> {
  const carrier = CARRIERS[choice.carrier];
  const days = choice.moreDays ? PICKUP_DAYS_MORE : PICKUP_DAYS_SHOWN;
  const [cart, addresses, [customerRows, balanceRows, areaRows, storeRows, bookingRows, closedRows]] =
    await Promise.all([
      loadCart(db, customerId, carrier.priceCents, now),
      listAddresses(db, customerId),
      batch(db, [
        qb.selectFrom("customer").select(["telephone", "is_sepa_allowed"]).where("id", "=", customerId),
        qb.selectFrom("customer_balance").select("balance_cents").where("customer_id", "=", customerId),
        qb
          .selectFrom("delivery_area")
          .innerJoin("address", "address.zip", "delivery_area.zip")
          .select("delivery_area.zip")
          .where("address.customer_id", "=", customerId),
        storeCandidatesQuery({ clickAndCollect: true }),
        qb
          .selectFrom("pickup_booking")
          .select(["slot_start", "booked"])
          .where("store_id", "=", choice.storeId ?? "")
          .where("slot_start", ">=", now.toISOString()),
        closedDaysQuery(choice.storeId ?? "", inBerlin(now).date),
      ] as const),
    ]);
  const area = new Set(areaRows.map((r) => r.zip));
  const stores = storeRows.map((r) => ({
    store: toStoreCandidate(r),
    staffed: JSON.parse(r.staffed_hours) as DayHours[],
    capacity: r.pickup_capacity,
  }));
  const chosen = carrier.isPickup ? (stores.find((s) => s.store.id === choice.storeId) ?? null) : null;
  const booked = new Map(bookingRows.map((r) => [r.slot_start, r.booked]));
  return {
    cart,
    carrier: carrier.code,
    addresses: addresses.map((a) => ({ ...a, inDeliveryArea: area.has(a.zip) })),
    wishSlots: deliveryWishSlots(carrier.code, now),
    pickupStores: stores.map((s) => s.store),
    postcode: customerPostcode(addresses),
    store: chosen ? pickupStore(chosen.store) : null,
    pickupSlots: chosen
      ? pickupSlots(chosen.staffed, now, days, booked, {
          capacity: chosen.capacity,
          specialDays: new Map(closedRows.map((r) => [r.day, specialDayOf(r)])),
        })
      : [],
    moreDays: Boolean(choice.moreDays),
    balanceCents: balanceRows[0]?.balance_cents ?? 0,
    sepaAllowed: customerRows[0]?.is_sepa_allowed === "1",
    telephone: customerRows[0]?.telephone ?? "",
  };
}

function pickupStore({ id, name, street, houseNumber, zip, city }: StoreCandidate): PickupStore {
  return { id, name, street, houseNumber, zip, city };
}

/**
 * What decides the payment methods offered (domain/checkout/payment-methods.ts): the
 * customer's is_sepa_allowed (customers with a paid order and, later, shareholders) and the balance.
 */
export async function loadPaymentAccount(db: D1Database, customerId: number): Promise<PaymentAccount> {
  const row = await first(
    db,
    qb
      .selectFrom("customer as c")
      .leftJoin("customer_balance as b", "b.customer_id", "c.id")
      .select(["c.is_sepa_allowed", "b.balance_cents"])
      .where("c.id", "=", customerId),
  );
  return { sepaAllowed: row?.is_sepa_allowed === "1", balanceCents: row?.balance_cents ?? 0 };
}
