/**
 * Mail through the queue (docs/decisions/0051-mail-queue.md): a deployed shop with the mail queue
 * (Miniflare's, consumed by the shop itself) and the mail provider's stand-in. A mail written by a
 * request reaches the provider within seconds; every mail goes out once, also when the queue
 * delivers a message twice or two batches overlap; a failure comes back after its backoff and is
 * parked after the limit; mails never handed over are swept into the queue by the Cron Trigger.
 * Some tests hand the consumer a batch themselves (the worker's `queue` export), as the queue does.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Browser } from "./browser";
import { prepareTestCustomer } from "../fixtures/customer";
import { startProductionShop, type ProductionShop } from "./production";
import { MAX_ATTEMPTS, retryDelaySeconds } from "../../app/platform/mail-delivery.server";

const QUEUE = "mail-test";

let shop: ProductionShop;
beforeAll(async () => {
  // the consumer logs every batch it sends: kept out of the test's output
  // a pace far above any provider's, so the tests measure the queue, not the pacing
  shop = await startProductionShop({
    seed: false,
    mailQueue: QUEUE,
    logs: () => {},
    bindings: { MAIL_SENDS_PER_SECOND: "100000" },
  });
  // the customer whose password reset mails the tests follow
  await prepareTestCustomer(shop.db, {
    id: 4343,
    email: "vergesslich@example.org",
    firstname: "Vera",
    lastname: "Vergesslich",
    gender: "w",
    passwordHash: "x",
  }).run();
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

/** Mails written straight into the outbox: as if their hand-over to the queue had failed. */
async function write(count: number): Promise<number[]> {
  const now = new Date().toISOString();
  await shop.db.batch(
    Array.from({ length: count }, (_, i) =>
      shop.db
        .prepare("INSERT INTO outbox (recipient, subject, text_body, created_at) VALUES (?, ?, ?, ?)")
        .bind(`empfaenger-${i}@example.org`, `Betreff ${i}`, `Hallo ${i}`, now),
    ),
  );
  return (await shop.db.prepare("SELECT id FROM outbox ORDER BY id").all<{ id: number }>()).results.map((r) => r.id);
}

interface QueueResult {
  outcome: string;
  ackAll: boolean;
  explicitAcks: string[];
  retryMessages: { msgId: string; delaySeconds?: number }[];
}

let messageNumber = 0;
/** One batch handed to the shop's consumer, as the queue hands it: each id one message. */
async function consume(ids: number[]): Promise<QueueResult> {
  const worker = (await shop.mf.getWorker()) as unknown as {
    queue(
      name: string,
      messages: { id: string; timestamp: Date; body: unknown; attempts: number }[],
    ): Promise<QueueResult>;
  };
  return worker.queue(
    QUEUE,
    ids.map((id) => ({ id: `m${++messageNumber}`, timestamp: new Date(), body: { id }, attempts: 1 })),
  );
}

async function cron(at = new Date()) {
  const worker = await shop.mf.getWorker();
  await worker.scheduled({ scheduledTime: at, cron: "* * * * *" });
}

interface Row {
  id: number;
  sent_at: string | null;
  attempts: number;
  next_attempt_at: string | null;
  parked_at: string | null;
  queued_until: string | null;
  claim_token: string | null;
}
const rows = async () =>
  (
    await shop.db
      .prepare(
        "SELECT id, sent_at, attempts, next_attempt_at, parked_at, queued_until, claim_token FROM outbox ORDER BY id",
      )
      .all<Row>()
  ).results;

