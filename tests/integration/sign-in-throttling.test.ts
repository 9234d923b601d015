/**
 * The sign-in throttle policy (docs/decisions/0010-sign-in-throttling.md) on a deployed shop, where
 * CF-Connecting-IP names the client: failed attempts lock out the client that makes them, never the
 * customer. Each test uses its own customer, so the counters of one never reach another.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, signIn } from "./browser";
import { prepareTestCustomer } from "../fixtures/customer";
import { startProductionShop, type ProductionShop } from "./production";
import { hashPassword } from "../../scripts/seed/password.mjs";
import { PRODUCTION_BINDINGS } from "./production";

let shop: ProductionShop;
beforeAll(async () => {
  shop = await startProductionShop({ seed: false });
});
afterAll(async () => {
  await shop?.dispose();
});

const PASSWORD = "Herbst2026";
let counter = 0;

async function customer(): Promise<string> {
  const email = `drossel-${Date.now()}-${counter++}@example.org`;
  const id = 900000 + Math.floor(Math.random() * 1e9);
  await prepareTestCustomer(shop.db, {
    id,
    email,
    firstname: "Dora",
    lastname: "Drossel",
    gender: "d",
    passwordHash: hashPassword(PASSWORD, PRODUCTION_BINDINGS.PASSWORD_PEPPER),
  }).run();
  return email;
}

const ip = (n: number) => `203.0.113.${n}`;

describe("sign-in throttling on a deployed shop", () => {
  it("five wrong passwords lock out the client that sent them, not the customer on another client", async () => {
    const email = await customer();
    const attacker = new Browser(shop, ip(10));
    for (let i = 0; i < 5; i++) expect((await signIn(attacker, email, `Falsch${i}x1`)).res.status).toBe(401);
    const locked = await signIn(attacker, email, PASSWORD);
    expect(locked.res.status).toBe(429);
    expect(locked.html).toContain("Zu viele Versuche. Bitte warte ein paar Minuten");
    expect((await signIn(new Browser(shop, ip(11)), email, PASSWORD)).res.status).toBe(302);
  });

  it("failures spread over a few clients do not add up against the customer", async () => {
    const email = await customer();
    for (let n = 0; n < 5; n++)
      expect((await signIn(new Browser(shop, ip(20 + n)), email, "Falsch12")).res.status).toBe(401);
    expect((await signIn(new Browser(shop, ip(30)), email, PASSWORD)).res.status).toBe(302);
  });

  it("a broad attack from many clients locks out unknown clients only: the customer's own browser still signs in", async () => {
    const email = await customer();
    const own = new Browser(shop, ip(40));
    expect((await signIn(own, email, PASSWORD)).res.status).toBe(302);
    expect(own.cookies.has("__device")).toBe(true);
    own.cookies.delete("__session");

    for (let n = 0; n < 50; n++)
      expect((await signIn(new Browser(shop, `198.18.${n >> 8}.${n & 255}`), email, "Falsch12")).res.status).toBe(401);
    expect((await signIn(new Browser(shop, ip(41)), email, PASSWORD)).res.status).toBe(429);
    const back = await signIn(own, email, PASSWORD);
    expect(back.res.status).toBe(302);
    expect(back.res.headers.get("Location")).toBe("/");
  });

  it("a known device is throttled on its own after five failures, and its cookie does not help for another address", async () => {
    const email = await customer();
    const other = await customer();
    const device = new Browser(shop, ip(50));
    expect((await signIn(device, email, PASSWORD)).res.status).toBe(302);
    device.cookies.delete("__session");
    for (let i = 0; i < 5; i++) expect((await signIn(device, email, `Falsch${i}x1`)).res.status).toBe(401);
    expect((await signIn(device, email, PASSWORD)).res.status).toBe(429);
    expect((await signIn(new Browser(shop, ip(51)), email, PASSWORD)).res.status).toBe(302);
    expect((await signIn(device, other, PASSWORD)).res.status).toBe(302);
  });

  it("a lock-out lasts 15 minutes from the first failure, on the clock or across its quarter hours", async () => {
    const email = await customer();
    const client = new Browser(shop, ip(80));
    const pair = `login:pair:${email}|${ip(80)}`;
    const ageBy = (seconds: number) =>
      shop.db
        .prepare("UPDATE rate_limit SET window_start = window_start - ?1 WHERE key = ?2")
        .bind(seconds, pair)
        .run();
    for (let i = 0; i < 5; i++) expect((await signIn(client, email, `Falsch${i}x1`)).res.status).toBe(401);
    // 14 minutes later the window is still the first one, whatever quarter hour the clock shows now
    await ageBy(14 * 60);
    expect((await signIn(client, email, PASSWORD)).res.status).toBe(429);
    // past 15 minutes the next attempt opens a new window, counted from 1
    await ageBy(60 + 1);
    expect((await signIn(client, email, PASSWORD)).res.status).toBe(302);
    const row = await shop.db
      .prepare("SELECT count FROM rate_limit WHERE key = ?1")
      .bind(pair)
      .first<{ count: number }>();
    expect(row?.count).toBe(0);
  });

  it("a client trying many addresses is throttled after 30 failures", async () => {
    const prober = new Browser(shop, ip(60));
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await signIn(prober, `probe-${i}@example.org`, "Falsch123")).res.status);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("an unreadable or forged device cookie counts as none", async () => {
    const email = await customer();
    for (const value of ["x", "%", "eyJpZCI6ImEiLCJhY2NvdW50cyI6W119.forged"]) {
      const browser = new Browser(shop, ip(70));
      browser.cookies.set("__device", value);
      expect((await signIn(browser, email, PASSWORD)).res.status).toBe(302);
    }
  });
});
