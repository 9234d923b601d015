/**
 * Finishing an order. The order, its items, the stock, the used credit, the pickup
 * booking, the payment, the cart conversion and the shares in the cart are one D1 batch: the CHECK
 * constraints (stock, balance and slot capacity never below zero or past capacity), the order guard
 * and the unique idempotency key abort it as a whole, so a double click, a replayed POST or a race
 * for the last item can never make a second order, sell what is gone, or spend credit twice.
 *
 * Shares (docs/decisions/0021 "Shares in the cart and checkout") go through the checkout with or
 * without goods; an order of shares alone has no shipping method, address or slot.
 */
import { sql } from "kysely";
import { failedConstraint, first, isConstraint, prepare, qb, type Constraint } from "~/platform/db.server";
import { queueMail } from "~/platform/mailer.server";
import { randomToken } from "~/platform/tokens.server";
import type { SignedInCustomer } from "~/platform/session.server";
import { cartCashbackCents, cartShips, totalsOf, type CartLine, type CartShares } from "~/domain/cart/cart";
import { checkoutBlocker, type CheckoutBlocker } from "~/domain/cart/validity";
import { surplusGifts } from "~/domain/cart/gifts";
import { CARRIERS, STANDARD_CARRIER, deliversTo, type Carrier } from "~/domain/checkout/carriers";
import { loadCheckout, type Checkout } from "~/domain/checkout/checkout.server";
import type { CheckoutFieldErrors, CheckoutInput } from "~/domain/checkout/checkout-input";
import { offeredSlot } from "~/domain/checkout/slots";
import { normalizeBic, normalizeIban } from "~/domain/sepa/mandate";
import { CREDIT_ERROR, orderPayment, paymentRefusal } from "~/domain/checkout/payment-methods";
import { addressLine } from "~/domain/address/format";
import { SHARE_SKU } from "~/domain/share/purchase";
import { orderSharesStatements, paySharesStatements, shareOrderItem } from "~/domain/share/binding.server";
import { translator } from "~/platform/i18n.server";
import { takeCouponUseStatements } from "~/domain/cart/coupon-use.server";
import { creditCashbackStatements } from "./cashback.server";
import type { OrderDetail } from "./order";
import { findOrderByKey, type PlacedOrder } from "./order.server";
import { orderConfirmationMail } from "./order-mail.server";

export type PlaceOutcome =
  | { kind: "placed"; order: PlacedOrder }
  | { kind: "refused"; fieldErrors: CheckoutFieldErrors; formErrors: string[] }
  | { kind: "failed"; formErrors: string[] };

const refuse = (formErrors: string[], fieldErrors: CheckoutFieldErrors = {}): PlaceOutcome => ({
  kind: "refused",
  formErrors,
  fieldErrors,
});

/** The voucher in the cart can no longer be had; the page says why beside the voucher. */
const COUPON_GONE = "checkout:error.couponGone";

const BLOCKER_MESSAGE: Record<CheckoutBlocker, string> = {
  empty: "checkout:error.emptyCart",
  soldOut: "checkout:error.outOfStock",
  minimum: "checkout:error.minimum",
};

/**
 * The constraints that refuse an order batch, as SQLite names them in its error (migrations 0001,
 * 0005, 0007): a named CHECK by its name, an unnamed one by its expression, a UNIQUE by its column.
 */
export const ORDER_CONSTRAINTS = {
  /** Another order took the order number meanwhile. */
  orderNumberTaken: { kind: "UNIQUE", name: "customer_order.increment_id" },
  /** The order guard: a cart line was no longer there as ordered. */
  cartChanged: { kind: "CHECK", name: "cart_unchanged" },
  soldOut: { kind: "CHECK", name: "stock_qty >= 0" },
  slotFull: { kind: "CHECK", name: "booked >= 0 AND booked <= capacity" },
  /** The debit found less credit than the checkout had read (or no balance row at all). */
  creditSpent: { kind: "CHECK", name: "balance_cents >= 0" },
  /** The voucher was deactivated, used up or used by this customer meanwhile (migration 0026). */
  couponGone: { kind: "CHECK", name: "coupon_usable" },
  couponUsedByCustomer: { kind: "UNIQUE", name: "coupon_use.code, coupon_use.once_key" },
} as const satisfies Record<string, Constraint>;

