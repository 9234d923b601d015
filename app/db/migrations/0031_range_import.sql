-- The range's import (issue 33 §1, decision 0049): a checked file waits in staging rows until the
-- member of staff confirms it; then it is applied in batches from a cursor. Each batch moves the
-- cursor only from the line the step read, in the batch of its changes, so an interrupted or
-- repeated step continues where the last finished one ended and no row is applied twice.

CREATE TABLE range_import_job (
  id                 INTEGER PRIMARY KEY,
  staff_id           INTEGER NOT NULL REFERENCES staff_member(id),
  file_name          TEXT NOT NULL,
  format             TEXT NOT NULL CHECK (format IN ('csv', 'json')),
  -- checking: the dry run is reading the file; checked: its report is ready (applied only when
  -- it has no errors and no file problem); applying: confirmed, batches running; done
  state              TEXT NOT NULL DEFAULT 'checking' CHECK (state IN ('checking', 'checked', 'applying', 'done')),
  -- JSON list of the file-level problems ({key, params}); NULL when the rows could be read
  file_problems      TEXT,
  rows_total         INTEGER NOT NULL DEFAULT 0,
  rows_error         INTEGER NOT NULL DEFAULT 0,
  rows_new           INTEGER NOT NULL DEFAULT 0,
  rows_changed       INTEGER NOT NULL DEFAULT 0,
  rows_unchanged     INTEGER NOT NULL DEFAULT 0,
  rows_withdrawn     INTEGER NOT NULL DEFAULT 0,
  -- the range's version the dry run compared against: a change since makes the report stale
  checked_version    INTEGER NOT NULL DEFAULT 0,
  -- the last line applied; the next step begins after it
  cursor             INTEGER NOT NULL DEFAULT 0,
  rows_applied       INTEGER NOT NULL DEFAULT 0,
  created_at         INTEGER NOT NULL,            -- Unix seconds
  confirmed_at       INTEGER,
  finished_at        INTEGER
);
CREATE INDEX range_import_job_recent ON range_import_job(id DESC);

CREATE TABLE range_import_row (
  job_id   INTEGER NOT NULL REFERENCES range_import_job(id) ON DELETE CASCADE,
  line     INTEGER NOT NULL,                       -- the row as a spreadsheet numbers it (header = 1)
  sku      TEXT,
  outcome  TEXT NOT NULL CHECK (outcome IN ('error', 'new', 'changed', 'unchanged')),
  withdraws INTEGER NOT NULL DEFAULT 0,             -- the row withdraws a published product
  columns  TEXT,                                    -- JSON: the headers of the columns that change
  problems TEXT,                                    -- JSON: [{column, key, params}]
  record   TEXT,                                    -- JSON: the product as the row says it (new, changed)
  PRIMARY KEY (job_id, line)
) WITHOUT ROWID;
-- the report's filters (errors, new, changed) page through their own rows
CREATE INDEX range_import_row_outcome ON range_import_row(job_id, outcome, line);
