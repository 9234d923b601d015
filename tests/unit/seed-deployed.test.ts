import { describe, expect, it } from "vitest";
import { seedStatements } from "../../scripts/seed/build.mjs";

describe("seeding a deployed database", () => {
  it("loads the range, stores, pages and shop rules, but no demo customers, orders, balances or vouchers", async () => {
    const local = (await seedStatements()).statements.join("\n");
    const deployed = (await seedStatements({ demo: false })).statements.join("\n");
    for (const table of [
      "customer",
      "address",
      "wishlist_item",
      "customer_order",
      "order_item",
      "customer_balance",
      "balance_entry",
      "coupon",
      "shareholder",
      "share_entry",
      "staff_member",
    ]) {
      expect(local, table).toMatch(new RegExp(`INSERT INTO ${table} \\(`));
      expect(deployed, table).not.toMatch(new RegExp(`INSERT INTO ${table} \\(`));
    }
    for (const table of [
      "product",
      "category",
      "store",
      "content_page",
      "free_product_rule",
      "delivery_area",
      "url_redirect",
    ]) {
      expect(deployed, table).toMatch(new RegExp(`INSERT INTO ${table} \\(`));
    }
  }, 60_000);
});