export async function placeOrder(
  db: D1Database,
  customer: SignedInCustomer,
  input: CheckoutInput,
  now: Date,
  origin: string,
): Promise<PlaceOutcome> {
  try {
    return await placeOrderOnce(db, customer, input, now, origin);
  } catch (error) {
    // D1 failed in a way no guard explains. The customer sees the generic
    // message and may try again (had the batch gone through after all, its cart conversion leaves
    // nothing to order twice); only the log gets the details.
    console.error("order could not be placed", error);
    return { kind: "failed", formErrors: ["pages.checkout.error.checkoutError"] };
  }
}

async function placeOrderOnce(
  db: D1Database,
  customer: SignedInCustomer,
  input: CheckoutInput,
  now: Date,
  origin: string,
): Promise<PlaceOutcome> {
  const existing = await findOrderByKey(db, customer.id, input.idempotencyKey);
  if (existing) return { kind: "placed", order: existing };

  const checkout = await loadCheckout(
    db,
    customer.id,
    { carrier: input.carrier ?? STANDARD_CARRIER, storeId: input.storeId ?? null, moreDays: true },
    now,
  );
  const { cart } = checkout;
  // The cart decides whether anything is shipped, not the form: goods need a shipping method,
  // shares alone need none (and a method sent along with them is ignored).
  const ships = cartShips(cart);
  if (ships && !input.carrier) return refuse([], { carrier: ["checkout:error.missingShippingMethod"] });
  const carrier = ships && input.carrier ? CARRIERS[input.carrier] : null;
  const problem = checkProblems(checkout, input, carrier);
  if (problem) return problem;

  const useCredit = input.paymentMethod === "balance" || input.useCredit;
  const totals = totalsOf(
    cart.lines,
    cart.coupon?.coupon ?? null,
    carrier?.priceCents ?? 0,
    useCredit ? checkout.balanceCents : 0,
    cart.shares,
  );
  const dueRefusal = paymentRefusal(input.paymentMethod, checkout, totals.grandTotalCents);
  if (dueRefusal) return refuse([], { paymentMethod: [dueRefusal] });
  const { method: paymentMethod, needsProvider } = orderPayment(input.paymentMethod, totals.grandTotalCents);
  const address = carrier?.needsAddress ? checkout.addresses.find((a) => a.id === input.addressId) : undefined;
  // checkProblems found each one among the slots offered now
  const pickupSlot = carrier?.isPickup ? input.pickupSlot : undefined;
  const deliverySlot = carrier?.hasWishSlot ? input.deliverySlot : undefined;
  const stamp = now.toISOString();
  const shareName = (await translator("orders"))("shares.lineName");

  // The order number is the next free one; two orders racing for it meet the UNIQUE index and
  // the loser takes the number after.
  for (let attempt = 0; attempt < 5; attempt++) {
    const order: OrderDetail = {
      id: crypto.randomUUID(),
      incrementId: await nextIncrementId(db),
      createdAt: stamp,
      status: needsProvider ? "pending_payment" : paidStatus(carrier),
      channel: "online",
      carrierCode: carrier?.code ?? null,
      itemCount: totals.itemCount + (cart.shares?.quantity ?? 0),
      grandTotalCents: totals.grandTotalCents,
      storeName: carrier?.isPickup ? (checkout.store?.name ?? null) : null,
      storeAddress: carrier?.isPickup && checkout.store ? addressLine(checkout.store) : null,
      paymentMethod,
      paymentStatus: needsProvider ? "pending" : null,
      lines: [
        ...cart.lines.map((l) => ({
          sku: l.product.sku,
          name: l.product.name,
          qty: l.qty,
          isGift: l.isGift,
          unitPriceCents: l.isGift ? 0 : l.product.priceCents,
          depositCents: l.isGift ? 0 : l.product.depositCents,
          rowTotalCents: l.rowTotalCents,
        })),
        ...(cart.shares
          ? [
              {
                sku: SHARE_SKU,
                name: shareName,
                qty: cart.shares.quantity,
                isGift: false,
                unitPriceCents: cart.shares.unitPriceCents,
                depositCents: 0,
                rowTotalCents: cart.shares.totalCents,
              },
            ]
          : []),
      ],
      shippingAddress: address
        ? {
            name: `${customer.firstname} ${customer.lastname}`,
            street: address.street,
            houseNumber: address.houseNumber,
            addressAddition: address.addressAddition,
            zip: address.zip,
            city: address.city,
            country: address.country,
          }
        : null,
      pickupSlotStart: pickupSlot?.start ?? null,
      pickupSlotEnd: pickupSlot?.end ?? null,
      deliveryStart: deliverySlot?.start ?? null,
      deliveryEnd: deliverySlot?.end ?? null,
      comment: input.comment,
      // a voucher is for goods: an order of shares alone leaves it in the cart for later
      couponCode: carrier && totals.couponApplied ? cart.coupon!.code : null,
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      depositCents: totals.depositCents,
      shippingCents: totals.shippingCents,
      creditCents: totals.appliedCreditCents,
      sharesCents: totals.sharesCents,
      // the rate of the shares held now; the shares bought with this order earn nothing
      cashbackCents: cartCashbackCents(totals, cart.cashbackPermille),
      cashbackCreditedAt: null,
      taxDetails: totals.taxDetails,
      withdrawnAt: null,
    };
    const paymentId = needsProvider ? `pay_${randomToken(18)}` : null;
    try {
      await db.batch(
        await orderStatements(
          db,
          customer,
          order,
          input,
          { carrier, lines: cart.lines, shares: cart.shares },
          {
            paymentId,
            origin,
            now,
          },
        ),
      );
    } catch (error) {
      if (isConstraint(failedConstraint(error), ORDER_CONSTRAINTS.orderNumberTaken)) continue;
      return explainFailure(db, customer.id, input, error);
    }
    const placed = await findOrderByKey(db, customer.id, input.idempotencyKey);
    if (!placed) throw new Error("order vanished after its batch");
    return { kind: "placed", order: placed };
  }
  return refuse(["pages.checkout.error.checkoutError"]);
}

