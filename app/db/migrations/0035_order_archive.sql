-- Orders out of the live database (issue 35 §2, docs/decisions/0052-order-archive-and-pruning.md).
-- An order past its open period moves to the archive (R2, one document per order with its invoice
-- PDF beside it); its detail rows (lines, payment, refunds, steps, picks, short lines) are deleted
-- and the order's own row stays as the small index row the lists, the back office's search and the
-- order number series read: `archived_at` says the detail is in the archive, under `archive_key`.
-- The row keeps every column a list or search shows; the bulky ones only the detail pages show
-- (address, mandate, telephone, comment, tax details) are emptied with the archiving.
-- The invoice rows stay: they are the numbered series and append-only (0021).
ALTER TABLE customer_order ADD COLUMN archived_at TEXT;
ALTER TABLE customer_order ADD COLUMN archive_key TEXT;
-- The back office's board counts an order's lines and picked lines; an archived order's are no
-- longer in D1, so the archiving keeps the two counts in its index row (NULL while not archived).
ALTER TABLE customer_order ADD COLUMN archived_lines INTEGER;
ALTER TABLE customer_order ADD COLUMN archived_picked INTEGER;
-- A run claims the orders it archives until this time (app/domain/order/archive.server.ts), so two
-- runs at once share the work instead of doing it twice; a run cut off leaves a claim that lapses.
ALTER TABLE customer_order ADD COLUMN archive_claimed_until TEXT;
-- The cron's search for the next orders to archive reads only orders not yet archived and finished.
CREATE INDEX customer_order_to_archive ON customer_order (created_at)
  WHERE archived_at IS NULL AND status IN ('complete', 'canceled');
-- The pruning's searches (app/platform/prune.server.ts): each reads only what it deletes.
CREATE INDEX session_by_last_seen ON session (last_seen_at);
CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;
CREATE INDEX rate_limit_by_window ON rate_limit (window_start);
CREATE INDEX customer_token_by_expiry ON customer_token (expires_at);
