-- The shareholder programme (docs/decisions/0020): members of the cooperative and the append-only
-- ledger of their shares. Share counts are derived from the ledger, never cached, so there is no
-- second number that could disagree with it.

-- A member of the cooperative. `left_at` is set when the last share's cancellation has taken
-- effect; the row stays, the member list is kept by law.
CREATE TABLE shareholder (
  customer_id    INTEGER PRIMARY KEY REFERENCES customer (id) ON DELETE CASCADE,
  member_number  TEXT NOT NULL UNIQUE CHECK (length(member_number) BETWEEN 1 AND 20),
  joined_at      TEXT NOT NULL,
  left_at        TEXT
);

-- What happened to a member's shares; never updated, never deleted (except with the customer).
-- A purchase adds shares; a cancellation takes them away at `effective_at` (the last day of a
-- business year, a Berlin calendar date 'YYYY-MM-DD') and is paid out by `payout_at` (same form).
CREATE TABLE share_entry (
  id           TEXT PRIMARY KEY,
  customer_id  INTEGER NOT NULL REFERENCES shareholder (customer_id) ON DELETE CASCADE,
  type         TEXT NOT NULL CHECK (type IN ('purchase', 'cancellation')),
  quantity     INTEGER NOT NULL CHECK (quantity > 0),
  value_cents  INTEGER NOT NULL CHECK (value_cents >= 0),
  created_at   TEXT NOT NULL,
  effective_at TEXT NOT NULL,
  payout_at    TEXT,
  CHECK ((type = 'cancellation') = (payout_at IS NOT NULL))
);
CREATE INDEX share_entry_by_customer ON share_entry (customer_id, created_at);
