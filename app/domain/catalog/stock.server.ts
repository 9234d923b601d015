import type { ExpressionBuilder } from "kysely";
import type { Database, ProductTable } from "~/platform/db.server";

/** SQL twin of `isInStock`: a managed item with no stock is sold out, a withdrawn one is not on offer. */
export function inStock(eb: ExpressionBuilder<Database & { p: ProductTable }, "p">) {
  return eb.and([eb("p.published", "=", 1), eb.or([eb("p.stock_managed", "=", 0), eb("p.stock_qty", ">", 0)])]);
}
