-- Access tokens of the JSON API (app/api/, docs/decisions/0034): only the SHA-256 of the random
-- token is stored, with its customer and when it ends. Signing out deletes the row; a password
-- change deletes every row of the customer.
CREATE TABLE api_token (
  token_hash  TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customer(id) ON DELETE CASCADE,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX api_token_customer ON api_token(customer_id);
