-- Marketing preferences (docs/decisions/0026-marketing-preferences.md): the newsletter by double
-- opt-in, personalised offers and postal advertising, and the append-only record of every change
-- as proof of consent (DSGVO art. 7). Mail headers travel with the outbox (List-Unsubscribe).

-- One newsletter subscription per address, whoever asked for it (a visitor or a signed-in
-- customer for their account's address). Consent belongs to the address: a customer who changes
-- the account's address confirms the new one again. The id is random (made by the application)
-- and is named in the unsubscribe link.
CREATE TABLE newsletter_subscription (
  id            INTEGER PRIMARY KEY,
  email         TEXT NOT NULL COLLATE NOCASE UNIQUE,
  status        TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
  confirmed_at  TEXT,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL
);

-- Confirmation links (double opt-in): the mail holds the token, the table its SHA-256. Used once,
-- valid for a limited time; created_at lets a new link wait a few minutes after the last one.
-- used_by is a random mark of the confirmation that used the link, so the rest of its batch acts
-- for exactly that use (two clicks in the same second cannot both pass); NULL for a link that a
-- newer one or an unsubscription made void.
CREATE TABLE newsletter_token (
  token_hash       TEXT PRIMARY KEY,
  subscription_id  INTEGER NOT NULL REFERENCES newsletter_subscription (id) ON DELETE CASCADE,
  created_at       INTEGER NOT NULL,            -- unix seconds
  expires_at       INTEGER NOT NULL,            -- unix seconds
  used_at          INTEGER,
  used_by          TEXT
);
CREATE INDEX newsletter_token_by_subscription ON newsletter_token (subscription_id, used_at);

-- A customer's other two choices; no row means neither was ever given.
CREATE TABLE marketing_preference (
  customer_id          INTEGER PRIMARY KEY REFERENCES customer (id) ON DELETE CASCADE,
  personalised_offers  INTEGER NOT NULL DEFAULT 0 CHECK (personalised_offers IN (0, 1)),
  postal_advertising   INTEGER NOT NULL DEFAULT 0 CHECK (postal_advertising IN (0, 1)),
  updated_at           TEXT NOT NULL
);

-- Proof of consent: every change with who, what, old and new value, source and time. Append-only:
-- the triggers refuse every UPDATE and DELETE. No foreign key to the customer on purpose, so the
-- proof outlives a deleted account.
CREATE TABLE marketing_consent_record (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id  INTEGER,                         -- the signed-in customer who made the change, if any
  email        TEXT,                            -- the address, for the newsletter
  channel      TEXT NOT NULL CHECK (channel IN ('newsletter', 'personalised_offers', 'postal_advertising')),
  old_value    TEXT NOT NULL,
  new_value    TEXT NOT NULL,
  source       TEXT NOT NULL CHECK (source IN ('account', 'visitor-form', 'confirmation-link', 'unsubscribe-link', 'one-click')),
  created_at   TEXT NOT NULL
);
CREATE INDEX marketing_consent_record_by_customer ON marketing_consent_record (customer_id);
CREATE INDEX marketing_consent_record_by_email ON marketing_consent_record (email);

CREATE TRIGGER marketing_consent_record_no_update BEFORE UPDATE ON marketing_consent_record
BEGIN
  SELECT RAISE(ABORT, 'marketing_consent_record is append-only');
END;

CREATE TRIGGER marketing_consent_record_no_delete BEFORE DELETE ON marketing_consent_record
BEGIN
  SELECT RAISE(ABORT, 'marketing_consent_record is append-only');
END;

-- Extra mail headers as a JSON object (List-Unsubscribe, List-Unsubscribe-Post; RFC 8058).
ALTER TABLE outbox ADD COLUMN headers TEXT;
