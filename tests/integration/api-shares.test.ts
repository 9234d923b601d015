/**
 * The shareholder's reads through the JSON API (docs/decisions/0034): the demo members' shares as
 * `/account/shareholder` shows them, and the purchase status the waiting modal polls.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareTestCustomer } from "../fixtures/customer";
import { DEMO } from "./browser";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
  await prepareTestCustomer(shop.db, {
    id: 9301,
    email: "anteil-null@example.org",
    firstname: "Nina",
    lastname: "Null",
    gender: "w",
  }).run();
});
afterAll(async () => {
  await shop?.dispose();
});

let ip = 10;
async function get(email: string, path: string) {
  const res = await shop.fetch("/rest/V1/integration/customer/token", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `198.18.0.${ip++}` },
    body: JSON.stringify({ username: email, password: DEMO.password }),
  });
  expect(res.status, email).toBe(200);
  const { access_token } = (await res.json()) as { access_token: string };
  return shop.fetch(path, { headers: { Authorization: `Bearer ${access_token}` } });
}

describe("the shares", () => {
  it("of a member: number, count, value in cents, cashback and the history of three purchases", async () => {
    const res = await get(DEMO.active, "/rest/V1/shareholder/items");
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown> & { history: { type: string; quantity: number }[] };
    expect(body).toMatchObject({
      state: "member",
      shareholderId: "4711",
      shareCount: 12,
      sellable: 12,
      sharesValue: 120_000,
      cashbackPermille: 31,
      pendingSales: [],
    });
    expect(body.history.map((e) => [e.type, e.quantity])).toEqual(
      expect.arrayContaining([
        ["purchase", 5],
        ["purchase", 4],
        ["purchase", 3],
      ]),
    );
  });

  it("of a former member, and of a customer who never was one", async () => {
    const former = (await (await get("dora.fischer@example.org", "/rest/V1/shareholder/items")).json()) as Record<
      string,
      unknown
    >;
    expect(former).toMatchObject({ state: "former", shareholderId: "3902", shareCount: 0, sharesValue: 0 });
    const none = (await (await get("anteil-null@example.org", "/rest/V1/shareholder/items")).json()) as Record<
      string,
      unknown
    >;
    expect(none).toEqual({
      state: "none",
      shareholderId: null,
      shareCount: 0,
      sellable: 0,
      sharesValue: 0,
      cashbackPermille: 0,
      pendingSales: [],
      history: [],
    });
  });

  it("has the purchase status of the waiting modal: a declaration under review blocks", async () => {
    const review = await get("emil.wagner@example.org", "/rest/V1/shareholder/purchase/status");
    expect(await review.json()).toEqual({ frontend_status: "pending", shareholder_state: "blocked", item_qty: 2 });
    const none = await get("anteil-null@example.org", "/rest/V1/shareholder/purchase/status");
    expect(await none.json()).toEqual({ frontend_status: "none", shareholder_state: "open", item_qty: 0 });
    expect((await shop.fetch("/rest/V1/shareholder/purchase/status")).status).toBe(401);
  });
});
