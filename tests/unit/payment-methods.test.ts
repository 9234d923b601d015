import { describe, expect, it } from "vitest";
import {
  CREDIT_NOT_ENOUGH,
  PAYMENT_UNAVAILABLE,
  offeredPaymentMethods,
  orderPayment,
  paymentRefusal,
} from "~/domain/checkout/payment-methods";

// Worked examples of the one rule the payment step, the checkout
// action and the order placement all ask.
describe("payment methods offered", () => {
  it("offers PayPal and card to everyone, SEPA only when allowed, the balance only with credit", () => {
    expect(offeredPaymentMethods({ sepaAllowed: false, balanceCents: 0 })).toEqual(["paypal", "card"]);
    expect(offeredPaymentMethods({ sepaAllowed: true, balanceCents: 0 })).toEqual(["paypal", "card", "sepa"]);
    expect(offeredPaymentMethods({ sepaAllowed: false, balanceCents: 1 })).toEqual(["paypal", "card", "balance"]);
    expect(offeredPaymentMethods({ sepaAllowed: true, balanceCents: 2500 })).toEqual([
      "paypal",
      "card",
      "sepa",
      "balance",
    ]);
  });

  it("says why a method is refused, in the words the checkout shows", () => {
    expect(paymentRefusal("sepa", { sepaAllowed: false, balanceCents: 2500 })).toBe(PAYMENT_UNAVAILABLE);
    expect(paymentRefusal("balance", { sepaAllowed: true, balanceCents: 0 })).toBe(CREDIT_NOT_ENOUGH);
    expect(paymentRefusal("card", { sepaAllowed: false, balanceCents: 0 })).toBeNull();
    expect(PAYMENT_UNAVAILABLE).toBe("pages.checkout.error.payment.unavailable");
    expect(CREDIT_NOT_ENOUGH).toBe("pages.checkout.error.creditNotEnough");
  });

  it("the balance alone must pay everything that is due once the credit is applied", () => {
    const account = { sepaAllowed: false, balanceCents: 1000 };
    expect(paymentRefusal("balance", account, 0)).toBeNull();
    expect(paymentRefusal("balance", account, 1)).toBe(CREDIT_NOT_ENOUGH);
    expect(paymentRefusal("paypal", account, 4711)).toBeNull();
  });

  it("what is due goes to the provider; an order the credit pays in full records the balance", () => {
    expect(orderPayment("paypal", 2875)).toEqual({ method: "paypal", needsProvider: true });
    expect(orderPayment("sepa", 1)).toEqual({ method: "sepa", needsProvider: true });
    expect(orderPayment("card", 0)).toEqual({ method: "balance", needsProvider: false });
    expect(orderPayment("balance", 0)).toEqual({ method: "balance", needsProvider: false });
  });
});
