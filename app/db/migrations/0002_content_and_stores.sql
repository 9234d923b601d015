-- Editorial pages (legal texts and content such as news or the membership programme),
-- the per-path redirect lookup and the shop's stores.

CREATE TABLE content_page (
  slug        TEXT NOT NULL,
  kind        TEXT NOT NULL CHECK (kind IN ('legal', 'content')),
  title       TEXT NOT NULL,
  summary     TEXT NOT NULL DEFAULT '',
  body_html   TEXT NOT NULL,           -- authored by the shop, rendered as is
  position    INTEGER NOT NULL DEFAULT 0,
  updated_at  TEXT NOT NULL,
  PRIMARY KEY (kind, slug)
);

-- Answers an otherwise unresolved path: internal targets with 301, external ones with 302.
CREATE TABLE url_redirect (
  path        TEXT PRIMARY KEY,        -- e.g. '/angebote', no trailing slash
  target      TEXT NOT NULL            -- '/catalog/category/...' or 'https://...'
);

CREATE TABLE store (
  id                 TEXT PRIMARY KEY,
  name               TEXT NOT NULL,
  street             TEXT NOT NULL,
  house_number       TEXT NOT NULL,
  zip                TEXT NOT NULL CHECK (length(zip) = 5),
  city               TEXT NOT NULL,
  phone              TEXT,
  latitude           REAL NOT NULL,
  longitude          REAL NOT NULL,
  click_and_collect  INTEGER NOT NULL DEFAULT 0,
  -- JSON arrays indexed by weekday (0 = Monday): [["08:00","20:00"]] per day, [] when closed.
  opening_hours      TEXT NOT NULL,
  staffed_hours      TEXT NOT NULL
);
CREATE INDEX store_city ON store(city);
