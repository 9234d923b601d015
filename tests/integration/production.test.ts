/**
 * The shop as deployed (ENVIRONMENT=production on a public address): no development stand-in exists,
 * a deployment without its own configuration refuses to serve, and payments go through the Stripe
 * adapter against a local stand-in of Stripe's API, where only a correctly signed webhook marks an
 * order paid.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser } from "./browser";
import { checkoutHelpers, sandboxSignature, SKU } from "./checkout-helpers";
import { PRODUCTION_BINDINGS, PRODUCTION_ORIGIN, startProductionShop, type ProductionShop } from "./production";
import { STRIPE_WEBHOOK_SECRET, stripeEvent } from "./stand-ins/stripe";
import { SIGNING_API_URL } from "./stand-ins/signing";
import { csrfOf, signIn } from "./browser";
import { prepareTestCustomer } from "../fixtures/customer";
import { createHmac } from "node:crypto";
import { startShop } from "./worker";
import development from "../../app/platform/development-secrets.json";

let shop: ProductionShop;
let h: ReturnType<typeof checkoutHelpers>;
beforeAll(async () => {
  shop = await startProductionShop();
  h = checkoutHelpers(shop);
});
afterAll(async () => {
  await shop?.dispose();
});

describe("development stand-ins do not exist in production", () => {
  it("answers 404 for the sandbox provider, the mailbox, the error page and a sandbox webhook", async () => {
    const { browser } = await h.buyer(1);
    const payment = "pay_gibtesnicht";
    for (const path of [
      `/payment/sandbox/${payment}`,
      "/dev/mailbox",
      "/dev/error",
      "/payment/sandbox/notify",
      "/signing/sandbox/sig_x",
      "/dev/shares",
      "/dev/cards",
      "/dev/tag-manager",
      "/dev/tag-manager/gtm.js?id=GTM-PROD123",
      "/dev/tag-manager/collect",
      // without Access settings the back office is not there at all (docs/decisions/0039)
      "/staff",
      "/staff/login",
      "/staff/members",
    ]) {
      expect((await browser.get(path)).res.status, path).toBe(404);
    }
    expect((await browser.post(`/payment/sandbox/${payment}`, { intent: "approve" }, { csrf: null })).res.status).toBe(
      404,
    );
    const body = JSON.stringify({
      confirmationId: "x",
      paymentId: payment,
      orderId: "o",
      amountCents: 1,
      currency: "EUR",
      outcome: "approved",
    });
    const signed = sandboxSignature(body);
    const notify = await shop.fetch("/payment/sandbox/notify", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", "X-Payment-Signature": signed },
    });
    expect(notify.status).toBe(404);
    expect((await shop.fetch("/payment/webhook/sandbox", { method: "POST", body })).status).toBe(404);
  });

  it("answers 404 to every method on every development path, never a 405 that tells a page is there", async () => {
    const headers = { Origin: PRODUCTION_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" };
    const notFound = await (await shop.fetch("/gibtesnicht")).text();
    const title = /<title>[^<]*<\/title>/.exec(notFound)?.[0];
    expect(title).toBeTruthy();
    for (const path of [
      "/dev/mailbox",
      "/dev/error",
      "/dev/cards",
      "/dev/shares",
      "/dev/tag-manager",
      "/dev/tag-manager/gtm.js",
      "/dev/tag-manager/collect",
      "/dev/mailbox.data",
      "/dev/gibtesnicht",
      "/payment/sandbox/pay_x",
      "/payment/sandbox/notify",
      "/signing/sandbox/sig_x",
    ]) {
      for (const method of ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
        const body = ["GET", "HEAD"].includes(method) ? undefined : "a=1";
        const res = await shop.fetch(path, { method, headers, body });
        expect(res.status, `${method} ${path}`).toBe(404);
        // the shop's page for an unknown address, as for any other path
        if (method === "GET") expect(await res.text(), path).toContain(title);
      }
    }
  });

  it("answers 404 for the signing sandbox and the development page of share purchases, GET and POST", async () => {
    const { browser } = await h.buyer(1);
    const token = csrfOf((await browser.get("/account/customer")).html);
    for (const path of ["/signing/sandbox/x", "/signing/sandbox/sig_gibtesnicht", "/dev/shares"]) {
      expect((await browser.get(path)).res.status, path).toBe(404);
      expect((await browser.post(path, { intent: "sign", purchaseId: "x" }, { csrf: token })).res.status, path).toBe(
        404,
      );
    }
    // a confirmation signed with the published development secret is a forgery here
    const body = JSON.stringify({ eventId: "e", ref: "sig_x", outcome: "signed" });
    const forged = await shop.fetch("/signing/webhook", {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/json",
        "X-Signing-Signature": createHmac("sha256", development.SIGNING_WEBHOOK_SECRET).update(body).digest("hex"),
      },
    });
    expect(forged.status).toBe(401);
  });

  it("draws no tiles of its own: the map's tiles come from the configured tile server, which the CSP allows", async () => {
    expect((await shop.fetch("/map/tiles/6/34/21.svg")).status).toBe(404);
    const page = await shop.fetch("/content/map");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('href="https://tiles.frischkorb.example/6/');
    expect(html).toContain(PRODUCTION_BINDINGS.MAP_TILE_ATTRIBUTION);
    expect(html).not.toContain("/map/tiles/");
    expect(page.headers.get("Content-Security-Policy")).toContain(
      "img-src 'self' data: https://tiles.frischkorb.example;",
    );
  });

  it("loads the configured tag manager only after statistics consent, and its origin only then in the CSP", async () => {
    const first = await shop.fetch("/");
    const firstHtml = await first.text();
    expect(firstHtml).toContain('class="consent-banner"');
    expect(firstHtml).not.toContain("googletagmanager");
    expect(first.headers.get("Content-Security-Policy")).not.toContain("googletagmanager");
    const consented = await shop.fetch("/", { headers: { Cookie: "consent=v1%3Astatistics" } });
    expect(await consented.text()).toContain('src="https://www.googletagmanager.com/gtm.js?id=GTM-PROD123"');
    expect(consented.headers.get("Content-Security-Policy")).toContain("script-src 'self' 'nonce-");
    expect(consented.headers.get("Content-Security-Policy")).toMatch(
      /script-src [^;]*https:\/\/www\.googletagmanager\.com/,
    );
    const collect = await shop.fetch("/dev/tag-manager/collect", {
      method: "POST",
      body: "container=x&page=%2F&payload=%7B%7D",
      headers: { Origin: PRODUCTION_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(collect.status).toBe(404);
  });

  it("sends HSTS and Secure cookies", async () => {
    const login = await shop.fetch("/login");
    expect(login.status).toBe(200);
    expect(login.headers.getSetCookie().find((c) => c.startsWith("csrf="))).toMatch(/Secure/);
    expect(login.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
  });
});

describe("a deployment without its own configuration refuses to serve", () => {
  // Which reason is logged for which setting: tests/unit/deployment.test.ts.
  const cases: [string, Record<string, string>][] = [
    ["no session secret", { SESSION_SECRET: "" }],
    ["a short pepper", { PASSWORD_PEPPER: "kurz" }],
    ["the published development session secret", { SESSION_SECRET: development.SESSION_SECRET }],
    ["no payment provider", { PAYMENT_PROVIDER: "" }],
    ["the sandbox as payment provider", { PAYMENT_PROVIDER: "sandbox" }],
    ["no Stripe webhook secret", { STRIPE_WEBHOOK_SECRET: "" }],
    ["no mail provider", { MAIL_PROVIDER: "" }],
    ["no signing service", { SIGNING_PROVIDER: "" }],
    ["the signing sandbox as signing service", { SIGNING_PROVIDER: "sandbox" }],
    ["no signing service address", { SIGNING_API_URL: "" }],
    ["a signing service address without https", { SIGNING_API_URL: "http://sign.frischkorb.test" }],
    ["no signing service key", { SIGNING_API_KEY: "" }],
    ["no signing webhook secret", { SIGNING_WEBHOOK_SECRET: "" }],
    [
      "the published development signing webhook secret",
      { SIGNING_WEBHOOK_SECRET: development.SIGNING_WEBHOOK_SECRET },
    ],
    ["no sender", { MAIL_FROM: "" }],
    ["no unsubscribe secret", { UNSUBSCRIBE_SECRET: "" }],
    ["ENVIRONMENT=development on a public address", { ENVIRONMENT: "development" }],
    ["ENVIRONMENT=test on a public address", { ENVIRONMENT: "test" }],
    [
      "nothing but ENVIRONMENT=development (a plain deploy)",
      {
        ENVIRONMENT: "development",
        SESSION_SECRET: "",
        PASSWORD_PEPPER: "",
        CSRF_SECRET: "",
        PAYMENT_PROVIDER: "",
        STRIPE_SECRET_KEY: "",
        STRIPE_WEBHOOK_SECRET: "",
        MAIL_PROVIDER: "",
        MAIL_API_KEY: "",
        MAIL_FROM: "",
        SIGNING_PROVIDER: "",
        SIGNING_API_URL: "",
        SIGNING_API_KEY: "",
        SIGNING_WEBHOOK_SECRET: "",
      },
    ],
  ];

  it.each(cases)("%s: 503 with a German page on every path, no reason on it", async (_, override) => {
    const unconfigured = await startShop({
      seed: false,
      migrate: false,
      origin: PRODUCTION_ORIGIN,
      bindings: { ...PRODUCTION_BINDINGS, ...override },
    });
    try {
      for (const path of [
        "/",
        "/login",
        "/dev/mailbox",
        "/payment/sandbox/pay_x",
        "/catalog/product/130001",
        "/content/shares",
        "/signing/sandbox/x",
        "/dev/shares",
      ]) {
        const res = await unconfigured.fetch(path);
        expect(res.status, path).toBe(503);
        const html = await res.text();
        expect(html).toContain("Frischkorb ist gerade nicht erreichbar");
        expect(html).not.toMatch(/SECRET|PEPPER|PROVIDER|ENVIRONMENT/);
      }
      const post = await unconfigured.fetch("/login", {
        method: "POST",
        body: "email=a",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(post.status).toBe(503);
      const webhook = await unconfigured.fetch("/signing/webhook", {
        method: "POST",
        body: "{}",
        headers: { "Content-Type": "application/json" },
      });
      expect(webhook.status).toBe(503);
    } finally {
      await unconfigured.dispose();
    }
  });

  it("serves with development stand-ins only where it is in development or test on a local address", async () => {
    const local = await startShop({ seed: false, bindings: { ENVIRONMENT: "development" } });
    try {
      expect((await local.fetch("/dev/mailbox")).status).toBe(200);
      expect((await local.fetch("/login")).headers.getSetCookie().find((c) => c.startsWith("csrf="))).not.toMatch(
        /Secure/,
      );
    } finally {
      await local.dispose();
    }
  });
});

describe("payments through the Stripe adapter", () => {
  async function orderWith(method: "card" | "paypal" | "sepa", extra: Record<string, string> = {}) {
    const buyer = await h.buyer(20);
    if (method === "sepa")
      await shop.db.prepare("UPDATE customer SET is_sepa_allowed = '1' WHERE id = ?").bind(buyer.id).run();
    const f = await h.checkoutForm(buyer.browser);
    const res = await buyer.browser.post(
      "/checkout",
      h.standardOrder(f, buyer.addressId, { paymentMethod: method, ...extra }),
      { csrf: f.csrf },
    );
    const order = (await h.orderOf(f.key)) as { id: string; grand_total_cents: number };
    return { ...buyer, f, res: res.res, order };
  }

  const webhook = (body: string, signature: string | null) =>
    shop.fetch("/payment/webhook/stripe", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", ...(signature === null ? {} : { "Stripe-Signature": signature }) },
    });

  const orderState = async (id: string) =>
    shop.db
      .prepare(
        "SELECT o.status, o.paid_at, p.status AS payment_status, p.provider, p.provider_ref FROM customer_order o JOIN payment p ON p.order_id = o.id WHERE o.id = ?",
      )
      .bind(id)
      .first<{
        status: string;
        paid_at: string | null;
        payment_status: string;
        provider: string;
        provider_ref: string;
      }>();

  const mailsTo = async (email: string) =>
    (await shop.db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE recipient = ?").bind(email).first<{ n: number }>())!
      .n;

  it("card: Stripe's hosted page, then only its signed webhook marks the order paid; forged and replayed webhooks change nothing", async () => {
    const { res, order, email, f, browser, addressId } = await orderWith("card");
    expect(res.status).toBe(302);
    const location = res.headers.get("Location")!;
    expect(location).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\w+$/);
    const session = shop.stripe.created("checkout.session").at(-1)!;
    expect(location).toBe(session.url);
    expect(session).toMatchObject({
      amount_total: order.grand_total_cents,
      currency: "eur",
      payment_method_types: ["card"],
    });
    expect(session.metadata).toEqual({ paymentId: expect.stringMatching(/^pay_/), orderId: order.id });
    expect(session.success_url).toBe(
      `${PRODUCTION_ORIGIN}/checkout/return?payment=${encodeURIComponent((session.metadata as { paymentId: string }).paymentId)}`,
    );
    expect(shop.stripe.requests.at(-1)!.idempotencyKey).toMatch(/^checkout-pay_/);
    expect(await orderState(order.id)).toMatchObject({
      status: "pending_payment",
      payment_status: "pending",
      provider: "stripe",
      provider_ref: session.id,
    });

    // the checkout page lets its form go on to Stripe's page (CSP form-action)
    expect((await shop.fetch("/login")).headers.get("Content-Security-Policy")).toContain(
      "form-action 'self' https://checkout.stripe.com",
    );
    // the same checkout submitted again (a double click) opens no second payment
    const sessions = shop.stripe.created("checkout.session").length;
    const again = await browser.post("/checkout", h.standardOrder(f, addressId, { paymentMethod: "card" }), {
      csrf: f.csrf,
    });
    expect(again.res.headers.get("Location")).toBe(location);
    expect(shop.stripe.created("checkout.session").length).toBe(sessions);

    const paid = { ...session, status: "complete", payment_status: "paid" };
    const mailsBefore = await mailsTo(email);
    const forged = stripeEvent("checkout.session.completed", paid, { secret: "whsec_wrong_secret_0123456789abcdef" });
    expect((await webhook(forged.body, forged.signature)).status).toBe(401);
    expect((await webhook(forged.body, null)).status).toBe(401);
    const tampered = stripeEvent("checkout.session.completed", paid);
    expect(
      (
        await webhook(
          tampered.body.replace(`"amount_total":${order.grand_total_cents}`, '"amount_total":1'),
          tampered.signature,
        )
      ).status,
    ).toBe(401);
    const stale = stripeEvent("checkout.session.completed", paid, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect((await webhook(stale.body, stale.signature)).status).toBe(401);
    const cheaper = stripeEvent("checkout.session.completed", { ...paid, amount_total: 100 });
    expect((await webhook(cheaper.body, cheaper.signature)).status).toBe(409);
    const unpaid = stripeEvent("checkout.session.completed", { ...paid, payment_status: "unpaid" });
    expect((await webhook(unpaid.body, unpaid.signature)).status).toBe(200);
    expect(await orderState(order.id)).toMatchObject({ status: "pending_payment", paid_at: null });
    expect(await mailsTo(email)).toBe(mailsBefore);

    const genuine = stripeEvent("checkout.session.completed", paid);
    const settled = await webhook(genuine.body, genuine.signature);
    expect(settled.status).toBe(200);
    expect(await settled.json()).toEqual({ result: "settled" });
    expect(await orderState(order.id)).toMatchObject({ status: "processing", payment_status: "approved" });
    expect(await mailsTo(email)).toBe(mailsBefore + 1);

    const replays = await Promise.all([1, 2, 3].map(() => webhook(genuine.body, genuine.signature)));
    for (const r of replays) expect(await r.json()).toEqual({ result: "unchanged" });
    const expired = stripeEvent("checkout.session.expired", { ...session, status: "expired" });
    expect(await (await webhook(expired.body, expired.signature)).json()).toEqual({ result: "unchanged" });
    expect(await orderState(order.id)).toMatchObject({ status: "processing", payment_status: "approved" });
    expect(await mailsTo(email)).toBe(mailsBefore + 1);
  });

  it("coming back from Stripe before its webhook shows the order as waiting for the payment", async () => {
    const { res, browser, order } = await orderWith("paypal");
    const session = shop.stripe.created("checkout.session").at(-1)!;
    expect(session.payment_method_types).toEqual(["paypal"]);
    const success = new URL(String(session.success_url));
    const back = await browser.follow(await browser.get(success.pathname + success.search));
    expect(back.res.status).toBe(200);
    expect(back.html).toContain("Die Bestätigung deiner Zahlung steht noch aus");
    expect((await orderState(order.id))!.status).toBe("pending_payment");
    expect(res.status).toBe(302);
  });

  it("cancelling on Stripe's page ends the session there and gives the cart back at once", async () => {
    const { browser, order, id } = await orderWith("card");
    const session = shop.stripe.created("checkout.session").at(-1)!;
    const cancelUrl = new URL(String(session.cancel_url));
    const back = await browser.get(cancelUrl.pathname + cancelUrl.search);
    expect(back.res.status).toBe(302);
    expect(back.res.headers.get("Location")).toBe("/checkout");
    expect(session.status).toBe("expired");
    expect(await orderState(order.id)).toMatchObject({ status: "canceled", payment_status: "canceled" });
    expect(await h.cartCount(id)).toBe(1);
    const checkout = await browser.follow(back);
    expect(checkout.html).toContain("Die Kartenzahlung wurde abgelehnt oder abgebrochen");
    // Stripe's own expiry event arriving later changes nothing
    const expired = stripeEvent("checkout.session.expired", session);
    expect(await (await webhook(expired.body, expired.signature)).json()).toEqual({ result: "unchanged" });
  });

  it("SEPA: the mandate from the checkout form goes to Stripe with the customer's acceptance; its signed events decide", async () => {
    const stock = await h.stockOf(SKU);
    const { res, order, browser } = await orderWith("sepa", {
      sepaBank: "Sparkasse",
      iban: "DE89 3704 0044 0532 0130 00",
      bic: "COBADEFFXXX",
      sepaConsent: "on",
    });
    expect(res.headers.get("Location")).toMatch(/^\/checkout\/return\?payment=pay_/);
    const intent = shop.stripe.created("payment_intent").at(-1)!;
    const sent = shop.stripe.requests.at(-1)!.form;
    expect(sent.get("payment_method_data[sepa_debit][iban]")).toBe("DE89370400440532013000");
    expect(sent.get("mandate_data[customer_acceptance][type]")).toBe("online");
    expect(sent.get("mandate_data[customer_acceptance][online][ip_address]")).toBe(browser.ip);
    expect(intent).toMatchObject({
      amount: order.grand_total_cents,
      currency: "eur",
      metadata: { flow: "sepa", orderId: order.id },
    });
    expect(await orderState(order.id)).toMatchObject({ status: "pending_payment", provider_ref: intent.id });
    expect(await h.stockOf(SKU)).toBe(stock - 20);

    const processing = stripeEvent("payment_intent.processing", intent);
    expect(await (await webhook(processing.body, processing.signature)).json()).toEqual({ result: "settled" });
    expect((await orderState(order.id))!.status).toBe("processing");
    // a PaymentIntent of Stripe's own Checkout (no SEPA flow mark) is not read as a confirmation
    const foreign = stripeEvent("payment_intent.payment_failed", {
      ...intent,
      id: "pi_other",
      metadata: { orderId: order.id },
    });
    expect(await (await webhook(foreign.body, foreign.signature)).json()).toEqual({ result: "ignored" });
  });

  it("a payment Stripe cannot open cancels the order and gives everything back, with the card message", async () => {
    const stock = await h.stockOf(SKU);
    shop.stripe.failNext(3, 500);
    const { res, browser, order, id } = await orderWith("card");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/checkout");
    expect(await orderState(order.id)).toMatchObject({ status: "canceled", payment_status: "canceled" });
    expect(await h.stockOf(SKU)).toBe(stock);
    expect(await h.cartCount(id)).toBe(1);
    const page = await browser.follow({ res, html: "" });
    expect(page.html).toContain("Die Kartenzahlung wurde abgelehnt oder abgebrochen");
  });

  it("refuses webhooks for a provider the shop is not configured with, and GET", async () => {
    const { body, signature } = stripeEvent(
      "checkout.session.completed",
      { id: "cs_x" },
      { secret: STRIPE_WEBHOOK_SECRET },
    );
    expect(
      (
        await shop.fetch("/payment/webhook/mollie", {
          method: "POST",
          body,
          headers: { "Stripe-Signature": signature },
        })
      ).status,
    ).toBe(404);
    expect((await shop.fetch("/payment/webhook/stripe")).status).toBe(405);
    expect((await new Browser(shop).get("/payment/webhook/stripe")).res.status).toBe(405);
  });
});

describe("membership declarations through the signing service's API", () => {
  let serial = 0;
  async function member() {
    const id = 640_000 + ++serial;
    const email = `zeichnen-prod-${id}@example.org`;
    await shop.db.batch([
      prepareTestCustomer(shop.db, { id, email, firstname: "Ida", lastname: "Signer", gender: "w", dob: "1980-02-03" }),
      shop.db
        .prepare(
          `INSERT INTO address (id, customer_id, street, house_number, zip, city, is_default_shipping, is_default_billing, created_at)
           VALUES (?, ?, 'Karl-Liebknecht-Straße', '5', '04107', 'Leipzig', 1, 1, '2026-01-01')`,
        )
        .bind(id * 10, id),
    ]);
    const browser = new Browser(shop);
    expect((await signIn(browser, email)).res.status).toBe(302);
    const page = await browser.get("/content/shares");
    expect(page.res.status).toBe(200);
    const fields = { quantity: "4", addressId: String(id * 10), statutes: "on", privacy: "on" };
    return { id, email, browser, declare: () => browser.post("/content/shares", fields, { csrf: csrfOf(page.html) }) };
  }
  const purchaseOf = (customerId: number) =>
    shop.db
      .prepare("SELECT id, status, signing_ref FROM share_purchase WHERE customer_id = ?")
      .bind(customerId)
      .first<{ id: string; status: string; signing_ref: string }>();
  const webhook = (body: string, signature: string) =>
    shop.fetch("/signing/webhook", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", "X-Signing-Signature": signature },
    });

  it("asks the service for a signature with the declaration, mails its link, and applies only its signed confirmation", async () => {
    const m = await member();
    const res = await m.declare();
    expect(res.res.status).toBe(302);
    expect(res.res.headers.get("Location")).toBe("/content/shares/confirm");
    const row = (await purchaseOf(m.id))!;
    expect(row.status).toBe("awaiting_signature");
    const sent = shop.signing.requests.at(-1)!;
    expect(sent.id).toBe(row.signing_ref);
    expect(sent.idempotencyKey).toBe(row.id);
    expect(sent.body.reference).toBe(row.id);
    expect(sent.body.signer).toEqual({ email: m.email, name: "Ida Signer" });
    expect(sent.body.webhookUrl).toBe(`${PRODUCTION_ORIGIN}/signing/webhook`);
    expect(sent.body.document.title).toBe("Beitrittserklärung zur Frischkorb eG");
    expect(sent.body.document.lines.join("\n")).toContain("4 Geschäftsanteile");
    expect(sent.body.document.lines.join("\n")).toContain("03.02.1980");
    const mail = await shop.db
      .prepare("SELECT text_body FROM outbox WHERE recipient = ? ORDER BY id DESC")
      .bind(m.email)
      .first<{ text_body: string }>();
    expect(mail!.text_body).toContain(`${SIGNING_API_URL}/sign/${row.signing_ref}`);
    expect(mail!.text_body).not.toContain("/signing/sandbox/");

    // signed with anything but the deployment's secret: refused
    const forged = shop.signing.confirmation(row.signing_ref, "signed", development.SIGNING_WEBHOOK_SECRET);
    expect((await webhook(forged.body, forged.signature)).status).toBe(401);
    expect((await purchaseOf(m.id))!.status).toBe("awaiting_signature");
    const genuine = shop.signing.confirmation(row.signing_ref, "signed");
    const applied = await webhook(genuine.body, genuine.signature);
    expect(applied.status).toBe(200);
    expect(await applied.json()).toEqual({ result: "applied" });
    expect((await purchaseOf(m.id))!.status).toBe("in_review");
    const replay = await webhook(genuine.body, genuine.signature);
    expect(await replay.json()).toEqual({ result: "unchanged" });
    // the Cron Trigger never admits it: in a deployment only the cooperative decides (issue 32)
    for (const later of [61_000, 86_400_000])
      await (await shop.mf.getWorker()).scheduled({ scheduledTime: new Date(Date.now() + later), cron: "* * * * *" });
    expect((await purchaseOf(m.id))!.status).toBe("in_review");
  });

  it("when the service fails, the declaration is refused with the German message and nothing is written", async () => {
    const m = await member();
    const requests = shop.signing.requests.length;
    shop.signing.failNext(1, 500);
    const res = await m.declare();
    expect(res.html).toContain("Deine Beitrittserklärung konnte nicht gesendet werden.");
    expect(res.html).not.toMatch(/signing service|HTTP 500/);
    expect(await purchaseOf(m.id)).toBeNull();
    expect(
      (await shop.db
        .prepare("SELECT COUNT(*) AS n FROM outbox WHERE recipient = ?")
        .bind(m.email)
        .first<{ n: number }>())!.n,
    ).toBe(0);
    expect(shop.signing.requests.length).toBe(requests);
    // the next try goes through
    expect((await m.declare()).res.status).toBe(302);
  });
});
