-- Customer cards (the physical RFID card and its wallet and app twins), their append-only event
-- ledger, and card applications, which the card provider takes through its steps.

-- Ids are random integers made by the application (not guessable, in URLs). `version` counts
-- every change; each card form carries the version it was shown with, so a replayed or stale
-- form changes nothing (the UPDATE's guard finds the version moved on).
CREATE TABLE card (
  id                   INTEGER PRIMARY KEY,
  customer_id          INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  number               TEXT NOT NULL UNIQUE CHECK (length(number) = 16 AND number NOT GLOB '*[^0-9]*'),
  type                 TEXT NOT NULL CHECK (type IN ('rfid', 'google_wallet', 'apple_wallet', 'enso_app')),
  alias                TEXT NOT NULL DEFAULT '',
  -- locked: by the customer, who can unlock it; the other two only the provider can lift
  status               TEXT NOT NULL CHECK (status IN ('active', 'locked', 'provider_blocked', 'blocked_permanently')),
  -- the PIN only as a slow salted hash ('pbkdf2-sha256$…', like passwords); NULL: no PIN
  pin_hash             TEXT,
  pin_failed_attempts  INTEGER NOT NULL DEFAULT 0 CHECK (pin_failed_attempts >= 0),
  version              INTEGER NOT NULL DEFAULT 1,
  issued_at            TEXT NOT NULL,
  -- the application the card was issued for: one card per application, however often it is reported
  application_id       TEXT UNIQUE
);
CREATE INDEX card_by_customer ON card (customer_id, issued_at);

-- What happened to a card and when; never updated, never deleted (except with the customer).
CREATE TABLE card_event (
  id          TEXT PRIMARY KEY,
  card_id     INTEGER NOT NULL REFERENCES card (id) ON DELETE CASCADE,
  kind        TEXT NOT NULL CHECK (kind IN ('issued', 'renamed', 'locked', 'unlocked', 'pin_set', 'pin_changed',
                'pin_disabled', 'pin_failed', 'provider_blocked', 'provider_unblocked', 'blocked_permanently')),
  created_at  TEXT NOT NULL
);
CREATE INDEX card_event_by_card ON card_event (card_id, created_at);

CREATE TABLE card_application (
  id             TEXT PRIMARY KEY,
  customer_id    INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  state          TEXT NOT NULL CHECK (state IN ('requested', 'validation', 'production', 'successful', 'declined',
                   'error', 'unknown')),
  store_id       TEXT NOT NULL REFERENCES store (id),   -- the campaign location
  gender         TEXT NOT NULL CHECK (gender IN ('m', 'w', 'd')),
  dob            TEXT NOT NULL,                         -- from the profile, 'YYYY-MM-DD'
  telephone      TEXT NOT NULL,
  name_on_card   TEXT NOT NULL,                         -- without umlauts (Müller -> Mueller)
  sepa_holder    TEXT NOT NULL,
  sepa_bank      TEXT NOT NULL,
  sepa_iban      TEXT NOT NULL,
  sepa_bic       TEXT NOT NULL,
  -- card terms, privacy and the SEPA direct-debit mandate, given together with the form
  consents_at    TEXT NOT NULL,
  provider_ref   TEXT,                                  -- the provider's id, once handed over
  next_check_at  TEXT NOT NULL,                         -- when the scheduled handler looks at it again
  card_id        INTEGER REFERENCES card (id),
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL
);
-- One open application per customer: a second one, or the same form sent twice, fails here.
CREATE UNIQUE INDEX card_application_one_open ON card_application (customer_id)
  WHERE state IN ('requested', 'validation', 'production', 'unknown');
CREATE INDEX card_application_by_customer ON card_application (customer_id, created_at);
CREATE INDEX card_application_due ON card_application (next_check_at)
  WHERE state IN ('requested', 'validation', 'production', 'unknown');
