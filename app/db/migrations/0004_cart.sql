-- The cart of a signed-in customer (one per customer), free-gift rules and coupons.

-- One row per product and kind: a gift line (0 €) is separate from a bought line of the same product.
CREATE TABLE cart_item (
  customer_id  INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  sku          TEXT NOT NULL REFERENCES product (sku) ON DELETE CASCADE,
  is_gift      INTEGER NOT NULL DEFAULT 0 CHECK (is_gift IN (0, 1)),
  qty          INTEGER NOT NULL CHECK (qty BETWEEN 1 AND 99),
  added_at     TEXT NOT NULL,
  PRIMARY KEY (customer_id, sku, is_gift)
);

CREATE TABLE cart_state (
  customer_id             INTEGER PRIMARY KEY REFERENCES customer (id) ON DELETE CASCADE,
  coupon_code             TEXT,
  -- the gift step (threshold in cents) at which the customer said "not now"; see domain/cart/gifts.ts
  gift_dismissed_at_cents INTEGER
);

-- Free-product rules (spec 3 "Cart extension attributes"): an order-value step and how many gifts it allows.
CREATE TABLE free_product_rule (
  id              TEXT PRIMARY KEY,
  threshold_cents INTEGER NOT NULL UNIQUE CHECK (threshold_cents > 0),
  gift_count      INTEGER NOT NULL CHECK (gift_count > 0)
);

-- The products a step offers as gifts; a higher step also offers the lower steps' gifts.
CREATE TABLE free_product (
  rule_id  TEXT NOT NULL REFERENCES free_product_rule (id) ON DELETE CASCADE,
  sku      TEXT NOT NULL REFERENCES product (sku) ON DELETE CASCADE,
  PRIMARY KEY (rule_id, sku)
);

CREATE TABLE coupon (
  code             TEXT PRIMARY KEY COLLATE NOCASE,
  kind             TEXT NOT NULL CHECK (kind IN ('fixed', 'percent', 'freeShipping')),
  value            INTEGER NOT NULL DEFAULT 0,     -- cents for 'fixed', percent for 'percent'
  min_order_cents  INTEGER NOT NULL DEFAULT 0,
  label            TEXT NOT NULL,
  valid_until      TEXT                             -- 'YYYY-MM-DD', inclusive; NULL = no end
);
