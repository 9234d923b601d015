/**
 * Thousands of finished orders for the archive's tests (docs/decisions/0052): copies of the demo
 * seed's completed orders (a store purchase, a delivery, a click & collect order; scripts/seed/orders.mjs)
 * under new ids and numbers, dated `daysAgo` back, each with its payment, its handover step (online
 * orders), and on every tenth a short line with its settled refund; written in a few statements each
 * (a recursive count), so 10,000 orders take seconds.
 */
import type { TestShop } from "./worker";

/** The seed orders copied, in turn: a store purchase, a delivery, a store purchase with balance, click & collect. */
const TEMPLATES = ["seed-order-1", "seed-order-2", "seed-order-3", "seed-order-4"];

export interface GeneratedOrders {
  ids: string[];
  numbers: number[];
}

/**
 * `count` orders of the customer, numbered from `firstNumber`, created `daysAgo` days back (one
 * second apart), status complete. Ids "gen-<number>" (or another prefix).
 */
export async function generateOrders(
  shop: TestShop,
  opts: {
    count: number;
    customerId: number;
    firstNumber: number;
    daysAgo: number;
    templates?: string[];
    /** The ids' prefix: "gen" unless given ("<prefix>-<number>") */
    prefix?: string;
  },
): Promise<GeneratedOrders> {
  const db = shop.db;
  const staff = (await db.prepare("SELECT id FROM staff_member ORDER BY id LIMIT 1").first<{ id: number }>())!.id;
  const columns = (
    await db.prepare("SELECT name FROM pragma_table_info('customer_order')").all<{ name: string }>()
  ).results.map((c) => c.name);
  const start = Date.now() - opts.daysAgo * 24 * 60 * 60 * 1000;
  // n: 0 … count-1; t: the template each one copies
  const numbered = `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${opts.count}),
    g AS (SELECT i, ${opts.firstNumber} + i AS number, '${opts.prefix ?? "gen"}-' || (${opts.firstNumber} + i) AS id,
      CASE i % 4 ${(opts.templates ?? TEMPLATES).map((t, k) => `WHEN ${k} THEN '${t}'`).join(" ")} END AS template,
      strftime('%Y-%m-%dT%H:%M:%fZ', ${start / 1000} + i, 'unixepoch') AS at FROM n)`;
  const replaced: Record<string, string> = {
    id: "g.id",
    increment_id: "g.number",
    customer_id: String(opts.customerId),
    idempotency_key: "g.id",
    status: "'complete'",
    created_at: "g.at",
    paid_at: "g.at",
    withdrawn_at: "NULL",
    cashback_credited_at: "NULL",
    archived_at: "NULL",
    archive_key: "NULL",
    archived_lines: "NULL",
    archived_picked: "NULL",
    archive_claimed_until: "NULL",
  };
  await db.batch([
    db.prepare(
      `${numbered} INSERT INTO customer_order (${columns.join(", ")})
       SELECT ${columns.map((c) => replaced[c] ?? `o.${c}`).join(", ")} FROM g JOIN customer_order o ON o.id = g.template`,
    ),
    db.prepare(
      `${numbered} INSERT INTO order_item (order_id, sku, is_gift, name, qty, unit_price_cents, deposit_cents, tax_rate, row_total_cents)
       SELECT g.id, i.sku, i.is_gift, i.name, i.qty, i.unit_price_cents, i.deposit_cents, i.tax_rate, i.row_total_cents
       FROM g JOIN order_item i ON i.order_id = g.template`,
    ),
    db.prepare(
      `${numbered} INSERT INTO payment (id, order_id, method, amount_cents, status, settled_by, created_at, settled_at, provider, provider_ref)
       SELECT 'pay-' || g.id, g.id, o.payment_method, o.grand_total_cents, 'approved', 'evt-' || g.id, g.at, g.at, 'sandbox', 'ref-' || g.id
       FROM g JOIN customer_order o ON o.id = g.id`,
    ),
    db.prepare(
      `${numbered} INSERT INTO order_step (order_id, step, at, staff_id, tracking_number)
       SELECT g.id, CASE WHEN o.carrier_code = 'clickandcollect' THEN 'collected' ELSE 'delivered' END, g.at, ${staff}, NULL
       FROM g JOIN customer_order o ON o.id = g.id WHERE o.channel = 'online'`,
    ),
    // every tenth order: one piece of its first line was missing at picking, refunded to the balance
    db.prepare(
      `${numbered} INSERT INTO order_short (order_id, sku, is_gift, name, qty, reason, staff_id, at, refund_key)
       SELECT g.id, i.sku, i.is_gift, i.name, 1, 'missing', ${staff}, g.at, 'short-' || g.id
       FROM g JOIN order_item i ON i.order_id = g.id
       WHERE g.i % 10 = 0 AND i.sku = (SELECT MIN(sku) FROM order_item WHERE order_id = g.id AND is_gift = 0)`,
    ),
    db.prepare(
      `${numbered} INSERT INTO refund (id, order_id, reason, amount_cents, provider_cents, balance_cents, cashback_cents, state,
         idempotency_key, provider, requested_at, settled_at)
       SELECT 'refund-' || g.id, g.id, 'short', s_price, 0, s_price, 0, 'settled', 'short-' || g.id, NULL, g.at, g.at
       FROM (SELECT g.id, g.at, (SELECT unit_price_cents FROM order_item i JOIN order_short s
               ON s.order_id = i.order_id AND s.sku = i.sku AND s.is_gift = i.is_gift WHERE s.order_id = g.id) AS s_price
             FROM g WHERE g.i % 10 = 0) AS g WHERE s_price IS NOT NULL`,
    ),
  ]);
  const numbers = Array.from({ length: opts.count }, (_, i) => opts.firstNumber + i);
  return { numbers, ids: numbers.map((n) => `${opts.prefix ?? "gen"}-${n}`) };
}
