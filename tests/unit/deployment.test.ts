import { describe, expect, it } from "vitest";
import type { Env } from "~/platform/context";
import { configurationProblems, deploymentEnv, isLocalHost } from "~/platform/deployment.server";
import { retryDelaySeconds } from "~/platform/mail-delivery.server";
import { readStripeEvent } from "~/platform/payment-stripe.server";
import { secret } from "~/platform/secrets.server";
import development from "~/platform/development-secrets.json";

const complete = {
  ENVIRONMENT: "production",
  SESSION_SECRET: "s".repeat(32),
  PASSWORD_PEPPER: "p".repeat(32),
  CSRF_SECRET: "c".repeat(32),
  UNSUBSCRIBE_SECRET: "u".repeat(32),
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_live_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  MAIL_PROVIDER: "resend",
  MAIL_API_KEY: "re_x",
  MAIL_FROM: "Frischkorb <service@frischkorb.example>",
  SHOP_ORIGIN: "https://www.frischkorb.example",
  CARD_PROVIDER: "api",
  CARD_API_URL: "https://cards.frischkorb.example",
  CARD_API_KEY: "card_x",
  SIGNING_PROVIDER: "api",
  SIGNING_API_URL: "https://sign.frischkorb.example",
  SIGNING_API_KEY: "sign_x",
  SIGNING_WEBHOOK_SECRET: "sign_whsec_x",
  MAP_TILE_URL: "https://tiles.frischkorb.example/{z}/{x}/{y}.png",
  MAP_TILE_ATTRIBUTION: "© OpenStreetMap-Mitwirkende",
} as unknown as Env;

const at = (env: Partial<Env>, url = "https://frischkorb.example/") =>
  deploymentEnv({ ...complete, ...env } as Env, new URL(url));

describe("where development stand-ins are allowed", () => {
  it("knows loopback addresses and the names reserved for local use", () => {
    for (const host of ["localhost", "127.0.0.1", "127.1.2.3", "[::1]", "shop.localhost", "shop.test"])
      expect(isLocalHost(host), host).toBe(true);
    for (const host of [
      "frischkorb.example",
      "frischkorb.workers.dev",
      "localhost.evil.example",
      "127.0.0.1.nip.io",
      "test",
      "shop.test.example",
    ]) {
      expect(isLocalHost(host), host).toBe(false);
    }
  });

  it("only explicitly in development or test AND on a local address", () => {
    expect(at({ ENVIRONMENT: "development" }, "http://127.0.0.1:8787/").standIns).toBe(true);
    expect(at({ ENVIRONMENT: "test" }, "http://shop.test/").standIns).toBe(true);
    expect(at({ ENVIRONMENT: "development" }).standIns).toBe(false);
    expect(at({ ENVIRONMENT: "production" }, "http://127.0.0.1:8787/").standIns).toBe(false);
    expect(at({ ENVIRONMENT: undefined as never }, "http://127.0.0.1:8787/").standIns).toBe(false);
  });

  it("lets the development secrets stand in only there", () => {
    const local = at({ ENVIRONMENT: "development", SESSION_SECRET: undefined }, "http://localhost:8787/");
    expect(secret(local, "SESSION_SECRET")).toBe(development.SESSION_SECRET);
    const deployed = at({ ENVIRONMENT: "development", SESSION_SECRET: undefined });
    expect(() => secret(deployed, "SESSION_SECRET")).toThrow("SESSION_SECRET");
  });
});

