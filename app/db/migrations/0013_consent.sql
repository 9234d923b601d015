-- Cookie consent (docs/decisions/0027): the proof of a signed-in customer's choice, one row per
-- choice, never changed afterwards (DSGVO art. 7 (1): the shop must be able to show it).
CREATE TABLE consent_record (
  id           INTEGER PRIMARY KEY,
  customer_id  INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  version      INTEGER NOT NULL CHECK (version >= 1),
  statistics   INTEGER NOT NULL CHECK (statistics IN (0, 1)),
  marketing    INTEGER NOT NULL CHECK (marketing IN (0, 1)),
  source       TEXT NOT NULL CHECK (source IN ('banner', 'settings')),
  created_at   TEXT NOT NULL
);
CREATE INDEX consent_record_by_customer ON consent_record (customer_id, id);

-- What the development stand-in of the tag manager received (route dev.tag-manager.collect.tsx);
-- only ever written where development stand-ins are allowed.
CREATE TABLE tag_manager_hit (
  id           INTEGER PRIMARY KEY,
  container_id TEXT NOT NULL,
  page         TEXT NOT NULL,
  payload      TEXT NOT NULL,                 -- one data-layer entry as JSON
  received_at  TEXT NOT NULL
);
