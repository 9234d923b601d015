/**
 * Stripe as the shop's payment provider, through its official SDK on its fetch client and WebCrypto
 * (docs/decisions/0009-safe-by-default.md).
 *
 * - Card and PayPal: a Checkout Session, Stripe's hosted payment page.
 * - SEPA direct debit: the shop collects the mandate in its own checkout form (docs/decisions/0005),
 *   so it creates and confirms a PaymentIntent with that IBAN and the mandate's
 *   online acceptance; nothing is left for the customer to do at Stripe.
 *
 * Only a webhook with a valid `Stripe-Signature` (HMAC-SHA-256 with the endpoint's signing secret,
 * timestamp within five minutes) confirms anything. The event id is the confirmation id, so a replay
 * changes nothing.
 *
 * Refunds: the Refunds API with the refund's own key as `Idempotency-Key` and the shop's refund id in
 * the metadata; Stripe's refund events (and `charge.refunded`) settle it (docs/decisions/0040).
 */
import Stripe from "stripe";
import type { Env } from "./context";
import {
  PAYMENT_PAGE_LIFETIME_MINUTES,
  type NewPayment,
  type OpenedPayment,
  type PaymentConfirmation,
  type PaymentOutcome,
  type PaymentProvider,
  type RefundOutcome,
  type StartedPayment,
  type WebhookReading,
} from "./payment-provider";

export const STRIPE_SECRETS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const;

/** Stripe's hosted Checkout page. */
export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

/** How long a Checkout page stays payable; the order's stock stays reserved that long at most. */
const CHECKOUT_LIFETIME_SECONDS = PAYMENT_PAGE_LIFETIME_MINUTES * 60;

/** Webhooks older than this are refused (Stripe's own default tolerance). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Marks the PaymentIntents the shop confirms itself, so Checkout's own PaymentIntent events are not read twice. */
const DIRECT_SEPA = "sepa";

function required(env: Env, name: (typeof STRIPE_SECRETS)[number]): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

function client(env: Env): Stripe {
  return new Stripe(required(env, "STRIPE_SECRET_KEY"), {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
  });
}

async function startCheckout(stripe: Stripe, p: NewPayment): Promise<StartedPayment> {
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      allowed_payment_method_types: [p.method === "paypal" ? "paypal" : "card"],
      line_items: [
        {
          quantity: 1,
          price_data: { currency: "eur", unit_amount: p.amountCents, product_data: { name: p.description } },
        },
      ],
      customer_email: p.customer.email,
      client_reference_id: p.orderId,
      metadata: { paymentId: p.paymentId, orderId: p.orderId },
      success_url: p.returnUrl,
      cancel_url: p.cancelUrl,
      locale: "de",
      expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_LIFETIME_SECONDS,
    },
    { idempotencyKey: `checkout-${p.paymentId}` },
  );
  return { providerRef: session.id, pageUrl: session.url };
}

async function startSepaDebit(stripe: Stripe, p: NewPayment): Promise<StartedPayment> {
  if (!p.sepa) throw new Error("SEPA payment without a mandate");
  const intent = await stripe.paymentIntents.create(
    {
      amount: p.amountCents,
      currency: "eur",
      allowed_payment_method_types: ["sepa_debit"],
      payment_method_data: {
        type: "sepa_debit",
        sepa_debit: { iban: p.sepa.iban },
        billing_details: { name: p.customer.name, email: p.customer.email },
      },
      mandate_data: {
        customer_acceptance: { type: "online", online: { ip_address: p.client.ip, user_agent: p.client.userAgent } },
      },
      confirm: true,
      description: p.description,
      metadata: { paymentId: p.paymentId, orderId: p.orderId, flow: DIRECT_SEPA },
    },
    { idempotencyKey: `sepa-${p.paymentId}` },
  );
  return { providerRef: intent.id, pageUrl: null };
}

function fromSession(id: string, s: Stripe.Checkout.Session, outcome: PaymentOutcome): WebhookReading {
  const { paymentId, orderId } = s.metadata ?? {};
  if (!paymentId || !orderId || s.amount_total === null || !s.currency) return { kind: "ignored" };
  return {
    kind: "confirmation",
    confirmation: {
      confirmationId: id,
      paymentId,
      orderId,
      amountCents: s.amount_total,
      currency: s.currency.toUpperCase(),
      outcome,
    },
  };
}

function fromIntent(id: string, pi: Stripe.PaymentIntent, outcome: PaymentOutcome): WebhookReading {
  const { paymentId, orderId, flow } = pi.metadata ?? {};
  if (flow !== DIRECT_SEPA || !paymentId || !orderId) return { kind: "ignored" };
  return {
    kind: "confirmation",
    confirmation: {
      confirmationId: id,
      paymentId,
      orderId,
      amountCents: pi.amount,
      currency: pi.currency.toUpperCase(),
      outcome,
    },
  };
}

/** A refund's final state in Stripe's words; null while it is still under way. */
function refundOutcome(status: string | null): RefundOutcome | null {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled") return "failed";
  return null;
}

function fromRefund(id: string, r: Stripe.Refund): WebhookReading {
  const { refundId, orderId } = r.metadata ?? {};
  const outcome = refundOutcome(r.status);
  if (!refundId || !orderId || !outcome) return { kind: "ignored" };
  return {
    kind: "refund",
    refund: {
      confirmationId: id,
      refundId,
      orderId,
      amountCents: r.amount,
      currency: r.currency.toUpperCase(),
      outcome,
    },
  };
}

