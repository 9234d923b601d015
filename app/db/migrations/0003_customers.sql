-- Customer accounts: customers, one-time tokens (activation, password reset, e-mail change),
-- server-side sessions, exact rate-limit counters, the e-mail outbox, addresses and wishlists.
-- Ids of customers and addresses are random integers made by the application (not guessable,
-- known before the batch that writes them).

CREATE TABLE customer (
  id                 INTEGER PRIMARY KEY,
  email              TEXT NOT NULL COLLATE NOCASE UNIQUE,
  password_hash      TEXT NOT NULL,             -- 'pbkdf2-sha256$<iterations>$<salt>$<hash>'
  firstname          TEXT NOT NULL,
  lastname           TEXT NOT NULL,
  dob                TEXT,                      -- 'YYYY-MM-DD'
  telephone          TEXT NOT NULL DEFAULT '',
  gender             TEXT NOT NULL CHECK (gender IN ('m', 'w', 'd')),
  status             TEXT NOT NULL CHECK (status IN ('pending', 'active', 'blocked')),
  dark_mode_enabled  TEXT NOT NULL DEFAULT '0' CHECK (dark_mode_enabled IN ('0', '1')),
  is_sepa_allowed    TEXT NOT NULL DEFAULT '0' CHECK (is_sepa_allowed IN ('0', '1')),
  group_identifier   TEXT NOT NULL DEFAULT 'general',
  consents_at        TEXT NOT NULL,             -- terms, privacy and values code, given together
  created_at         TEXT NOT NULL,
  updated_at         TEXT NOT NULL
);

-- A token is stored only as its SHA-256; the mail holds the token itself. Used once.
CREATE TABLE customer_token (
  token_hash   TEXT PRIMARY KEY,
  customer_id  INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  purpose      TEXT NOT NULL CHECK (purpose IN ('activation', 'password_reset', 'email_change')),
  new_email    TEXT,                            -- purpose 'email_change' only
  expires_at   INTEGER NOT NULL,                -- unix seconds
  used_at      INTEGER
);
CREATE INDEX customer_token_by_customer ON customer_token (customer_id, purpose);

-- The cookie holds a random id; the table holds its SHA-256, so a copy of the database signs no one in.
CREATE TABLE session (
  id_hash       TEXT PRIMARY KEY,
  customer_id   INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  created_at    INTEGER NOT NULL,               -- unix seconds; absolute lifetime counts from here
  last_seen_at  INTEGER NOT NULL                -- idle lifetime counts from here
);
CREATE INDEX session_by_customer ON session (customer_id);

-- Fixed-window counters, one row per key ('login:account:<email>', 'login:client:<ip>', ...).
CREATE TABLE rate_limit (
  key           TEXT PRIMARY KEY,
  window_start  INTEGER NOT NULL,
  count         INTEGER NOT NULL
);

-- Every e-mail the shop sends is written here first (ARCHITECTURE: mailer).
CREATE TABLE outbox (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  recipient   TEXT NOT NULL,
  subject     TEXT NOT NULL,
  text_body   TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  sent_at     TEXT
);

CREATE TABLE address (
  id                  INTEGER PRIMARY KEY,
  customer_id         INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  street              TEXT NOT NULL,
  house_number        TEXT NOT NULL,
  address_addition    TEXT NOT NULL DEFAULT '',
  zip                 TEXT NOT NULL,
  city                TEXT NOT NULL,
  country             TEXT NOT NULL DEFAULT 'DE',
  is_default_shipping INTEGER NOT NULL DEFAULT 0 CHECK (is_default_shipping IN (0, 1)),
  is_default_billing  INTEGER NOT NULL DEFAULT 0 CHECK (is_default_billing IN (0, 1)),
  created_at          TEXT NOT NULL
);
CREATE INDEX address_by_customer ON address (customer_id);
CREATE UNIQUE INDEX address_one_default_shipping ON address (customer_id) WHERE is_default_shipping = 1;
CREATE UNIQUE INDEX address_one_default_billing ON address (customer_id) WHERE is_default_billing = 1;

CREATE TABLE wishlist_item (
  customer_id  INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  sku          TEXT NOT NULL REFERENCES product (sku) ON DELETE CASCADE,
  added_at     TEXT NOT NULL,
  PRIMARY KEY (customer_id, sku)
);
