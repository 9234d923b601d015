-- Product photos (issue 33 §2, docs/decisions/0048-product-photos.md). The bytes live in R2 under a
-- content-addressed name (the SHA-256 of the bytes and the extension of the type read from them);
-- D1 holds which product shows which photos in which order. The first (position 0) is the main photo,
-- copied into product.photo so every product list has it without another query.

CREATE TABLE product_photo (
  id           INTEGER PRIMARY KEY,
  sku          TEXT NOT NULL REFERENCES product(sku) ON DELETE CASCADE,
  -- "<sha-256 hex>.<jpg|png|webp>": the R2 object's key and the last part of its URL
  file         TEXT NOT NULL CHECK (file GLOB '[0-9a-f]*.*' AND length(file) BETWEEN 68 AND 69),
  content_type TEXT NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  width        INTEGER NOT NULL CHECK (width > 0),
  height       INTEGER NOT NULL CHECK (height > 0),
  bytes        INTEGER NOT NULL CHECK (bytes > 0),
  position     INTEGER NOT NULL CHECK (position >= 0),
  staff_id     INTEGER NOT NULL REFERENCES staff_member(id),
  added_at     INTEGER NOT NULL,                    -- Unix seconds
  UNIQUE (sku, file)
);
CREATE INDEX product_photo_by_sku ON product_photo(sku, position);

-- The main photo's file (NULL: the shop draws the pack), and the photo list's revision: a change
-- applies only to the list the form showed, so a stale form or a second click changes nothing.
ALTER TABLE product ADD COLUMN photo TEXT;
ALTER TABLE product ADD COLUMN photos_revision INTEGER NOT NULL DEFAULT 0;