async function nextIncrementId(db: D1Database): Promise<number> {
  const row = await first(
    db,
    qb.selectFrom("customer_order").select((eb) => eb.fn.max("increment_id").as("max")),
  );
  return Math.max(Number(row?.max ?? 0), FIRST_ORDER_NUMBER - 1) + 1;
}

const FIRST_ORDER_NUMBER = 100_000_001;

/** What an order pays for as it leaves the cart: the goods' lines with their carrier, and the shares. */
interface Ordered {
  carrier: Carrier | null;
  lines: CartLine[];
  shares: CartShares | null;
}

/** An order of goods is processed once paid; an order of shares alone has nothing left to do. */
const paidStatus = (carrier: Carrier | null) => (carrier ? "processing" : "complete");

async function orderStatements(
  db: D1Database,
  customer: SignedInCustomer,
  order: OrderDetail,
  input: CheckoutInput,
  { carrier, lines, shares }: Ordered,
  { paymentId, origin, now }: { paymentId: string | null; origin: string; now: Date },
): Promise<D1PreparedStatement[]> {
  const statements: D1PreparedStatement[] = [
    prepare(
      db,
      qb.insertInto("customer_order").values({
        id: order.id,
        increment_id: order.incrementId,
        customer_id: customer.id,
        idempotency_key: input.idempotencyKey,
        channel: "online",
        status: order.status,
        carrier_code: order.carrierCode,
        store_id: carrier?.isPickup ? (input.storeId ?? null) : null,
        pickup_slot_start: order.pickupSlotStart,
        pickup_slot_end: order.pickupSlotEnd,
        shipping_address: order.shippingAddress ? JSON.stringify(order.shippingAddress) : null,
        delivery_start: order.deliveryStart,
        delivery_end: order.deliveryEnd,
        telephone: input.telephone || null,
        payment_method: order.paymentMethod,
        sepa_mandate:
          order.paymentMethod === "sepa" && input.sepa
            ? JSON.stringify({
                bank: input.sepa.bank,
                iban: normalizeIban(input.sepa.iban),
                bic: normalizeBic(input.sepa.bic),
              })
            : null,
        coupon_code: order.couponCode,
        comment: order.comment,
        item_count: order.itemCount,
        subtotal_cents: order.subtotalCents,
        discount_cents: order.discountCents,
        deposit_cents: order.depositCents,
        shipping_cents: order.shippingCents,
        credit_cents: order.creditCents,
        shares_cents: order.sharesCents,
        cashback_cents: order.cashbackCents,
        grand_total_cents: order.grandTotalCents,
        tax_details: JSON.stringify(order.taxDetails),
        created_at: order.createdAt,
        paid_at: paymentId ? null : order.createdAt,
      }),
    ),
    ...lines.map((l) =>
      prepare(
        db,
        qb.insertInto("order_item").values({
          order_id: order.id,
          sku: l.product.sku,
          is_gift: l.isGift ? 1 : 0,
          name: l.product.name,
          qty: l.qty,
          unit_price_cents: l.isGift ? 0 : l.product.priceCents,
          deposit_cents: l.isGift ? 0 : l.product.depositCents,
          tax_rate: l.taxRate,
          row_total_cents: l.rowTotalCents,
        }),
      ),
    ),
    // stock_qty has CHECK (>= 0): the last item goes to exactly one order.
    ...lines.map((l) =>
      prepare(
        db,
        sql`UPDATE product SET stock_qty = stock_qty - ${l.qty} WHERE sku = ${l.product.sku} AND stock_managed = 1`,
      ),
    ),
    // The ordered lines leave the cart exactly as ordered. A line that is no longer there as ordered
    // (the same cart ordered at the same moment from another tab, or changed there) refuses the
    // whole order: changes() is the row count of the DELETE just before it.
    ...lines.flatMap((l) => [
      prepare(
        db,
        qb
          .deleteFrom("cart_item")
          .where("customer_id", "=", customer.id)
          .where("sku", "=", l.product.sku)
          .where("is_gift", "=", l.isGift ? 1 : 0)
          .where("qty", "=", l.qty),
      ),
      prepare(db, sql`INSERT INTO order_guard (reason) SELECT 'cart changed' WHERE changes() = 0`),
    ]),
  ];
  if (order.couponCode) {
    statements.push(
      ...takeCouponUseStatements(db, {
        orderId: order.id,
        customerId: customer.id,
        code: order.couponCode,
        stamp: order.createdAt,
      }),
    );
  }
  if (carrier) {
    statements.push(
      prepare(
        db,
        qb
          .updateTable("cart_state")
          .set({ coupon_code: null, gift_dismissed_at_cents: null })
          .where("customer_id", "=", customer.id),
      ),
    );
  }
  if (shares) {
    const share = order.lines.find((l) => l.sku === SHARE_SKU);
    statements.push(
      prepare(
        db,
        qb.insertInto("order_item").values(shareOrderItem(order.id, share?.name ?? SHARE_SKU, shares.quantity)),
      ),
      ...orderSharesStatements(db, { customerId: customer.id, orderId: order.id, shares, stamp: order.createdAt }),
    );
  }
  if (order.creditCents > 0)
    statements.push(...useBalance(db, customer.id, order.id, order.creditCents, order.createdAt));
  if (order.pickupSlotStart) {
    // booked has CHECK (<= capacity): a full slot refuses the order. A new slot takes the store's
    // places now (the back office may just have changed them, decision 0045); a store with none
    // books 2 of 1, which that CHECK refuses as full too.
    statements.push(
      prepare(
        db,
        sql`INSERT INTO pickup_booking (store_id, slot_start, capacity, booked)
       SELECT id, ${order.pickupSlotStart}, MAX(pickup_capacity, 1), CASE WHEN pickup_capacity = 0 THEN 2 ELSE 1 END
         FROM store WHERE id = ${input.storeId}
       ON CONFLICT (store_id, slot_start) DO UPDATE SET booked = pickup_booking.booked + 1`,
      ),
    );
  }
  if (paymentId) {
    statements.push(
      prepare(
        db,
        qb.insertInto("payment").values({
          id: paymentId,
          order_id: order.id,
          method: order.paymentMethod,
          amount_cents: order.grandTotalCents,
          currency: "EUR",
          status: "pending",
          settled_by: null,
          created_at: order.createdAt,
          settled_at: null,
        }),
      ),
    );
  } else {
    statements.push(...(await paidStatements(db, customer.id, order.id, now)));
    statements.push(queueMail(db, await orderConfirmationMail(customer, order, origin)));
  }
  return statements;
}

