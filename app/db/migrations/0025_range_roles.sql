-- The back office, part 2 (issue 33): three more roles for the people who keep the range, prices,
-- stock and photos true (range), run vouchers and gift rules (marketing) and keep the stores'
-- hours and pickup places right (stores). SQLite cannot change a CHECK in place, so the table is
-- built anew with the same rows. Other tables refer to staff_member by name: the foreign keys are
-- checked at the end of the migration, when the new table carries the name and the same ids.
PRAGMA defer_foreign_keys = on;

CREATE TABLE staff_member_new (
  id          INTEGER PRIMARY KEY,
  email       TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name        TEXT NOT NULL,
  role        TEXT NOT NULL CHECK (role IN ('fulfilment', 'support', 'cooperative', 'admin', 'range', 'marketing', 'stores')),
  store_id    TEXT REFERENCES store (id),
  active      INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at  INTEGER NOT NULL,
  CHECK (store_id IS NULL OR role = 'fulfilment')
);
INSERT INTO staff_member_new (id, email, name, role, store_id, active, created_at)
  SELECT id, email, name, role, store_id, active, created_at FROM staff_member;
DROP TABLE staff_member;
ALTER TABLE staff_member_new RENAME TO staff_member;

PRAGMA defer_foreign_keys = off;
