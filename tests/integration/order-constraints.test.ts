/**
 * The order batch tells its refusals apart by the constraint SQLite names in D1's error
 * (place-order.server.ts). Each named constraint is provoked here in the migrated database, so a
 * migration that renames or rewrites one fails this test instead of turning a refusal into the
 * generic checkout error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failedConstraint } from "~/platform/db.server";
import { ORDER_CONSTRAINTS } from "~/domain/order/place-order.server";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

async function refusal(statement: string) {
  try {
    await shop.db.batch([shop.db.prepare(statement)]);
  } catch (error) {
    return failedConstraint(error);
  }
  throw new Error(`not refused: ${statement}`);
}

describe("the constraints that refuse an order batch", () => {
  it("are named in D1's errors exactly as the order code expects", async () => {
    expect(
      await refusal(`UPDATE customer_order SET increment_id = (SELECT MAX(increment_id) FROM customer_order)
      WHERE increment_id = (SELECT MIN(increment_id) FROM customer_order)`),
    ).toEqual(ORDER_CONSTRAINTS.orderNumberTaken);
    expect(await refusal("INSERT INTO order_guard (reason) VALUES ('cart changed')")).toEqual(
      ORDER_CONSTRAINTS.cartChanged,
    );
    expect(
      await refusal("UPDATE product SET stock_qty = stock_qty - 1000000 WHERE sku = (SELECT MIN(sku) FROM product)"),
    ).toEqual(ORDER_CONSTRAINTS.soldOut);
    expect(
      await refusal(`INSERT INTO pickup_booking (store_id, slot_start, capacity, booked)
      VALUES ((SELECT MIN(id) FROM store), '2030-01-07T08:00:00.000Z', 6, 7)`),
    ).toEqual(ORDER_CONSTRAINTS.slotFull);
    expect(
      await refusal(
        "UPDATE customer_balance SET balance_cents = balance_cents - 1000000 WHERE customer_id = (SELECT MIN(customer_id) FROM customer_balance)",
      ),
    ).toEqual(ORDER_CONSTRAINTS.creditSpent);
  });

  it("a failure that is no constraint is told apart from a refusal", async () => {
    await expect(
      shop.db.batch([shop.db.prepare("SELECT * FROM no_such_table")]).catch(failedConstraint),
    ).resolves.toBeNull();
  });
});
