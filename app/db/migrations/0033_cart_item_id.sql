-- A cart line's own number (spec section 3 "Cart item": item_id), for the JSON API: an app names
-- the line it changes by it. AUTOINCREMENT so a number once given is never given to another line,
-- and an app holding an old number cannot change a line it never saw. The line stays unique per
-- customer, product and kind, as before (the writes' ON CONFLICT targets that key).
CREATE TABLE cart_item_numbered (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id  INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  sku          TEXT NOT NULL REFERENCES product (sku) ON DELETE CASCADE,
  is_gift      INTEGER NOT NULL DEFAULT 0 CHECK (is_gift IN (0, 1)),
  qty          INTEGER NOT NULL CHECK (qty BETWEEN 1 AND 99),
  added_at     TEXT NOT NULL,
  UNIQUE (customer_id, sku, is_gift)
);

INSERT INTO cart_item_numbered (customer_id, sku, is_gift, qty, added_at)
  SELECT customer_id, sku, is_gift, qty, added_at FROM cart_item ORDER BY added_at, customer_id, sku, is_gift;

DROP TABLE cart_item;
ALTER TABLE cart_item_numbered RENAME TO cart_item;
