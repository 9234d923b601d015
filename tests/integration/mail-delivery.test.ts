/**
 * Delivering the outbox through the mail provider (a local stand-in of Resend's API), run by the
 * worker's Cron Trigger where the worker has no mail queue (docs/decisions/0051; with the queue:
 * mail-queue.test.ts): every mail once, also when runs overlap; retried with backoff after a
 * failure; parked after the limit or a refusal for good. Locally nothing leaves the outbox.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Browser } from "./browser";
import { prepareTestCustomer } from "../fixtures/customer";
import { startProductionShop, type ProductionShop } from "./production";
import { MAIL_FROM } from "./stand-ins/resend";
import { startShop } from "./worker";
import { MAX_ATTEMPTS } from "../../app/platform/mail-delivery.server";

let shop: ProductionShop;
beforeAll(async () => {
  shop = await startProductionShop({ seed: false });
});
afterAll(async () => {
  await shop?.dispose();
});

beforeEach(async () => {
  await shop.db.prepare("DELETE FROM outbox").run();
  shop.resend.requests.length = 0;
  shop.resend.delivered.length = 0;
  shop.resend.delayMs = 0;
  shop.resend.failNext(0);
});

async function queue(count: number, to = (i: number) => `empfaenger-${i}@example.org`) {
  const now = new Date().toISOString();
  await shop.db.batch(
    Array.from({ length: count }, (_, i) =>
      shop.db
        .prepare("INSERT INTO outbox (recipient, subject, text_body, created_at) VALUES (?, ?, ?, ?)")
        .bind(to(i), `Betreff ${i}`, `Hallo ${i},\nText.`, now),
    ),
  );
}

/** One run of the Cron Trigger, as Cloudflare starts it at the given time. */
async function cron(at = new Date()) {
  const worker = await shop.mf.getWorker();
  await worker.scheduled({ scheduledTime: at, cron: "* * * * *" });
}

const rows = async () =>
  (
    await shop.db
      .prepare(
        "SELECT id, sent_at, attempts, next_attempt_at, parked_at, last_error, claim_token FROM outbox ORDER BY id",
      )
      .all<{
        id: number;
        sent_at: string | null;
        attempts: number;
        next_attempt_at: string | null;
        parked_at: string | null;
        last_error: string | null;
        claim_token: string | null;
      }>()
  ).results;

const minutes = (n: number) => new Date(Date.now() + n * 60_000);

