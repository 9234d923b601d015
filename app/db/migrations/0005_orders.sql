-- Orders with their items and payments, the account balance (cached column plus append-only
-- ledger), click & collect slot bookings and the local food delivery area.

-- The cached balance; CHECK makes an overdraft abort the whole batch it is part of.
CREATE TABLE customer_balance (
  customer_id    INTEGER PRIMARY KEY REFERENCES customer (id) ON DELETE CASCADE,
  balance_cents  INTEGER NOT NULL DEFAULT 0 CHECK (balance_cents >= 0)
);

-- Append-only; types are spec 3 "Balance history entry types" (1 credit, 2 use in purchase, ...).
CREATE TABLE balance_entry (
  id            TEXT PRIMARY KEY,
  customer_id   INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  type          INTEGER NOT NULL CHECK (type BETWEEN 1 AND 10),
  amount_cents  INTEGER NOT NULL CHECK (amount_cents <> 0),  -- positive adds, negative uses
  order_id      TEXT,
  note          TEXT NOT NULL DEFAULT '',
  created_at    TEXT NOT NULL
);
CREATE INDEX balance_entry_by_customer ON balance_entry (customer_id, created_at);

-- Postcodes the shop's own chilled vans reach (carrier myensofoodshipping).
CREATE TABLE delivery_area (
  zip  TEXT PRIMARY KEY CHECK (length(zip) = 5)
);

-- Booked places per click & collect slot; the slots themselves follow from the store's opening
-- hours. CHECK makes a booking past the capacity abort the order's batch.
CREATE TABLE pickup_booking (
  store_id    TEXT NOT NULL REFERENCES store (id),
  slot_start  TEXT NOT NULL,            -- UTC instant, ISO 8601
  capacity    INTEGER NOT NULL CHECK (capacity > 0),
  booked      INTEGER NOT NULL CHECK (booked >= 0 AND booked <= capacity),
  PRIMARY KEY (store_id, slot_start)
);

CREATE TABLE customer_order (
  id                 TEXT PRIMARY KEY,
  increment_id       INTEGER NOT NULL UNIQUE,   -- the order number customers see
  customer_id        INTEGER NOT NULL REFERENCES customer (id),
  -- from the checkout form: a resubmitted or double-clicked order finds the first one
  idempotency_key    TEXT NOT NULL,
  channel            TEXT NOT NULL CHECK (channel IN ('online', 'store')),
  status             TEXT NOT NULL CHECK (status IN ('pending_payment', 'processing', 'ready_for_pickup', 'complete', 'canceled')),
  carrier_code       TEXT CHECK (carrier_code IN ('myensopackagedelivery', 'myensodhlexpress', 'clickandcollect', 'myensofoodshipping')),
  store_id           TEXT REFERENCES store (id),
  pickup_slot_start  TEXT,
  shipping_address   TEXT,                      -- JSON snapshot of the address when ordered
  delivery_start     TEXT,                      -- wish slot, UTC instants
  delivery_end       TEXT,
  telephone          TEXT,
  payment_method     TEXT NOT NULL CHECK (payment_method IN ('paypal', 'card', 'sepa', 'balance', 'storecard')),
  sepa_mandate       TEXT,                      -- JSON {bank, iban, bic}
  coupon_code        TEXT,
  comment            TEXT NOT NULL DEFAULT '',
  item_count         INTEGER NOT NULL,
  subtotal_cents     INTEGER NOT NULL,
  discount_cents     INTEGER NOT NULL,
  deposit_cents      INTEGER NOT NULL,
  shipping_cents     INTEGER NOT NULL,
  credit_cents       INTEGER NOT NULL,
  grand_total_cents  INTEGER NOT NULL CHECK (grand_total_cents >= 0),
  tax_details        TEXT NOT NULL,             -- JSON [{rate, grossCents, taxCents}]
  created_at         TEXT NOT NULL,
  paid_at            TEXT,
  withdrawn_at       TEXT,                      -- "Vertrag widerrufen" (§ 356a BGB) received
  UNIQUE (customer_id, idempotency_key)
);
CREATE INDEX customer_order_by_customer ON customer_order (customer_id, created_at);

CREATE TABLE order_item (
  order_id          TEXT NOT NULL REFERENCES customer_order (id) ON DELETE CASCADE,
  sku               TEXT NOT NULL,
  is_gift           INTEGER NOT NULL CHECK (is_gift IN (0, 1)),
  name              TEXT NOT NULL,
  qty               INTEGER NOT NULL CHECK (qty > 0),
  unit_price_cents  INTEGER NOT NULL,
  deposit_cents     INTEGER NOT NULL,
  tax_rate          INTEGER NOT NULL,
  row_total_cents   INTEGER NOT NULL,
  PRIMARY KEY (order_id, sku, is_gift)
);

-- One payment per order at the (sandbox) provider.
CREATE TABLE payment (
  id            TEXT PRIMARY KEY,             -- the provider's payment id
  order_id      TEXT NOT NULL UNIQUE REFERENCES customer_order (id),
  method        TEXT NOT NULL,
  amount_cents  INTEGER NOT NULL,
  currency      TEXT NOT NULL DEFAULT 'EUR',
  status        TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'declined', 'canceled')),
  -- the confirmation that settled the payment; a replayed or later one finds it set and changes nothing
  settled_by    TEXT,
  created_at    TEXT NOT NULL,
  settled_at    TEXT
);
