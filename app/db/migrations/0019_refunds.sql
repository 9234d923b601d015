-- Money back (issue 32, docs/decisions/0040-refunds.md): one refund per request, whatever the
-- reason (a short line, a staff cancellation, a customer's withdrawal). The provider part goes back
-- through the provider the order was paid with, the balance part to the account balance, and the
-- cashback the order still owes is kept back once. A refund is settled only by the provider's
-- signed event; the idempotency key makes a request sent twice (or twenty times at once) one refund.
CREATE TABLE refund (
  id               TEXT PRIMARY KEY,
  order_id         TEXT NOT NULL REFERENCES customer_order (id),
  reason           TEXT NOT NULL CHECK (reason IN ('short', 'cancel', 'withdrawal')),
  amount_cents     INTEGER NOT NULL CHECK (amount_cents > 0),
  provider_cents   INTEGER NOT NULL CHECK (provider_cents >= 0),
  balance_cents    INTEGER NOT NULL CHECK (balance_cents >= 0),
  -- the order's credited cashback kept back with this refund (it was paid out to the balance)
  cashback_cents   INTEGER NOT NULL CHECK (cashback_cents >= 0),
  state            TEXT NOT NULL CHECK (state IN ('requested', 'settled', 'failed')),
  idempotency_key  TEXT NOT NULL UNIQUE,
  provider         TEXT,
  provider_ref     TEXT,
  -- the provider's event that settled (or failed) it; a replay finds it set and changes nothing
  settled_by       TEXT,
  note             TEXT NOT NULL DEFAULT '',
  staff_id         INTEGER REFERENCES staff_member (id),
  requested_at     TEXT NOT NULL,
  settled_at       TEXT,
  CHECK (provider_cents + balance_cents + cashback_cents = amount_cents)
);
CREATE INDEX refund_by_order ON refund (order_id, requested_at);

-- The withdrawals queue reads the withdrawn orders only.
CREATE INDEX customer_order_withdrawn ON customer_order (withdrawn_at) WHERE withdrawn_at IS NOT NULL;

-- Never written: a refund's batch inserts a row here to abort itself when the order's refunds are
-- no longer what it read (another refund came first) or the order can no longer be cancelled.
CREATE TABLE refund_guard (
  reason TEXT NOT NULL,
  CONSTRAINT refunds_unchanged CHECK (reason <> 'refunds changed'),
  CONSTRAINT order_cancellable CHECK (reason <> 'not cancellable')
);
