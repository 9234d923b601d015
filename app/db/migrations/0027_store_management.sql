-- The back office keeps the stores (issue 33 §4, decision 0045): the places per click & collect
-- slot (0 takes no pickups, 50 at most), a version every change raises (a form sends the version it
-- showed; an UPDATE that names an older one changes nothing, so two staff members never overwrite
-- each other), the state whose public holidays were last added (the form's next default), and the
-- days a store is closed beyond its weekly hours.
ALTER TABLE store ADD COLUMN pickup_capacity INTEGER NOT NULL DEFAULT 6 CHECK (pickup_capacity BETWEEN 0 AND 50);
ALTER TABLE store ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE store ADD COLUMN holiday_state TEXT;

CREATE TABLE store_closed_day (
  store_id  TEXT NOT NULL REFERENCES store (id),
  day       TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),  -- Berlin calendar day
  reason    TEXT NOT NULL DEFAULT '' CHECK (length(reason) <= 80),
  PRIMARY KEY (store_id, day)
);
