-- The cooperative's own decisions (issue 32, docs/decisions/0021 and 0020): a signed membership
-- declaration is admitted or refused by the cooperative in the back office, and the payout of
-- shares given notice is recorded once the general meeting has approved the annual accounts.

-- A refusal is a state of its own, with the reason the member is told. SQLite cannot change a
-- CHECK in place, so the table is built anew with the same rows (no table refers to it).
CREATE TABLE share_purchase_new (
  id             TEXT PRIMARY KEY,
  customer_id    INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  quantity       INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 50),
  status         TEXT NOT NULL CHECK (status IN
                   ('awaiting_signature', 'declined', 'in_review', 'approved', 'in_cart', 'ordered', 'paid', 'cancelled', 'refused')),
  declaration    TEXT NOT NULL,
  signing_ref    TEXT NOT NULL UNIQUE,
  order_id       TEXT REFERENCES customer_order (id),
  created_at     TEXT NOT NULL,
  signed_at      TEXT,
  review_due_at  TEXT,
  updated_at     TEXT NOT NULL,
  refusal_reason TEXT,                           -- the cooperative's reason, told to the member
  CHECK ((status = 'refused') = (refusal_reason IS NOT NULL))
);
INSERT INTO share_purchase_new (id, customer_id, quantity, status, declaration, signing_ref, order_id, created_at,
                                signed_at, review_due_at, updated_at, refusal_reason)
  SELECT id, customer_id, quantity, status, declaration, signing_ref, order_id, created_at,
         signed_at, review_due_at, updated_at, NULL
  FROM share_purchase;
DROP TABLE share_purchase;
ALTER TABLE share_purchase_new RENAME TO share_purchase;
CREATE UNIQUE INDEX share_purchase_open ON share_purchase (customer_id)
  WHERE status NOT IN ('declined', 'paid', 'cancelled', 'refused');
CREATE INDEX share_purchase_in_review ON share_purchase (review_due_at) WHERE status = 'in_review';
CREATE INDEX share_purchase_by_order ON share_purchase (order_id) WHERE order_id IS NOT NULL;

-- The share ledger's payouts: one per cancellation, never two (the primary key), never changed.
-- The amount is the cancellation's value (docs/decisions/0020); `paid_on` is the Berlin date the
-- money went out, `recorded_at` the UTC instant the cooperative recorded it.
CREATE TABLE share_payout (
  cancellation_id TEXT PRIMARY KEY REFERENCES share_entry (id) ON DELETE CASCADE,
  customer_id     INTEGER NOT NULL REFERENCES shareholder (customer_id) ON DELETE CASCADE,
  amount_cents    INTEGER NOT NULL CHECK (amount_cents >= 0),
  paid_on         TEXT NOT NULL,
  recorded_at     TEXT NOT NULL
);
CREATE INDEX share_payout_by_customer ON share_payout (customer_id);

CREATE TRIGGER share_payout_never_changes BEFORE UPDATE ON share_payout
BEGIN
  SELECT RAISE(ABORT, 'share_payout is append-only');
END;