describe("outbox delivery", () => {
  it("sends every waiting mail once, with the sender, an idempotency key, and marks it sent", async () => {
    await queue(3);
    await cron();
    expect(shop.resend.delivered.map((m) => m.to[0]).sort()).toEqual([
      "empfaenger-0@example.org",
      "empfaenger-1@example.org",
      "empfaenger-2@example.org",
    ]);
    expect(shop.resend.delivered[0]).toMatchObject({
      from: MAIL_FROM,
      subject: expect.stringMatching(/^Betreff \d$/),
      text: expect.stringContaining("Hallo"),
    });
    expect(new Set(shop.resend.requests.map((m) => m.idempotencyKey)).size).toBe(3);
    expect((await rows()).every((r) => r.sent_at !== null && r.claim_token === null)).toBe(true);
    await cron(minutes(1));
    expect(shop.resend.requests.length).toBe(3);
  });

  it("sends a marketing mail's headers with it (List-Unsubscribe, docs/decisions/0026); others without", async () => {
    await queue(1);
    const headers = {
      "List-Unsubscribe": "<https://frischkorb.example/newsletter/unsubscribe/1/ab>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    await shop.db
      .prepare("INSERT INTO outbox (recipient, subject, text_body, created_at, headers) VALUES (?, ?, ?, ?, ?)")
      .bind("abonnentin@example.org", "Angebote", "Hallo", new Date().toISOString(), JSON.stringify(headers))
      .run();
    await cron();
    const byRecipient = new Map(shop.resend.delivered.map((m) => [m.to[0], m]));
    expect(byRecipient.get("abonnentin@example.org")?.headers).toEqual(headers);
    expect(byRecipient.get("empfaenger-0@example.org")).not.toHaveProperty("headers");
  });

  it("never sends a mail twice when runs overlap", async () => {
    await queue(40);
    shop.resend.delayMs = 50;
    await Promise.all([cron(), cron(), cron(), cron()]);
    await Promise.all([cron(), cron()]);
    const asked = shop.resend.requests.map((m) => m.to[0]);
    expect(asked.length).toBe(40);
    expect(new Set(asked).size).toBe(40);
    expect((await rows()).every((r) => r.sent_at !== null)).toBe(true);
  });

  it("retries after a provider failure, not before the backoff, and then sends", async () => {
    await queue(1);
    shop.resend.failNext(1, 503);
    await cron();
    let [row] = await rows();
    expect(row).toMatchObject({ sent_at: null, attempts: 1, parked_at: null });
    expect(row.last_error).toContain("HTTP 503");
    expect(Date.parse(row.next_attempt_at!) - Date.now()).toBeGreaterThan(50_000);
    await cron(minutes(0.5));
    expect(shop.resend.requests.length).toBe(1);
    await cron(minutes(2));
    [row] = await rows();
    expect(row.sent_at).not.toBeNull();
    expect(shop.resend.requests.length).toBe(2);
    expect(shop.resend.delivered.length).toBe(1);
  });

  it(`parks a mail after ${MAX_ATTEMPTS} failed attempts and tries it no more`, async () => {
    await queue(1);
    shop.resend.failNext(100, 500);
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) await cron(minutes(i * 400));
    const [row] = await rows();
    expect(row).toMatchObject({ sent_at: null, attempts: MAX_ATTEMPTS });
    expect(row.parked_at).not.toBeNull();
    expect(shop.resend.requests.length).toBe(MAX_ATTEMPTS);
  });

  it("parks at once a mail the provider refuses for good", async () => {
    await queue(1, () => "keine-adresse");
    await cron();
    const [row] = await rows();
    expect(row).toMatchObject({ sent_at: null, attempts: 1 });
    expect(row.parked_at).not.toBeNull();
    expect(row.last_error).toContain("HTTP 422");
  });

  it("a mail queued by the shop itself (password reset) goes out with its link", async () => {
    // this shop has no demo customers to borrow a password hash from; the test signs nobody in
    await prepareTestCustomer(shop.db, {
      id: 4242,
      email: "vergesslich@example.org",
      firstname: "Vera",
      lastname: "Vergesslich",
      gender: "w",
      passwordHash: "x",
    }).run();
    const res = await new Browser(shop).submit("/password/forgot", { email: "vergesslich@example.org" });
    expect(res.res.status).toBeLessThan(400);
    await cron();
    const mail = shop.resend.delivered.find((m) => m.to[0] === "vergesslich@example.org");
    expect(mail?.text).toMatch(/https:\/\/frischkorb\.example\/password\/reset\//);
  });
});

describe("outbox in development", () => {
  it("stays in the outbox for the development mailbox when no mail provider is configured", async () => {
    const local = await startShop({ seed: false, bindings: { ENVIRONMENT: "development" } });
    try {
      await local.db
        .prepare(
          "INSERT INTO outbox (recipient, subject, text_body, created_at) VALUES ('a@example.org', 'S', 'T', '2026-01-01')",
        )
        .run();
      await (await local.mf.getWorker()).scheduled({ scheduledTime: new Date(), cron: "* * * * *" });
      const row = await local.db
        .prepare("SELECT sent_at, attempts FROM outbox")
        .first<{ sent_at: string | null; attempts: number }>();
      expect(row).toEqual({ sent_at: null, attempts: 0 });
    } finally {
      await local.dispose();
    }
  });
});