/**
 * The order is paid as it is placed (the credit pays everything): SEPA is offered to customers with
 * a paid order, the shares become binding and a member's cashback is credited, as when a provider
 * confirms a payment (payment.server.ts). The batch is the order's own, so nothing else can have
 * paid it: the guard holds.
 */
async function paidStatements(
  db: D1Database,
  customerId: number,
  orderId: string,
  now: Date,
): Promise<D1PreparedStatement[]> {
  const guard = sql<boolean>`1`;
  return [
    prepare(db, qb.updateTable("customer").set({ is_sepa_allowed: "1" }).where("id", "=", customerId)),
    ...paySharesStatements(db, { customerId, orderId, now, guard }),
    ...(await creditCashbackStatements(db, { orderId, now, guard })),
  ];
}

/**
 * Credit is debited by one UPDATE whose CHECK (balance >= 0) aborts the batch on an overdraft. A
 * missing balance row must abort too (an UPDATE of no row would use credit nobody had): then the
 * first statement inserts an impossible row, which the same CHECK refuses.
 */
function useBalance(
  db: D1Database,
  customerId: number,
  orderId: string,
  cents: number,
  stamp: string,
): D1PreparedStatement[] {
  return [
    prepare(
      db,
      sql`INSERT INTO customer_balance (customer_id, balance_cents)
      SELECT ${customerId}, -1 WHERE NOT EXISTS (SELECT 1 FROM customer_balance WHERE customer_id = ${customerId})`,
    ),
    prepare(
      db,
      sql`UPDATE customer_balance SET balance_cents = balance_cents - ${cents} WHERE customer_id = ${customerId}`,
    ),
    prepare(
      db,
      qb.insertInto("balance_entry").values({
        id: crypto.randomUUID(),
        customer_id: customerId,
        type: 2,
        amount_cents: -cents,
        order_id: orderId,
        note: "",
        created_at: stamp,
      }),
    ),
  ];
}

