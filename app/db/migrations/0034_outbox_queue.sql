-- The outbox hands its mails to a Cloudflare Queue (docs/decisions/0051-mail-queue.md).
-- queued_until: the mail was handed to the queue and its consumer should have dealt with it by
-- then; until that time the Cron Trigger's sweep leaves it alone, afterwards (the hand-over failed
-- or the message was lost) the sweep hands it over again. The outbox row stays the source of truth:
-- the consumer claims it with the same token and lease as the Cron Trigger's delivery.
ALTER TABLE outbox ADD COLUMN queued_until TEXT;
