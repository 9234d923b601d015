-- Delivering the outbox through a mail provider, and payments at a real provider.

-- A delivery run claims a mail by writing its token and lease end in one statement, so two runs
-- that overlap never claim the same mail; a run that dies leaves a lease that simply ends.
-- After a failure the mail waits until next_attempt_at; after too many it is parked for a person.
ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN next_attempt_at TEXT;
ALTER TABLE outbox ADD COLUMN claim_token TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until TEXT;
ALTER TABLE outbox ADD COLUMN parked_at TEXT;
ALTER TABLE outbox ADD COLUMN last_error TEXT;
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL AND parked_at IS NULL;

-- Which provider holds the payment, its own id for it, and the hosted page the customer pays on.
ALTER TABLE payment ADD COLUMN provider TEXT NOT NULL DEFAULT 'sandbox';
ALTER TABLE payment ADD COLUMN provider_ref TEXT;
ALTER TABLE payment ADD COLUMN page_url TEXT;
