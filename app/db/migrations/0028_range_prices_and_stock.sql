-- The range in the back office (issue 33 §2): every price a product had, from when and by whom
-- (§11 PAngV: the lowest price of the 30 days before a reduction is computed from it, decision
-- 0046), and every stock correction with its reason. Both are append-only ledgers.

CREATE TABLE price_history (
  id          INTEGER PRIMARY KEY,
  sku         TEXT NOT NULL REFERENCES product(sku) ON DELETE CASCADE,
  price_cents INTEGER NOT NULL CHECK (price_cents > 0),
  -- 1: the price is announced as a reduction (struck-through previous price and the lowest price
  -- of 30 days beside it); 0: an ordinary price
  reduction   INTEGER NOT NULL DEFAULT 0 CHECK (reduction IN (0, 1)),
  valid_from  INTEGER NOT NULL,                     -- Unix milliseconds (UTC)
  staff_id    INTEGER REFERENCES staff_member(id),  -- NULL: the seed or an import
  UNIQUE (sku, valid_from)
);

CREATE TRIGGER price_history_no_update BEFORE UPDATE ON price_history BEGIN
  SELECT RAISE(ABORT, 'price_history is append-only');
END;

CREATE TABLE stock_change (
  id        INTEGER PRIMARY KEY,
  sku       TEXT NOT NULL REFERENCES product(sku) ON DELETE CASCADE,
  delta     INTEGER NOT NULL CHECK (delta <> 0),
  qty_after INTEGER NOT NULL CHECK (qty_after >= 0),
  reason    TEXT NOT NULL,
  staff_id  INTEGER NOT NULL REFERENCES staff_member(id),
  at        INTEGER NOT NULL                        -- Unix seconds
);
CREATE INDEX stock_change_by_sku ON stock_change(sku, id);

CREATE TRIGGER stock_change_no_update BEFORE UPDATE ON stock_change BEGIN
  SELECT RAISE(ABORT, 'stock_change is append-only');
END;

-- A reduction is never shown without its lowest price of 30 days (§11 PAngV).
CREATE TRIGGER product_reduction_needs_lowest_insert BEFORE INSERT ON product
WHEN new.regular_price_cents IS NOT NULL AND new.lowest_price_30d_cents IS NULL BEGIN
  SELECT RAISE(ABORT, 'reduction_without_lowest_price');
END;
CREATE TRIGGER product_reduction_needs_lowest_update BEFORE UPDATE OF regular_price_cents, lowest_price_30d_cents ON product
WHEN new.regular_price_cents IS NOT NULL AND new.lowest_price_30d_cents IS NULL BEGIN
  SELECT RAISE(ABORT, 'reduction_without_lowest_price');
END;

-- The range list (/staff/range) at any catalogue size: each sort reads its page off an index (sku is
-- the primary key), and the sold-out and reduced filters find their few products through partial
-- indexes instead of walking the range.
CREATE INDEX product_name ON product(name COLLATE NOCASE, sku);
CREATE INDEX product_stock ON product(stock_qty, sku);
CREATE INDEX product_sold_out ON product(sku) WHERE stock_managed = 1 AND stock_qty = 0;
CREATE INDEX product_reduced ON product(sku) WHERE regular_price_cents IS NOT NULL;

-- The range's version: each change in the back office's range moves it on in its batch, and the
-- edge cache's keys name it, so a changed product reaches shoppers at once (decision 0046).
CREATE TABLE catalogue_version (
  id      INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO catalogue_version (id, version) VALUES (1, 0);

-- A product's master data (texts, LMIV fields, flags, contents) is changed only from the revision
-- the form showed: two people editing at once cannot overwrite each other (decision 0046).
ALTER TABLE product ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
