/**
 * The test harness itself: an answer from the shop stays readable however long a test keeps it.
 * Miniflare's own responses lose their body when the garbage collector runs before they are read
 * (see bodyReadAtOnce in worker.ts); that made payment-replays.test.ts fail now and then.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

const collectGarbage = async () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("the integration tests run with --expose-gc (tests/vitest.config.ts)");
  for (let i = 0; i < 5; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

it("answers kept while the garbage collector runs can still be read", async () => {
  const answers = [];
  for (let i = 0; i < 5; i++) answers.push(await shop.fetch("/"));
  await collectGarbage();
  const bodies = await Promise.all(answers.map((a) => a.text()));
  expect(bodies.every((b) => b.startsWith("<!DOCTYPE html>"))).toBe(true);
});
