/**
 * What every payment provider (the sandbox, Stripe) offers the shop, and what it reports back. Its
 * own module so that the providers and the choice between them (payment.server.ts) import the
 * shapes without importing each other.
 */
/**
 * How long the provider's hosted page stays payable (Stripe's Checkout Session `expires_at`); the
 * shop asks the provider about a payment without a final event after it (domain/order/payment-window.ts).
 */
export const PAYMENT_PAGE_LIFETIME_MINUTES = 60;

export type PaymentOutcome = "approved" | "declined" | "canceled";

/** What the provider confirmed, after its signature was checked. */
export interface PaymentConfirmation {
  /** Unique per confirmation the provider sends; replays carry the same id. */
  confirmationId: string;
  paymentId: string;
  orderId: string;
  amountCents: number;
  currency: string;
  outcome: PaymentOutcome;
}

export type ProviderMethod = "paypal" | "card" | "sepa";

export interface NewPayment {
  /** The shop's payment id; the provider keeps it and sends it back with every confirmation. */
  paymentId: string;
  orderId: string;
  orderNumber: number;
  amountCents: number;
  currency: "EUR";
  method: ProviderMethod;
  /** What the customer reads on the provider's page and statement, e.g. "Frischkorb-Bestellung 100000123". */
  description: string;
  customer: { email: string; name: string };
  /** SEPA direct debit: the mandate the customer gave in the checkout form (docs/decisions/0005). */
  sepa: { iban: string } | null;
  /** Where the provider's page sends the browser back, paid or not. */
  returnUrl: string;
  cancelUrl: string;
  /** The browser that accepted the mandate (a SEPA mandate records it). */
  client: { ip: string; userAgent: string };
}

export interface StartedPayment {
  /** The provider's own id of the payment (checkout session, payment intent, sandbox payment). */
  providerRef: string;
  /** The hosted page to send the customer to; null when nothing is left for the customer to do. */
  pageUrl: string | null;
}

/** A payment the shop opened at the provider, as the shop's reconciliation knows it. */
export interface OpenedPayment {
  providerRef: string;
  paymentId: string;
  orderId: string;
  amountCents: number;
  currency: string;
}

/** A refund the shop asks the provider for (docs/decisions/0040-refunds.md). */
export interface NewRefund {
  /** The shop's refund id; the provider keeps it and sends it back with its event. */
  refundId: string;
  /** The provider's idempotency key: the refund's own key, so asking again makes no second refund. */
  key: string;
  /** The payment being refunded: the shop's id and the provider's own (`payment.provider_ref`). */
  paymentId: string;
  paymentRef: string;
  orderId: string;
  amountCents: number;
  currency: "EUR";
}

export interface RequestedRefund {
  /** The provider's own id of the refund, when it made one. */
  providerRef: string | null;
  /** A page that stands in for the provider's own processing (the sandbox's); null for a real provider. */
  pageUrl: string | null;
}

export type RefundOutcome = "succeeded" | "failed";

/** The provider's signed word on a refund: only this settles it. */
export interface RefundConfirmation {
  /** Unique per event the provider sends; replays carry the same id. */
  confirmationId: string;
  refundId: string;
  orderId: string;
  /** The provider part of the refund. */
  amountCents: number;
  currency: string;
  outcome: RefundOutcome;
}

export type WebhookReading =
  | { kind: "confirmation"; confirmation: PaymentConfirmation }
  | { kind: "refund"; refund: RefundConfirmation }
  /** Signed and genuine, but nothing the shop acts on (another event type, a payment still open). */
  | { kind: "ignored" }
  | { kind: "badSignature" }
  | { kind: "badPayload" };

export interface PaymentProvider {
  name: "sandbox" | "stripe";
  /** Origin of the hosted payment page: the checkout form may be redirected there (CSP form-action). */
  pageOrigin: string | null;
  startPayment(payment: NewPayment): Promise<StartedPayment>;
  /**
   * The customer came back without paying: end the payment at the provider. Returns the provider's
   * own server-side answer when it ended it, null when it could not (e.g. paid meanwhile).
   */
  cancelPayment(providerRef: string, paymentId: string): Promise<PaymentConfirmation | null>;
  /**
   * A payment opened at the provider whose final event never came (the shop's reconciliation asks
   * after the hosted page's lifetime): the provider's own answer as a confirmation when it is
   * final (paid, failed, expired), null while the payment is still under way there.
   */
  lookUpPayment(payment: OpenedPayment): Promise<PaymentConfirmation | null>;
  readWebhook(body: string, headers: Headers): Promise<WebhookReading>;
  /**
   * Gives `amountCents` of a payment back. The answer only says the provider took the request: the
   * refund is settled by the provider's signed event (readWebhook), never by this answer.
   */
  refund(refund: NewRefund): Promise<RequestedRefund>;
}
