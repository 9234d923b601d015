-- Invoices (Rechnungen, § 14 UStG) and, later, their corrections (issue 32 §3,
-- docs/decisions/0042-invoices.md). A document gets its number in the statement that writes it:
-- the highest number of its series plus one. D1 runs one statement at a time, and no row is ever
-- changed or deleted, so a series has no gap and no number twice. The row keeps everything the
-- document says (`document`, JSON), so it is drawn again exactly as it was first issued.
CREATE TABLE invoice (
  id           INTEGER PRIMARY KEY,
  -- 'RE' invoices; a correction (Rechnungskorrektur after a refund) gets its own series, e.g. 'RK'
  series       TEXT NOT NULL CHECK (series IN ('RE', 'RK')),
  number       INTEGER NOT NULL CHECK (number > 0),
  kind         TEXT NOT NULL CHECK (kind IN ('invoice', 'correction')),
  order_id     TEXT NOT NULL REFERENCES customer_order (id),
  -- a correction names the invoice it corrects; an invoice corrects none
  corrects_id  INTEGER REFERENCES invoice (id),
  -- what the document was issued for ('order:<id>' for an invoice, the refund's key for a
  -- correction): a second request for the same finds the first document instead of a new number
  source_key   TEXT NOT NULL UNIQUE,
  issued_at    TEXT NOT NULL,
  document     TEXT NOT NULL,
  UNIQUE (series, number),
  CHECK ((kind = 'invoice') = (corrects_id IS NULL)),
  CHECK ((kind = 'invoice') = (series = 'RE'))
);
CREATE UNIQUE INDEX invoice_one_per_order ON invoice (order_id) WHERE kind = 'invoice';
CREATE INDEX invoice_by_order ON invoice (order_id);

-- Kept ten years unchanged (§ 147 AO, § 14b UStG): the database refuses any change or deletion.
CREATE TRIGGER invoice_never_changes BEFORE UPDATE ON invoice
BEGIN
  SELECT RAISE(ABORT, 'invoice is append-only');
END;
CREATE TRIGGER invoice_never_deleted BEFORE DELETE ON invoice
BEGIN
  SELECT RAISE(ABORT, 'invoice is append-only');
END;
