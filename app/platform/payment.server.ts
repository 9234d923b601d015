/**
 * The payment provider (docs/decisions/0009-safe-by-default.md): a hosted payment page the customer
 * is sent to, and a signed server-to-server confirmation (webhook) that alone decides whether an
 * order is paid. Which provider runs is configuration: `PAYMENT_PROVIDER=stripe` with its keys as
 * secrets in a deployment; the embedded sandbox only where development stand-ins are allowed.
 */
import type { Env } from "./context";
import { sandboxProvider } from "./payment-sandbox.server";
import { STRIPE_SECRETS, stripeProvider } from "./payment-stripe.server";
import type { PaymentProvider } from "./payment-provider";

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
  if (env.PAYMENT_PROVIDER !== "stripe")
    return [`PAYMENT_PROVIDER is "${env.PAYMENT_PROVIDER ?? ""}" (a deployment needs "stripe")`];
  return STRIPE_SECRETS.filter((name) => !env[name]).map((name) => `${name} is not set`);
}

/**
 * The provider a payment was made with (`payment.provider`), e.g. to refund it there: Stripe with its
 * keys, the sandbox only where development stand-ins are allowed.
 */
export function paymentProviderNamed(env: Env, name: string): PaymentProvider {
  if (name === "stripe") return stripeProvider(env);
  if (name === "sandbox" && env.standIns) return sandboxProvider(env);
  throw new Error(`Payment provider "${name}" is not available here`);
}
