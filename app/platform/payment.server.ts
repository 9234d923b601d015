/**
 * The payment provider (docs/decisions/0009-safe-by-default.md): a hosted payment page the customer
 * is sent to, and a signed server-to-server confirmation (webhook) that alone decides whether an
 * order is paid. Which provider runs is configuration: `PAYMENT_PROVIDER=stripe` with its keys as
 * secrets in a deployment; the embedded sandbox only where development stand-ins are allowed.
 */
import type { Env } from "./context";
import { sandboxProvider } from "./payment-sandbox.server";
import { STRIPE_SECRETS, stripeProvider } from "./payment-stripe.server";

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

export type WebhookReading =
  | { kind: "confirmation"; confirmation: PaymentConfirmation }
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
  readWebhook(body: string, headers: Headers): Promise<WebhookReading>;
}

/**
 * The configured provider: Stripe when PAYMENT_PROVIDER says so; otherwise ("sandbox" or unset) the
 * sandbox, which exists only where development stand-ins are allowed.
 */
export function paymentProvider(env: Env): PaymentProvider {
  if (env.PAYMENT_PROVIDER === "stripe") return stripeProvider(env);
  if (env.standIns) return sandboxProvider(env);
  throw new Error("No payment provider is configured (PAYMENT_PROVIDER)");
}

/** Why the configured payment provider cannot run in a deployment; empty when it can. */
export function paymentProblems(env: Env): string[] {
  if (env.PAYMENT_PROVIDER !== "stripe") return [`PAYMENT_PROVIDER is "${env.PAYMENT_PROVIDER ?? ""}" (a deployment needs "stripe")`];
  return STRIPE_SECRETS.filter((name) => !env[name]).map((name) => `${name} is not set`);
}

/**
 * How a webhook is answered. Providers retry anything but 2xx, so whatever must not change
 * (replays, events the shop ignores) is a 200; a bad signature or payload is the sender's error.
 */
export const WEBHOOK_STATUS = {
  settled: 200, unchanged: 200, ignored: 200, unknown: 404, mismatch: 409, badSignature: 401, badPayload: 400,
} as const;
