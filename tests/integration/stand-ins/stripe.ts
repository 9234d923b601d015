/**
 * A local stand-in of the parts of Stripe's HTTP API the shop uses, following Stripe's documented
 * requests and answers: form-encoded bodies with bracketed keys, Bearer secret key, Idempotency-Key
 * (the same key gives the same object), Checkout Sessions (create, expire), PaymentIntents (create
 * with confirm), and webhook events signed as Stripe signs them:
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA-256 of "<t>.<raw body>" with the endpoint secret>`.
 */
import { createHmac, randomBytes } from "node:crypto";
import { Response } from "miniflare";

export const STRIPE_SECRET_KEY = "sk_test_standin_0123456789abcdefghijklmnop";
export const STRIPE_WEBHOOK_SECRET = "whsec_standin_0123456789abcdefghijklmnopqrs";

type StripeObject = Record<string, unknown> & { id: string };

export interface StripeRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | null;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

function error(status: number, message: string, type = "invalid_request_error") {
  return Response.json({ error: { type, message } }, { status });
}

/** metadata[paymentId]=x&metadata[orderId]=y → { paymentId: x, orderId: y } */
function metadataOf(form: URLSearchParams, prefix = "metadata"): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) {
    const m = new RegExp(`^${prefix.replace(/[[\]]/g, "\\$&")}\\[(\\w+)\\]$`).exec(key);
    if (m) out[m[1]] = value;
  }
  return out;
}

export class StripeStandIn {
  readonly requests: StripeRequest[] = [];
  readonly objects = new Map<string, StripeObject>();
  private readonly byKey = new Map<string, StripeObject>();
  /** The next n API calls answer with this status (provider trouble). */
  private failures: { count: number; status: number } = { count: 0, status: 500 };

  failNext(count: number, status = 500) {
    this.failures = { count, status };
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const form = new URLSearchParams(await request.text());
    const entry = {
      method: request.method,
      path: url.pathname,
      form,
      idempotencyKey: request.headers.get("Idempotency-Key"),
    };
    this.requests.push(entry);
    if (request.headers.get("Authorization") !== `Bearer ${STRIPE_SECRET_KEY}`)
      return error(401, "Invalid API Key provided", "authentication_error");
    if (this.failures.count > 0) {
      this.failures.count -= 1;
      return error(this.failures.status, "Stand-in trouble", "api_error");
    }
    const known = entry.idempotencyKey ? this.byKey.get(entry.idempotencyKey) : undefined;
    if (known) return Response.json(known);
    const created = this.route(entry);
    if (created instanceof Response) return created;
    if (entry.idempotencyKey) this.byKey.set(entry.idempotencyKey, created);
    return Response.json(created);
  }

  private route({ method, path, form }: StripeRequest): StripeObject | Response {
    if (method === "POST" && path === "/v1/checkout/sessions") return this.createSession(form);
    const expire = /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(path);
    if (method === "POST" && expire) return this.expireSession(expire[1]);
    if (method === "POST" && path === "/v1/payment_intents") return this.createIntent(form);
    return error(404, `Unrecognized request URL (${method}: ${path})`);
  }

  private createSession(form: URLSearchParams): StripeObject | Response {
    const amount = Number(form.get("line_items[0][price_data][unit_amount]"));
    const quantity = Number(form.get("line_items[0][quantity]"));
    if (form.get("mode") !== "payment" || !Number.isInteger(amount) || amount <= 0 || quantity !== 1)
      return error(400, "Invalid session");
    if (!form.get("success_url") || !form.get("cancel_url")) return error(400, "Missing success_url or cancel_url");
    const sessionId = id("cs");
    const session: StripeObject = {
      id: sessionId,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: amount,
      currency: form.get("line_items[0][price_data][currency]"),
      client_reference_id: form.get("client_reference_id"),
      customer_email: form.get("customer_email"),
      metadata: metadataOf(form),
      success_url: form.get("success_url"),
      cancel_url: form.get("cancel_url"),
      payment_method_types: [form.get("allowed_payment_method_types[0]")],
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
    };
    this.objects.set(sessionId, session);
    return session;
  }

  private expireSession(sessionId: string): StripeObject | Response {
    const session = this.objects.get(sessionId);
    if (!session) return error(404, `No such checkout.session: '${sessionId}'`);
    if (session.status !== "open")
      return error(400, `Only Checkout Sessions with a status in ["open"] can be expired.`);
    Object.assign(session, { status: "expired", url: null });
    return session;
  }

  private createIntent(form: URLSearchParams): StripeObject | Response {
    const iban = form.get("payment_method_data[sepa_debit][iban]") ?? "";
    if (form.get("payment_method_data[type]") !== "sepa_debit" || !/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) {
      return error(400, "Invalid IBAN");
    }
    if (!form.get("mandate_data[customer_acceptance][online][ip_address]") || form.get("confirm") !== "true") {
      return error(400, "A mandate with the customer's acceptance is required to confirm a SEPA debit");
    }
    const intent: StripeObject = {
      id: id("pi"),
      object: "payment_intent",
      status: "processing",
      amount: Number(form.get("amount")),
      currency: form.get("currency"),
      metadata: metadataOf(form),
      payment_method_types: ["sepa_debit"],
    };
    this.objects.set(intent.id, intent);
    return intent;
  }

  /** The sessions and intents created, newest last. */
  created(kind: "checkout.session" | "payment_intent"): StripeObject[] {
    return [...this.objects.values()].filter((o) => o.object === kind);
  }
}

/** A webhook event as Stripe sends it, with its signature header. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  opts: { secret?: string; timestamp?: number; eventId?: string } = {},
) {
  const body = JSON.stringify({
    id: opts.eventId ?? id("evt"),
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });
  const t = opts.timestamp ?? Math.floor(Date.now() / 1000);
  const v1 = createHmac("sha256", opts.secret ?? STRIPE_WEBHOOK_SECRET)
    .update(`${t}.${body}`)
    .digest("hex");
  return { body, signature: `t=${t},v1=${v1}` };
}
