-- The back office's people (issue 32, docs/decisions/0039). In a deployment Cloudflare Access says
-- who someone is (an e-mail address); this table says whether she is staff, and in what role.
-- A fulfilment member belongs to one store (click & collect) or, without a store, to the
-- warehouse that packs the deliveries.
CREATE TABLE staff_member (
  id          INTEGER PRIMARY KEY,
  email       TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name        TEXT NOT NULL,
  role        TEXT NOT NULL CHECK (role IN ('fulfilment', 'support', 'cooperative', 'admin')),
  store_id    TEXT REFERENCES store (id),
  active      INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at  INTEGER NOT NULL,
  CHECK (store_id IS NULL OR role = 'fulfilment')
);

-- Every staff action, written in the same batch as the change it records: who, when, what, for
-- which customer or order, and the state before and after (JSON). Append-only: the database itself
-- refuses to change or delete an entry, whoever asks.
CREATE TABLE audit_entry (
  id            INTEGER PRIMARY KEY,
  at            INTEGER NOT NULL,
  staff_id      INTEGER NOT NULL REFERENCES staff_member (id),
  action        TEXT NOT NULL,
  customer_id   INTEGER,
  order_id      TEXT,
  subject       TEXT,
  before_json   TEXT,
  after_json    TEXT
);
CREATE INDEX audit_entry_by_time ON audit_entry (at DESC, id DESC);
CREATE INDEX audit_entry_by_staff ON audit_entry (staff_id, at DESC);
CREATE INDEX audit_entry_by_customer ON audit_entry (customer_id, at DESC) WHERE customer_id IS NOT NULL;
CREATE INDEX audit_entry_by_order ON audit_entry (order_id, at DESC) WHERE order_id IS NOT NULL;

CREATE TRIGGER audit_entry_never_changes BEFORE UPDATE ON audit_entry
BEGIN
  SELECT RAISE(ABORT, 'audit_entry is append-only');
END;
CREATE TRIGGER audit_entry_never_deleted BEFORE DELETE ON audit_entry
BEGIN
  SELECT RAISE(ABORT, 'audit_entry is append-only');
END;

-- Never written: a staff change's batch inserts a row here to abort itself when what it changes is
-- no longer what the form showed, or when it would leave the back office without an active admin.
-- Each reason fails its own named constraint, so the shop can tell which one it was.
CREATE TABLE staff_guard (
  reason TEXT NOT NULL,
  CONSTRAINT staff_unchanged CHECK (reason <> 'changed'),
  CONSTRAINT admin_remains CHECK (reason <> 'no admin')
);