describe("a deployment's configuration", () => {
  it("is complete with its own secrets and real providers", () => {
    expect(configurationProblems(at({}))).toEqual([]);
  });

  it("names every missing or unsafe setting, never a value", () => {
    const problems = configurationProblems(
      at({
        ENVIRONMENT: "development",
        SESSION_SECRET: "",
        PASSWORD_PEPPER: "kurz",
        CSRF_SECRET: development.CSRF_SECRET.padEnd(40, "x"),
        PAYMENT_PROVIDER: "sandbox",
        MAIL_PROVIDER: undefined,
        CARD_PROVIDER: undefined,
        SIGNING_PROVIDER: undefined,
      }),
    );
    expect(problems).toEqual([
      'ENVIRONMENT is "development" on a deployed host (only "production" may be deployed)',
      "SESSION_SECRET is not set",
      "PASSWORD_PEPPER is shorter than 32 characters",
      'PAYMENT_PROVIDER is "sandbox" (a deployment needs "stripe")',
      'MAIL_PROVIDER is "" (a deployment needs "resend")',
      'CARD_PROVIDER is "" (a deployment needs "api")',
      'SIGNING_PROVIDER is "" (a deployment needs "api")',
    ]);
    expect(configurationProblems(at({ SESSION_SECRET: development.SESSION_SECRET }))).toEqual([
      "SESSION_SECRET is a development value",
    ]);
    expect(configurationProblems(at({ UNSUBSCRIBE_SECRET: "" }))).toEqual(["UNSUBSCRIBE_SECRET is not set"]);
    expect(configurationProblems(at({ UNSUBSCRIBE_SECRET: development.UNSUBSCRIBE_SECRET }))).toEqual([
      "UNSUBSCRIBE_SECRET is a development value",
    ]);
    expect(configurationProblems(at({ STRIPE_SECRET_KEY: "", MAIL_FROM: "" }))).toEqual([
      "STRIPE_SECRET_KEY is not set",
      "MAIL_FROM is not set",
    ]);
    for (const origin of ["", "http://www.frischkorb.example", "https://www.frischkorb.example/shop"])
      expect(configurationProblems(at({ SHOP_ORIGIN: origin }))).toEqual([
        "SHOP_ORIGIN is not an https origin (the links of mails the Cron Trigger writes)",
      ]);
    expect(configurationProblems(at({ CARD_API_URL: "http://cards.example", CARD_API_KEY: "" }))).toEqual([
      "CARD_API_URL is not an https:// address",
      "CARD_API_KEY is not set",
    ]);
    expect(configurationProblems(at({ SIGNING_PROVIDER: "sandbox" }))).toEqual([
      'SIGNING_PROVIDER is "sandbox" (a deployment needs "api")',
    ]);
    expect(
      configurationProblems(
        at({ SIGNING_API_URL: "http://sign.example", SIGNING_API_KEY: "", SIGNING_WEBHOOK_SECRET: "" }),
      ),
    ).toEqual([
      "SIGNING_API_URL is not an https:// address",
      "SIGNING_API_KEY is not set",
      "SIGNING_WEBHOOK_SECRET is not set",
    ]);
    expect(configurationProblems(at({ SIGNING_API_URL: undefined }))).toEqual([
      "SIGNING_API_URL is not an https:// address",
    ]);
    expect(configurationProblems(at({ SIGNING_WEBHOOK_SECRET: development.SIGNING_WEBHOOK_SECRET }))).toEqual([
      "SIGNING_WEBHOOK_SECRET is a development value",
    ]);
    // The worker's own drawn tiles are a development stand-in: a deployment names its tile server.
    expect(configurationProblems(at({ MAP_TILE_URL: undefined, MAP_TILE_ATTRIBUTION: "" }))).toEqual([
      "MAP_TILE_URL is not an https:// URL template with {z}, {x} and {y}",
      "MAP_TILE_ATTRIBUTION is not set",
    ]);
    expect(configurationProblems(at({ MAP_TILE_URL: "http://tiles.example/{z}/{x}/{y}.png" }))).toHaveLength(1);
    expect(configurationProblems(at({ MAP_TILE_URL: "https://tiles.example/{z}/{x}.png" }))).toHaveLength(1);
    // The tag manager is optional; configured, it must name a container, its host and https origins.
    expect(configurationProblems(at({ TAG_MANAGER_CONTAINER_ID: "GTM-PROD123" }))).toEqual([
      "TAG_MANAGER_HOST is not a host name (the production host the tag manager runs on)",
    ]);
    expect(
      configurationProblems(
        at({ TAG_MANAGER_CONTAINER_ID: "GTM-PROD123", TAG_MANAGER_HOST: "www.frischkorb.example" }),
      ),
    ).toEqual([]);
    expect(
      configurationProblems(
        at({
          TAG_MANAGER_CONTAINER_ID: "GTM-PROD123",
          TAG_MANAGER_HOST: "www.frischkorb.example",
          TAG_MANAGER_SCRIPT_URL: "/dev/tag-manager/gtm.js",
        }),
      ),
    ).toEqual(["TAG_MANAGER_SCRIPT_URL is not an https:// URL"]);
  });

  it("has nothing to object to on a local development shop", () => {
    expect(
      configurationProblems(
        at(
          {
            ENVIRONMENT: "development",
            SESSION_SECRET: undefined,
            PAYMENT_PROVIDER: undefined,
            MAIL_PROVIDER: undefined,
            CARD_PROVIDER: undefined,
            SIGNING_PROVIDER: undefined,
            SIGNING_WEBHOOK_SECRET: undefined,
          },
          "http://127.0.0.1/",
        ),
      ),
    ).toEqual([]);
  });
});

describe("mail retries", () => {
  it("wait 1, 2, 4 … minutes, at most six hours", () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([60, 120, 240, 480]);
    expect(retryDelaySeconds(20)).toBe(6 * 60 * 60);
  });
});

describe("Stripe events", () => {
  const session = {
    id: "cs_1",
    object: "checkout.session",
    amount_total: 2875,
    currency: "eur",
    payment_status: "paid",
    metadata: { paymentId: "pay_1", orderId: "o1" },
  };
  const event = (type: string, object: object) => readStripeEvent({ id: "evt_1", type, data: { object } } as never);

  it("decide a payment only by the events that settle it", () => {
    expect(event("checkout.session.completed", session)).toEqual({
      kind: "confirmation",
      confirmation: {
        confirmationId: "evt_1",
        paymentId: "pay_1",
        orderId: "o1",
        amountCents: 2875,
        currency: "EUR",
        outcome: "approved",
      },
    });
    expect(event("checkout.session.completed", { ...session, payment_status: "unpaid" })).toEqual({ kind: "ignored" });
    expect(event("checkout.session.expired", session)).toMatchObject({ confirmation: { outcome: "canceled" } });
    expect(event("checkout.session.async_payment_failed", session)).toMatchObject({
      confirmation: { outcome: "declined" },
    });
    expect(event("checkout.session.completed", { ...session, metadata: {} })).toEqual({ kind: "ignored" });
    expect(event("customer.created", session)).toEqual({ kind: "ignored" });
  });

  it("read PaymentIntents only of the shop's own SEPA debits", () => {
    const intent = {
      id: "pi_1",
      amount: 2875,
      currency: "eur",
      metadata: { paymentId: "pay_1", orderId: "o1", flow: "sepa" },
    };
    expect(event("payment_intent.processing", intent)).toMatchObject({
      confirmation: { outcome: "approved", amountCents: 2875 },
    });
    expect(event("payment_intent.payment_failed", intent)).toMatchObject({ confirmation: { outcome: "declined" } });
    expect(event("payment_intent.succeeded", { ...intent, metadata: { paymentId: "pay_1", orderId: "o1" } })).toEqual({
      kind: "ignored",
    });
  });
});
