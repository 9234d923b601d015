-- Short lines (issue 32 §2, docs/decisions/0041-fulfilment.md "Short lines"): what left a paid
-- order at picking, and why: pieces the picker could not find ('missing'), or a gift the smaller
-- order no longer earns ('giftRule'). The order's line itself is reduced (or deleted) in the same
-- batch; this row keeps what was there, for the customer's order page, her mail and the audit.
-- The refund the shortage made, if any, names the order; `refund_key` is its idempotency key.
CREATE TABLE order_short (
  id          INTEGER PRIMARY KEY,
  order_id    TEXT NOT NULL REFERENCES customer_order (id),
  sku         TEXT NOT NULL,
  is_gift     INTEGER NOT NULL CHECK (is_gift IN (0, 1)),
  name        TEXT NOT NULL,
  qty         INTEGER NOT NULL CHECK (qty > 0),
  reason      TEXT NOT NULL CHECK (reason IN ('missing', 'giftRule')),
  staff_id    INTEGER NOT NULL REFERENCES staff_member (id),
  at          TEXT NOT NULL,   -- UTC instant, ISO 8601
  refund_key  TEXT NOT NULL
);
CREATE INDEX order_short_by_order ON order_short (order_id);
