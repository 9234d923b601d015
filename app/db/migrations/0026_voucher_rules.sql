-- Vouchers run by marketing (issue 33, docs/decisions/0044): a total usage limit (NULL = as often as
-- orders come), "once per customer", on/off, and who created it when. The demo vouchers keep no
-- limit and stay active, so they work as before for everyone on every order.
ALTER TABLE coupon ADD COLUMN usage_limit INTEGER CHECK (usage_limit IS NULL OR usage_limit > 0);
ALTER TABLE coupon ADD COLUMN once_per_customer INTEGER NOT NULL DEFAULT 0 CHECK (once_per_customer IN (0, 1));
ALTER TABLE coupon ADD COLUMN active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1));
ALTER TABLE coupon ADD COLUMN created_at INTEGER;
ALTER TABLE coupon ADD COLUMN created_by INTEGER REFERENCES staff_member (id);

-- One row per order that used a voucher, written in the order's own batch. A cancelled or withdrawn
-- order deletes its row, which gives the use back. once_key is the customer for a once-per-customer
-- voucher and NULL otherwise (NULLs never collide in a UNIQUE index), so a customer can hold one
-- live use of such a voucher only.
CREATE TABLE coupon_use (
  order_id     TEXT PRIMARY KEY REFERENCES customer_order (id) ON DELETE CASCADE,
  code         TEXT NOT NULL COLLATE NOCASE,
  customer_id  INTEGER NOT NULL,
  once_key     INTEGER,
  used_at      TEXT NOT NULL,
  UNIQUE (code, once_key)
);
CREATE INDEX coupon_use_customer ON coupon_use (customer_id, code);

-- Never written: the order batch inserts a row here to abort itself when the voucher it uses is no
-- longer to be had (deactivated, used up, or already used by this customer).
CREATE TABLE coupon_guard (
  reason TEXT,
  CONSTRAINT coupon_usable CHECK (reason IS NULL)
);