/** `charge.refunded` carries the charge; its refunds are listed with it when the account's API version does. */
function fromRefundedCharge(id: string, charge: Stripe.Charge): WebhookReading {
  const ours = (charge.refunds?.data ?? []).filter((r) => r.metadata?.refundId);
  // one event settles one refund; a charge refunded by several of the shop's refunds sends their own events too
  return ours.length === 1 ? fromRefund(id, ours[0]) : { kind: "ignored" };
}

/** Which events decide a payment, and how (the rest of the account's events are ignored). */
export function readStripeEvent(event: Stripe.Event): WebhookReading {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      // "unpaid" on completion means a delayed method is still on its way; its own event follows.
      return event.data.object.payment_status === "paid"
        ? fromSession(event.id, event.data.object, "approved")
        : { kind: "ignored" };
    case "checkout.session.async_payment_failed":
      return fromSession(event.id, event.data.object, "declined");
    case "checkout.session.expired":
      return fromSession(event.id, event.data.object, "canceled");
    // A SEPA debit settles days later. The shop offers it only to customers with a paid order
    // (`is_sepa_allowed`), so an accepted mandate whose debit is under way counts as approved; a later
    // failure is logged for the dunning process (docs/decisions/0009).
    case "payment_intent.processing":
    case "payment_intent.succeeded":
      return fromIntent(event.id, event.data.object, "approved");
    case "payment_intent.payment_failed":
      return fromIntent(event.id, event.data.object, "declined");
    case "refund.created":
    case "refund.updated":
    case "refund.failed":
    case "charge.refund.updated":
      return fromRefund(event.id, event.data.object);
    case "charge.refunded":
      return fromRefundedCharge(event.id, event.data.object);
    default:
      return { kind: "ignored" };
  }
}

/**
 * Stripe's own state of a payment whose final event the shop never received: a Checkout Session
 * paid, expired or (still open after its lifetime) expired now; a directly confirmed SEPA
 * PaymentIntent under way, succeeded or failed. Null while Stripe has not decided.
 */
async function lookUp(stripe: Stripe, p: OpenedPayment): Promise<PaymentConfirmation | null> {
  const confirmation = (reading: WebhookReading) =>
    reading.kind === "confirmation" && reading.confirmation.paymentId === p.paymentId ? reading.confirmation : null;
  if (p.providerRef.startsWith("cs_")) {
    let session = await stripe.checkout.sessions.retrieve(p.providerRef);
    if (session.status === "open") session = await stripe.checkout.sessions.expire(p.providerRef);
    const id = `lookup-${p.providerRef}`;
    if (session.status === "complete")
      return session.payment_status === "paid" ? confirmation(fromSession(id, session, "approved")) : null;
    return confirmation(fromSession(id, session, "canceled"));
  }
  const intent = await stripe.paymentIntents.retrieve(p.providerRef);
  const id = `lookup-${p.providerRef}-${intent.status}`;
  if (intent.status === "succeeded" || intent.status === "processing")
    return confirmation(fromIntent(id, intent, "approved"));
  if (intent.status === "canceled" || intent.status === "requires_payment_method")
    return confirmation(fromIntent(id, intent, "declined"));
  return null;
}

export function stripeProvider(env: Env): PaymentProvider {
  return {
    name: "stripe",
    pageOrigin: STRIPE_CHECKOUT_ORIGIN,
    startPayment(payment) {
      const stripe = client(env);
      return payment.method === "sepa" ? startSepaDebit(stripe, payment) : startCheckout(stripe, payment);
    },
    async cancelPayment(providerRef, paymentId): Promise<PaymentConfirmation | null> {
      if (!providerRef.startsWith("cs_")) return null;
      try {
        const session = await client(env).checkout.sessions.expire(providerRef);
        const reading = fromSession(`expire-${providerRef}`, session, "canceled");
        return reading.kind === "confirmation" && reading.confirmation.paymentId === paymentId
          ? reading.confirmation
          : null;
      } catch (error) {
        // Stripe refuses to expire a session that was completed meanwhile: its webhook decides.
        console.warn("Stripe checkout session could not be expired", providerRef, (error as Error).message);
        return null;
      }
    },
    lookUpPayment(payment) {
      return lookUp(client(env), payment);
    },
    async refund(r) {
      const stripe = client(env);
      // a Checkout Session's payment is its PaymentIntent; a directly confirmed SEPA debit is one already
      let intent: string | null = r.paymentRef;
      if (r.paymentRef.startsWith("cs_")) {
        const session = await stripe.checkout.sessions.retrieve(r.paymentRef);
        intent =
          typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
      }
      if (!intent) throw new Error(`Stripe payment ${r.paymentRef} has no PaymentIntent to refund`);
      const refund = await stripe.refunds.create(
        {
          payment_intent: intent,
          amount: r.amountCents,
          reason: "requested_by_customer",
          metadata: { refundId: r.refundId, orderId: r.orderId, paymentId: r.paymentId },
        },
        { idempotencyKey: r.key },
      );
      return { providerRef: refund.id, pageUrl: null };
    },
    async readWebhook(body, headers) {
      let event: Stripe.Event;
      try {
        event = await client(env).webhooks.constructEventAsync(
          body,
          headers.get("Stripe-Signature") ?? "",
          required(env, "STRIPE_WEBHOOK_SECRET"),
          SIGNATURE_TOLERANCE_SECONDS,
          Stripe.createSubtleCryptoProvider(),
        );
      } catch {
        return { kind: "badSignature" };
      }
      return readStripeEvent(event);
    },
  };
}