/**
 * What the database knows that the form cannot: cart validity, own address, offered slots, the
 * total shown. `carrier` is null for an order that ships nothing (shares only).
 */
function checkProblems(checkout: Checkout, input: CheckoutInput, carrier: Carrier | null): PlaceOutcome | null {
  const { cart } = checkout;
  const blocker = checkoutBlocker(cart.lines, cart.totals.minimumReached, cart.shares !== null);
  if (blocker) return refuse([BLOCKER_MESSAGE[blocker]]);
  // gifts the subtotal no longer earns (a gift rule changed meanwhile) are never ordered
  if (surplusGifts(cart.giftSteps, cart.totals.subtotalCents, cart.giftsChosen) > 0)
    return refuse(["checkout:error.cartChanged"]);
  // a voucher the customer still sees in her cart but can no longer have: never ordered without it unasked
  if (carrier && cart.couponRefused) return refuse([COUPON_GONE]);
  const fieldErrors: CheckoutFieldErrors = {};
  if (carrier?.needsAddress) {
    const address = checkout.addresses.find((a) => a.id === input.addressId);
    if (!address) fieldErrors.addressId = ["checkout:error.missingAddress"];
    else if (!deliversTo(carrier, address)) fieldErrors.addressId = ["checkout:error.outsideDeliveryArea"];
  }
  if (carrier?.hasWishSlot && !offeredSlot(checkout.wishSlots, input.deliverySlot)) {
    fieldErrors.deliverySlot = ["checkout:error.missingDeliverySlot"];
  }
  if (carrier?.isPickup) {
    if (!checkout.store) fieldErrors.storeId = ["checkout:error.missingStore"];
    else {
      const slot = offeredSlot(checkout.pickupSlots, input.pickupSlot);
      if (!slot) fieldErrors.pickupSlot = ["checkout:error.missingPickupSlot"];
      else if (slot.remaining === 0) fieldErrors.pickupSlot = ["checkout:error.slotFull"];
    }
  }
  const paymentProblem = paymentRefusal(input.paymentMethod, checkout);
  if (paymentProblem) fieldErrors.paymentMethod = [paymentProblem];
  if (Object.keys(fieldErrors).length) return refuse([], fieldErrors);
  if (input.expectedTotal !== cart.totals.grandTotalCents) return refuse(["checkout:error.totalChanged"]);
  return null;
}

/**
 * The batch was refused as a whole: the constraint that refused it says why (any other failure is
 * no refusal but a failure). A replay of an order that went through finds that order instead.
 */
async function explainFailure(
  db: D1Database,
  customerId: number,
  input: CheckoutInput,
  error: unknown,
): Promise<PlaceOutcome> {
  const existing = await findOrderByKey(db, customerId, input.idempotencyKey);
  if (existing) return { kind: "placed", order: existing };
  const constraint = failedConstraint(error);
  if (!constraint) throw error;
  const is = (known: Constraint) => isConstraint(constraint, known);
  if (is(ORDER_CONSTRAINTS.cartChanged)) return refuse(["checkout:error.cartChanged"]);
  if (is(ORDER_CONSTRAINTS.soldOut)) return refuse([BLOCKER_MESSAGE.soldOut]);
  if (is(ORDER_CONSTRAINTS.slotFull)) return refuse([], { pickupSlot: ["checkout:error.slotFull"] });
  // Credit spent meanwhile elsewhere: the page must be reloaded to see what is left.
  if (is(ORDER_CONSTRAINTS.creditSpent)) return refuse([CREDIT_ERROR]);
  if (is(ORDER_CONSTRAINTS.couponGone) || is(ORDER_CONSTRAINTS.couponUsedByCustomer)) return refuse([COUPON_GONE]);
  console.error("order batch refused", error);
  return refuse(["pages.checkout.error.checkoutError"]);
}
