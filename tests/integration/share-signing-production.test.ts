/**
 * Signing a membership declaration in a deployment (docs/decisions/0021): the shop asks the
 * e-signature service's API (a local stand-in of it) for the signature, mails the service's own
 * link, and only a confirmation signed with the deployment's SIGNING_WEBHOOK_SECRET moves the
 * purchase; the development secret and replays change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutHelpers } from "./checkout-helpers";
import { startProductionShop, type ProductionShop } from "./production";
import { SIGNING_API_KEY, SIGNING_API_URL } from "./stand-ins/signing-service";
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

const statusOf = async (customerId: number) =>
  (await shop.db
    .prepare("SELECT status, signing_ref FROM share_purchase WHERE customer_id = ?")
    .bind(customerId)
    .first<{ status: string; signing_ref: string }>()) ?? null;

describe("the e-signature service's API in a deployment", () => {
  it("gets the declaration, its link goes out by e-mail, and only its own signed confirmation counts", async () => {
    const { browser, id, addressId, email } = await h.buyer(1);
    const page = await browser.submit("/content/shares", {
      quantity: "2",
      addressId: String(addressId),
      statutes: "on",
      privacy: "on",
    });
    expect(page.res.status).toBe(302);
    expect(page.res.headers.get("Location")).toBe("/content/shares/confirm");

    const [request] = shop.signing.requests;
    expect(request.authorization).toBe(`Bearer ${SIGNING_API_KEY}`);
    const purchase = await statusOf(id);
    expect(purchase).toEqual({ status: "awaiting_signature", signing_ref: request.id });
    expect(request.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.body).toMatchObject({
      signer: { email, name: "Kai Kasse" },
      document: { title: "Beitrittserklärung zur Frischkorb eG" },
      webhookUrl: "https://frischkorb.example/signing/webhook",
    });
    expect(JSON.stringify(request.body)).toContain("2 Geschäftsanteile zu je 100,00");
    const mail = await shop.db
      .prepare("SELECT text_body FROM outbox WHERE recipient = ? ORDER BY id DESC")
      .bind(email)
      .first<{ text_body: string }>();
    expect(mail?.text_body).toContain(`${SIGNING_API_URL}/sign/${request.id}`);

    const post = (c: { body: string; headers: Record<string, string> }) =>
      shop.fetch("/signing/webhook", { method: "POST", body: c.body, headers: c.headers });
    // signed with the published development secret: refused, nothing moves
    const forged = shop.signing.confirm(request.id, "signed", development.SIGNING_WEBHOOK_SECRET);
    expect((await post(forged)).status).toBe(401);
    expect((await statusOf(id))?.status).toBe("awaiting_signature");

    const confirmation = shop.signing.confirm(request.id, "signed");
    const first = await post(confirmation);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ result: "applied" });
    for (let i = 0; i < 3; i++) {
      const replay = await post(confirmation);
      expect(await replay.json()).toEqual({ result: "unchanged" });
    }
    // a late "declined" for the same request changes nothing either
    expect(await (await post(shop.signing.confirm(request.id, "declined"))).json()).toEqual({ result: "unchanged" });
    expect((await statusOf(id))?.status).toBe("in_review");
  });
});