/** Waits until `done` holds (the queue's consumer works in the background), at most `ms`. */
async function until(done: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The backoff has passed: the failed mails are due now (the queue would bring them back now). */
const backoffPassed = () =>
  shop.db
    .prepare("UPDATE outbox SET next_attempt_at = ? WHERE sent_at IS NULL")
    .bind(new Date(Date.now() - 1000).toISOString())
    .run();

describe("mail through the queue", () => {
  it("a mail written by a request (password reset) reaches the provider within seconds, without the Cron Trigger", async () => {
    const started = Date.now();
    const res = await new Browser(shop).submit("/password/forgot", { email: "vergesslich@example.org" });
    expect(res.res.status).toBeLessThan(400);
    await until(() => shop.resend.delivered.some((m) => m.to[0] === "vergesslich@example.org"));
    console.log(`password mail at the provider ${Date.now() - started} ms after the request`);
    const [row] = await rows();
    expect(row.sent_at).not.toBeNull();
    expect(row.queued_until).not.toBeNull();
    expect(shop.resend.delivered[0].text).toMatch(/https:\/\/frischkorb\.example\/password\/reset\//);
  });

  it("sends each of 60 mails exactly once when every message comes twice and three batches overlap", async () => {
    const ids = await write(60);
    shop.resend.delayMs = 30;
    // each batch carries every id, one of them each id twice; the three run at the same time
    const results = await Promise.all([consume([...ids, ...ids]), consume(ids), consume([...ids].reverse())]);
    for (const result of results) {
      expect(result.outcome).toBe("ok");
      expect(result.retryMessages).toEqual([]);
    }
    const asked = shop.resend.requests.map((m) => m.to[0]);
    expect(asked.length).toBe(60);
    expect(new Set(asked).size).toBe(60);
    expect((await rows()).every((r) => r.sent_at !== null && r.claim_token === null)).toBe(true);
    // a message redelivered after its mail went out sends nothing
    await consume(ids.slice(0, 10));
    expect(shop.resend.requests.length).toBe(60);
  });

  it("brings a failed mail back after its backoff, and parks it after the limit", async () => {
    const [id] = await write(1);
    shop.resend.failNext(100, 503);
    let result = await consume([id]);
    expect(result.retryMessages).toEqual([{ msgId: expect.any(String), delaySeconds: retryDelaySeconds(1) }]);
    let [row] = await rows();
    expect(row).toMatchObject({ sent_at: null, attempts: 1, parked_at: null });
    // until then the queue keeps it; the sweep leaves it alone
    expect(Date.parse(row.queued_until!) - Date.parse(row.next_attempt_at!)).toBeGreaterThan(0);
    // the message delivered again before its time (a second copy) sends nothing
    await consume([id]);
    expect(shop.resend.requests.length).toBe(1);
    for (let failures = 2; failures <= MAX_ATTEMPTS; failures++) {
      await backoffPassed();
      result = await consume([id]);
      if (failures < MAX_ATTEMPTS)
        expect(result.retryMessages).toEqual([
          { msgId: expect.any(String), delaySeconds: retryDelaySeconds(failures) },
        ]);
      else expect(result.retryMessages).toEqual([]);
    }
    [row] = await rows();
    expect(row).toMatchObject({ sent_at: null, attempts: MAX_ATTEMPTS });
    expect(row.parked_at).not.toBeNull();
    expect(shop.resend.requests.length).toBe(MAX_ATTEMPTS);
    await backoffPassed();
    await consume([id]);
    expect(shop.resend.requests.length).toBe(MAX_ATTEMPTS);
  });

  it("a mail that fails once goes out on its next delivery", async () => {
    const [id] = await write(1);
    shop.resend.failNext(1, 429);
    await consume([id]);
    await backoffPassed();
    const result = await consume([id]);
    expect(result.retryMessages).toEqual([]);
    const [row] = await rows();
    expect(row.sent_at).not.toBeNull();
    expect(shop.resend.delivered.length).toBe(1);
  });

  it("the Cron Trigger sweeps mails never handed over (a failed enqueue) and lost ones into the queue", async () => {
    const ids = await write(5);
    // one was handed over long ago and its message lost; one is in the queue's hands now
    const past = new Date(Date.now() - 60_000).toISOString();
    const future = new Date(Date.now() + 600_000).toISOString();
    await shop.db.prepare("UPDATE outbox SET queued_until = ? WHERE id = ?").bind(past, ids[0]).run();
    await shop.db.prepare("UPDATE outbox SET queued_until = ? WHERE id = ?").bind(future, ids[1]).run();
    await cron();
    await until(() => shop.resend.delivered.length >= 4);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const sent = shop.resend.delivered.map((m) => m.to[0]).sort();
    expect(sent).toEqual([0, 2, 3, 4].map((i) => `empfaenger-${i}@example.org`));
    // a second sweep right after hands nothing over twice
    await cron();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(shop.resend.requests.length).toBe(4);
  });

  it("a request hands over the mails written within the last minute; older ones wait for the sweep", async () => {
    const [old] = await write(1);
    await shop.db
      .prepare("UPDATE outbox SET created_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 5 * 60_000).toISOString(), old)
      .run();
    const res = await new Browser(shop).submit("/password/forgot", { email: "vergesslich@example.org" });
    expect(res.res.status).toBeLessThan(400);
    await until(() => shop.resend.delivered.some((m) => m.to[0] === "vergesslich@example.org"));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(shop.resend.delivered.map((m) => m.to[0])).toEqual(["vergesslich@example.org"]);
    await cron();
    await until(() => shop.resend.delivered.length === 2);
    expect(shop.resend.delivered[1].to[0]).toBe("empfaenger-0@example.org");
  });

  it.each([
    { count: 3000, latency: 0 },
    { count: 600, latency: 100 },
  ])(
    "measures how many mails a minute the local queue sends ($count mails, provider answering in $latency ms)",
    async ({ count, latency }) => {
      await write(count);
      shop.resend.delayMs = latency;
      const started = Date.now();
      await cron();
      // the sweep hands over SWEEP_SIZE a run; the Cron Trigger runs every minute, here at once
      while (
        (await shop.db.prepare("SELECT count(*) AS n FROM outbox WHERE queued_until IS NULL").first<{ n: number }>())!
          .n > 0
      )
        await cron();
      await until(() => shop.resend.delivered.length >= count, 170_000);
      const seconds = (Date.now() - started) / 1000;
      const perMinute = Math.round((count / seconds) * 60);
      console.log(
        `mail queue: ${count} mails sent in ${seconds.toFixed(1)} s with the provider answering in ${latency} ms: ${perMinute} mails a minute locally`,
      );
      expect(new Set(shop.resend.requests.map((m) => m.to[0])).size).toBe(count);
      expect(shop.resend.requests.length).toBe(count);
    },
    180_000,
  );
});

describe("the consumer's pace", () => {
  it("sends no more mails a second than MAIL_SENDS_PER_SECOND (default 5, the provider's rate limit)", async () => {
    const paced = await startProductionShop({ seed: false, mailQueue: true, logs: () => {} });
    try {
      const now = new Date().toISOString();
      await paced.db.batch(
        Array.from({ length: 20 }, (_, i) =>
          paced.db
            .prepare("INSERT INTO outbox (recipient, subject, text_body, created_at) VALUES (?, ?, ?, ?)")
            .bind(`takt-${i}@example.org`, "Betreff", "Hallo", now),
        ),
      );
      const started = Date.now();
      await (await paced.mf.getWorker()).scheduled({ scheduledTime: new Date(), cron: "* * * * *" });
      const times: number[] = [];
      const seen = () => paced.resend.requests.length;
      await until(() => {
        while (times.length < seen()) times.push(Date.now() - started);
        return seen() >= 20;
      }, 30_000);
      // 20 mails at 5 a second: the last group starts 3 s after the first
      expect(times[19] - times[0]).toBeGreaterThanOrEqual(2900);
      console.log(
        `paced consumer: 20 mails in ${((times[19] - times[0]) / 1000).toFixed(1)} s after the first (a group of 5 each second: ${Math.round((20 / ((times[19] - times[0]) / 1000 + 1)) * 60)} a minute)`,
      );
      expect(new Set(paced.resend.delivered.map((m) => m.to[0])).size).toBe(20);
    } finally {
      await paced.dispose();
    }
  }, 60_000);
});

describe("a hand-over the queue refuses", () => {
  // requests meet a queue that refuses every message; the Cron Trigger meets the real one
  const REFUSING_QUEUE = `
import shop from "./index.js";
export default {
  ...shop,
  fetch(request, env, ctx) {
    const refusing = { send: async () => { throw new Error("Queue unavailable"); }, sendBatch: async () => { throw new Error("Queue unavailable"); } };
    return shop.fetch(request, { ...env, MAIL: refusing }, ctx);
  },
};`;

  it("loses no mail: its mark is taken back, and the Cron Trigger's sweep hands it over", async () => {
    const lines: string[] = [];
    const refused = await startProductionShop({
      seed: false,
      mailQueue: true,
      wrapper: REFUSING_QUEUE,
      logs: (line) => void lines.push(line.message),
    });
    try {
      await prepareTestCustomer(refused.db, {
        id: 4344,
        email: "geduldig@example.org",
        firstname: "Gerda",
        lastname: "Geduldig",
        gender: "w",
        passwordHash: "x",
      }).run();
      const res = await new Browser(refused).submit("/password/forgot", { email: "geduldig@example.org" });
      expect(res.res.status).toBeLessThan(400);
      await until(() => lines.some((line) => line.includes("mail queue refused")));
      await until(async () => {
        const row = await refused.db
          .prepare("SELECT queued_until FROM outbox")
          .first<{ queued_until: string | null }>();
        return row?.queued_until === null;
      });
      expect(refused.resend.requests).toEqual([]);
      await (await refused.mf.getWorker()).scheduled({ scheduledTime: new Date(), cron: "* * * * *" });
      await until(() => refused.resend.delivered.length === 1);
      expect(refused.resend.delivered[0].to).toEqual(["geduldig@example.org"]);
    } finally {
      await refused.dispose();
    }
  }, 60_000);
});
