-- The Cron Trigger looks for payments still pending after a few minutes every minute
-- (domain/order/reconcile-payments.server.ts): only the pending ones are in this index, so the
-- look stays as small as the number of open payments, however many orders the shop has had.
CREATE INDEX payment_pending ON payment (created_at) WHERE status = 'pending';
