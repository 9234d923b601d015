/**
 * D1's Sessions API (docs/decisions/0028): a signed-in shopper's requests carry the bookmark of
 * the last one, so reads from a replica never miss their own writes; visitors' cacheable pages
 * carry none; a bookmark that is not D1's is ignored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, csrfOf, signIn } from "./browser";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop({ bindings: { EDGE_CACHE_SECONDS: "60" } });
});
afterAll(async () => {
  await shop?.dispose();
});

const bookmarkOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith("__d1b="))
    ?.split(";")[0]
    .slice("__d1b=".length);

describe("the bookmark", () => {
  it("comes with the sign-in, so the first page after it reads the new session", async () => {
    const anna = new Browser(shop);
    const login = await signIn(anna);
    expect(login.res.status).toBe(302);
    const bookmark = bookmarkOf(login.res);
    expect(bookmark).toMatch(/^[0-9a-f]+(?:-[0-9a-f]+)+$/i);
    expect(login.res.headers.getSetCookie().find((c) => c.startsWith("__d1b="))).toMatch(/HttpOnly; SameSite=Lax/);
    expect((await anna.get("/account")).res.status).toBe(200);
  });

  it("moves on with every write of the shopper, and each request reads from the last one's", async () => {
    const anna = new Browser(shop);
    await signIn(anna);
    const page = await anna.get("/account");
    const before = anna.cookies.get("__d1b");
    const added = await anna.post(
      "/cart",
      { intent: "add", sku: "120001", qty: "1", redirectTo: "/cart" },
      { csrf: csrfOf(page.html) },
    );
    const after = bookmarkOf(added.res);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    // D1's bookmarks order the commits: the write's comes later
    expect(after! > before!).toBe(true);
    const cart = await anna.get("/cart");
    expect(cart.html).toContain("120001");
    await anna.post("/cart", { intent: "remove", sku: "120001", redirectTo: "/cart" }, { csrf: csrfOf(cart.html) });
  });

  it("never comes with a visitor's cacheable page", async () => {
    for (const path of ["/", "/catalog/category/milch", "/search/find?q=milch"]) {
      const res = await shop.fetch(path);
      expect(res.status).toBe(200);
      expect(bookmarkOf(res), path).toBeUndefined();
    }
  });

  it("is ignored when it is not D1's, and never gives a 500", async () => {
    const anna = new Browser(shop);
    await signIn(anna);
    for (const bad of ["x", "", "../../etc", "0".repeat(500), "zz-zz", "%00", "00000001-00000002-<script>"]) {
      anna.cookies.set("__d1b", bad);
      const res = (await anna.get("/account")).res;
      expect(res.status, bad).toBe(200);
    }
  });
});
