-- A used token names the use that took it (app/domain/customer/tokens.server.ts): a random mark,
-- so two uses in the same second can no longer both count as "this batch just used it".
ALTER TABLE customer_token ADD COLUMN used_by TEXT;
