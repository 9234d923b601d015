-- Buying shares (docs/decisions/0021): a membership declaration from signing to payment, and the
-- order columns the cooperative needs (the shares' value and the cashback an order earns).

-- One declaration and its way to binding shares. States and their moves are
-- app/domain/share/purchase.ts; every move is one guarded UPDATE (WHERE status = the state it
-- leaves), so a replay or a race moves it at most once.
CREATE TABLE share_purchase (
  id             TEXT PRIMARY KEY,               -- random; the id in URLs, always checked against the customer
  customer_id    INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  quantity       INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 50),
  status         TEXT NOT NULL CHECK (status IN
                   ('awaiting_signature', 'declined', 'in_review', 'approved', 'in_cart', 'ordered', 'paid', 'cancelled')),
  declaration    TEXT NOT NULL,                  -- JSON: the member's data as declared and signed
  signing_ref    TEXT NOT NULL UNIQUE,           -- the signing service's id of the request
  order_id       TEXT REFERENCES customer_order (id),
  created_at     TEXT NOT NULL,
  signed_at      TEXT,
  review_due_at  TEXT,                           -- the cooperative's check runs from then (UTC instant)
  updated_at     TEXT NOT NULL
);
-- At most one purchase on its way per customer; finished ones stay as the record.
CREATE UNIQUE INDEX share_purchase_open ON share_purchase (customer_id)
  WHERE status NOT IN ('declined', 'paid', 'cancelled');
CREATE INDEX share_purchase_in_review ON share_purchase (review_due_at) WHERE status = 'in_review';
CREATE INDEX share_purchase_by_order ON share_purchase (order_id) WHERE order_id IS NOT NULL;

-- The shares' value in an order (no VAT, no deposit, outside every discount) and the cashback the
-- order earns a member; credited when it is paid, taken back when it is withdrawn.
ALTER TABLE customer_order ADD COLUMN shares_cents INTEGER NOT NULL DEFAULT 0 CHECK (shares_cents >= 0);
ALTER TABLE customer_order ADD COLUMN cashback_cents INTEGER NOT NULL DEFAULT 0 CHECK (cashback_cents >= 0);
ALTER TABLE customer_order ADD COLUMN cashback_credited_at TEXT;
