/**
 * Payment methods the checkout offers, kept apart from the form schema so pages need no
 * zod. This is the one place that decides which methods a customer may use: the payment step
 * shows them, the checkout action refuses any other before looking at its fields, and placing the
 * order checks again against what the database says at that moment.
 */
export const PAYMENT_METHODS = ["paypal", "card", "sepa", "balance"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const COMMENT_MAX_LENGTH = 500;

/** What the choice depends on: the customer's SEPA permission and account balance. */
export interface PaymentAccount {
  sepaAllowed: boolean;
  balanceCents: number;
}

export const PAYMENT_UNAVAILABLE = "pages.checkout.error.payment.unavailable";
export const CREDIT_NOT_ENOUGH = "pages.checkout.error.creditNotEnough";
/** The balance could not be counted (spent meanwhile, or nothing to count it against). */
export const CREDIT_ERROR = "pages.checkout.error.creditError";

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === "string" && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/**
 * Why the customer cannot pay with the method (a locale key), null when they can. SEPA is for
 * customers allowed to use it; the balance needs some credit and, once
 * the total is known (`dueCents`: what is left after the credit), must pay all of it.
 */
export function paymentRefusal(method: PaymentMethod, account: PaymentAccount, dueCents = 0): string | null {
  if (method === "sepa" && !account.sepaAllowed) return PAYMENT_UNAVAILABLE;
  if (method === "balance" && (account.balanceCents <= 0 || dueCents > 0)) return CREDIT_NOT_ENOUGH;
  return null;
}

/**
 * Why `amountCents` of the balance cannot be counted against an order (a locale key), null when it
 * can: the balance rule of the payment step, and no more than the balance.
 */
export function creditRefusal(account: PaymentAccount, amountCents = account.balanceCents): string | null {
  return paymentRefusal("balance", account) ?? (amountCents > account.balanceCents ? CREDIT_NOT_ENOUGH : null);
}

export function offeredPaymentMethods(account: PaymentAccount): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => paymentRefusal(method, account) === null);
}

/**
 * How an accepted order is paid: what is still due goes to the provider with the chosen method;
 * when the credit pays everything, the order records the balance and needs no provider.
 */
export function orderPayment(
  method: PaymentMethod,
  dueCents: number,
): { method: PaymentMethod; needsProvider: boolean } {
  const needsProvider = dueCents > 0 && method !== "balance";
  return { method: needsProvider ? method : "balance", needsProvider };
}
