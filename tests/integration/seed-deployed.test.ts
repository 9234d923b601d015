/**
 * Loading the seed into a deployed database again (`node scripts/seed.mjs --remote`) loses nothing
 * the back office changed (issue 33): prices and their history, stock, withdrawn products, store
 * hours and the gift steps stay as the staff left them; only what the database lacks is added.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runStatements } from "../../scripts/miniflare-shop.mjs";
import { seedStatements } from "../../scripts/seed/build.mjs";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

const rows = async <T>(sql: string, ...params: unknown[]) =>
  (
    await shop.db
      .prepare(sql)
      .bind(...params)
      .all<T>()
  ).results;
const deployedSeed = async () => runStatements(shop.db, (await seedStatements({ demo: false })).statements);

describe("seeding a deployed database again", () => {
  it("keeps every change the back office made and adds only what is missing", async () => {
    const [changed, withdrawn] = ["120001", "120002"];
    const [missing] = (
      await rows<{ sku: string }>(
        `SELECT sku FROM product WHERE sku NOT IN (SELECT sku FROM order_item) AND sku NOT IN (SELECT sku FROM free_product)
          AND sku NOT IN (SELECT sku FROM cart_item) AND sku NOT IN (SELECT sku FROM wishlist_item) ORDER BY sku LIMIT 1`,
      )
    ).map((r) => r.sku);
    const missingBefore = await rows("SELECT allergen FROM product_allergen WHERE sku = ? ORDER BY 1", missing);
    await shop.db.batch(
      [
        [
          "INSERT INTO price_history (sku, price_cents, reduction, valid_from) VALUES (?, 199, 0, ?)",
          changed,
          Date.now(),
        ],
        ["UPDATE product SET price_cents = 199, stock_qty = 7, name = 'Vollmilch vom Hof' WHERE sku = ?", changed],
        ["DELETE FROM product_allergen WHERE sku = ?", changed],
        ["UPDATE product SET published = 0 WHERE sku = ?", withdrawn],
        ["UPDATE store SET opening_hours = '[]', click_and_collect = 0 WHERE id = 'leipzig-gohlis'"],
        [
          "DELETE FROM free_product WHERE rule_id = (SELECT id FROM free_product_rule ORDER BY threshold_cents LIMIT 1)",
        ],
        [
          "DELETE FROM free_product_rule WHERE id = (SELECT id FROM free_product_rule ORDER BY threshold_cents LIMIT 1)",
        ],
        ["DELETE FROM product WHERE sku = ?", missing],
      ].map(([sql, ...args]) => shop.db.prepare(sql as string).bind(...args)),
    );
    const snapshot = async () => ({
      product: await rows("SELECT * FROM product WHERE sku IN (?, ?)", changed, withdrawn),
      history: await rows("SELECT * FROM price_history WHERE sku = ? ORDER BY id", changed),
      allergens: await rows("SELECT * FROM product_allergen WHERE sku = ?", changed),
      store: await rows("SELECT opening_hours, click_and_collect FROM store WHERE id = 'leipzig-gohlis'"),
      rules: await rows("SELECT * FROM free_product_rule ORDER BY id"),
      gifts: await rows("SELECT * FROM free_product ORDER BY rule_id, sku"),
      listed: await rows("SELECT count(*) AS n FROM product_category WHERE sku = ?", withdrawn),
    });
    const before = await snapshot();

    await deployedSeed();
    await deployedSeed();

    expect(await snapshot()).toEqual(before);
    // the product the database lacked is back, listed, with its history and allergens, once
    expect(await rows("SELECT allergen FROM product_allergen WHERE sku = ? ORDER BY 1", missing)).toEqual(
      missingBefore,
    );
    expect((await rows("SELECT * FROM price_history WHERE sku = ?", missing)).length).toBeGreaterThan(0);
    expect((await rows<{ n: number }>("SELECT count(*) AS n FROM product_category WHERE sku = ?", missing))[0].n).toBe(
      3,
    );
  }, 120_000);
});
